"""Every module of the package loads once, under its one name, from the package's own folder."""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import rackbom


def load_every_module() -> dict[str, str]:
    """Import each module of the package; the file of every loaded module in it."""
    for info in pkgutil.walk_packages(rackbom.__path__, "rackbom."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    return {
        name: str(module.__file__)
        for name, module in sys.modules.items()
        if name.partition(".")[0] == "rackbom"
    }


def copies(files: dict[str, str]) -> dict[Path, list[str]]:
    """Each of the package's source files loaded under more than one module name, with those
    names (the layer folders are linked into the package: a file is known by its real path)."""
    sources = {Path(file).resolve() for file in files.values()}
    names = defaultdict(list)
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if file and Path(file).resolve() in sources:
            names[Path(file).resolve()].append(name)
    return {file: sorted(found) for file, found in names.items() if len(found) > 1}


def test_each_module_loads_once(record_property: Callable[[str, object], None]) -> None:
    files = load_every_module()
    record_property("files", json.dumps(files))
    twice = {str(file): names for file, names in copies(files).items()}
    assert not twice, f"loaded a second time under another name: {twice}"
    (home,) = (Path(folder) for folder in rackbom.__path__)
    strays = {n: f for n, f in files.items() if not Path(f).is_relative_to(home)}
    assert not strays, f"loaded from outside {home}: {strays}"
