"""Cost of ownership: TCO per GPU-hour, rent versus own, and the cost per accepted run."""
