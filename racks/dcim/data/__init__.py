"""Data of the DCIM plan: each product's choice lists and the devicetype-library's names."""
