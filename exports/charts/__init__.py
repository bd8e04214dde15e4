"""Charts as deterministic SVG (matplotlib)."""
