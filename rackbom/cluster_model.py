"""The Cluster object users hold: a design times a count, its scale-out fabric and floor."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from rackbom.components.catalogue import Catalogue, builtin_catalogue
from rackbom.components.yamlio import validate_model
from rackbom.exports.json_summary import json_text
from rackbom.racks.clusters import (
    ClusterAnalysis,
    ClusterSpec,
    ClusterSummary,
    load_cluster_spec,
)
from rackbom.racks.clusters.library import design_reference
from rackbom.racks.library import load_design

from .design import Design

if TYPE_CHECKING:
    from rackbom.components.tco import TcoProfile
    from rackbom.racks.costs.tco import TcoResult


class Cluster:
    """A cluster, loaded, checked and analysed (the design's racks analysed once)."""

    def __init__(self, spec: ClusterSpec, file: str | None, design: Design) -> None:
        self.spec = spec
        self.file = file
        self.design = design
        self.analysis = ClusterAnalysis(spec, file, design.analysis)

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

    def tco(self, profile: TcoProfile | str | Path | None = None) -> TcoResult:
        """The cost of ownership under a TCO profile (id, file or object; default `default`)."""
        from rackbom.costs import tco

        return tco(self, profile)

    def to_dict(self, tco_profile: TcoProfile | str | Path | None = None) -> dict[str, Any]:
        """The summary and its TCO as JSON-ready data: what `rackbom show --json` prints."""
        from rackbom.exports.tco_json import cluster_data

        return cluster_data(self.analysis, tco_profile)

    def to_json(self) -> str:
        """The summary as indented JSON text."""
        return json_text(self.to_dict())

    def floor_plan(self) -> Any:
        """The floor plan drawing: rows of racks from above, network racks, link bundles."""
        from rackbom.layouts.cluster_svg import FloorPlan

        return FloorPlan(self.summary, self.analysis.floor)

    def fabric_diagram(self) -> Any:
        """The fabric drawing: tiers as rows of switches with counts, one rail drawn."""
        from rackbom.layouts.cluster_svg import FabricDiagram

        return FabricDiagram(self.summary)

    def hall_elevation(self, racks_per_row: int = 16, width: float | None = None) -> Any:
        """The racks from the front, in rows: one drawing of the design reused per copy."""
        from rackbom.layouts.hall_svg import HallElevation

        return HallElevation(
            self.design.analysis, self.summary.design_copies, self.name, racks_per_row, width
        )

    def _repr_svg_(self) -> str:
        return self.floor_plan().to_string()

    def with_(self, **changes: Any) -> Cluster:
        """A what-if copy, re-validated: `with_(profile="whitebox-th6", gpus=32_768)`.

        Options: `design`, `racks`, `pods` or `gpus` (the size), `fabric`, `profile`, `floor`
        (mappings replace only the keys they give), `id`, `name`.
        """
        data = self.spec.model_dump(exclude_unset=True)
        sizes = {k: changes.pop(k) for k in ("racks", "pods", "gpus") if k in changes}
        if sizes:
            data["size"] = sizes
        for key in ("fabric", "floor"):
            if isinstance(changes.get(key), dict):
                changes[key] = {**data.get(key, {}), **changes[key]}
        data.update(changes)
        spec = validate_model(ClusterSpec, data, self.file or self.id)
        design = self.design if spec.design == self.spec.design else None
        return build_cluster(spec, self.file, self.design.built.base_catalogue, design)

    def __repr__(self) -> str:
        s = self.summary
        return (
            f"<Cluster {self.id}: {s.gpus:,} GPUs in {s.racks:,} racks, {s.switches:,} switches, "
            f"${s.capex_usd_per_gpu.total_usd:,.0f} per GPU>"
        )


def build_cluster(
    spec: ClusterSpec, file: str | None, catalogue: Catalogue, design: Design | None = None
) -> Cluster:
    if design is None:
        design = Design(load_design(design_reference(spec, file), catalogue))
    return Cluster(spec, file, design)


def load_cluster(id_or_path: str | Path, catalogue: Catalogue | None = None) -> Cluster:
    """Load a built-in cluster by id or a cluster YAML file by path."""
    spec, file = load_cluster_spec(id_or_path)
    return build_cluster(spec, file, catalogue or builtin_catalogue())


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
    loaded = design if isinstance(design, Design) else None
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
    return build_cluster(spec, None, catalogue, loaded)
