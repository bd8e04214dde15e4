"""The cache of validated built-in data: hits, misses, corrupt entries, and turned off."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rackbom.components.cache import cached

ROOT = Path(__file__).resolve().parents[1]


class Builder:
    """Counts how often the cache had to build."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> dict[str, int]:
        self.calls += 1
        return {"value": 42}


def test_a_second_load_comes_from_the_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("RACKBOM_CACHE_DIR", str(tmp_path))
    build = Builder()
    assert cached("thing", b"data", build) == cached("thing", b"data", build) == {"value": 42}
    assert build.calls == 1
    cached("thing", b"changed data", build)
    assert build.calls == 2  # new data, new entry
    assert len(list(tmp_path.glob("thing-*.pickle"))) == 2


def test_a_corrupt_entry_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("RACKBOM_CACHE_DIR", str(tmp_path))
    build = Builder()
    cached("thing", b"data", build)
    (entry,) = tmp_path.glob("thing-*.pickle")
    entry.write_bytes(b"not a pickle")
    assert cached("thing", b"data", build) == {"value": 42}
    assert build.calls == 2


def test_off_and_unwritable_folders_still_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    build = Builder()
    monkeypatch.setenv("RACKBOM_CACHE_DIR", "off")
    cached("thing", b"data", build)
    cached("thing", b"data", build)
    assert build.calls == 2
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("RACKBOM_CACHE_DIR", str(blocker / "sub"))  # a folder under a file
    assert cached("thing", b"data", build) == {"value": 42}


def test_cold_and_warm_runs_print_the_same(tmp_path: Path) -> None:
    env = {"RACKBOM_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    command = [sys.executable, "-m", "rackbom", "show", "helios", "--json"]
    cold, warm = (
        subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        for _ in range(2)
    )
    assert cold.stdout == warm.stdout
    entries = {path.name.rsplit("-", 1)[0] for path in (tmp_path / "cache").glob("*.pickle")}
    assert entries == {
        "catalogue",
        "design-helios",
        "costs-tco",
        "costs-workloads",
        "plant-profiles",
        "collectives",
        "reliability",
    }


def test_a_run_from_the_cache_defines_no_pydantic_model(tmp_path: Path) -> None:
    """With the data cached, `show` reads validated data: no class of the package is a pydantic
    model and no validator is built (a first run, nothing cached, builds several)."""
    program = (
        "import sys\n"
        "from pydantic import BaseModel\n"
        "from rackbom.cli import main\n"
        "from rackbom.components import strict\n"
        "main(['show', 'helios', '--json'])\n"
        "found, pending = [], [BaseModel]\n"
        "while pending:\n"
        "    for sub in pending.pop().__subclasses__():\n"
        "        pending.append(sub)\n"
        "        found += [sub] if sub.__module__.startswith('rackbom') else []\n"
        "print(len(found), len(strict._ADAPTERS), file=sys.stderr)\n"
    )
    env = {"RACKBOM_CACHE_DIR": str(tmp_path / "cache"), "RACKBOM_REPLAY": "off"}
    env |= {"PATH": "/usr/bin:/bin"}
    counts = [
        subprocess.run(
            [sys.executable, "-c", program], cwd=ROOT, env=env, capture_output=True, text=True
        ).stderr.split()
        for _ in range(2)
    ]
    assert counts[0][0] == "0" and int(counts[0][1]) > 0  # nothing cached: validated
    assert counts[1] == ["0", "0"]
