"""The main job: every output for a set of designs, written into one folder."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rackbom.components.atomic import Writer, text_writer, write_files
from rackbom.components.errors import InputError
from rackbom.exports.html_page import ReportEntry, render_report

from .design import Design, distinct

WORKBOOK_NAME = "rackbom-bom.xlsx"
INDEX_NAME = "index.html"


@dataclass
class ReportFiles:
    """What a report run wrote: per design its SVG and JSON, then the workbook and the page."""

    designs: list[Design]
    per_design: dict[str, list[Path]] = field(default_factory=dict)
    workbook: Path | None = None
    index: Path | None = None

    @property
    def all(self) -> list[Path]:
        """Every path written, in the order written."""
        paths = [p for files in self.per_design.values() for p in files]
        return [*paths, *(p for p in (self.workbook, self.index) if p is not None)]


def file_stem(design: Design) -> str:
    """A file name for a design id (variant ids carry `+` and `=`)."""
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in design.id)


def write_report(
    designs: Sequence[Design],
    out_dir: str | Path,
    progress: Callable[[str], None] | None = None,
) -> ReportFiles:
    """Write `<id>.svg` and `<id>.json` per design, the workbook, and `index.html`: all or none.

    Everything is made in memory first; the folder (and its parents) is created if missing, and
    removed again if writing fails.
    """
    from rackbom import __version__
    from rackbom.exports.workbook import workbook_writer
    from rackbom.layouts.svg import Elevation

    designs = distinct(list(designs))
    if str(out_dir) == "":
        raise InputError(None, None, "the report folder name is empty")
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise InputError(str(out_dir), None, "is not a directory")
    outputs: list[tuple[Path, Writer]] = []
    entries = []
    stems = _unique_stems(designs)
    for number, design in enumerate(designs, start=1):
        if progress:
            progress(f"[{number}/{len(designs)}] {design.id}: elevation and summary")
        svg = design.elevation().to_string()
        svg_name, json_name = f"{stems[design.id]}.svg", f"{stems[design.id]}.json"
        outputs += [
            (out / svg_name, text_writer(svg)),
            (out / json_name, text_writer(design.to_json())),
        ]
        page_svg = Elevation(design.analysis, racks_per_row=1).to_string()  # legible on a page
        entries.append(
            ReportEntry(
                design.summary, page_svg, [("elevation SVG", svg_name), ("JSON", json_name)]
            )
        )
    if progress:
        progress(f"workbook with {len(designs)} designs")
    outputs.append((out / WORKBOOK_NAME, workbook_writer([d.analysis for d in designs])))
    index = render_report(entries, WORKBOOK_NAME, __version__)
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
    files = ReportFiles(designs)
    for number, design in enumerate(designs):
        files.per_design[design.id] = paths[2 * number : 2 * number + 2]
    files.workbook, files.index = paths[-2], paths[-1]
    return files


def _unique_stems(designs: Sequence[Design]) -> dict[str, str]:
    stems: dict[str, str] = {}
    for design in designs:
        stem, n = file_stem(design), 2
        while stem in stems.values():
            stem, n = f"{file_stem(design)}-{n}", n + 1
        stems[design.id] = stem
    return stems
