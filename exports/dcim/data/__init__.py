"""Data of the DCIM export: each product's choice lists and the devicetype-library's names."""
