"""Failure domains of one design: what a failed supply, feed, CDU, NIC, switch tray or rack stops.

A failure is a set of failed things in one copy of the design. Its outcome is read from the
counted topology (node groups and link bundles, `racks/topology.py`) and the power and cooling
assignment:

- a supply group (a rack's busbar shelves, a server's PSUs) that can no longer carry its nominal
  load stops every tray it feeds; a CDU short of capacity stops whole racks, the hottest first;
- a GPU stops with its tray, or when every scale-out NIC it has is down;
- a scale-up domain is *full* while all its GPUs run and still reach each other over scale-up
  links (a search over the node groups and the bundles left); it is *degraded* when it is not
  full or has lost a switch chip or a NIC. Capacity left = GPUs in full domains / all GPUs.

Adding a failure never brings a GPU back, so capacity left never rises.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field

from ...components.plant_library import PlantRules
from ...components.records import record
from ...components.rounding import TOLERANCE
from ..analysis import Analysis
from ..memo import kept
from ..topology import LinkGroup
from .rack import RackPlant, SupplyGroup, rack_plant


@record
class Failure:
    """Failed things in one copy of a design."""

    trays: frozenset[str] = frozenset()
    """Tray keys that lost power or cooling outright."""
    supplies: frozenset[tuple[str, int]] = frozenset()
    """(supply group, index) of failed power shelves or PSUs."""
    chips: frozenset[str] = frozenset()
    nics: frozenset[str] = frozenset()

    def __or__(self, other: Failure) -> Failure:
        return Failure(
            self.trays | other.trays,
            self.supplies | other.supplies,
            self.chips | other.chips,
            self.nics | other.nics,
        )


@record
class Outcome:
    """What one failure costs one copy of the design."""

    gpus_lost: int
    domains_degraded: int
    gpus_in_full_domains: int
    gpus: int
    """GPUs of the copies the failure touched."""

    def __add__(self, other: Outcome) -> Outcome:
        return Outcome(
            self.gpus_lost + other.gpus_lost,
            self.domains_degraded + other.domains_degraded,
            self.gpus_in_full_domains + other.gpus_in_full_domains,
            self.gpus + other.gpus,
        )

    @property
    def gpus_out_of_full_domains(self) -> int:
        """GPUs no longer in a full-size domain (stopped, or in a shrunk or split domain)."""
        return self.gpus - self.gpus_in_full_domains


@record
class FailureDomain:
    """One failure class: how many the system has, and what the worst single one costs."""

    component: str
    count: int
    gpus_lost: int
    domains_degraded: int
    capacity_left_pct: float
    detail: str


@record(frozen=False)
class DomainGraph:
    """One scale-up domain's node groups (by number) and the scale-up bundles among them."""

    gpu_groups: list[int] = field(default_factory=list)
    sizes: dict[int, int] = field(default_factory=dict)
    """Per node group, its nodes."""
    neighbours: dict[int, set[int]] = field(default_factory=dict)
    """Per node group, the groups a bundle joins it to (every node to every node)."""
    meshes: set[int] = field(default_factory=set)
    """Groups whose nodes are meshed among themselves."""

    def add(self, link: LinkGroup) -> None:
        """A bundle of the domain, or a mesh within one of its groups."""
        a = link.a.number
        self.sizes[a] = len(link.a.names)
        if link.b is None:
            self.meshes.add(a)
            return
        b = link.b.number
        self.sizes[b] = len(link.b.names)
        self.neighbours.setdefault(a, set()).add(b)
        self.neighbours.setdefault(b, set()).add(a)

    def joined(self, failed: dict[int, int]) -> bool:
        """Whether every GPU still reaches the others with `failed` nodes per group gone: the
        groups reached from the first GPU group over bundles whose two groups each keep a node
        hold every GPU group, and each GPU group of several GPUs keeps a link."""
        dead = {g for g, lost in failed.items() if self.sizes[g] <= lost}
        first = self.gpu_groups[0]
        reached = {first}
        frontier = [] if first in dead else [first]
        while frontier:
            new = self.neighbours.get(frontier.pop(), set()) - reached - dead
            reached |= new
            frontier.extend(new)
        return all(
            g in reached and (self.sizes[g] == 1 or self._linked(g, failed, dead))
            for g in self.gpu_groups
        )

    def _linked(self, group: int, failed: dict[int, int], dead: set[int]) -> bool:
        """Whether a group keeps a bundle to a live group, or a mesh among two live nodes."""
        if group not in dead and self.neighbours.get(group, set()) - dead:
            return True
        return group in self.meshes and self.sizes[group] - failed.get(group, 0) > 1


