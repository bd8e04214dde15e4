"""The main job: every output for a set of designs and clusters, written into one folder."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING

from rackbom.components.atomic import Writer, text_writer, write_files
from rackbom.components.errors import InputError
from rackbom.components.outputs import counted
from rackbom.exports.html.page import ReportEntry, render_report

from .components.records import record
from .design import Design
from .resolve import by_kind, distinct
from .system import System

if TYPE_CHECKING:
    from rackbom.components.cost_inputs import TcoProfile
    from rackbom.components.plant_library import PlantRules
    from rackbom.exports.html.cluster_sections import ClusterEntry
    from rackbom.layouts.plant_svg import PlantDrawing
    from rackbom.racks.report.system_report import SystemReport

    from .cluster_model import Cluster
    from .system import System

WORKBOOK_NAME = "rackbom-bom.xlsx"
INDEX_NAME = "index.html"


@record(frozen=False)
class ReportFiles:
    """What a report run wrote: per design its SVG and JSON, per cluster its floor plan, fabric
    diagram and JSON, then the workbook and the page."""

    designs: list[Design]
    per_design: dict[str, list[Path]] = field(default_factory=dict)
    per_cluster: dict[str, list[Path]] = field(default_factory=dict)
    workbook: Path | None = None
    index: Path | None = None

    @property
    def all(self) -> list[Path]:
        """Every path written, in the order written."""
        paths = [p for files in self.per_design.values() for p in files]
        paths += [p for files in self.per_cluster.values() for p in files]
        return [*paths, *(p for p in (self.workbook, self.index) if p is not None)]


def file_stem(design: System) -> str:
    """A file name for a design or cluster id (variant ids carry `+` and `=`)."""
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in design.id)


def write_report(
    systems: Sequence[System],
    out_dir: str | Path,
    progress: Callable[[str], None] | None = None,
    tco_profile: TcoProfile | str | Path | None = None,
    plant_profile: PlantRules | str | Path | None = None,
) -> ReportFiles:
    """Write `<id>.svg` and `<id>.json` per design, `<id>-floor.svg`, `<id>-fabric.svg` and
    `<id>.json` per cluster, the workbook, and `index.html`: all or none. Every output is worked
    out under `tco_profile` and `plant_profile` (the defaults unless named), resolved once here:
    the JSON's TCO and plant, the workbook's TCO, Plant and Collectives sheets, the page's cost
    and plant parts, and the plant drawings (`<id>-plant.svg`).

    Everything is made in memory first; the folder (and its parents) is created if missing, and
    removed again if writing fails.
    """
    from rackbom import __version__
    from rackbom.components.plant_library import plant_rules
    from rackbom.components.tco_library import profile
    from rackbom.exports.html.plant_section import plant_part
    from rackbom.exports.html.tco_section import tco_part
    from rackbom.exports.html.uncertainty_section import uncertainty_part
    from rackbom.exports.json.summary_json import json_text
    from rackbom.exports.json.tco_json import report_data
    from rackbom.exports.workbook import workbook_writer
    from rackbom.layouts.elevation import Elevation

    from .report_uncertainty import pair_uncertainty

    chosen = profile(tco_profile)
    rules = plant_rules(plant_profile)
    designs, clusters = by_kind(distinct(systems))
    named: list[System] = [*designs, *clusters]
    reports = {t.id: t.report(chosen, rules) for t in named}
    drawings = {t.id: t.plant_drawing(reports[t.id].plant) for t in named}
    if str(out_dir) == "":
        raise InputError(None, None, "the report folder name is empty")
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise InputError(str(out_dir), None, "is not a directory")
    outputs: list[tuple[Path, Writer]] = []
    owners: list[tuple[dict[str, list[Path]], str]] = []  # where each output's path is filed
    entries = []
    stems = _unique_stems([*designs, *clusters])
    files = ReportFiles(designs)
    for number, design in enumerate(designs, start=1):
        if progress:
            progress(f"[{number}/{len(designs)}] {design.id}: elevation and summary")
        svg_name, json_name = f"{stems[design.id]}.svg", f"{stems[design.id]}.json"
        plant_name = f"{stems[design.id]}-plant.svg"
        outputs += [
            (out / svg_name, text_writer(design.elevation().to_string())),
            (out / json_name, text_writer(json_text(report_data(reports[design.id])))),
            (out / plant_name, text_writer(drawings[design.id].to_string())),
        ]
        owners += [(files.per_design, design.id)] * 3
        page_svg = Elevation(design.analysis, racks_per_row=1).to_string()  # legible on a page
        entries.append(
            ReportEntry(
                design.summary, page_svg, [("elevation SVG", svg_name), ("JSON", json_name)]
            )
        )
    cluster_entries = []
    for number, cluster in enumerate(clusters, start=1):
        if progress:
            progress(f"[{number}/{len(clusters)}] {cluster.id}: floor plan, fabric and summary")
        entry, cluster_outputs = _cluster_outputs(
            cluster, out, stems[cluster.id], reports[cluster.id], drawings[cluster.id]
        )
        cluster_entries.append(entry)
        outputs += cluster_outputs
        owners += [(files.per_cluster, cluster.id)] * len(cluster_outputs)
    if progress:
        made = f"{counted(len(designs), 'design')} and {counted(len(clusters), 'cluster')}"
        progress(f"workbook with {made}")
    uncertain = pair_uncertainty(named, chosen)
    book = workbook_writer([reports[t.id] for t in named], uncertain)
    outputs.append((out / WORKBOOK_NAME, book))
    if progress:
        progress("cost of ownership charts")
    results = ([reports[d.id].tco for d in designs], [reports[c.id].tco for c in clusters])
    plants = [(t.id, drawings[t.id].plant, drawings[t.id].to_string()) for t in named]
    index = render_report(
        entries,
        WORKBOOK_NAME,
        __version__,
        cluster_entries,
        tco_part(results, chosen)
        + uncertainty_part(uncertain)
        + _collectives_part((designs, clusters), reports)
        + _goodput_part((designs, clusters), reports, chosen)
        + plant_part(plants),
    )
    outputs.append((out / INDEX_NAME, text_writer(index)))
    created = [folder for folder in (out, *out.parents) if not folder.exists()]
    try:
        out.mkdir(parents=True, exist_ok=True)
        paths = write_files(outputs)
    except BaseException:
        for folder in created:
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise
    for (table, key), path in zip(owners, paths[:-2], strict=True):
        table.setdefault(key, []).append(path)
    files.workbook, files.index = paths[-2], paths[-1]
    return files


def _collectives_part(
    groups: Sequence[Sequence[System]], reports: Mapping[str, SystemReport]
) -> str:
    """The page's delivered-performance part: busbw charts per group (designs, clusters) and the
    published runs checked."""
    from rackbom import collective_api as collectives
    from rackbom.exports.html.collectives_section import CHART_OPS, collectives_part

    linked = [[t for t in group if reports[t.id].levels] for group in groups]
    sweeps = [
        {t.id: {op: reports[t.id].sweeps[op] for op, _ in CHART_OPS} for t in group}
        for group in linked
    ]
    projections = {t.id for group in linked for t in group if not reports[t.id].measured}
    return collectives_part(sweeps, projections, collectives.collective_checks())


def _goodput_part(
    groups: Sequence[Sequence[System]], reports: Mapping[str, SystemReport], chosen: TcoProfile
) -> str:
    """The page's goodput part: ETTR against job size per group (designs, clusters), the
    whole-system jobs, the checks; each system's parts and prices from its report."""
    from rackbom.components.reliability import reliability_data
    from rackbom.exports.charts.goodput_chart import job_sizes
    from rackbom.exports.html.goodput_section import goodput_part
    from rackbom.racks.goodput.jobs import priced_goodput, prices_of
    from rackbom.racks.goodput.published import published_checks

    data = reliability_data()
    sweeps = [
        {
            t.id: priced_goodput(
                t.analysis,
                job_sizes(t.summary.gpus),
                data,
                prices_of(reports[t.id].tco),
                parts=reports[t.id].exposure,
            )
            for t in group
            if t.summary.gpus
        }
        for group in groups
    ]
    return goodput_part(sweeps, published_checks(data, chosen))


