"""The Design object users hold: a checked design, its analysis, and its outputs."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rackbom.catalogues import load_catalogue
from rackbom.components.catalogue import Catalogue, builtin_catalogue
from rackbom.components.yamlio import read_yaml_file
from rackbom.exports.json_summary import json_text
from rackbom.racks.analysis import Analysis
from rackbom.racks.bom import Bom
from rackbom.racks.build import BuiltDesign, build_design
from rackbom.racks.library import load_design_spec, parse_design
from rackbom.racks.summary import DesignSummary
from rackbom.racks.variants import variant_spec
from rackbom.variant_ids import split_variant

if TYPE_CHECKING:
    from rackbom.cluster_model import Cluster
    from rackbom.components.tco import TcoProfile
    from rackbom.layouts.svg import Elevation
    from rackbom.racks.costs.tco import TcoResult


class Design:
    """A rack or pod design, loaded, checked and analysed."""

    def __init__(self, built: BuiltDesign) -> None:
        self.built = built
        self.analysis = Analysis(built)

    @property
    def id(self) -> str:
        """The design id (`helios`, or `helios+switch=...` for a variant)."""
        return self.built.spec.id

    @property
    def name(self) -> str:
        """The design's display name."""
        return self.built.spec.name

    @property
    def bom(self) -> Bom:
        """The priced bill of materials."""
        return self.analysis.bom

    @property
    def summary(self) -> DesignSummary:
        """The key figures, typed: `design.summary.switch_ports_unused`."""
        return self.analysis.summary

    def tco(self, profile: TcoProfile | str | Path | None = None) -> TcoResult:
        """The cost of ownership under a TCO profile (id, file or object; default `default`)."""
        from rackbom.costs import tco

        return tco(self, profile)

    def to_dict(self, tco_profile: TcoProfile | str | Path | None = None) -> dict[str, Any]:
        """The summary and its TCO as JSON-ready data: what `rackbom show --json` prints."""
        from rackbom.exports.tco_json import design_data

        return design_data(self.analysis, tco_profile)

    def to_json(self) -> str:
        """The summary as indented JSON text."""
        return json_text(self.to_dict())

    def to_xlsx(self, path: str | Path) -> Path:
        """Write this design's BOM workbook (atomically); returns the path."""
        from rackbom.exports.workbook import write_workbook  # openpyxl loads only when needed

        return write_workbook([self.analysis], path)

    def elevation(self, face: str = "front", width: float | None = None) -> Elevation:
        """The rack elevation drawing (`front` or `rear`); `width` in pixels, else to scale."""
        from rackbom.layouts.svg import Elevation  # svgwrite loads only when drawing

        return Elevation(self.analysis, face=face, width_px=width)

    def _repr_svg_(self) -> str:
        return self.elevation().to_string()

    def _repr_html_(self) -> str:
        """Jupyter's display: the elevation (a pod's racks one per row) above the key figures."""
        from rackbom.exports.html_page import design_card, warnings_list
        from rackbom.layouts.svg import Elevation

        drawing = Elevation(self.analysis, racks_per_row=1).to_string()
        heading = f"<h4>{html.escape(self.name)}</h4>" + warnings_list(self.summary.warnings)
        return heading + design_card(self.summary, drawing)

    def with_(self, **changes: Any) -> Design:
        """A what-if copy, re-validated: `with_(switch="switch-86t-200g", gpus_per_tray=2)`.

        Options: `switch` (switch chip of every switch tray), `gpu`, `cpu`, `nic` (scale-out NIC)
        of every compute tray, `gpus_per_tray`, and `switch_margin` (the switch trays' integration
        margin, e.g. 0.82 for the 45% gross margin some analysts assume).
        """
        base = self.built.base_catalogue
        spec = variant_spec(self.built.spec, base, **changes)
        return Design(build_design(spec, base, self.built.file))

    def renamed(self, new_id: str) -> Design:
        """The same design under another id, its file named beside its name."""
        spec = self.built.spec
        where = Path(self.built.file).name if self.built.file else new_id
        renamed = spec.model_copy(update={"id": new_id, "name": f"{spec.name} [{where}]"})
        built = self.built
        return Design(build_design(renamed, built.base_catalogue, built.file))

    def __repr__(self) -> str:
        s = self.summary
        return (
            f"<Design {self.id}: {s.gpus} GPUs, world size {s.world_size}, "
            f"{s.power_all_in_w / 1000:,.1f} kW, ${s.bom_usd:,.0f}>"
        )


def load(
    id_or_path: str | Path,
    catalogue: Catalogue | None = None,
    *,
    catalogue_files: tuple[str | Path, ...] = (),
) -> Design:
    """Load a built-in design by id or a design YAML file by path.

    A variant id (`helios+switch_margin=0.82`) loads the design and applies `with_` options.
    `catalogue_files` adds user catalogue files to the built-in catalogue.
    """
    if catalogue is None:
        catalogue = load_catalogue(*catalogue_files) if catalogue_files else builtin_catalogue()
    variant = split_variant(str(id_or_path))
    if variant is not None:
        base, changes = variant
        return load(base, catalogue).with_(**changes)
    spec, file = load_design_spec(id_or_path)
    return Design(build_design(spec, catalogue, file))


def load_target(id_or_path: str | Path, catalogue: Catalogue | None = None) -> Design | Cluster:
    """A built-in design or cluster by id, or a YAML file holding either, read once."""
    from rackbom.racks.clusters.library import builtin_cluster_ids, is_cluster_file, parse_cluster

    catalogue = catalogue or builtin_catalogue()
    text = str(id_or_path)
    if text in builtin_cluster_ids():
        from .cluster_model import load_cluster  # the cluster layer loads only for clusters

        return load_cluster(text, catalogue)
    path = Path(text)
    if path.suffix.lower() not in (".yaml", ".yml") or not path.is_file():
        return load(text, catalogue)
    raw = read_yaml_file(path)
    if is_cluster_file(raw):
        from .cluster_model import build_cluster

        return build_cluster(parse_cluster(raw, text), text, catalogue)
    return Design(build_design(parse_design(raw, text), catalogue, text))


def load_all(
    items: Iterable[Design | str | Path], catalogue: Catalogue | None = None
) -> list[Design]:
    """Designs (objects, built-in ids or paths), told apart where two share an id.

    A design whose id another one already has is renamed `id@file-stem` (built-in designs keep
    their ids), so every table column, file name and sheet says which one it is.
    """
    designs = [d if isinstance(d, Design) else load(d, catalogue) for d in items]
    return distinct(designs)


def distinct(designs: list[Design]) -> list[Design]:
    """The designs, with a repeated id renamed after its file: `helios@my-helios`."""
    taken: set[str] = set()
    out = []
    for design in designs:
        new_id = design.id
        if new_id in taken:
            stem = Path(design.built.file or "variant").stem.lower()
            base = f"{design.id}@{re.sub(r'[^a-z0-9_.=-]+', '-', stem).strip('-') or 'file'}"
            new_id, n = base, 2
            while new_id in taken:
                new_id, n = f"{base}-{n}", n + 1
            design = design.renamed(new_id)
        taken.add(new_id)
        out.append(design)
    return out
