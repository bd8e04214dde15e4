"""The data files shipped inside the package, read where they lie."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable


def data_folder(package: str) -> Traversable:
    """The folder of the data package `package` (`rackbom.components.data`): its directory where
    the package lies on disk, as an install or a clone has it, else what `importlib.resources`
    reads it through (a zip). Loading `importlib.resources` costs a command milliseconds, so it
    is loaded only then."""
    folders = list(getattr(import_module(package), "__path__", ()))
    if len(folders) == 1 and Path(folders[0]).is_dir():
        return Path(folders[0])
    from importlib import resources

    return resources.files(package)
