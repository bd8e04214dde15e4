"""Layouts: elevation geometry (in millimetres) and the SVG renderer built on it."""

from .elevation import Elevation
from .geometry import ElevationGeometry, elevation_geometry

__all__ = ["Elevation", "ElevationGeometry", "elevation_geometry"]
