"""What every drawing offers: its SVG text, an atomic save, and a display in Jupyter."""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path

from ..components.atomic import atomic_write_text

FONT_FAMILY = "DejaVu Sans, Arial, sans-serif"
"""The fonts every drawing sets its text in, the first one measured."""
GLYPH_EM = 0.62
"""A generous average advance of a DejaVu Sans glyph, in em (digits and capitals are about
0.6): text estimated at this width stays inside its box."""


class SvgDocument(ABC):
    """A drawing that renders to one SVG document."""

    @abstractmethod
    def to_string(self) -> str:
        """The SVG document as text."""

    def save(self, path: str | Path) -> Path:
        """Write the SVG atomically (a temporary file renamed into place)."""
        return atomic_write_text(path, self.to_string())

    def _repr_svg_(self) -> str:
        return self.to_string()

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: an SVG drawing; Jupyter shows it, .save(path) writes it>"
