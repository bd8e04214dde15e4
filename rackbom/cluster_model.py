"""The Cluster object users hold: a design times a count, its scale-out fabric and floor."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rackbom.components.catalogue import Catalogue, builtin_catalogue
from rackbom.components.errors import InputError
from rackbom.components.outputs import counted
from rackbom.components.yamlio import validate_model
from rackbom.racks.cabling.places import copy_floor, floor_index, hall_name
from rackbom.racks.cabling.scope import OPTION, FloorScope, Scope, bind_scope, parse_scope
from rackbom.racks.clusters import (
    ClusterAnalysis,
    ClusterSpec,
    ClusterSummary,
    load_cluster_spec,
)
from rackbom.racks.clusters.cluster_library import design_reference
from rackbom.racks.clusters.cluster_variants import cluster_options, variant_cluster
from rackbom.racks.library import load_design
from rackbom.racks.locate import Variant, locate
from rackbom.racks.origin import Builtin, Made, Origin

from .design import Design
from .system import System

if TYPE_CHECKING:
    from rackbom.racks.cabling.cable_list import CableList
    from rackbom.racks.cost_basis import CostBasis
    from rackbom.racks.dcim.dcim_model import DcimPlan
    from rackbom.racks.dcim.vocabulary import Vocabulary
    from rackbom.racks.uncertainty.compare import Side


class Cluster(System):
    """A cluster, loaded, checked and analysed (the design's racks analysed once)."""

    kind = "cluster"

    def __init__(
        self,
        spec: ClusterSpec,
        origin: Origin,
        design: Design,
        analysis: ClusterAnalysis | None = None,
    ) -> None:
        self.spec = spec
        self.origin = origin
        self.design = design
        self.variant_of: tuple[Cluster, dict[str, Any]] | None = None
        """For a variant, its base cluster and the options it changes."""
        self._analysis = analysis

    @property
    def analysis(self) -> ClusterAnalysis:
        """The cluster analysed, on first use (or as given, for a built-in analysed once per
        process): its fabric, floor and figures."""
        if self._analysis is None:
            self._analysis = ClusterAnalysis(self.spec, self.origin.where, self.design.analysis)
        return self._analysis

    @property
    def id(self) -> str:
        """The cluster id."""
        return self.spec.id

    @property
    def name(self) -> str:
        """The cluster's display name."""
        return self.spec.name

    @property
    def summary(self) -> ClusterSummary:
        """The key figures, typed: `cluster.summary.capex_usd_per_gpu.scale_out_usd`."""
        return self.analysis.summary

    def text(self) -> str:
        """Its blocks: size, fabric, floor, network BOM."""
        from rackbom.exports.text.cluster_text import render_cluster

        return render_cluster(self.analysis)

    def fabric_options(self, as_json: bool) -> str:
        """Its feasible fabrics, the chosen one marked."""
        if as_json:
            from rackbom.exports.json.summary_json import json_text, summary_data

            options = summary_data(self.summary)["fabric_options"]
            return json_text({"cluster": self.analysis.id, "fabric_options": options})
        from rackbom.exports.text.cluster_text import render_fabric_options

        return render_fabric_options(self.analysis) + "\n"

    def cable_list(self) -> CableList:
        """Its management cables and its fabric's links."""
        from rackbom.racks.cabling.cable_list import CableList

        return CableList.of_cluster(self.analysis)

    def dcim_plan(self, vocab: Vocabulary, scope: Scope | None = None) -> DcimPlan:
        """Its design's device types, its switches, and its halls' racks (those in `scope`)."""
        from rackbom.racks.cabling.runlist import RunList
        from rackbom.racks.dcim.dcim_plan import cluster_plan

        cluster = self.analysis
        run = RunList(cluster)
        bound = None if scope is None else bind_scope(scope, cluster, lambda: run.network_racks)
        return cluster_plan(cluster, vocab, bound, run)

    def uncertainty_side(self) -> Side:
        """Its cost basis, re-analysed with its fabric pinned at its base case's choice (planes,
        speed, tiers); its BOM lists its design's ids and its network's parts."""
        from rackbom.racks.uncertainty.compare import Side
        from rackbom.racks.uncertainty.inputs import catalogue_inputs

        design = self.design
        catalogue = design.built.catalogue
        own = catalogue_inputs(catalogue, design.own_entries(), design.id)
        s = self.summary
        pinned = self.with_(
            fabric={"planes": s.planes, "plane_gbps": s.plane_gbps, "tiers": s.fabric_tiers}
        )

        def basis(changed: Catalogue) -> CostBasis:
            again = design.reanalysed(changed)
            return build_cluster(pinned.spec, self.origin, changed, again).cost_basis()

        network = frozenset(line.part for line in s.network_bom)
        entries = design.bom_ids() | network
        return Side(self.cost_basis(), basis, entries, catalogue, tuple(own))

    def tables(self) -> tuple[tuple[()], tuple[Cluster]]:
        """Itself in the clusters' table."""
        return (), (self,)

    def plant_subtitle(self) -> str:
        """Its GPUs and racks in the floor's rows."""
        s = self.summary
        return f"{s.gpus:,} GPUs in {s.racks:,} racks of {s.design} in {s.floor.rows} rows"

    def renamed(self, new_id: str) -> Cluster:
        """The same cluster under another id, its origin named beside its name."""
        where = Path(self.origin.where).name
        spec = self.spec.model_copy(update={"id": new_id, "name": f"{self.name} [{where}]"})
        return Cluster(spec, self.origin, self.design)

    def floor_plan(self, scope: Scope | str | None = None) -> Any:
        """The floor plan drawing: rows of racks from above, network racks, link bundles; over
        several buildings, the campus: buildings with their halls. A `scope` of a building or
        hall draws its halls' rows (the core whole)."""
        from rackbom.layouts.campus_svg import CampusPlan
        from rackbom.layouts.cluster_svg import FloorPlan

        floor, campus = self.analysis.floor, self.summary.campus
        if scope is None:
            if floor.campus is not None and campus is not None:
                return CampusPlan(self.summary, floor, floor.campus, campus)
            return FloorPlan(self.summary, floor)
        bound = self.bound_scope(scope)
        if bound.scope.level not in ("building", "hall"):
            why = "the floor plan is scoped to a building or hall (--view racks draws rows, racks)"
            raise InputError(None, OPTION, why)
        rows = bound.floor_rows(self.analysis)
        if not rows:
            raise InputError(None, OPTION, f"{bound.scope} holds no rows of compute racks")
        return FloorPlan(self.summary, floor, rows, str(bound.scope))

    def fabric_diagram(self) -> Any:
        """The fabric drawing: tiers as rows of switches with counts, one rail drawn."""
        from rackbom.layouts.cluster_svg import FabricDiagram

        return FabricDiagram(self.summary)

    def bound_scope(self, scope: Scope | str) -> FloorScope:
        """A scope (`hall=hall02`, or a parsed `Scope`) on this cluster's floor, its names
        checked."""
        from rackbom.racks.cabling.runlist import RunList

        parsed = parse_scope([scope]) if isinstance(scope, str) else scope
        if parsed is None:  # parse_scope gives None for no values only
            raise InputError(None, OPTION, "give LEVEL=NAME")
        return bind_scope(parsed, self.analysis, lambda: RunList(self.analysis).network_racks)

    def hall_elevation(
        self,
        racks_per_row: int = 16,
        width: float | None = None,
        face: str = "front",
        scope: Scope | str | None = None,
    ) -> Any:
        """The racks from the front (or rear), in rows: one drawing of the design per copy, or
        of each floor rack of packed servers as it stands; a cluster of several halls is drawn
        one hall at a time, or any `scope` within one hall (`hall=hall02`, `row=row04`,
        `rack=NAME`; a copy of a design of several racks with a rack in scope is drawn
        whole)."""
        from rackbom.layouts.hall_svg import HallElevation

        copies, title = self._scoped_copies(scope)
        packing = self.analysis.packing
        if not self.analysis.in_floor_racks:
            return HallElevation(self.design.analysis, copies, title, racks_per_row, width, face)
        units = list(dict.fromkeys(packing.unit_of(c) for c in copies))  # floor racks, in order
        analysis = self.design.analysis
        stand = self.analysis.standing
        return HallElevation(analysis, units, title, racks_per_row, width, face, stand)

    def _scoped_copies(self, scope: Scope | str | None) -> tuple[Sequence[int], str]:
        """The copies drawn (from 0) and the title: all, or a scope's within one hall."""
        halls = self.analysis.floor.halls
        if scope is None and halls == 1:
            return range(self.summary.design_copies), self.name
        if scope is None:
            raise InputError(
                None,
                OPTION,
                f"{self.id} stands in {halls} halls; its racks are drawn one hall at a time "
                f"(--scope hall={hall_name(0)} to hall={hall_name(halls - 1)})",
            )
        bound = self.bound_scope(scope)
        if not bound.copies:
            why = f"{bound.scope} holds no compute racks (the elevation draws the design's racks)"
            raise InputError(None, OPTION, why)
        index = floor_index(self.analysis)
        spans = {hall for c in bound.copies for hall, _ in copy_floor(self.analysis, index, c)}
        if len(spans) > 1:
            raise InputError(
                None,
                OPTION,
                f"the racks in scope ({bound.scope}) stand in {len(spans)} halls; they are drawn "
                "one hall at a time "
                f"(--scope hall={min(spans)})",
            )
        return bound.copies, f"{self.name}, {bound.scope}"

    def drawing(
        self, view: str | None, face: str, width: float | None, scope: Scope | None = None
    ) -> Any:
        """The floor plan (default), the fabric diagram, or the racks from the front or rear;
        `face` and `width` apply to the racks only, `scope` to the racks and the floor plan."""
        if view == "racks":
            return self.hall_elevation(width=width, face=face, scope=scope)
        for option, given in (
            ("--face", face != "front"),
            ("--width", width is not None),
            (OPTION, scope is not None and view == "fabric"),
        ):
            if given:
                why = f"applies to --view racks, not --view {view or 'floor'}"
                raise InputError(None, option, why)
        return self.fabric_diagram() if view == "fabric" else self.floor_plan(scope)

    def _repr_svg_(self) -> str:
        return self.floor_plan().to_string()

    def with_(self, **changes: Any) -> Cluster:
        """A what-if copy, re-validated, named after its options: `with_(gpus=32_768)` is
        `helios-16k+gpus=32768`.

        Options: the size (`racks`, `pods` or `gpus`), `design`, `profile`, the fabric's fields
        (`topology`, `tiers`, `planes`, `plane_gbps`, `oversubscription`; `fabric="auto"` to
        choose them all), the floor's fields (`racks_per_row`, `hall_racks`, ...) and the
        design's variant options (`switch_margin`, `gpu`, `gpus_per_tray`, ...), passed through
        to the design. A `fabric` or `floor` mapping gives several fields at once. A variant of
        a variant adds to its options; it keeps its base's origin, where errors point.
        """
        base, given = self.variant_of or (self, {})
        options = cluster_options(given, changes)
        spec, design_options = variant_cluster(base.spec, base.origin.where, options)
        catalogue = base.design.built.base_catalogue
        design = base.design if spec.design == base.spec.design else None
        if design_options:
            design = (design or _design_of(spec, base.origin, catalogue)).with_(**design_options)
        variant = build_cluster(spec, base.origin, catalogue, design)
        variant.variant_of = (base, options) if options else None
        _ = variant.analysis  # a variant that cannot be analysed is refused here
        return variant

    def __repr__(self) -> str:
        s = self.summary
        return (
            f"<Cluster {self.id}: {counted(s.gpus, 'GPU')} in {counted(s.racks, 'rack')}, "
            f"{counted(s.switches, 'switch', 'switches')}, "
            f"${s.capex_usd_per_gpu.total_usd:,.0f} per GPU>"
        )


def build_cluster(
    spec: ClusterSpec, origin: Origin, catalogue: Catalogue, design: Design | None = None
) -> Cluster:
    """A cluster of `spec`, its design found as `origin` says (or the one given)."""
    return Cluster(spec, origin, design or _design_of(spec, origin, catalogue))


def _design_of(spec: ClusterSpec, origin: Origin, catalogue: Catalogue) -> Design:
    """The design a cluster file names, found as its origin says."""
    return Design(load_design(design_reference(spec, origin), catalogue))


def _builtin(catalogue: Catalogue | None) -> bool:
    """Whether systems are resolved against the built-in catalogue alone."""
    return catalogue is None or catalogue is builtin_catalogue()


def builtin_cluster_system(cluster: str) -> Cluster:
    """A built-in cluster, its analysis shared by every caller in the process."""
    from rackbom.racks.clusters.builtin_systems import builtin_cluster

    analysis = builtin_cluster(cluster)
    design = Design(analysis.rack.design, None, analysis.rack)
    return Cluster(analysis.spec, Builtin("cluster", cluster), design, analysis)


def load_cluster(id_or_path: str | Path, catalogue: Catalogue | None = None) -> Cluster:
    """Load a built-in cluster by id, a cluster YAML file by path, or a variant of either
    (`helios-16k+gpus=100000`), analysed (so refused here where it cannot be)."""
    located = locate(id_or_path)
    if isinstance(located, Variant):
        return load_cluster(located.base, catalogue).with_(**located.changes)
    if isinstance(located, Builtin) and located.kind == "cluster" and _builtin(catalogue):
        return builtin_cluster_system(located.id)
    spec, origin = load_cluster_spec(id_or_path)
    loaded = build_cluster(spec, origin, catalogue or builtin_catalogue())
    _ = loaded.analysis
    return loaded


def cluster(
    design: Design | str | Path,
    *,
    racks: int | None = None,
    pods: int | None = None,
    gpus: int | None = None,
    fabric: dict[str, Any] | None = None,
    profile: str,
    floor: dict[str, Any] | None = None,
    id: str | None = None,
    name: str | None = None,
) -> Cluster:
    """A cluster of a design: `cluster("helios", gpus=16_384, fabric={...}, profile="arista-th6")`.

    `fabric` defaults to a rail-optimised 3-tier fat tree at 1:1; `floor` to the default hall.
    """
    loaded = None if isinstance(design, str | Path) else design
    design_id = loaded.id if loaded is not None else str(design)
    size = {k: v for k, v in (("racks", racks), ("pods", pods), ("gpus", gpus)) if v is not None}
    raw: dict[str, Any] = {
        "id": id or f"{Path(design_id).stem}-cluster",
        "name": name or f"{design_id} cluster",
        "source": "assume-cluster-sizing",
        "design": design_id,
        "size": size,
        "fabric": fabric or {"topology": "rail_optimised", "tiers": 3},
        "profile": profile,
    }
    if floor is not None:
        raw["floor"] = floor
    spec = validate_model(ClusterSpec, raw, raw["id"])
    catalogue = loaded.built.base_catalogue if loaded is not None else builtin_catalogue()
    made = build_cluster(spec, Made(raw["id"]), catalogue, loaded)
    _ = made.analysis  # a cluster that cannot be analysed is refused here
    return made
