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
    assert install_and_run.endswith("&& rackbom report") and "pip install" in install_and_run
    assert "pytest" in test
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()
    assert ci[-1] == test


README_TABLES = (
    ("helios", "gb200-nvl72", "mi500-ual256", "mi355x-128"),
    ("mi500-ual128", "gb300-nvl72", "vr200-nvl144", "vr300-nvl576"),
    ("hgx-b200", "hgx-b300", "hgx-h200", "mi355x-server", "mi350x-server"),
)


def test_comparison_tables_are_current_and_cover_every_design() -> None:
    assert sorted(i for ids in README_TABLES for i in ids) == sorted(rb.designs())
    for ids in README_TABLES:
        table = Comparison([rb.load(i) for i in ids]).to_text()
        assert f"```text\n{table}\n```" in README


def test_helios_elevation_is_current() -> None:
    committed = (ROOT / "docs" / "helios-elevation.svg").read_text()
    assert committed == rb.load("helios").elevation().to_string()