@record(frozen=False)
class DesignFailures:
    """The failure model of one design: its domains, switch chips, NICs and supply groups.

    A failure touches few scale-up domains; only those are re-examined, so a 128-rack design
    costs no more per failure than one rack. Racks alike (same frame, same trays at the same
    places) fail alike, so the failure classes try one rack of each kind.
    """

    analysis: Analysis
    racks: list[RackPlant]
    gpu_tray: dict[str, str] = field(init=False)
    gpu_nics: dict[str, list[str]] = field(init=False)
    """Per GPU, the scale-out NICs serving it."""
    chip_tray: dict[str, str] = field(init=False)
    chip_gpus: dict[str, list[str]] = field(init=False)
    """Per switch chip, the GPUs it links to."""
    chip_group: dict[str, int] = field(init=False)
    """Per switch chip, its node group's number."""
    groups: dict[str, SupplyGroup] = field(init=False)
    gpu_domain: dict[str, int] = field(init=False)
    domain_chips: list[set[str]] = field(init=False)
    domain_graphs: list[DomainGraph] = field(init=False)
    """Per domain, its GPU groups and the scale-up bundles among its GPUs and chips."""
    tray_gpus: dict[str, list[str]] = field(init=False)
    nic_gpus: dict[str, list[str]] = field(init=False)
    """Per scale-out NIC, the GPUs it serves."""
    rack_kinds: list[int] = field(init=False)
    """Per rack, the index of the first rack built alike."""
    outcomes: dict[Failure, Outcome] = field(init=False, default_factory=dict)
    """The outcomes worked out so far, by failure."""

    def __post_init__(self) -> None:
        topology = self.analysis.topology
        self.gpu_tray, self.chip_tray, self.chip_gpus, self.chip_group = {}, {}, {}, {}
        for group in topology.groups:
            if group.kind == "gpu":
                self.gpu_tray.update(dict.fromkeys(group.names, group.tray.key))
            elif group.kind == "switch_chip":
                self.chip_tray.update(dict.fromkeys(group.names, group.tray.key))
                self.chip_group.update(dict.fromkeys(group.names, group.number))
        self.tray_gpus = {}
        for gpu, tray in self.gpu_tray.items():
            self.tray_gpus.setdefault(tray, []).append(gpu)
        self.gpu_nics = {gpu: [] for gpu in self.gpu_tray}
        self.nic_gpus = {}
        for nic in topology.nic_links:
            self.gpu_nics[nic.gpu].append(nic.nic)
            self.nic_gpus.setdefault(nic.nic, []).append(nic.gpu)
        self.groups = {g.name: g for r in self.racks for g in r.groups}
        domains = topology.domains
        self.gpu_domain = {g: i for i, domain in enumerate(domains) for g in domain}
        self.domain_chips = [set() for _ in domains]
        for link in topology.links:
            if link.b is None:
                continue
            for chips, gpus in ((link.a, link.b), (link.b, link.a)):
                if chips.kind == "switch_chip" and gpus.kind == "gpu":
                    for chip in chips.names:
                        self.chip_gpus.setdefault(chip, []).extend(gpus.names)
                    if link.link == "scale_up":
                        self.domain_chips[self.gpu_domain[gpus.names[0]]].update(chips.names)
        self.domain_graphs = self._domain_graphs()
        kinds: dict[tuple[object, ...], int] = {}
        self.rack_kinds = []
        for index, rack in enumerate(self.analysis.design.racks):
            key = (rack.frame.id, tuple((t.position, t.tray.id) for t in rack.trays))
            self.rack_kinds.append(kinds.setdefault(key, index))

    def _domain_graphs(self) -> list[DomainGraph]:
        topology = self.analysis.topology
        member: dict[int, int] = {}  # node group -> its domain
        out = [DomainGraph() for _ in topology.domains]
        chip_domain = {c: i for i, chips in enumerate(self.domain_chips) for c in chips}
        for group in topology.groups:
            where = self.gpu_domain if group.kind == "gpu" else chip_domain
            index = where.get(group.names[0]) if group.names else None
            if index is not None:
                member[group.number] = index
                if group.kind == "gpu":
                    out[index].gpu_groups.append(group.number)
                    out[index].sizes[group.number] = len(group.names)
        for link in topology.links:
            index = member.get(link.a.number)
            if link.link != "scale_up" or index is None:
                continue
            if link.b is None or member.get(link.b.number) == index:
                out[index].add(link)
        return out

    @property
    def gpus(self) -> int:
        """GPUs in one copy."""
        return len(self.gpu_tray)

    def dead_trays(self, failure: Failure) -> set[str]:
        """Trays stopped outright or by a supply group that can no longer carry them."""
        dead = set(failure.trays)
        lost: dict[str, int] = {}
        for name, _ in failure.supplies:
            lost[name] = lost.get(name, 0) + 1
        for name, count in lost.items():
            supply = self.groups[name]
            if not supply.survives(count):
                dead.update(supply.trays)
        return dead

    def outcome(self, failure: Failure) -> Outcome:
        """GPUs stopped, domains degraded and GPUs left in full domains after `failure`; worked
        out once per failure."""
        known = self.outcomes.get(failure)
        if known is None:
            known = self.outcomes[failure] = self._outcome(failure)
        return known

    def _outcome(self, failure: Failure) -> Outcome:
        dead = self.dead_trays(failure)
        nics = failure.nics
        cut_off = {g for nic in nics for g in self.nic_gpus.get(nic, ())}  # lost a NIC
        lost = {g for tray in dead for g in self.tray_gpus.get(tray, ())}
        lost |= {g for g in cut_off if all(n in nics for n in self.gpu_nics[g])}
        chips = {c for c, tray in self.chip_tray.items() if tray in dead} | set(failure.chips)
        touched = lost | cut_off
        touched |= {g for chip in chips for g in self.chip_gpus.get(chip, ())}
        affected = sorted({self.gpu_domain[g] for g in touched if g in self.gpu_domain})
        domains = self.analysis.topology.domains
        broken = 0
        for index in affected:
            domain = domains[index]
            if any(g in lost for g in domain) or (
                len(domain) > 1 and not self._still_joined(index, chips)
            ):
                broken += len(domain)
        return Outcome(len(lost), len(affected), self.gpus - broken, self.gpus)

    def _still_joined(self, index: int, chips: set[str]) -> bool:
        """Whether every GPU of domain `index` still reaches the others over scale-up links with
        `chips` failed (`DomainGraph.joined`)."""
        failed: dict[int, int] = {}  # node group -> its chips failed
        for chip in chips & self.domain_chips[index]:
            group = self.chip_group[chip]
            failed[group] = failed.get(group, 0) + 1
        # with no chip failed every GPU runs and every link of the domain is still there
        return not failed or self.domain_graphs[index].joined(failed)

    # --- the failure classes (one rack of each kind) ----------------------------------------
    def rack_trays(self, index: int) -> frozenset[str]:
        """Every tray of one rack."""
        return frozenset(t.key for t in self.analysis.design.racks[index].trays)

    def _kinds(self) -> list[RackPlant]:
        return [r for i, r in enumerate(self.racks) if self.rack_kinds[i] == i]

    def shelf_failures(self) -> list[Failure]:
        """One failed supply in each supply group of each kind of rack."""
        return [Failure(supplies=frozenset({(g.name, 0)})) for r in self._kinds() for g in r.groups]

    def feed_failures(self) -> list[Failure]:
        """Side A of a rack lost: the A half of every supply group of the rack."""
        out = []
        for rack in self._kinds():
            supplies = {(g.name, k) for g in rack.groups for k in range(0, g.supplies, 2)}
            out.append(Failure(supplies=frozenset(supplies)))
        return out

    def nic_failures(self) -> list[Failure]:
        """Each scale-out NIC of the first tray of each tray type."""
        seen: set[str] = set()
        out = []
        for tray in self.analysis.design.placed:
            if tray.tray.id in seen:
                continue
            seen.add(tray.tray.id)
            for nic in self.analysis.topology.in_tray(tray, "nic"):
                if any(nic in nics for nics in self.gpu_nics.values()):
                    out.append(Failure(nics=frozenset({nic})))
        return out

    def switch_trays(self) -> dict[str, set[str]]:
        """Trays holding scale-up switch chips, with their chips."""
        trays: dict[str, set[str]] = {}
        on_fabric = self.analysis.topology.chips
        for chip, tray in self.chip_tray.items():
            if chip in on_fabric:
                trays.setdefault(tray, set()).add(chip)
        return trays

    def switch_tray_failures(self) -> list[Failure]:
        """Each switch tray of each kind of rack, all its chips lost."""
        kinds = {r.rack for r in self._kinds()}
        rack_of = {t.key: t.rack for t in self.analysis.design.placed}
        return [
            Failure(chips=frozenset(chips))
            for tray, chips in self.switch_trays().items()
            if rack_of[tray] in kinds
        ]

    def rack_failures(self) -> list[Failure]:
        """Each kind of rack lost whole."""
        return [
            Failure(trays=self.rack_trays(i))
            for i in range(len(self.racks))
            if self.rack_kinds[i] == i
        ]

    def worst(self, failures: Iterable[Failure]) -> Outcome | None:
        """The costliest outcome: most GPUs stopped, then fewest left in full domains."""
        outcomes = [self.outcome(f) for f in failures]
        if not outcomes:
            return None
        return max(outcomes, key=lambda o: (o.gpus_lost, -o.gpus_in_full_domains))


