"""JSON and CSV: summaries, TCO and the flat BOM as data files."""
