"""One system's report: every figure its outputs print, each worked out once (`system_report`)."""
