"""Metamorphic relations over every built-in design and cluster, on every output format.

Each relation changes a system in a way whose effect is known (a rename, a price, a count, a
variant equal to its base, a copy in a file) and checks every output that shows the figures:
`show --json`, the `show` and `compare` text, the BOM CSV, the workbook and the report page. The
built-in systems and each changed set are rendered once per module (`metamorphic_outputs.py`),
and the relations compare their lines, a table cell per line.
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import metamorphic_copies as copies
import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from metamorphic_outputs import (
    FORMATS,
    Rendered,
    csv_lines,
    is_cost,
    json_lines,
    names_of,
    render,
    show_text,
    text_lines,
)

from conftest import CLUSTERS, DESIGNS
from rackbom.cluster_model import Cluster
from rackbom.components.catalogue import builtin_catalogue
from rackbom.components.limits import COUNT_MAX
from rackbom.components.parts import Gpu
from rackbom.design import Design
from rackbom.exports.figures import KEY_FIGURES, Figure
from rackbom.exports.figures.cluster_figures import CLUSTER_FIGURES
from rackbom.exports.json.flat_bom import bom_csv
from rackbom.exports.json.summary_json import summary_data
from rackbom.exports.text.cluster_text import render_cluster
from rackbom.exports.text.design_text import render_design
from rackbom.exports.workbook.cells import SHEET_NAME_MAX, design_labels
from rackbom.exports.workbook.cluster_sheet import CLUSTER_PREFIX
from rackbom.resolve import resolve
from rackbom.system import System

pytestmark = pytest.mark.slow

SYSTEMS = (*DESIGNS, *CLUSTERS)
DRAWN: dict[str, Any] = {
    "max_examples": 4,
    "derandomize": True,
    "deadline": None,
    "phases": (Phase.explicit, Phase.generate),
    "suppress_health_check": [HealthCheck.function_scoped_fixture],
}
"""A few drawn cases per system, not shrunk: a failure names its case, and each case loads a
system (shrinking would load dozens)."""
PRICE_FACTOR = 1.25
"""Every catalogue price scaled alike: each fabric option's cost scales alike, so the cheapest
fabric a cluster picks stays the cheapest."""


def renamed(old: str) -> str:
    """A new id for every part, tray, design and cluster: another name and another order."""
    return "x" + old[::-1]


def _differences(expected: Iterable[str], actual: Iterable[str]) -> str:
    """The lines one side has and the other lacks, the first few of each."""
    want, got = Counter(expected), Counter(actual)
    lost, extra = list((want - got).elements()), list((got - want).elements())
    return f"{len(lost)} lines lost: {lost[:6]}; {len(extra)} lines new: {extra[:6]}"


def assert_same(expected: Sequence[str], actual: Sequence[str], ordered: bool = False) -> None:
    """The same lines (in the same order where asked)."""
    same = list(expected) == list(actual) if ordered else Counter(expected) == Counter(actual)
    assert same, _differences(expected, actual)


@pytest.fixture(scope="module")
def builtin_systems() -> list[System]:
    return [resolve(name) for name in SYSTEMS]


@pytest.fixture(scope="module")
def base(builtin_systems: list[System], tmp_path_factory: pytest.TempPathFactory) -> Rendered:
    return render(builtin_systems, tmp_path_factory.mktemp("base") / "report")


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return builtin_texts()


@functools.cache
def builtin_texts() -> dict[str, Any]:
    """The built-in files as data, read once (a function, so a drawn case does not print it)."""
    return copies.builtin_texts()


def _loaded(folder: copies.Copies, ids: Callable[[str], str]) -> list[System]:
    return [folder.system(ids(d), "design") for d in DESIGNS] + [
        folder.system(ids(c), "cluster") for c in CLUSTERS
    ]


def _current(name: str) -> str:
    """Options that set a design (or a cluster's size) to what it already is."""
    system = resolve(name)
    if isinstance(system, Cluster):
        return f"gpus={system.summary.gpus_requested}"
    assert isinstance(system, Design)
    built = system.built
    gpus = {
        sum(line.qty for line in p.tray.parts if isinstance(built.part(line.part), Gpu))
        for p in built.placed
        if p.tray.role.value == "compute"
    }
    margins = {
        built.base_catalogue.tray_margin(p.tray, built.buyer)[0]
        for p in built.placed
        if p.tray.role.value == "switch"
    }
    options = [f"gpus_per_tray={gpus.pop()}"] if len(gpus) == 1 else []
    options += [f"switch_margin={margins.pop()}"] if len(margins) == 1 else []
    return "+".join(options)


# Renaming: every part, tray, design and cluster under a new id changes names only.


@pytest.fixture(scope="module")
def renamed_outputs(data: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Rendered:
    folder = tmp_path_factory.mktemp("renamed")
    written = copies.write_copies(folder / "data", copies.renamed_data(data, renamed))
    names = copies.all_names(data, renamed)
    names |= {stem: names[new] for stem, new in names_of(names).items()}
    return render(_loaded(written, renamed), folder / "report").mapped(names)


@pytest.mark.parametrize("fmt", FORMATS)
def test_renaming_every_part_tray_and_system_changes_no_figure(
    fmt: str, base: Rendered, renamed_outputs: Rendered
) -> None:
    """Names order some rows and lists, so the lines are compared as a multiset."""
    assert_same(base.unordered().lines[fmt], renamed_outputs.unordered().lines[fmt])


def _used_ids(system: System) -> list[str]:
    """The parts and trays a system's racks hold, and its own id."""
    design = system.design if isinstance(system, Cluster) else system
    assert isinstance(design, Design)
    trays = {p.tray.id for p in design.built.placed}
    parts = {line.part for p in design.built.placed for line in p.tray.parts}
    return [*sorted(trays | parts), system.id]


def cheap_lines(system: System) -> dict[str, tuple[str, ...]]:
    """The formats made per system alone: JSON, the text and the BOM CSV."""
    return {
        "json": tuple(json_lines(system.id, system.to_dict())),
        "text": tuple(text_lines(show_text(system))),
        "csv": tuple(csv_lines(bom_csv([system.analysis]))),
    }


@functools.cache
def builtin_lines(name: str) -> dict[str, tuple[str, ...]]:
    """A built-in's `cheap_lines`, made once for every drawn case."""
    return cheap_lines(resolve(name))


@pytest.mark.parametrize("name", ["helios", "gb200-nvl72", "hgx-h200", "mi355x-8k"])
@settings(**DRAWN)
@given(pick=st.integers(0, 10_000), new=st.from_regex(r"\Azq[a-z0-9]{1,10}\Z"))
def test_renaming_one_part_tray_or_system_changes_no_figure(
    name: str, pick: int, new: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """One id drawn from what the system holds, renamed wherever the catalogue, the design
    file and the cluster file write it."""
    ids = _used_ids(resolve(name))
    old = ids[pick % len(ids)]
    change = functools.partial(copies.replaced, names={old: new})
    catalogue = copies.changed_catalogue(builtin_catalogue(), change)
    folder = tmp_path_factory.mktemp("one")
    system = copies.one_system(folder, builtin_texts(), name, _kind(name), change, catalogue)
    back = Rendered(cheap_lines(system)).mapped({new: old} | names_of([new]))
    before = Rendered(builtin_lines(name)).unordered()
    for fmt, lines in back.unordered().lines.items():
        assert_same(before.lines[fmt], lines)


def _kind(name: str) -> str:
    return "cluster" if name in CLUSTERS else "design"


# Prices: a price moves cost figures only.


@pytest.fixture(scope="module")
def repriced_outputs(data: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Rendered:
    folder = tmp_path_factory.mktemp("repriced")
    changed = {
        path: copies.repriced(content, PRICE_FACTOR, lambda _: True)
        for path, content in copies.own_designs(data).items()
    }
    written = copies.write_copies(folder / "data", changed)
    return render(_loaded(written, str), folder / "report")


def _non_cost(lines: Iterable[str]) -> list[str]:
    return [line for line in lines if not is_cost(line)]


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_price_moves_only_cost_figures(
    fmt: str, base: Rendered, repriced_outputs: Rendered
) -> None:
    before, after = base.lines[fmt], repriced_outputs.lines[fmt]
    assert_same(_non_cost(before), _non_cost(after), ordered=True)
    moved = set(before) ^ set(after)
    assert moved and all(is_cost(line) for line in moved)


@pytest.mark.parametrize("name", ["helios", "vr200-nvl144", "mi355x-server", "helios-8k"])
@settings(**DRAWN)
@given(pick=st.integers(0, 10_000), factor=st.sampled_from([0.0, 0.5, 3.0]))
def test_one_part_price_moves_only_cost_figures(
    name: str, pick: int, factor: float, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A part of the system's racks, drawn, repriced in a copied catalogue (a cluster's fabric
    choice weighs its network's prices, not its racks')."""
    parts = [i for i in _used_ids(resolve(name)) if i in builtin_catalogue().parts]
    chosen = parts[pick % len(parts)]
    change = functools.partial(copies.repriced, factor=factor, chosen=chosen.__eq__)
    catalogue = copies.changed_catalogue(builtin_catalogue(), change)
    folder = tmp_path_factory.mktemp("price")
    system = copies.one_system(folder, builtin_texts(), name, _kind(name), change, catalogue)
    before, after = builtin_lines(name), cheap_lines(system)
    for fmt, lines in after.items():
        assert_same(_non_cost(before[fmt]), _non_cost(lines), ordered=True)


@pytest.mark.parametrize("name", [d for d in DESIGNS if "switch_margin" in _current(d)])
def test_a_switch_margin_moves_only_cost_figures(name: str) -> None:
    """The variant cites the margin it sets, so the lists of sources are set aside."""
    base = resolve(name)
    variant = resolve(f"{name}+switch_margin=0.5")
    names = _variant_names([variant.id], [name])
    after = Rendered(cheap_lines(variant)).mapped(names).lines
    before = builtin_lines(name)
    for fmt, lines in after.items():
        assert_same(_figures(before[fmt]), _figures(lines), ordered=True)
    assert base.summary.bom_usd != variant.summary.bom_usd


def _figures(lines: Iterable[str]) -> list[str]:
    """The lines of figures other than cost: sources lists and counts left out."""
    sources = re.compile(r"Sources: |.*(\.sources\[|\|Sources: |\|source(_kind)?=)")
    return [line for line in _non_cost(lines) if not sources.match(line)]


# A variant equal to its base: the same outputs but its name.


def _variant_names(variant_ids: Sequence[str], base_ids: Sequence[str]) -> dict[str, str]:
    """Where variants' options show (their ids, file stems, workbook sheet labels of a design
    or a cluster, their trays' ids and names) -> the bases' words."""
    names: dict[str, str] = {}
    for variant_id, base_id in zip(variant_ids, base_ids, strict=True):
        suffix = variant_id[len(base_id) + 1 :]
        names |= {f"+{suffix}": "", f" ({suffix.replace('+', ', ')})": ""}
        names |= {stem: base_id for stem in names_of([variant_id])}
    cluster_room = SHEET_NAME_MAX - len(CLUSTER_PREFIX)
    kinds = [
        (DESIGNS, design_labels),
        (CLUSTERS, functools.partial(design_labels, room=cluster_room)),
    ]
    for kind, labels in kinds:
        pairs = [(v, b) for v, b in zip(variant_ids, base_ids, strict=True) if b in kind]
        new = labels([v for v, _ in pairs])
        old = labels([b for _, b in pairs])
        names |= {n: o for n, o in zip(new, old, strict=True) if n != o}
    return names


def _equal_variants(ids: Sequence[str], tmp: Path) -> tuple[Rendered, Rendered]:
    """The variants (names mapped back to their bases') and the bases, each set rendered (a
    cluster's variant holds its design's variant, so designs and clusters go apart)."""
    systems = [resolve(f"{i}+{_current(i)}") for i in ids]
    names = _variant_names([s.id for s in systems], ids)
    variants = render(systems, tmp / "variants").mapped(names)
    return variants, render([resolve(i) for i in ids], tmp / "base")


@pytest.fixture(scope="module")
def design_variants(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Rendered, Rendered]:
    return _equal_variants(DESIGNS, tmp_path_factory.mktemp("design-variants"))


@pytest.fixture(scope="module")
def cluster_variants(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Rendered, Rendered]:
    return _equal_variants(CLUSTERS, tmp_path_factory.mktemp("cluster-variants"))


def _same_but_names(variants: Rendered, base: Rendered, fmt: str) -> None:
    """The lines in order; names order the items of some cells (a list of systems), so those
    items are compared as sets."""
    assert_same(base.unordered().lines[fmt], variants.unordered().lines[fmt], ordered=True)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_design_variant_equal_to_its_base_changes_only_its_name(
    fmt: str, design_variants: tuple[Rendered, Rendered]
) -> None:
    _same_but_names(*design_variants, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_cluster_variant_equal_to_its_base_changes_only_its_name(
    fmt: str, cluster_variants: tuple[Rendered, Rendered]
) -> None:
    _same_but_names(*cluster_variants, fmt)


def test_a_cluster_variant_is_named_by_its_sorted_options() -> None:
    cluster = resolve("helios-16k")
    assert isinstance(cluster, Cluster)
    assert cluster.with_(gpus=100_000).id == "helios-16k+gpus=100000"
    assert resolve("helios-16k+gpus=100000").id == "helios-16k+gpus=100000"
    assert cluster.with_(racks=10, profile="whitebox-th6").id == (
        "helios-16k+profile=whitebox-th6+racks=10"
    )


# A copy in a file: the built-in's figures.


@pytest.fixture(scope="module")
def file_copies(data: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> Rendered:
    """Each design's and cluster's file copied as it is (a cluster names its built-in design)."""
    folder = tmp_path_factory.mktemp("copies")
    for path, content in data.items():
        if not path.startswith("catalogue/"):
            (folder / path).parent.mkdir(parents=True, exist_ok=True)
            (folder / path).write_text(yaml.safe_dump(content, sort_keys=False), "utf-8")
    systems = [resolve(folder / "designs" / f"{d}.yaml") for d in DESIGNS]
    systems += [resolve(folder / "clusters" / f"{c}.yaml") for c in CLUSTERS]
    return render(systems, folder / "report")


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_copy_in_a_file_gives_the_builtin_figures(
    fmt: str, base: Rendered, file_copies: Rendered
) -> None:
    assert_same(base.lines[fmt], file_copies.lines[fmt], ordered=True)


# Counts: extensive figures in proportion, intensive ones unchanged.

DESIGN_LINEAR = (
    "gpus",
    "hbm_gb_total",
    "hbm_tbps_total",
    "world_size",
    "fp4_dense_pflops_total",
    "fp8_dense_pflops_total",
    "bf16_dense_pflops_total",
)
"""Per GPU in a tray: each GPU brings its HBM and its throughput, and a scale-up domain is made
of whole trays, so its GPUs follow too."""
DESIGN_KEPT = (
    "racks",
    "compute_trays",
    "switch_chips",
    "switch_ports_total",
    "cpus",
    "scale_up_domains",
    "scale_out_gbps_total",
    "fp8_dense_pflops_per_gpu",
    "units_used",
)
"""What `gpus_per_tray` keeps: the trays, chips, CPUs and NICs, each GPU's throughput."""
SWITCHED_LINEAR = ("scale_up_gbps_total", "switch_ports_used")
SWITCHED_KEPT = ("scale_up_gbps_per_gpu",)
"""Through switch chips each GPU keeps its lanes (so its switch ports); in a mesh each GPU links
to every other, so its scale-up bandwidth follows the GPUs of its tray and is no GPU's own."""


@pytest.mark.parametrize("name", DESIGNS)
def test_gpus_per_tray_moves_gpu_figures_in_proportion(name: str) -> None:
    """Checked on the published summary (`show --json`'s keys) and the key figures `show`
    prints; the other formats agree with those (test_every_format_prints_the_json_figures)."""
    base = resolve(name)
    per_tray = int(_current(name).split("+")[0].split("=")[1])
    fewer = per_tray // 2
    variant = resolve(f"{name}+gpus_per_tray={fewer}")
    before, after = _published(base), _published(variant)
    switched = base.summary.switch_chips > 0
    linear, kept = (
        DESIGN_LINEAR + SWITCHED_LINEAR * switched,
        DESIGN_KEPT + SWITCHED_KEPT * switched,
    )
    for key in linear:
        assert after[key] == _scaled(before[key], fewer / per_tray), key
    for key in kept:
        assert after[key] == _scaled(before[key], 1), key
    _check_printed(base, variant, fewer / per_tray, linear, kept)


def _check_printed(
    base: System, variant: System, factor: float, linear: Sequence[str], kept: Sequence[str]
) -> None:
    """The key figures `show` prints: linear ones in proportion within the printed precision,
    kept ones the same text."""
    figures: Sequence[Figure[Any]] = KEY_FIGURES if base.kind == "design" else CLUSTER_FIGURES
    before, after = _key_figures_text(base), _key_figures_text(variant)
    checked = 0
    for figure in figures:
        key, label = figure.field.removesuffix("_w"), figure.label.strip()
        old, new = _number(before.get(label, "")), _number(after.get(label, ""))
        if key in linear and old is not None and new is not None:
            step = 10.0**-figure.format.decimals
            off = abs(new - old * factor)
            assert off <= step * (1 + factor) / 2 + 1e-9, (label, before[label], after[label])
            checked += 1
        elif key in kept and label in before:
            assert after[label] == before[label], label
            checked += 1
    assert checked >= 2


def _key_figures_text(system: System) -> dict[str, str]:
    """`show`'s key figures table: label -> value as printed."""
    analysis: Any = system.analysis
    own = render_design(analysis) if system.kind == "design" else render_cluster(analysis)
    cells = (line.split("|") for line in text_lines(own))
    return {
        c[1].strip(): c[2][len("value=") :]
        for c in cells
        if len(c) == 3 and c[0] == "Key figures" and c[2].startswith("value=")
    }


def _scaled(value: float | None, factor: float) -> Any:
    """What a figure becomes in proportion (none stays none; JSON rounds to 2 decimals, so a
    doubled rounded figure is within 0.015 of the rounded double)."""
    return None if value is None else pytest.approx(value * factor, rel=1e-9, abs=0.02)


def _published(system: System) -> dict[str, Any]:
    """The summary as `show --json` publishes it."""
    data: dict[str, Any] = summary_data(system.summary)
    return data


CLUSTER_LINEAR = (
    "gpus",
    "racks",
    "design_copies",
    "power_racks_input",
    "power_racks_it",
    "capex_usd.compute_usd",
    "capex_usd.scale_up_usd",
)
"""Copies of the design: each brings its GPUs, racks, power and its racks' price. The scale-out
fabric is not linear: tiers, switches and reach step with size, and so do the NIC ports it counts
(a NIC port split into as many planes as the size's cheapest fabric takes)."""
CLUSTER_KEPT = (
    "world_size",
    "capex_usd_per_gpu.compute_usd",
    "capex_usd_per_gpu.scale_up_usd",
    "design_summary",
)
"""Within a rack: the design's own figures, bandwidth and TFLOPS per W among them."""


def _get(summary: Any, key: str) -> Any:
    """A figure by key, from the typed summary (W) or the published one (kW)."""
    if key.startswith("power_"):
        key += "_kw" if isinstance(summary, dict) else "_w"
    for part in key.split("."):
        summary = summary[part] if isinstance(summary, dict) else getattr(summary, part)
    return summary


def _check_counts(base: System, variant: System, factor: float) -> None:
    for before, after in ((base.summary, variant.summary), (_published(base), _published(variant))):
        for key in CLUSTER_LINEAR:
            assert _get(after, key) == _scaled(_get(before, key), factor), key
        for key in CLUSTER_KEPT:
            assert _get(after, key) == _get(before, key), key
    assert variant.summary.design_copies == factor * base.summary.design_copies
    _check_printed(base, variant, factor, CLUSTER_LINEAR, CLUSTER_KEPT)


@pytest.mark.parametrize("name", CLUSTERS)
def test_more_racks_move_a_clusters_copies_in_proportion(name: str) -> None:
    """Sized by racks both times: a size in GPUs rounds up to whole copies, and a last rack of
    packed servers may be part full."""
    builtin = resolve(name)
    assert isinstance(builtin, Cluster)
    base = builtin.with_(racks=builtin.summary.racks)
    assert base.summary.racks == builtin.summary.racks  # racks on the floor, servers packed
    _check_counts(base, base.with_(racks=2 * base.summary.racks), 2)


@pytest.mark.parametrize("name", CLUSTERS)
def test_more_gpus_move_a_clusters_copies_in_proportion(name: str) -> None:
    """Twice the built-in's GPUs, or, where twice would pass the bound on a size, twice half
    its whole copies (both sized in GPUs, so each is that many whole copies); servers packed
    several to a floor rack, the copies of whole floor racks."""
    base = resolve(name)
    summary = base.summary
    copies, per = summary.design_copies, summary.design_copies_per_rack
    each = summary.gpus // copies
    if 2 * summary.gpus > COUNT_MAX:
        copies //= 2
    if copies % per or copies != summary.design_copies:
        base = resolve(f"{name}+gpus={copies // per * per * each}")
    gpus = 2 * base.summary.gpus
    variant = resolve(f"{name}+gpus={gpus}")
    assert variant.id == f"{name}+gpus={gpus}"
    _check_counts(base, variant, 2)


# Formats agree on every figure they share, at their printed precision.


def _number(text: str) -> float | None:
    cleaned = re.sub(r"[$,x*%\s]", "", text)
    try:
        return float(cleaned)
    except ValueError:
        return None


def _json_value(published: dict[str, str], system_id: str, field: str) -> tuple[float, float]:
    """A figure's value from `show --json` in the summary's units, and how far JSON's rounding
    to 2 decimals may have moved it in those units (kW back to W)."""
    path = "." + field
    if path.endswith("_w") and f"{system_id}|{path[:-2]}_kw" in published:
        return float(published[f"{system_id}|{path[:-2]}_kw"]) * 1000, 5.0
    text = published.get(f"{system_id}|{path}", "null")
    return (math.nan if text == "null" else float(text)), 0.005


@pytest.fixture(scope="module")
def printed(base: Rendered) -> dict[tuple[str, str, str], list[str]]:
    """Each figure as printed, by (format, system id, label): the text's key figures, the
    page's and the workbook's comparison cells (a column per system)."""
    out: dict[tuple[str, str, str], list[str]] = defaultdict(list)
    for line in base.lines["text"]:
        system_id, title, *rest = line.split("|")
        if title == "Key figures" and len(rest) == 2 and rest[1].startswith("value="):
            out[("text", system_id, rest[0].strip())].append(rest[1][len("value=") :])
    for fmt in ("html", "workbook"):
        for line in base.lines[fmt]:
            if (cell := re.fullmatch(r"[^|]*\|([^|]+)\|([^|=]+)=(.*)", line)) is not None:
                label, column, value = cell.groups()
                if column in SYSTEMS:
                    out[(fmt, column, label.strip())].append(value)
    return out


@pytest.fixture(scope="module")
def published(base: Rendered) -> dict[str, str]:
    """`show --json` of every built-in, `id|.key.key` -> its JSON text."""
    return dict(line.split("=", 1) for line in base.lines["json"])


@pytest.mark.parametrize("name", SYSTEMS)
def test_every_format_prints_the_json_figures(
    name: str, printed: dict[tuple[str, str, str], list[str]], published: dict[str, str]
) -> None:
    """Formulas are left to the client tests, where LibreOffice recalculates the workbook."""
    figures: Sequence[Figure[Any]] = KEY_FIGURES if name in DESIGNS else CLUSTER_FIGURES
    checked = 0
    for figure in figures:
        value, rounding = _json_value(published, name, figure.field)
        if math.isnan(value):
            continue
        fmt = figure.format
        tolerance = (0.5 * 10.0**-fmt.decimals + rounding * fmt.scale) * (1 + 1e-9)
        for where in ("text", "html", "workbook"):
            for text in printed.get((where, name, figure.label.strip()), []):
                number = _number(text)
                if number is not None and not text.startswith("="):
                    assert abs(number - value * fmt.scale) <= tolerance, (where, figure.label, text)
                    checked += 1
    assert checked >= len(figures)


@pytest.mark.parametrize("name", SYSTEMS)
def test_the_csv_adds_up_to_the_json_totals(
    name: str, base: Rendered, published: dict[str, str]
) -> None:
    rows = [line for line in base.lines["csv"] if line.startswith(f"{name}|")]
    extended = sum(float(line.rsplit("=", 1)[1]) for line in rows if "|extended_usd=" in line)
    total, _ = _json_value(published, name, "bom_usd" if name in DESIGNS else "capex_usd.total_usd")
    assert math.isclose(extended, total, abs_tol=0.01 * len(rows))


# A TCO profile: every output that prints the cost of ownership prints the one chosen.


@pytest.mark.parametrize("name", ["helios", "helios-8k"])
def test_every_output_takes_the_chosen_tco_profile(cli, name: str, tmp_path: Path) -> None:
    """`show --json`, `bom --json` and the report's JSON under `--tco neocloud-colo` carry the
    same cost of ownership, and not the default's."""
    chosen = ("--tco", "neocloud-colo")
    shown = json.loads(cli("show", name, "--json", *chosen).out)
    default = json.loads(cli("show", name, "--json").out)
    assert shown["tco"]["profile"] == "neocloud-colo" != default["tco"]["profile"]
    assert shown["tco"] != default["tco"]
    assert cli("bom", name, "--json", str(tmp_path / "bom.json"), *chosen).code == 0
    assert cli("report", name, "-o", str(tmp_path / "report"), *chosen).code == 0
    for path in (tmp_path / "bom.json", tmp_path / "report" / f"{name}.json"):
        assert json.loads(path.read_text("utf-8"))["tco"] == shown["tco"], path.name
