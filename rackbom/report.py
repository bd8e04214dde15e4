"""The main job: every output for a set of designs and clusters, written into one folder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from rackbom.components.atomic import atomic_write_text
from rackbom.exports.html_page import ReportEntry, render_report

from .design import Design, distinct

if TYPE_CHECKING:
    from rackbom.exports.cluster_page import ClusterEntry

    from .cluster_model import Cluster

WORKBOOK_NAME = "rackbom-bom.xlsx"
INDEX_NAME = "index.html"


@dataclass
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


def file_stem(design: Design | Cluster) -> str:
    """A file name for a design or cluster id (variant ids carry `+` and `=`)."""
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in design.id)


def write_report(
    designs: Sequence[Design],
    out_dir: str | Path,
    progress: Callable[[str], None] | None = None,
    clusters: Sequence[Cluster] = (),
) -> ReportFiles:
    """Write `<id>.svg` and `<id>.json` per design, `<id>-floor.svg`, `<id>-fabric.svg` and
    `<id>.json` per cluster, the workbook, and `index.html`."""
    from rackbom import __version__
    from rackbom.exports.workbook import write_workbook
    from rackbom.layouts.svg import Elevation

    designs = distinct(list(designs))
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    files = ReportFiles(designs)
    entries = []
    stems = _unique_stems([*designs, *clusters])
    for number, design in enumerate(designs, start=1):
        if progress:
            progress(f"[{number}/{len(designs)}] {design.id}: elevation and summary")
        stem = stems[design.id]
        svg = design.elevation().to_string()
        svg_path = atomic_write_text(out / f"{stem}.svg", svg)
        page_svg = Elevation(design.analysis, racks_per_row=1).to_string()
        json_path = atomic_write_text(out / f"{stem}.json", design.to_json())
        files.per_design[design.id] = [svg_path, json_path]
        entries.append(
            ReportEntry(
                design.summary,
                page_svg,
                [("elevation SVG", svg_path.name), ("JSON", json_path.name)],
            )
        )
    cluster_entries = _write_clusters(clusters, out, stems, files, progress)
    if progress:
        progress(f"workbook with {len(designs)} designs and {len(clusters)} clusters")
    files.workbook = write_workbook(
        [d.analysis for d in designs], out / WORKBOOK_NAME, [c.analysis for c in clusters]
    )
    files.index = atomic_write_text(
        out / INDEX_NAME, render_report(entries, WORKBOOK_NAME, __version__, cluster_entries)
    )
    return files


def _write_clusters(
    clusters: Sequence[Cluster],
    out: Path,
    stems: dict[str, str],
    files: ReportFiles,
    progress: Callable[[str], None] | None,
) -> list[ClusterEntry]:
    """Each cluster's floor plan, fabric diagram and JSON; its entry on the page."""
    from rackbom.exports.cluster_page import ClusterEntry

    entries = []
    for number, cluster in enumerate(clusters, start=1):
        if progress:
            progress(f"[{number}/{len(clusters)}] {cluster.id}: floor plan, fabric and summary")
        stem = stems[cluster.id]
        floor = cluster.floor_plan().to_string()
        fabric = cluster.fabric_diagram().to_string()
        written = [
            atomic_write_text(out / f"{stem}-floor.svg", floor),
            atomic_write_text(out / f"{stem}-fabric.svg", fabric),
            atomic_write_text(out / f"{stem}.json", cluster.to_json()),
        ]
        files.per_cluster[cluster.id] = written
        labels = ("floor plan SVG", "fabric SVG", "JSON")
        entries.append(
            ClusterEntry(
                cluster.summary,
                floor,
                fabric,
                [(label, path.name) for label, path in zip(labels, written, strict=True)],
            )
        )
    return entries


def _unique_stems(designs: Sequence[Design | Cluster]) -> dict[str, str]:
    stems: dict[str, str] = {}
    for design in designs:
        stem, n = file_stem(design), 2
        while stem in stems.values():
            stem, n = f"{file_stem(design)}-{n}", n + 1
        stems[design.id] = stem
    return stems
