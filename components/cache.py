"""A cache of validated built-in data, so a command does not re-validate what never changes.

The built-in catalogue, designs, cost files, plant profiles and collectives data are validated
once and kept as pickles in the user's cache folder (`$XDG_CACHE_HOME/rackbom`, else
`~/.cache/rackbom`; `RACKBOM_CACHE_DIR` moves it and `RACKBOM_CACHE_DIR=off` turns it off). An
entry's name is a hash of the data's bytes, of the model code (path, size and modification time
of each Python file of `rackbom.components` and `rackbom.racks`: a stat per file, not a read) and
of the versions of pydantic and Python, so a changed file, model or upgrade misses and rebuilds.
A missing, unreadable or corrupt entry is rebuilt; a folder that cannot be written is skipped.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from collections.abc import Callable
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import TypeVar

from .atomic import atomic_write
from .errors import InputError

T = TypeVar("T")


def cache_dir() -> Path | None:
    """Where entries live, or None when caching is off."""
    chosen = os.environ.get("RACKBOM_CACHE_DIR")
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "rackbom"


def cached(name: str, data: bytes, build: Callable[[], T]) -> T:
    """`build()`'s result, from the cache when `data` and the versions are unchanged."""
    folder = cache_dir()
    if folder is None:
        return build()
    path = folder / f"{name}-{_fingerprint(data)}.pickle"
    try:
        with path.open("rb") as stream:
            return pickle.load(stream)
    except Exception:
        pass
    value = build()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        pickled = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        atomic_write(path, lambda tmp: tmp.write_bytes(pickled))
    except (OSError, InputError):
        pass
    return value


def _fingerprint(data: bytes) -> str:
    return hashlib.sha256(_code_fingerprint() + data).hexdigest()[:24]


@cache
def _code_fingerprint() -> bytes:
    """A hash of the model code's files and the versions it runs on, once per process."""
    import pydantic

    digest = hashlib.sha256(f"{pydantic.VERSION}|{sys.version}".encode())
    for package in ("rackbom.components", "rackbom.racks"):
        spec = find_spec(package)
        for folder in (spec.submodule_search_locations if spec else None) or ():
            for path, stat in sorted(_python_files(folder)):
                digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.digest()


def _python_files(folder: str) -> list[tuple[str, os.stat_result]]:
    """Every `.py` file under a folder, with its stat."""
    found = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_dir(follow_symlinks=False) and entry.name != "__pycache__":
                found.extend(_python_files(entry.path))
            elif entry.name.endswith(".py") and entry.is_file():
                found.append((entry.path, entry.stat()))
    return found
