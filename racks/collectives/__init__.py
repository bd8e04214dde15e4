"""Delivered performance: collective times over a system's levels, and what they cost a step."""
