"""A system: a design or a cluster, behind the one interface every command and output takes."""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from rackbom.components.cost_inputs import TcoProfile
    from rackbom.components.plant_library import PlantRules
    from rackbom.layouts.document import SvgDocument
    from rackbom.layouts.plant_svg import PlantDrawing
    from rackbom.racks.cabling.cable_list import CableList
    from rackbom.racks.cabling.scope import Scope
    from rackbom.racks.cost_basis import CostBasis
    from rackbom.racks.costs.results import TcoResult
    from rackbom.racks.dcim.dcim_model import DcimPlan
    from rackbom.racks.dcim.vocabulary import Vocabulary
    from rackbom.racks.origin import Kind, Origin
    from rackbom.racks.plant.plan import PlantSummary
    from rackbom.racks.report.system_report import SystemReport
    from rackbom.racks.system_model import SystemModel
    from rackbom.racks.uncertainty.compare import Side


class System(ABC):
    """What designs and clusters have alike: an id, where it came from, typed figures, a cost
    basis, cost of ownership and the published JSON."""

    kind: ClassVar[Kind]
    """`design` or `cluster`."""
    origin: Origin
    """Built-in, a file, or made in Python."""

    @property
    @abstractmethod
    def analysis(self) -> SystemModel:
        """The analysed design or cluster that outputs take."""

    @property
    @abstractmethod
    def id(self) -> str:
        """The id tables, files and sheets are named after."""

    @property
    @abstractmethod
    def name(self) -> str:
        """The display name."""

    @property
    @abstractmethod
    def summary(self) -> Any:
        """The key figures, typed (a `DesignSummary` or a `ClusterSummary`)."""

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the analysis found wrong or doubtful."""
        found: tuple[str, ...] = self.summary.warnings
        return found

    def cost_basis(self) -> CostBasis:
        """Capital by class, input power and output: what the cost of ownership divides."""
        return self.analysis.cost_basis()

    @abstractmethod
    def text(self) -> str:
        """Its own blocks of `rackbom show`: a design's racks, or a cluster's fabric and floor."""

    @abstractmethod
    def fabric_options(self, as_json: bool) -> str:
        """A cluster's feasible fabrics side by side, as JSON text or a table ending in a newline
        (`show --fabrics`); a design has none, an InputError."""

    @abstractmethod
    def cable_list(self) -> CableList:
        """The cable run list: iterate it for `CableRow`s, `.counts` for cables by part."""

    @abstractmethod
    def dcim_plan(self, vocab: Vocabulary, scope: Scope | None = None) -> DcimPlan:
        """Device types, manufacturers and racks for NetBox or Nautobot; a cluster's racks in
        `scope` only (a design refuses a scope)."""

    @abstractmethod
    def uncertainty_side(self) -> Side:
        """Its cost basis, how to re-analyse it against another catalogue (a cluster's fabric
        fixed at its base case's choice), the ids its BOM lists and the ranged figures of the
        catalogue its design was built against, the design's own entries among them."""

    @abstractmethod
    def tables(self) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """Itself in the designs' table (a `Design`) or in the clusters' (a `Cluster`), the
        other empty: for outputs that tabulate the two apart (`resolve.by_kind`)."""

    @abstractmethod
    def plant_subtitle(self) -> str:
        """What the plant drawing shows, under its title."""

    @abstractmethod
    def drawing(
        self, view: str | None, face: str, width: float | None, scope: Scope | None = None
    ) -> SvgDocument:
        """The drawing `rackbom svg` writes: `view` and `face` as the kind offers them, `width`
        in pixels (None: to scale), `scope` the part of a cluster to draw. A view, face or
        scope the kind lacks is an InputError."""

    @abstractmethod
    def with_(self, **changes: Any) -> System:
        """A what-if copy, re-validated, its id its base's and its options (`id+option=value`);
        each kind says which options it takes."""

    @abstractmethod
    def renamed(self, new_id: str) -> System:
        """The same system under another id (to tell two apart that share one)."""

    def tco(self, tco_profile: TcoProfile | str | Path | None = None) -> TcoResult:
        """The cost of ownership under a TCO profile (id, file or object; default `default`)."""
        from rackbom.components.tco_library import profile  # costs load when asked for
        from rackbom.racks.costs.ownership import tco

        return tco(self.cost_basis(), profile(tco_profile))

    def plant(
        self,
        plant_profile: PlantRules | str | Path | None = None,
        tco_profile: TcoProfile | str | Path | None = None,
    ) -> PlantSummary:
        """Feeds, cooling, floor load and failure domains under a plant profile (id or file), at
        the PUE of the TCO profile's site (default `default`)."""
        from rackbom.components.tco_library import site_pue
        from rackbom.racks.plant.plan import system_plant

        return system_plant(self.analysis, plant_profile, site_pue(tco_profile))

    def power_and_cooling(
        self,
        plant_profile: PlantRules | str | Path | None = None,
        tco_profile: TcoProfile | str | Path | None = None,
    ) -> PlantDrawing:
        """The drawing of the feeds and CDUs per row (a design's racks stand in one row)."""
        return self.plant_drawing(self.plant(plant_profile, tco_profile))

    def plant_drawing(self, plant: PlantSummary) -> PlantDrawing:
        """The drawing of this system's plant (from `plant()` or its report's)."""
        from rackbom.layouts.plant_svg import PlantDrawing

        return PlantDrawing(plant, self.name, self.plant_subtitle())

    def report(
        self,
        tco: TcoProfile | str | Path | None = None,
        plant: PlantRules | str | Path | None = None,
    ) -> SystemReport:
        """Every figure the outputs print under a TCO profile and a plant profile (ids, files or
        objects; default `default`), each worked out once, when first read."""
        from rackbom.components.plant_library import plant_rules
        from rackbom.components.tco_library import profile
        from rackbom.racks.report.system_report import system_report

        return system_report(self.analysis, profile(tco), plant_rules(plant))

    def to_dict(
        self,
        tco_profile: TcoProfile | str | Path | None = None,
        plant_profile: PlantRules | str | Path | None = None,
    ) -> dict[str, Any]:
        """The summary, its TCO, its plant, its collectives and its goodput as JSON-ready data: what
        `rackbom show --json` prints."""
        from rackbom.exports.json.tco_json import report_data

        return report_data(self.report(tco_profile, plant_profile))

    def to_json(self) -> str:
        """The summary and its TCO as indented JSON text."""
        from rackbom.exports.json.summary_json import json_text

        return json_text(self.to_dict())
