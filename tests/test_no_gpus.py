"""A valid design without GPUs: every command works, per-GPU figures are not applicable."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rackbom as rb

NO_GPUS = """\
id: no-gpus
name: A rack of CPU servers
source: vendor-nvidia-h200
sources: {placements: assume-placements}
power_model: liquid-2026
racks:
  - name: server
    frame: eia-42u
    trays:
      - {tray: cpu-node, position: 2}
catalogue:
  trays:
    - id: cpu-node
      name: CPU server
      label: CPU
      role: compute
      unit_standard: eia
      height_units: 2
      source: vendor-nvidia-h200
      sources: {height_units: assume-server-chassis, overhead_power_w: assume-server-chassis,
                weight_kg: assume-server-chassis}
      overhead_power_w: 500
      weight_kg: 30
      parts:
        - {part: epyc-9575f, qty: 2}
"""


@pytest.fixture
def design(tmp_path: Path) -> Path:
    path = tmp_path / "no-gpus.yaml"
    path.write_text(NO_GPUS, encoding="utf-8")
    return path


def test_tco_without_gpus_is_not_applicable(design: Path) -> None:
    result = rb.load(design).tco()
    assert result.gpus == 0
    assert result.tco_usd_per_gpu_hour is None and result.capex_usd_per_gpu is None


@pytest.mark.parametrize(
    "command",
    [("show",), ("show", "--json"), ("tco",), ("compare", "helios"), ("validate",)],
)
def test_commands_without_gpus_succeed(cli, design: Path, command: tuple[str, ...]) -> None:
    name, *rest = command
    result = cli(name, str(design), *rest)
    assert result.code == 0, result.err
    if rest == ["--json"]:
        data = json.loads(result.out)
        assert data["gpus"] == 0 and data["tco_usd_per_gpu_hour"] is None


def test_report_and_workbook_without_gpus(cli, design: Path, tmp_path: Path) -> None:
    assert cli("report", str(design), "-o", str(tmp_path / "report")).code == 0
    assert cli("bom", str(design), "-o", str(tmp_path / "bom.xlsx")).code == 0


def test_a_workload_without_gpus_is_one_line(cli, design: Path) -> None:
    result = cli("tco", str(design), "--workload", "example-flux1-training", "--tornado")
    assert result.code == 2
    assert "no GPUs" in result.err and len(result.err.strip().splitlines()) == 1


def test_collectives_without_gpus_is_one_line(cli, design: Path) -> None:
    result = cli("collectives", str(design))
    assert result.code == 2
    assert "system" in result.err and len(result.err.strip().splitlines()) == 1


def test_goodput_without_gpus_is_one_line(cli, design: Path) -> None:
    result = cli("goodput", str(design))
    assert result.code == 2
    assert "no GPUs" in result.err and len(result.err.strip().splitlines()) == 1
