"""ARCHITECTURE.md is true to the code: every path it names exists, every name it quotes is
defined."""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
MAP = ROOT / "ARCHITECTURE.md"
FOLDERS = ("components", "racks", "layouts", "exports", "rackbom", "tests", "benchmarks", "docs")
"""Where a path of the map is read from: the checkout, or one of its layers."""
SUFFIXES = (".py", ".yaml", ".md", ".json", ".svg", ".toml")
QUOTED = re.compile(r"`([^`\n]+)`")
NAME = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")


def quoted() -> list[str]:
    """Everything the map writes between backticks, in order, without repeats."""
    return list(dict.fromkeys(QUOTED.findall(MAP.read_text(encoding="utf-8"))))


def paths() -> list[str]:
    """The quoted files and folders (`racks/plant/`, `components/limits.py`), a bare file name
    (`feeds.py`) read in the folder quoted last before it (`racks/plant/`)."""
    found = []
    folder = ""
    for q in QUOTED.findall(MAP.read_text(encoding="utf-8")):
        if " " in q or q.startswith("-") or not (q.endswith("/") or q.endswith(SUFFIXES)):
            continue
        if "/" in q:
            folder = q if q.endswith("/") else folder
            found.append(q)
        else:  # a file of the checkout's root (`pyproject.toml`) stands alone
            found.append(q if (ROOT / q).is_file() else folder + q)
    return list(dict.fromkeys(found))


def names() -> list[str]:
    """The quoted names of code (`Analysis`, `system_plant`, `Topology.in_tray(tray, kind)`): each
    with a call's arguments dropped."""
    found = []
    for q in quoted():
        name = q.split("(", 1)[0] if q.endswith(")") else q
        if NAME.fullmatch(name) and not name.endswith(SUFFIXES):
            found.append(name)
    return found


@cache
def files() -> tuple[Path, ...]:
    """Every file of the checkout's own: not hidden folders (git, virtual environments, the test
    services' installs, caches), builds, bytecode or the golden outputs, none of them walked."""
    skip = {"__pycache__", "golden", "build", "dist"}
    found = []
    for folder, subfolders, names in os.walk(ROOT):
        subfolders[:] = [
            d for d in subfolders if not (d.startswith(".") or d in skip or d.endswith(".egg-info"))
        ]
        found += [Path(folder) / n for n in names]
    return tuple(found)


def exists(path: str) -> bool:
    """A path from the checkout or from a layer; `<id>` and `*` stand for any name."""
    pattern = re.sub(r"<[^>]+>", "*", path.rstrip("/"))
    return any(any(base.glob(pattern)) for base in (ROOT, *(ROOT / f for f in FOLDERS)))


CLASS = re.compile(r"^\s*class (\w+)|^(\w+)\s*(?::[^=\n]*)?=|import .*?\b(\w+)$", re.M)
"""A class, a module-level name (a type alias) or a name imported (`Annotated`)."""


@cache
def defined() -> tuple[frozenset[str], frozenset[str]]:
    """The package's classes and type aliases, and every word of its code and data (functions,
    variables, fields, attributes, modules and YAML keys among them)."""
    classes: set[str] = set()
    others: set[str] = set()
    for path in files():
        if path == Path(__file__):
            continue  # its own examples of what is not defined
        others.add(path.stem)
        if path.suffix == ".yaml":
            others.update(_yaml_words(yaml.load(path.read_bytes(), Loader=yaml.CSafeLoader)))
        if path.suffix != ".py":
            continue
        text = path.read_text(encoding="utf-8")
        classes.update(name for match in CLASS.findall(text) for name in match if name)
        others.update(re.findall(r"\w+", text))
    return frozenset(classes), frozenset(others | classes)


def _yaml_words(data: object) -> set[str]:
    """Every key and text scalar of a YAML document."""
    if isinstance(data, dict):
        return {str(k) for k in data} | {w for v in data.values() for w in _yaml_words(v)}
    if isinstance(data, list):
        return {w for v in data for w in _yaml_words(v)}
    return set(re.findall(r"\w+", data)) if isinstance(data, str) else set()


def test_the_map_names_paths_and_code() -> None:
    assert "racks/plant/" in paths() and "racks/plant/feeds.py" in paths()
    assert "Analysis" in names() and "Topology.gpus_linked_to" in names()
    assert "system_plant" in names() and "rackbom show --json" not in names()
    assert (
        not exists("racks/nothing.py")
        and exists("plant/feeds.py")
        and exists("racks/data/<id>.yaml")
    )
    classes, others = defined()
    assert "Analysis" in classes and "Precision" in classes and "GpuType" not in classes
    assert "system_plant" in others and "load_designs" not in others


@pytest.mark.parametrize("path", paths())
def test_every_path_the_map_names_exists(path: str) -> None:
    assert exists(path), f"ARCHITECTURE.md names {path}, which does not exist"


@pytest.mark.parametrize("name", names())
def test_every_name_the_map_quotes_is_defined(name: str) -> None:
    classes, others = defined()
    for part in name.split("."):
        known = classes if part[0].isupper() and not part.isupper() else others
        assert part in known, f"ARCHITECTURE.md quotes `{name}`: no {part} in the package"
