"""What a new user meets first: options that do what they say, tables that show their cells,
cost inputs easy to find and to write."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rackbom.textable import render_table

PROFILE = """\
id: my-hall
name: My hall
source: assume-tco-lives
life_years_gpu_servers: 4
life_years_network: 5
life_years_facility: 15
cost_of_capital: 0.08
utilisation: 0.9
electricity_usd_per_kwh: 0.06
pue: 1.2
facility_capex_usd_per_mw: 10000000
maintenance_share_per_year: 0.03
staff_per_mw: 0.5
staff_usd_per_year: 150000
software_usd_per_gpu_year: 500
"""


# --- tables ------------------------------------------------------------------------------------
def test_a_table_is_never_cut_when_output_is_not_a_terminal() -> None:
    long = "x" * 150
    out = render_table(["id", "text"], [["a", long]])
    assert long in out and "\u2026" not in out


def test_a_table_fits_the_width_columns_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    out = render_table(["id", "text"], [["a", "x" * 150]])
    assert max(len(line) for line in out.splitlines()) <= 60 and "\u2026" in out
    monkeypatch.setenv("COLUMNS", "300")
    assert "\u2026" not in render_table(["id", "text"], [["a", "x" * 150]])


def test_reproduce_shows_what_would_meet_each_claim_whole(cli) -> None:
    out = cli("tco", "--reproduce").out
    assert "\u2026" not in out and "hgx-b200-8k" in out


# --- tco ---------------------------------------------------------------------------------------
def test_charts_folder_is_made_and_the_table_still_printed(cli, tmp_path: Path) -> None:
    folder = tmp_path / "new" / "charts"
    done = cli("tco", "helios", "--sweep", "pue=1.1,1.3", "--charts", str(folder))
    assert done.code == 0, done.err
    assert "TCO as" in done.out and (folder / "sweep-pue.svg").is_file()


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["tco", "helios", "--tornado"], "--tornado"),
        (["tco", "--reproduce", "--charts", "x"], "--charts"),
        (["tco", "--rent", "helios"], "--rent"),
        (["svg", "helios", "-o", "x.png"], "x.png"),
        (["svg", "helios", "--view", "fabric", "-o", "x.svg"], "--view"),
        (["svg", "helios-16k", "--face", "rear", "-o", "x.svg"], "--face"),
    ],
)
def test_an_option_that_would_be_ignored_is_refused(
    cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], option: str
) -> None:
    monkeypatch.chdir(tmp_path)
    done = cli(*args)
    assert done.code == 2 and option in done.err and len(done.err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_a_clusters_racks_are_drawn_from_the_rear_when_asked(cli, tmp_path: Path) -> None:
    path = tmp_path / "hall.svg"
    assert cli("svg", "gb200-16k", "--view", "racks", "--face", "rear", "-o", str(path)).code == 0
    assert "Rear elevation of" in path.read_text()


def test_list_tco_and_workloads_name_the_cost_inputs(cli) -> None:
    out = cli("list", "tco").out
    assert "TCO profiles" in out and "neocloud-colo" in out
    assert "example-flux1-training" in cli("list", "workloads").out
    both = json.loads(cli("list", "profiles", "--json").out)
    assert {"network", "tco"} == both.keys()


def test_an_unknown_profile_names_the_known_ones(cli) -> None:
    err = cli("tco", "helios", "--tco", "nosuch").err
    assert "neocloud-colo" in err and "rackbom list tco" in err


def test_one_profile_as_a_plain_mapping_is_read_and_validated(cli, tmp_path: Path) -> None:
    path = tmp_path / "hall.yaml"
    path.write_text(PROFILE)
    done = cli("tco", "helios", "--tco", str(path))
    assert done.code == 0, done.err
    assert "'my-hall'" in done.out
    checked = cli("validate", str(path))
    assert checked.code == 0 and "1 TCO profile" in checked.out
