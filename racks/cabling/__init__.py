"""Cabling: port assignment and the cable run list of a cluster."""
