"""Every module of the package loads once, under its one name, from the package's own folders."""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
from collections.abc import Callable
from pathlib import Path

LAYERS = ("components", "racks", "layouts", "exports")


def load_every_module() -> dict[str, str]:
    """Import each module of the package; the file of every loaded `rackbom` or layer module."""
    packages = ["rackbom", *(f"rackbom.{layer}" for layer in LAYERS)]
    for package in packages:
        module = importlib.import_module(package)
        for info in pkgutil.walk_packages(module.__path__, f"{package}."):
            if not info.name.endswith("__main__"):
                importlib.import_module(info.name)
    return {
        name: str(module.__file__)
        for name, module in sys.modules.items()
        if name.split(".")[0] in ("rackbom", *LAYERS)
    }


def test_each_module_loads_once(record_property: Callable[[str, object], None]) -> None:
    files = load_every_module()
    record_property("files", json.dumps(files))
    twice = [n for n in files if n.split(".")[0] in LAYERS or n.startswith("rackbom.rackbom")]
    assert not twice, f"loaded a second time under another name: {twice}"
    homes = [
        Path(folder)
        for package in ("rackbom", *(f"rackbom.{layer}" for layer in LAYERS))
        for folder in importlib.import_module(package).__path__
    ]
    strays = {n: f for n, f in files.items() if not any(Path(f).is_relative_to(h) for h in homes)}
    assert not strays, f"loaded from outside {homes}: {strays}"
