"""The command line as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import rackbom as rb


def test_list_shows_designs_and_parts(cli) -> None:
    result = cli("list")
    assert result.code == 0
    for text in (
        "Designs",
        "helios",
        "gb200-nvl72",
        "Parts",
        "tomahawk6",
        "Frames",
        "orw-46ou",
        "Sources",
        "assume-ualink-switch",
    ):
        assert text in result.out


def test_list_one_kind_as_json(cli) -> None:
    result = cli("list", "parts", "--kind", "switch_asic", "--json")
    parts = json.loads(result.out)["parts"]
    assert {p["kind"] for p in parts} == {"switch_asic"}
    assert "tomahawk6" in {p["id"] for p in parts}


def test_show_is_readable(cli) -> None:
    result = cli("show", "helios")
    assert result.code == 0
    out = result.out
    assert out.startswith("AMD Helios (MI450X, UALoE72) [helios]")
    unused = next(line for line in out.splitlines() if line.startswith("Switch ports unused "))
    assert unused.split()[-1] == "960"
    tray = next(line for line in out.splitlines() if line.startswith("helios/OU14"))
    assert tray.split() == [
        "helios/OU14",
        "helios-switch-tray",
        "2",
        "1,024",
        "864",
        "160",
        "864",
        "864",
    ]
    tray_row = next(line for line in out.splitlines() if line.startswith("helios-compute-tray"))
    assert tray_row.split() == ["helios-compute-tray", "18", "210,000", "3,780,000"]


def test_show_json_has_the_documented_keys(cli) -> None:
    summary = json.loads(cli("show", "gb200-nvl72", "--json").out)
    keys = {
        "design",
        "racks",
        "gpus",
        "cpus",
        "compute_trays",
        "switch_trays",
        "switch_chips",
        "world_size",
        "scale_up_domains",
        "switch_ports_total",
        "switch_ports_used",
        "switch_ports_unused",
        "scale_up_gbps_per_gpu",
        "scale_out_gbps_per_gpu",
        "hbm_gb_total",
        "power_kw",
        "bom_usd",
        "bom_usd_per_gpu",
        "switches",
    }
    assert keys <= set(summary)
    assert len(summary["switches"]) == 18
    assert set(summary["switches"][0]) >= {
        "tray",
        "chip",
        "ports_total",
        "ports_used",
        "ports_unused",
    }


def test_compare_puts_designs_in_columns(cli) -> None:
    result = cli("compare", "helios", "gb200-nvl72", "mi500-ual256")
    assert result.code == 0
    header = result.out.splitlines()[0].split()
    assert header == ["helios", "gb200-nvl72", "mi500-ual256"]
    row = next(line for line in result.out.splitlines() if line.startswith("World size"))
    assert row.split()[-3:] == ["72", "72", "256"]


def test_compare_json(cli) -> None:
    table = json.loads(cli("compare", "helios", "mi355x-128", "--json").out)
    assert table["designs"] == ["helios", "mi355x-128"]
    world = next(r for r in table["rows"] if r["figure"] == "World size (GPUs)")
    assert world["values"] == [72, 8]


def test_design_files_and_user_catalogues(cli, tmp_path: Path) -> None:
    catalogue = tmp_path / "parts.yaml"
    catalogue.write_text(
        "parts:\n"
        "  - {id: tomahawk6-cheap, kind: switch_asic, name: TH6 at a discount,\n"
        "     manufacturer: Broadcom, source: assume-network-prices,\n"
        "     bandwidth_gbps: 102400, lane_gbps_options: [200],\n"
        "     price_usd: 10000, power_w: 900}\n"
    )
    helios = rb.load("helios").built.spec.model_dump(mode="json", exclude_none=True)
    for t in helios["catalogue"]["trays"]:
        for line in t["parts"]:
            if line["part"] == "tomahawk6":
                line["part"] = "tomahawk6-cheap"
    import yaml

    design = tmp_path / "helios-cheap.yaml"
    design.write_text(yaml.safe_dump(helios, sort_keys=False))
    assert cli("show", str(design)).code == 2  # the part is unknown without the catalogue
    ok = cli("show", str(design), "--catalogue", str(catalogue), "--json")
    assert ok.code == 0, ok.err
    assert (
        json.loads(ok.out)["bom_usd"] == rb.load("helios").to_dict()["bom_usd"] - 12 * 10000 * 1.087
    )
    assert cli("validate", str(catalogue)).out.startswith(f"ok: {catalogue}: catalogue: 1 parts")


def test_the_installed_command_runs(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("rackbom")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "rackbom"]
    done = subprocess.run(
        [*command, "show", "helios", "--json"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["switch_ports_unused"] == 960
    bad = subprocess.run(
        [*command, "show", str(tmp_path / "x.yaml")], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr


def test_a_run_builds_the_parser_of_its_command_alone_and_help_lists_every_command() -> None:
    from rackbom.cli import build_parser
    from rackbom.commands import COMMANDS

    def commands(argv: list[str]) -> list[str]:
        parser = build_parser(argv)
        (sub,) = (a for a in parser._actions if a.dest == "command")
        return list(sub.choices)

    assert commands(["show", "helios", "--json"]) == ["show"]
    assert commands(["svg", "helios"]) == ["svg"]
    for argv in ([], ["--help"], ["-x", "show"], ["bogus", "show"]):
        assert commands(argv) == list(COMMANDS)
    args = build_parser(["show", "helios", "--json"]).parse_args(["show", "helios", "--json"])
    assert args.command == "show" and args.json
