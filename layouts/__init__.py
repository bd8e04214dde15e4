"""Layouts: elevation geometry and the SVG renderer."""
