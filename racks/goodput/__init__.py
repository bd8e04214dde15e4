"""Goodput: interruptions from a system's parts and failure domains, checkpoints, ETTR."""
