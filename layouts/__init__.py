"""Layouts: elevation geometry (in millimetres) and the SVG renderer built on it."""

from .geometry import ElevationGeometry, elevation_geometry
from .svg import Elevation

__all__ = ["Elevation", "ElevationGeometry", "elevation_geometry"]
