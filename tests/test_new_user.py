"""What a new user meets first: options that do what they say, tables that show their cells,
cost inputs easy to find and to write."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rackbom.exports.text.table import render_table

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
        (["tco", "--rent", "--charts", "x"], "--charts"),
        (["tco", "--rent", "helios"], "--rent"),
        (["svg", "helios", "-o", "x.png"], "x.png"),
        (["svg", "helios", "--view", "fabric", "-o", "x.svg"], "--view"),
        (["svg", "helios-16k", "--face", "rear", "-o", "x.svg"], "--face"),
        (["svg", "helios", "--view", "plant", "--face", "rear", "-o", "x.svg"], "--face"),
        (["svg", "helios", "--view", "plant", "--width", "300", "-o", "x.svg"], "--width"),
        (["svg", "helios", "--plant", "liquid-hall-2026", "-o", "x.svg"], "--plant"),
        (["collectives", "--checks", "helios"], "helios"),
        (["collectives", "--checks", "--size", "1GiB"], "--size"),
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


# --- one name per quantity ---------------------------------------------------------------------
def test_it_power_names_one_quantity_in_show(cli) -> None:
    out = cli("show", "helios").out
    assert [line.split("  ")[0] for line in out.splitlines() if "IT power" in line] == [
        "IT power (kW)"
    ]
    assert "Input power per GPU (kW)" in out


# --- the Python API ----------------------------------------------------------------------------
def test_the_api_compares_clusters_as_the_command_line_does() -> None:
    import rackbom as rb
    from rackbom.cluster_comparison import ClusterComparison

    assert "helios-16k" in rb.clusters()
    table = rb.compare(["helios-16k", "gb200-16k"])
    assert isinstance(table, ClusterComparison) and table.columns == ["helios-16k", "gb200-16k"]
    assert repr(table) == table.to_text() and "object at 0x" not in repr(table)
    with pytest.raises(rb.InputError, match="designs or clusters, not both"):
        rb.compare(["helios", "gb200-16k"])


def test_summaries_print_short() -> None:
    import rackbom as rb

    assert repr(rb.load("helios").summary) == "<DesignSummary helios: 72 GPUs, 1 rack>"
    assert len(repr(rb.load_cluster("gb200-16k").summary)) < 100


def test_an_error_in_a_built_in_file_names_it_not_a_package_path() -> None:
    import rackbom as rb

    with pytest.raises(rb.InputError) as caught:
        rb.load_cluster("gb200-16k").with_(gpus=-5)
    assert str(caught.value).startswith("built-in cluster gb200-16k: size.gpus:")


def test_the_notebook_imports_the_public_api_only() -> None:
    notebook = json.loads((Path(__file__).parents[1] / "examples/compare_racks.ipynb").read_text())
    code = "".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code")
    assert "import rackbom as rb" in code and "from rackbom" not in code
    assert "rackbom." not in code.replace("import rackbom as rb", "")


# --- small things ------------------------------------------------------------------------------
def test_counts_carry_separators_and_stand_right(cli) -> None:
    out = cli("show", "helios").out
    ports = next(line for line in out.splitlines() if line.startswith("helios/OU14"))
    assert " 1,024 " in ports
    bom = next(line for line in out.splitlines() if line.startswith("mgmt-switch-ocp"))
    assert "   2  " in bom  # the count right-aligned under its header


def test_ranges_and_units_do_not_repeat_an_end() -> None:
    from rackbom.components.outputs import span_text, units_text

    assert span_text(15.2, 15.2) == "15.2" and span_text(6.2, 15.8) == "6.2-15.8"
    assert units_text("OU", 47, 47) == "OU47" and units_text("OU", 46, 47) == "OU46-OU47"


def test_a_tray_above_the_frame_names_one_unit(tmp_path: Path, cli) -> None:
    text = Path("racks/data/helios.yaml").read_text()
    path = tmp_path / "tall.yaml"
    path.write_text(text.replace("position: 14", "position: 46", 1))
    err = cli("validate", str(path)).err
    assert "OU47" in err and "OU47-47" not in err


def test_port_speeds_are_formatted_alike(cli) -> None:
    clusters = cli("compare", "helios-16k", "gb200-16k").out
    designs = cli("compare", "helios", "gb200-nvl72").out
    nic_speed = next(x for x in clusters.splitlines() if x.startswith("Scale-out NIC port speed"))
    assert " 800 " in nic_speed
    assert " 200 " in next(x for x in designs.splitlines() if x.startswith("Switch port speed"))


@pytest.mark.parametrize(
    ("ratios", "says"),
    [
        ('["3-1", "1:1"]', "write it as 3:1"),
        ('["3:1"]', "needs 2 ratios"),
    ],
)
def test_oversubscription_errors_say_the_form(tmp_path: Path, cli, ratios: str, says: str) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(
        "id: mine\nname: Mine\nsource: analyst-network-profiles\ndesign: helios\n"
        f"size: {{gpus: 1024}}\nfabric: {{topology: clos, tiers: 3, oversubscription: {ratios}}}\n"
        "profile: arista-th6\n"
    )
    err = cli("show", str(path)).err
    assert says in err and "Value error" not in err and "valid number" not in err


def test_an_overhead_typed_in_kw_is_warned(tmp_path: Path, cli) -> None:
    text = Path("racks/data/helios.yaml").read_text()
    path = tmp_path / "h.yaml"
    path.write_text(text.replace("overhead_power_w: 400\n", "overhead_power_w: 0.4\n", 1))
    out = cli("validate", str(path)).out
    assert "is it in kW (400 W)?" in out


def test_switch_tray_labels_keep_whole_items() -> None:
    from rackbom.layouts.geometry import fit_text

    text, _ = fit_text("NVLink switch \u00b7 2 \u00d7 NVLink 5 switch", 60, 10)
    assert text == "NVLink switch"
    cut, _ = fit_text("a" * 40, 60, 10)
    assert cut.endswith("\u2026")


def test_plurals_follow_the_count(cli, tmp_path: Path) -> None:
    out = cli("report", "gb200-16k", "-o", str(tmp_path / "r")).out
    assert "each of 1 cluster" in out
    page = (tmp_path / "r" / "index.html").read_text()
    assert "1 clusters" not in page and "1 designs" not in page


# --- what-ifs ----------------------------------------------------------------------------------
def test_fewer_gpus_per_tray_can_keep_nics_per_gpu() -> None:
    import rackbom as rb

    helios = rb.load("helios")
    kept = helios.with_(gpus_per_tray=2)
    per_gpu = helios.with_(gpus_per_tray=2, nics="per_gpu")
    before = helios.summary.scale_out_gbps_per_gpu
    assert kept.summary.scale_out_gbps_per_gpu == 2 * before
    assert per_gpu.summary.scale_out_gbps_per_gpu == before
    assert "keeps" in (type(helios).with_.__doc__ or "")
    with pytest.raises(rb.InputError, match="nics"):
        helios.with_(nics="per_gpu")


def test_a_variant_id_takes_the_nics_option(cli) -> None:
    out = cli("compare", "helios", "helios+gpus_per_tray=2+nics=per_gpu").out
    line = next(x for x in out.splitlines() if x.startswith("Scale-out per GPU"))
    assert line.split()[-2:] == ["2,400.0", "2,400.0"]


# --- a file of one's own states its source -----------------------------------------------------
CLUSTER = """\
id: my-cluster
name: My cluster
{source}
design: helios
size: {{gpus: 2048}}
fabric: {{topology: clos, tiers: 2}}
profile: arista-th6
"""


@pytest.mark.parametrize(
    ("source", "cited"),
    [
        ('source: "Capacity plan for hall B, 2026"', "Capacity plan for hall B, 2026"),
        ("source: {kind: assumption, cite: Our guess}", "Our guess"),
        ("sources:\n  - {id: my-plan, kind: analyst, cite: Hall B plan}", "Hall B plan"),
    ],
)
def test_a_cluster_file_states_its_source_inline(
    tmp_path: Path, cli, source: str, cited: str
) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(CLUSTER.format(source=source))
    done = cli("show", str(path), "--json")
    assert done.code == 0, done.err
    assert any(s["cite"] == cited for s in json.loads(done.out)["sources"])


def test_a_design_file_states_its_source_as_text(tmp_path: Path, cli) -> None:
    text = Path("racks/data/helios.yaml").read_text()
    path = tmp_path / "mine.yaml"
    assert "\nsource: " in text
    head, _, tail = text.partition("\nsource: ")
    path.write_text(f'{head}\nsource: "My own reading"\n{tail.partition(chr(10))[2]}')
    done = cli("validate", str(path))
    assert done.code == 0, done.err


def test_an_unknown_source_says_how_to_state_one(tmp_path: Path, cli) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(CLUSTER.format(source="source: my-plan"))
    err = cli("show", str(path)).err
    assert "state it in the file" in err and len(err.splitlines()) == 1


# --- the printed workbook ----------------------------------------------------------------------
def test_the_workbook_prints_readable_and_whole(tmp_path: Path) -> None:
    import openpyxl

    import rackbom as rb
    from rackbom.exports.workbook import (
        LINE_PT,
        PAGE_FILL,
        PAGE_WIDTH_PT,
        PRINT_SCALE_MIN,
        width_pt,
        wrap_lines,
    )

    cluster = rb.load_cluster("helios-16k")
    path = tmp_path / "book.xlsx"
    from rackbom.exports.workbook import write_workbook

    write_workbook([cluster.report()], path)
    book = openpyxl.load_workbook(path)
    ws = book["Cluster helios-16k"]
    capex = next(r for r in ws.iter_rows() if r[3].value == "Capex (USD)")[6]
    assert capex.number_format == '"$"#,##0'
    shown = f"${cluster.summary.capex_usd.total_usd:,.0f}"
    assert ws.column_dimensions[capex.column_letter].width >= len(shown) * 1.1 + 2
    for sheet in book:
        header = sheet.print_title_rows
        if header:
            number = int(header.split(":")[0].lstrip("$"))
            cells = [c for c in sheet[number] if c.value]
            lines = max(
                len(wrap_lines(c.value, sheet.column_dimensions[c.column_letter].width, True))
                for c in cells
            )
            assert (sheet.row_dimensions[number].height or LINE_PT) >= lines * LINE_PT - 0.1
        widths = [
            sheet.column_dimensions[openpyxl.utils.get_column_letter(i)].width or 8.43
            for i in range(1, sheet.max_column + 1)
        ]
        across = sheet.page_setup.fitToWidth
        usable = PAGE_WIDTH_PT[sheet.page_setup.orientation] - 72
        assert width_pt(widths) * PRINT_SCALE_MIN <= across * usable * PAGE_FILL + 1, sheet.title


# --- the report --------------------------------------------------------------------------------
def test_the_report_page_has_contents_and_says_its_units(tmp_path: Path, cli) -> None:
    out = tmp_path / "r"
    assert cli("report", "helios", "hgx-h200", "gb200-16k", "-o", str(out)).code == 0
    page = (out / "index.html").read_text()
    nav = page[page.index('<nav class="contents">') : page.index("</nav>")]
    anchors = ("#designs", "#design-helios", "#clusters", "#cluster-gb200-16k", "#costs")
    more = ("#collectives-designs", "#goodput-clusters", "#plant-helios", "#plant-gb200-16k")
    for anchor in (*anchors, *more):
        assert f'href="{anchor}"' in nav
        assert f'id="{anchor[1:]}"' in page
    # each part its own entry (a part's anchor has no dash), its few sections on its line
    parts = re.findall(r'<li><a href="#(\w+)">', nav)
    assert parts == [
        "designs",
        "clusters",
        "costs",
        "uncertainty",
        "collectives",
        "goodput",
        "plant",
    ]
    assert "<details>" not in nav
    assert "<h2>AMD Helios (MI450X, UALoE72)</h2>" not in page  # the drawing carries the name
    assert "totals are both ways, in TB/s" in page


def test_the_contents_collapse_a_long_part() -> None:
    import rackbom as rb
    from rackbom.exports.html.page import INLINE_MAX, contents

    ids = ("helios", "gb200-nvl72", "hgx-b200", "hgx-h200", "mi355x-server")
    nav = contents([rb.load(i).summary for i in ids[: INLINE_MAX + 1]], [], "")
    assert nav.count("<li>") == INLINE_MAX + 2
    assert f"<details><summary>{INLINE_MAX + 1} designs</summary><ul><li>" in nav
    assert '<a href="#design-helios">helios</a> AMD Helios (MI450X, UALoE72)</li>' in nav


def test_a_precision_a_chip_lacks_is_shown_as_none(cli) -> None:
    data = json.loads(cli("show", "hgx-h200", "--json").out)
    assert data["fp4_dense_pflops_total"] is None and data["fp8_dense_pflops_total"] > 0
    row = next(x for x in cli("compare", "hgx-h200").out.splitlines() if x.startswith("FP4 dense"))
    assert row.split()[-1] == "-"


def test_the_report_workbook_summary_lists_clusters_and_their_warnings(tmp_path: Path) -> None:
    import openpyxl

    import rackbom as rb
    from rackbom.exports.workbook import write_workbook

    cluster = rb.load_cluster("vr200-16k-ib")
    path = write_workbook([cluster.report()], tmp_path / "b.xlsx")
    cells = [c for row in openpyxl.load_workbook(path)["Summary"].iter_rows() for c in row]
    firsts = [c.value for c in cells if c.column == 1]
    assert "Clusters" in firsts and "Cluster warnings" in firsts
    assert firsts.count("vr200-16k-ib") == 1 + len(cluster.summary.warnings)


def test_a_plain_profile_error_names_the_field_as_written(cli, tmp_path: Path) -> None:
    path = tmp_path / "hall.yaml"
    path.write_text(PROFILE.replace("pue: 1.2", "pue: 0.5"))
    for args in (["tco", "helios", "--tco", str(path)], ["validate", str(path)]):
        err = cli(*args).err
        assert f"{path}: pue: " in err and "profiles[0]" not in err


def test_bare_rackbom_prints_help_with_a_tour(cli) -> None:
    result = cli()
    assert result.code == 0 and not result.err
    assert "a first tour:" in result.out and "rackbom show helios" in result.out


def test_list_plant_names_the_plant_profiles_and_an_unknown_one_lists_them(cli) -> None:
    listed = cli("list", "plant")
    assert listed.code == 0 and "liquid-hall-2026" in listed.out
    wrong = cli("show", "helios", "--plant", "foo")
    assert wrong.code == 2 and "built-in: liquid-hall-2026" in wrong.err
    assert len(wrong.err.strip().splitlines()) == 1


def test_kind_filters_parts_only(cli) -> None:
    result = cli("list", "designs", "--kind", "gpu")
    assert result.code == 2 and "--kind" in result.err
    assert cli("list", "parts", "--kind", "gpu").code == 0


def test_an_unknown_rack_says_how_racks_are_named(cli, tmp_path: Path) -> None:
    result = cli(
        "cables", "mi355x-8k", "--rack", "mi355x-8k-00001-mi355", "-o", str(tmp_path / "r.csv")
    )
    assert result.code == 2 and not (tmp_path / "r.csv").exists()
    assert "did you mean mi355x-8k-00001-mi355x" in result.err
    assert "racks are named like" in result.err and "mi355x-8k-row01-net1" in result.err


def test_json_is_json_whatever_else_is_asked(cli) -> None:
    fabrics = json.loads(cli("show", "hgx-b200-8k", "--fabrics", "--json").out)
    assert fabrics["cluster"] == "hgx-b200-8k"
    assert sum(o["chosen"] for o in fabrics["fabric_options"]) == 1
    checks = json.loads(cli("collectives", "--checks", "--json").out)
    assert checks and all(c["source"] and c["model"]["busbw_gbps"] > 0 for c in checks)
    one = json.loads(cli("collectives", "--checks", "gb200-nvl72", "--json").out)
    assert [c["system"] for c in one] == ["gb200-nvl72"]


def test_the_python_api_prints_short_and_draws_what_it_is_given() -> None:
    import rackbom as rb

    cluster = rb.load_cluster("mi355x-8k")
    for value in (cluster.plant(), rb.cables(cluster), cluster.power_and_cooling()):
        assert len(repr(value)) < 300, type(value).__name__
    chart = rb.capex_chart(["helios", cluster], "neocloud-colo")
    assert isinstance(chart, rb.Chart) and chart._repr_svg_().lstrip().startswith("<?xml")
    assert rb.tco_chart([rb.tco("helios")]).to_string() == rb.tco_chart(["helios"]).to_string()
    frame = rb.compare(["helios", "gb200-nvl72"]).to_pandas()
    text = frame.to_string()
    assert "e+" not in text and "72.000000" not in text
    assert frame.loc["GPUs", "helios"] == 72 and isinstance(frame.loc["GPUs", "helios"], int)


def test_a_cost_file_states_its_source_as_text(tmp_path: Path, cli) -> None:
    profile = tmp_path / "mine.yaml"
    profile.write_text(PROFILE.replace("source: assume-tco-lives", 'source: "my own estimates"'))
    result = cli("tco", "helios", "--tco", str(profile), "--json")
    assert result.code == 0, result.err
    assert cli("validate", str(profile)).out.startswith("ok:")
    sections = tmp_path / "costs.yaml"
    entry = "".join(f"    {line}\n" for line in profile.read_text().splitlines()).replace(
        "    id:", "  - id:", 1
    )
    sections.write_text(f"profiles:\n{entry}")
    assert cli("validate", str(sections)).code == 0


@pytest.mark.parametrize(
    ("text", "kind", "field"),
    [
        ("id: w\nname: W\nunit: run\n", "workload", "source"),
        ("id: w\nname: W\nsource: assume-tco-lives\nunit: run\n", "workload", "acceptance_rate"),
        ("id: p\nname: P\npue: 1.2\n", "TCO profile", "source"),
    ],
)
def test_an_incomplete_file_is_named_by_its_kind(
    tmp_path: Path, cli, text: str, kind: str, field: str
) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(text)
    result = cli("validate", str(path))
    assert result.code == 2 and f"{field}: required field is missing" in result.err
    assert f"(read as a {kind})" in result.err


def _stderr_of(args: list[str], cwd: Path, terminal: bool) -> str:
    """What `rackbom ARGS` writes on stderr, given a pseudo-terminal or a pipe for it."""
    import os
    import pty
    import subprocess
    import sys

    command = [sys.executable, "-m", "rackbom", *args]
    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    if not terminal:
        done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, timeout=120)
        return done.stderr.decode()
    leader, follower = pty.openpty()
    with subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=follower) as p:
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal's far end closed
                break
            if not chunk:
                break
            chunks.append(chunk)
        p.wait(timeout=120)
    os.close(leader)
    return b"".join(chunks).decode(errors="replace")


def test_progress_is_drawn_on_a_terminal_only(tmp_path: Path) -> None:
    args = ["cables", "mi355x-8k", "-o", "run.csv"]
    on_terminal = _stderr_of(args, tmp_path, terminal=True)
    assert "run.csv" in on_terminal and "leg" in on_terminal and "%" in on_terminal
    assert _stderr_of(args, tmp_path, terminal=False) == ""


def test_a_terminated_run_leaves_no_temporary_file(tmp_path: Path) -> None:
    import os
    import signal
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parent.parent
    env = {**os.environ, "PYTHONPATH": str(root)}
    command = [sys.executable, "-m", "rackbom", "cables", "helios-16k", "-o", "big.csv"]
    with subprocess.Popen(command, cwd=tmp_path, env=env, stderr=subprocess.PIPE) as p:
        deadline = time.monotonic() + 60
        while not list(tmp_path.glob(".big.csv.*.tmp")) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert list(tmp_path.glob(".big.csv.*.tmp")), "the run wrote no temporary file"
        p.send_signal(signal.SIGTERM)
        assert p.wait(timeout=60) == 128 + signal.SIGTERM
    assert list(tmp_path.iterdir()) == []


def test_a_cluster_of_several_halls_draws_its_racks_one_hall_at_a_time(cli, tmp_path: Path) -> None:
    name = "mi355x-8k+hall_racks=24"  # 64 racks in 3 halls
    out = tmp_path / "racks.svg"
    whole = cli("svg", name, "--view", "racks", "-o", str(out))
    assert whole.code == 2 and "--scope hall=hall01 to hall=hall03" in whole.err
    assert not out.exists()
    assert cli("svg", name, "--view", "racks", "--scope", "hall=hall03", "-o", str(out)).code == 0
    text = out.read_text(encoding="utf-8")
    assert ">#49<" in text and ">#64<" in text and ">#48<" not in text
    assert cli("svg", name, "--view", "fabric", "--scope", "hall=hall01", "-o", str(out)).code == 2
    assert cli("svg", "helios", "--scope", "hall=hall01", "-o", str(out)).code == 2


def test_chart_lines_stay_apart_past_ten_systems(cli) -> None:
    from rackbom.exports.charts.collectives_chart import line_style

    looks = {(tuple(line_style(i)["color"]), line_style(i)["marker"]) for i in range(30)}  # type: ignore[arg-type]
    assert len(looks) == 30
    done = cli("show", "helios-8k+gpus=1")
    assert "Asked for 1 GPU;" in done.out


def test_tco_charts_say_what_they_wrote(cli, tmp_path: Path) -> None:
    done = cli("tco", "helios", "--charts", str(tmp_path / "charts"))
    written = [line for line in done.out.splitlines() if line.startswith("wrote ")]
    assert len(written) == 3 and all(str(tmp_path) in line for line in written)
    as_json = cli("tco", "helios", "--charts", str(tmp_path / "more"), "--json")
    assert json.loads(as_json.out) and as_json.err.count("wrote ") == 3
