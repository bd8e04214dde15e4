"""The Design object users hold: a checked design, its analysis, and its outputs."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rackbom.components.errors import InputError
from rackbom.racks.analysis import Analysis
from rackbom.racks.bom_lines import Bom
from rackbom.racks.build import BuiltDesign, build_design
from rackbom.racks.origin import Builtin, Made, Origin
from rackbom.racks.summary import DesignSummary
from rackbom.racks.variants import variant_spec

from .system import System

if TYPE_CHECKING:
    from rackbom.components.catalogue import Catalogue
    from rackbom.layouts.elevation import Elevation
    from rackbom.racks.cabling.cable_list import CableList
    from rackbom.racks.cabling.scope import Scope
    from rackbom.racks.cost_basis import CostBasis
    from rackbom.racks.dcim.dcim_model import DcimPlan
    from rackbom.racks.dcim.vocabulary import Vocabulary
    from rackbom.racks.uncertainty.compare import Side


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

    def text(self) -> str:
        """Its racks' blocks: trays, ports, bandwidth, power, space, BOM."""
        from rackbom.exports.text.design_text import render_design

        return render_design(self.analysis)

    def fabric_options(self, as_json: bool) -> str:
        """A design sizes no fabric."""
        raise InputError(None, "--fabrics", "fabric options are a cluster's; this is a design")

    def cable_list(self) -> CableList:
        """Its racks' management cables."""
        from rackbom.racks.cabling.cable_list import CableList

        return CableList.of_design(self.analysis)

    def dcim_plan(self, vocab: Vocabulary, scope: Scope | None = None) -> DcimPlan:
        """Its device types and racks (a design takes no scope)."""
        from rackbom.racks.dcim.dcim_plan import design_plan

        if scope is not None:
            from rackbom.racks.cabling.scope import design_scoped

            raise design_scoped(self.id)
        return design_plan(self.analysis, vocab)

    def own_entries(self) -> frozenset[str]:
        """The ids of the parts and trays its file's own `catalogue:` section adds."""
        own = self.built.spec.catalogue
        return frozenset() if own is None else frozenset(e.id for e in (*own.parts, *own.trays))

    def bom_ids(self) -> frozenset[str]:
        """The ids of the parts and trays its BOM lists."""
        lines = self.bom.lines
        return frozenset(i for line in lines for i in (line.part_id, line.tray_id) if i)

    def reanalysed(self, catalogue: Catalogue) -> Design:
        """The design re-analysed against `catalogue`, a catalogue its own entries are merged
        into."""
        built = self.built
        spec = built.spec.model_copy(update={"catalogue": None})
        return Design(build_design(spec, catalogue, built.file))

    def uncertainty_side(self) -> Side:
        """Its racks' cost basis, re-analysed as they are."""
        from rackbom.racks.uncertainty.compare import Side
        from rackbom.racks.uncertainty.inputs import catalogue_inputs

        catalogue = self.built.catalogue
        own = catalogue_inputs(catalogue, self.own_entries(), self.id)

        def basis(changed: Catalogue) -> CostBasis:
            return self.reanalysed(changed).cost_basis()

        return Side(self.cost_basis(), basis, self.bom_ids(), catalogue, tuple(own))

    def tables(self) -> tuple[tuple[Design], tuple[()]]:
        """Itself in the designs' table."""
        return (self,), ()

    def plant_subtitle(self) -> str:
        """Its GPUs and racks, standing in one row."""
        s = self.summary
        return f"{s.gpus:,} GPUs in {s.racks} rack(s), standing in one row"

    def to_xlsx(self, path: str | Path) -> Path:
        """Write this design's BOM workbook (atomically); returns the path."""
        from rackbom.exports.workbook import write_workbook  # openpyxl loads only when needed

        return write_workbook([self.report()], path)

    def elevation(self, face: str = "front", width: float | None = None) -> Elevation:
        """The rack elevation drawing (`front` or `rear`); `width` in pixels, else to scale."""
        from rackbom.layouts.elevation import Elevation  # svgwrite loads only when drawing

        return Elevation(self.analysis, face=face, width_px=width)

    def drawing(
        self, view: str | None, face: str, width: float | None, scope: Scope | None = None
    ) -> Elevation:
        """The elevation from `face`; a design has no other view, and no scope."""
        if scope is not None:
            from rackbom.racks.cabling.scope import design_scoped

            raise design_scoped(self.id)
        if view is not None:
            why = f"{self.id} is a design: --view {view} is for clusters; a design's drawing is "
            raise InputError(None, "--view", why + "its elevation (--face front or rear)")
        return self.elevation(face=face, width=width)

    def _repr_svg_(self) -> str:
        return self.elevation().to_string()

    def _repr_html_(self) -> str:
        """Jupyter's display: the elevation (a pod's racks one per row) above the key figures."""
        import html

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
