"""The README shows what the commands really produce, and CI runs its test command."""

from __future__ import annotations

import re
from pathlib import Path

import rackbom as rb
from rackbom.comparison import Comparison

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def shell_blocks() -> list[str]:
    return re.findall(r"```sh\n(.*?)\n```", README, flags=re.S)


def test_two_setup_commands_and_ci_runs_the_second() -> None:
    install_and_run, test = shell_blocks()[:2]
    # each makes and uses a venv: a system Python may refuse `pip install` (PEP 668)
    assert install_and_run.startswith("python3 -m venv .venv && .venv/bin/pip install . ")
    assert install_and_run.endswith("&& .venv/bin/rackbom report")
    assert "python3 -m venv .venv && .venv/bin/pip install " in test
    assert test.endswith("&& .venv/bin/python -m pytest")
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()
    assert ci[-1] == test


def test_comparison_table_is_current() -> None:
    ids = ["helios", "gb200-nvl72", "mi500-ual256", "mi355x-128"]
    table = Comparison([rb.load(i) for i in ids]).to_text()
    assert f"```text\n{table}\n```" in README


def test_helios_elevation_is_current() -> None:
    committed = (ROOT / "docs" / "helios-elevation.svg").read_text()
    assert committed == rb.load("helios").elevation().to_string()