def _cluster_outputs(
    cluster: Cluster, out: Path, stem: str, report: SystemReport, drawing: PlantDrawing
) -> tuple[ClusterEntry, list[tuple[Path, Writer]]]:
    """A cluster's floor plan, fabric diagram, plant drawing and JSON, and its page entry."""
    from rackbom.exports.html.cluster_sections import ClusterEntry
    from rackbom.exports.json.summary_json import json_text
    from rackbom.exports.json.tco_json import report_data

    floor = cluster.floor_plan().to_string()
    fabric = cluster.fabric_diagram().to_string()
    plant = drawing.to_string()
    names = (f"{stem}-floor.svg", f"{stem}-fabric.svg", f"{stem}-plant.svg", f"{stem}.json")
    texts = (floor, fabric, plant, json_text(report_data(report)))
    labels = ("floor plan SVG", "fabric SVG", "power and cooling SVG", "JSON")
    entry = ClusterEntry(cluster.summary, floor, fabric, list(zip(labels, names, strict=True)))
    return entry, [(out / name, text_writer(text)) for name, text in zip(names, texts, strict=True)]


def _unique_stems(designs: Sequence[System]) -> dict[str, str]:
    stems: dict[str, str] = {}
    for design in designs:
        stem, n = file_stem(design), 2
        while stem in stems.values():
            stem, n = f"{file_stem(design)}-{n}", n + 1
        stems[design.id] = stem
    return stems
