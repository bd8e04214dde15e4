"""Where a design or cluster came from: built into rackbom, a file, or made in Python.

The origin decides how a cluster's `design:` is found (a built-in cluster names built-in designs
only; a file's relative paths are relative to its folder; one made in Python, to the working
folder) and what an error message names as the place of the mistake.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from ..components.records import record

Kind = Literal["design", "cluster"]


@record
class Builtin:
    """A design or cluster shipped with rackbom, by id."""

    kind: Kind
    id: str

    @property
    def where(self) -> str:
        """The place error messages name: the id the user gave, not a path inside rackbom."""
        return f"built-in {self.kind} {self.id}"

    def relative(self, name: str) -> Path | None:
        """Built-in data names no files: nothing is relative to it."""
        return None


@record
class File:
    """A YAML file a user wrote."""

    path: Path

    @property
    def where(self) -> str:
        return str(self.path)

    def relative(self, name: str) -> Path:
        """A path named inside the file, relative to the file's folder."""
        return self.path.parent / name


@record
class Made:
    """Made in Python (`rb.cluster(...)`, a variant): relative paths are the working folder's."""

    name: str

    @property
    def where(self) -> str:
        return self.name

    def relative(self, name: str) -> Path:
        return Path(name)


Origin = Builtin | File | Made
