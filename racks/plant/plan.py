"""A system's plant: rack feeds, rows, hall, cooling, floor and failure domains in one result."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from ...components.plant_library import PlantRules, plant_rules
from ...components.records import record
from ...components.tco_library import site_pue
from ..memo import kept
from .failures import (
    DesignFailures,
    Failure,
    FailureDomain,
    Outcome,
    cdu_shed,
    design_failures,
)
from .feeds import Feed
from .hall import HallPlant, RowPlant, hall_plant, row_plant
from .rack import FloorLoad, RackPlant, stacked_plant, switch_load
from .redundancy import Redundancy, redundancy_of

if TYPE_CHECKING:
    from ..packing import Packing
    from ..system_model import SystemModel

Rules: TypeAlias = PlantRules | str | Path | None


@record
class PlantSummary:
    """What a design or cluster needs from the building, and what a single fault costs.

    Heat is taken at nominal power (the loop's thermal mass rides through transients); feeds,
    breakers and shelves are checked at peak.
    """

    profile: str
    redundancy: str
    """The feed scheme the profile asks for."""
    as_built: Redundancy
    """The feed and supply redundancy the parts and the failure model give."""
    continuous_load_fraction: float
    fluid: str
    delta_t_k: float
    power_nominal_w: float
    power_peak_w: float
    facility_peak_w: float
    feeds: tuple[Feed, ...]
    """Each design rack's feeds (one copy), each row's busways, and the hall supply if stated."""
    heat_liquid_w: float
    heat_air_w: float
    facility_water_w: float
    coolant_lpm: float
    cdus: int
    ups_modules: int
    generators: int
    floor_load_kg_m2: float
    """The heaviest rack's weight over its footprint."""
    point_load_kg: float
    floor_rating_kg_m2: float
    racks: tuple[RackPlant, ...]
    rows: tuple[RowPlant, ...]
    failure_domains: tuple[FailureDomain, ...]
    warnings: tuple[str, ...]

    def __repr__(self) -> str:  # the racks, rows and feeds run to thousands of entries
        return (
            f"<PlantSummary {self.profile}: {self.power_nominal_w / 1e3:,.1f} kW nominal, "
            f"{self.power_peak_w / 1e3:,.1f} kW peak, {_n(len(self.rows), 'row')}, "
            f"{_n(self.cdus, 'CDU')}, {self.coolant_lpm:,.0f} L/min, "
            f"{_n(len(self.failure_domains), 'failure domain')}, "
            f"{_n(len(self.warnings), 'warning')}>"
        )

    @property
    def feeds_over(self) -> int:
        """Feeds whose peak design load passes their continuous limit."""
        return sum(1 for f in self.feeds if f.over)

    @property
    def capacity_left_after_rack_pct(self) -> float | None:
        """Capacity left (GPUs in full-size domains) with one rack down."""
        return next(
            (d.capacity_left_pct for d in self.failure_domains if d.component == "rack"), None
        )


def _n(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'' if count == 1 else 's'}"


def system_plant(
    system: SystemModel, rules: Rules = None, pue: float | None = None
) -> PlantSummary:
    """The plant of a design or cluster at a site's PUE (the default profile's when None; pass
    the TCO profile's so that the plant and the TCO draw the same facility power): its copies of
    the design in its floor's rows, the scale-out network fed by the hall. Worked out once per
    system, profile and PUE."""
    loaded, site = plant_rules(rules), site_pue() if pue is None else pue
    for known_rules, known_pue, known in _plants(system):
        if known_rules is loaded and known_pue == site:
            return known
    plant = _plant(system, loaded, site)
    _plants(system).append((loaded, site, plant))
    return plant


@kept
def _plants(system: SystemModel) -> list[tuple[PlantRules, float, PlantSummary]]:
    """The plants of one system worked out so far: profile, PUE and plant."""
    return []


def _plant(system: SystemModel, loaded: PlantRules, site: float) -> PlantSummary:
    analysis = system.rack
    catalogue = analysis.design.catalogue
    model = design_failures(analysis, loaded)
    racks = model.racks
    per_copy = len(racks)
    rows: list[RowPlant] = []
    members: list[list[int]] = []
    start = 0
    floor = system.floor_rows
    switch, packing = system.floor_switch, system.packing
    switches = 0
    for number, count in enumerate(system.row_design_racks, 1):
        members.append(list(range(start, start + count)))
        row = [racks[i % per_copy] for i in members[-1]]
        if switch is not None and row:
            row = _with_switches(row, members[-1], packing, switch_load(row[0], switch))
            switches += len(row) - count
        rows.append(row_plant(f"row {number}", floor[number - 1], row, loaded, catalogue))
        start += count
    network_w = system.network_power_w - (0.0 if switch is None else switches * switch.power_w)
    hall = hall_plant(rows, network_w, site, loaded, catalogue)
    total = model.gpus * system.copies
    domains = _design_domains(model, system.copies, packing.per)
    cdu = _worst_cdu(model, rows, members, racks, total)
    if cdu is not None:
        domains.insert(2, cdu)
    fabric = system.fabric
    if fabric is not None:  # a bare design sizes none
        from .fabric_failures import fabric_failure_domains

        domains += fabric_failure_domains(fabric, system.copies, model)
    built = redundancy_of(loaded.profile.redundancy, model, racks)
    if system.in_floor_racks:  # a floor rack of servers, carrying them all
        frame_kg = analysis.design.racks[0].frame.weight_kg or 0.0
        racks = [stacked_plant(loaded, catalogue, racks[0], packing.per, frame_kg, switch)]
    loads = [FloorLoad(r.floor_load_kg_m2, r.point_load_kg, ()) for r in racks]
    return _summary(loaded, racks, loads, hall, domains, built)


def _with_switches(
    row: list[RackPlant], servers: list[int], packing: Packing, switch: RackPlant
) -> list[RackPlant]:
    """A row's servers (`servers`: their numbers, standing as `packing` says) with each floor
    rack's own management switch after its last server."""
    out = []
    for server, number in zip(row, servers, strict=True):
        out.append(server)
        if packing.tops(number):
            out.append(switch)
    return out


def _trays(model: DesignFailures, racks: list[int]) -> frozenset[str]:
    return frozenset(t for i in racks for t in model.rack_trays(i))


def _design_domains(model: DesignFailures, copies: int, per: int) -> list[FailureDomain]:
    """The classes inside one copy of the design, in a system of `copies` copies standing `per`
    to a floor rack: a feed or a rack lost takes every copy of its floor rack at once."""
    total = model.gpus * copies
    floor_racks = -(-copies // per)
    classes = [
        (
            "power shelf or PSU",
            sum(g.supplies for g in model.groups.values()) * copies,
            model.shelf_failures(),
            1,
        ),
        (
            "feed (one side of a rack)",
            2 * len(model.racks) * floor_racks,
            model.feed_failures(),
            per,
        ),
        ("scale-out NIC", _nics(model) * copies, model.nic_failures(), 1),
        (
            "scale-up switch tray",
            len(model.switch_trays()) * copies,
            model.switch_tray_failures(),
            1,
        ),
        ("rack", len(model.racks) * floor_racks, model.rack_failures(), per),
    ]
    out = []
    for name, count, failures, touched in classes:
        worst = model.worst(failures)
        if worst is not None:
            outcome = sum((worst for _ in range(touched - 1)), worst)
            out.append(_domain(name, count, outcome, total, ""))
    return out


def _nics(model: DesignFailures) -> int:
    return len({n for nics in model.gpu_nics.values() for n in nics})


def _domain(name: str, count: int, outcome: Outcome, total: int, detail: str) -> FailureDomain:
    """A failure class from the outcome on the copies it touched; other copies stay whole."""
    left = total - outcome.gpus_out_of_full_domains
    return FailureDomain(
        component=name,
        count=count,
        gpus_lost=outcome.gpus_lost,
        domains_degraded=outcome.domains_degraded,
        capacity_left_pct=100 * left / total if total else 0.0,
        detail=detail,
    )


def _cdu_detail(shed: list[int]) -> str:
    if not shed:
        return "one CDU of the row failed; the others carry its heat (N+1)"
    return f"one CDU of the row failed; {len(shed)} rack(s) stop for lack of cooling"


def _worst_cdu(
    model: DesignFailures,
    rows: list[RowPlant],
    members: list[list[int]],
    racks: list[RackPlant],
    total: int,
) -> FailureDomain | None:
    """One CDU failed in each row; the costliest row."""
    per_copy = len(racks)
    worst: tuple[Outcome, list[int]] | None = None
    for row, indexes in zip(rows, members, strict=True):
        if not row.cdus:
            continue
        shed = cdu_shed([racks[i % per_copy] for i in indexes], row.cdus, row.cdu_capacity_w)
        by_copy: dict[int, list[int]] = {}
        for k in shed:
            copy, rack = divmod(indexes[k], per_copy)
            by_copy.setdefault(copy, []).append(rack)
        outcome = Outcome(0, 0, 0, 0)
        for dead in by_copy.values():
            outcome = outcome + model.outcome(Failure(trays=_trays(model, dead)))
        key = (outcome.gpus_lost, outcome.gpus_out_of_full_domains)
        if worst is None or key > (worst[0].gpus_lost, worst[0].gpus_out_of_full_domains):
            worst = (outcome, shed)
    if worst is None:
        return None
    count = sum(r.cdus for r in rows)
    return _domain("CDU", count, worst[0], total, _cdu_detail(worst[1]))


def _summary(
    rules: PlantRules,
    racks: list[RackPlant],
    loads: list[FloorLoad],
    hall: HallPlant,
    domains: list[FailureDomain],
    built: Redundancy,
) -> PlantSummary:
    profile = rules.profile
    rows = hall.rows
    liquid = sum(r.heat_liquid_w for r in rows)
    air = sum(r.heat_air_w for r in rows) + hall.network_w
    feeds = [f for r in racks for f in r.feeds] + [f for r in rows for f in r.busways]
    if hall.supply is not None:
        feeds.append(hall.supply)
    warnings = list(dict.fromkeys(w for r in racks for w in r.warnings))
    warnings += [w for load in loads for w in load.warnings if w not in warnings]
    warnings += hall.warnings
    return PlantSummary(
        profile=profile.id,
        redundancy=profile.redundancy,
        as_built=built,
        continuous_load_fraction=profile.continuous_load_fraction,
        fluid=profile.fluid,
        delta_t_k=profile.delta_t_k,
        power_nominal_w=hall.power_nominal_w,
        power_peak_w=hall.power_peak_w,
        facility_peak_w=hall.facility_peak_w,
        feeds=tuple(feeds),
        heat_liquid_w=liquid,
        heat_air_w=air,
        facility_water_w=liquid,
        coolant_lpm=sum(r.coolant_lpm for r in rows),
        cdus=sum(r.cdus for r in rows),
        ups_modules=hall.ups_modules_per_side * hall.ups_sides,
        generators=hall.generators,
        floor_load_kg_m2=max(load.floor_kg_m2 for load in loads),
        point_load_kg=max(load.point_kg for load in loads),
        floor_rating_kg_m2=profile.floor_rating_kg_m2,
        racks=tuple(racks),
        rows=rows,
        failure_domains=tuple(domains),
        warnings=tuple(warnings),
    )
