"""The Design object users hold: a checked design, its analysis, and its outputs."""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rackbom.components.errors import InputError
from rackbom.racks.analysis import Analysis
from rackbom.racks.bom_lines import Bom
from rackbom.racks.build import BuiltDesign, build_design
from rackbom.racks.costs.basis import CostBasis, design_basis
from rackbom.racks.origin import Builtin, Made, Origin
from rackbom.racks.summary import DesignSummary
from rackbom.racks.variants import variant_spec

from .system import System

if TYPE_CHECKING:
    from rackbom.layouts.elevation import Elevation


class Design(System):
    """A rack or pod design, loaded, checked and analysed."""

    kind = "design"

    def __init__(
        self, built: BuiltDesign, origin: Origin | None = None, analysis: Analysis | None = None
    ) -> None:
        self.built = built
        self.origin = origin or Made(built.spec.id)
        self._analysis = analysis

    @property
    def analysis(self) -> Analysis:
        """The design analysed, on first use (or as given, for a built-in analysed once per
        process): a variant's base is never analysed for nothing."""
        if self._analysis is None:
            self._analysis = Analysis(self.built)
        return self._analysis

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

    def cost_basis(self) -> CostBasis:
        """The racks alone: a bare design buys no scale-out network."""
        return design_basis(self.analysis)

    def to_xlsx(self, path: str | Path) -> Path:
        """Write this design's BOM workbook (atomically); returns the path."""
        from rackbom.exports.workbook import write_workbook  # openpyxl loads only when needed

        return write_workbook([self.report()], path)

    def elevation(self, face: str = "front", width: float | None = None) -> Elevation:
        """The rack elevation drawing (`front` or `rear`); `width` in pixels, else to scale."""
        from rackbom.layouts.elevation import Elevation  # svgwrite loads only when drawing

        return Elevation(self.analysis, face=face, width_px=width)

    def drawing(
        self, view: str | None, face: str, width: float | None, hall: str | None = None
    ) -> Elevation:
        """The elevation from `face`; a design has no other view, and no halls."""
        if hall is not None:
            raise InputError(None, "--hall", f"{self.id} is a design: it stands in no hall")
        if view is not None:
            why = f"{self.id} is a design: --view {view} is for clusters; a design's drawing is "
            raise InputError(None, "--view", why + "its elevation (--face front or rear)")
        return self.elevation(face=face, width=width)

    def _repr_svg_(self) -> str:
        return self.elevation().to_string()

    def _repr_html_(self) -> str:
        """Jupyter's display: the elevation (a pod's racks one per row) above the key figures."""
        from rackbom.exports.html.page import design_card, warnings_list
        from rackbom.layouts.elevation import Elevation

        drawing = Elevation(self.analysis, racks_per_row=1).to_string()
        heading = f"<h4>{html.escape(self.name)}</h4>" + warnings_list(self.summary.warnings)
        return heading + design_card(self.summary, drawing)

    def with_(self, **changes: Any) -> Design:
        """A what-if copy, re-validated: `with_(switch="switch-86t-200g", gpus_per_tray=2)`.

        Options: `switch` (switch chip of every switch tray), `gpu`, `cpu`, `nic` (scale-out NIC)
        of every compute tray, `gpus_per_tray`, `nics` and `switch_margin` (the switch trays'
        integration margin, e.g. 0.82 for the 45% gross margin some analysts assume).

        A what-if changes only what it names and keeps the rest: `gpus_per_tray=2` keeps every
        tray, switch tray, fabric link, CPU and scale-out NIC, so each GPU gets twice the
        scale-out bandwidth and switch ports go unused. `gpus_per_tray=2, nics="per_gpu"` scales
        the scale-out NICs with the GPUs instead, keeping each GPU's scale-out bandwidth.
        """
        base = self.built.base_catalogue
        spec = variant_spec(self.built.spec, base, **changes)
        variant = Design(build_design(spec, base, self.built.file), Made(spec.id))
        _ = variant.analysis  # a variant that cannot be analysed is refused here
        return variant

    def renamed(self, new_id: str) -> Design:
        """The same design under another id, its file named beside its name."""
        spec = self.built.spec
        file = None if isinstance(self.origin, Builtin) else self.built.file
        where = Path(file).name if file else new_id
        renamed = spec.model_copy(update={"id": new_id, "name": f"{spec.name} [{where}]"})
        built = self.built
        return Design(build_design(renamed, built.base_catalogue, built.file), self.origin)

    def __repr__(self) -> str:
        s = self.summary
        return (
            f"<Design {self.id}: {s.gpus} GPUs, world size {s.world_size}, "
            f"{s.power_all_in_w / 1000:,.1f} kW, ${s.bom_usd:,.0f}>"
        )
