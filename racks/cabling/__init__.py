"""Cabling: port assignment and the cable run list of a design or cluster."""
