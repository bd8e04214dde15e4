"""Shared fixtures: the command line in-process, real clients, and golden files."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from rackbom.cli import main
from rackbom.racks.clusters import builtin_cluster_ids
from rackbom.racks.library import builtin_design_ids

GOLDEN = Path(__file__).parent / "golden"
DESIGNS = tuple(builtin_design_ids())
"""Every built-in design: golden files, invariants and the report cover each one."""
CLUSTERS = tuple(builtin_cluster_ids())
"""Every built-in cluster, likewise."""


@dataclass
class Result:
    """What a command-line run returned and printed."""

    code: int
    out: str
    err: str


@pytest.fixture(autouse=True, scope="session")
def _no_columns() -> Iterator[None]:
    """Tables are fitted to `COLUMNS` where set; tests, and the fixtures of every scope, see
    output as a pipe does (never cut)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("COLUMNS", raising=False)
        yield


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]):
    """Run `rackbom ARGS...` in-process: `cli("show", "helios")`."""

    def run(*args: str) -> Result:
        try:
            code = main(list(args))
        except SystemExit as exc:  # argparse usage errors and --help
            code = int(exc.code or 0)
        captured = capsys.readouterr()
        return Result(code, captured.out, captured.err)

    return run


def require_client(program: str) -> str:
    """Path of a real client program; fails under CI when it is missing, skips elsewhere."""
    path = shutil.which(program)
    if path is None:
        message = f"{program} is not installed (bash tests/install-clients.sh installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


def check_golden(name: str, actual: str | bytes, request: pytest.FixtureRequest) -> None:
    """Compare with tests/golden/NAME; `pytest --update-golden` rewrites it deliberately."""
    path = GOLDEN / name
    data = actual.encode() if isinstance(actual, str) else actual
    if request.config.getoption("--update-golden"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        return
    assert path.exists(), f"no golden file {path}; run pytest --update-golden once and review it"
    assert data == path.read_bytes(), f"{name} differs from its golden file"


@pytest.fixture(autouse=True, scope="session")
def _private_cache(tmp_path_factory: pytest.TempPathFactory):
    """The validated-data cache lives in a folder of the test run's own."""
    os.environ["RACKBOM_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    yield


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Spread over processes (pytest-xdist's `--dist loadgroup`, as `pyproject.toml` asks), a
    module's tests run in one process, building its module fixtures once, and the modules of one
    client service (`pytest.mark.client("netbox")`) run in one process in turn, so that no
    service installs or starts twice at once while two services run side by side.

    The groups are handed out longest first (`--no-loadscope-reorder` keeps this order): the
    client services, then the modules marked `slow`, then the rest in their order, so that no
    long module starts last while the other process has nothing left."""
    for item in items:
        marker = item.get_closest_marker("client")
        service = marker.args[0] if marker is not None and marker.args else None
        group = f"client-{service}" if service else item.nodeid.split("::")[0]
        item.add_marker(pytest.mark.xdist_group(group))
    items.sort(key=_rank)


def _rank(item: pytest.Item) -> int:
    """How early a test's group is handed out: client services, slow modules, the rest."""
    if item.get_closest_marker("client") is not None:
        return 0
    return 1 if item.get_closest_marker("slow") is not None else 2


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """A worker of pytest-xdist fails at once, rather than run every module's fixtures in each
    process, where the groups did not reach the node ids it schedules by."""
    grouped = session.config.getoption("loadgroup", default=False)
    if grouped and session.items and "@" not in session.items[0].nodeid:
        raise pytest.UsageError("pytest-xdist did not group the tests: see pyproject.toml's pin")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden", action="store_true", help="rewrite golden files from current output"
    )