def design_failures(analysis: Analysis, rules: PlantRules) -> DesignFailures:
    """The failure model of a design's racks under a plant profile, built once per analysis and
    profile: the plant's failure domains and the goodput's blast radii read the same one."""
    for known_rules, known in _models(analysis):
        if known_rules is rules:
            return known
    catalogue = analysis.design.catalogue
    racks = [rack_plant(analysis, i, rules, catalogue) for i in range(len(analysis.design.racks))]
    model = DesignFailures(analysis, racks)
    _models(analysis).append((rules, model))
    return model


@kept
def _models(analysis: Analysis) -> list[tuple[PlantRules, DesignFailures]]:
    """The failure models of one analysis built so far: profile and model."""
    return []


def cdu_shed(racks: list[RackPlant], cdus: int, capacity_w: float) -> list[int]:
    """Indexes of the racks a row must stop with one CDU failed, the hottest first."""
    left = max(cdus - 1, 0) * capacity_w
    load = sum(r.heat_liquid_w for r in racks)
    shed = []
    for index in sorted(range(len(racks)), key=lambda i: -racks[i].heat_liquid_w):
        if load <= left * (1 + TOLERANCE):
            break
        if racks[index].heat_liquid_w > 0:
            shed.append(index)
            load -= racks[index].heat_liquid_w
    return sorted(shed)
