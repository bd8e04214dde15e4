"""Failure domains of one design: what a failed supply, feed, CDU, NIC, switch tray or rack stops.

A failure is a set of failed things in one copy of the design. Its outcome is read from the
counted topology (node groups and link bundles, `racks/topology.py`) and the power and cooling
assignment:

- a supply group (a rack's busbar shelves, a server's PSUs) that can no longer carry its nominal
  load stops every tray it feeds; a CDU short of capacity stops whole racks, the hottest first;
- a GPU stops with its tray, or when every scale-out NIC it has is down;
- a scale-up domain is *full* while all its GPUs run and still reach each other over scale-up
  links (union-find over the node groups and bundles left); it is *degraded* when it is not
  full or has lost a switch chip or a NIC. Capacity left = GPUs in full domains / all GPUs.

Adding a failure never brings a GPU back, so capacity left never rises.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ...components.rounding import TOLERANCE
from ..analysis import Analysis
from ..topology import LinkGroup, NodeGroup
from .rack import RackPlant, SupplyGroup


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class FailureDomain:
    """One failure class: how many the system has, and what the worst single one costs."""

    component: str
    count: int
    gpus_lost: int
    domains_degraded: int
    capacity_left_pct: float
    detail: str


@dataclass
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
    domain_fabric: list[tuple[list[NodeGroup], list[LinkGroup]]] = field(init=False)
    """Per domain, its GPU groups and the scale-up bundles among its GPUs and chips."""
    rack_kinds: list[int] = field(init=False)
    """Per rack, the index of the first rack built alike."""

    def __post_init__(self) -> None:
        topology = self.analysis.topology
        self.gpu_tray, self.chip_tray, self.chip_gpus, self.chip_group = {}, {}, {}, {}
        for group in topology.groups:
            if group.kind == "gpu":
                self.gpu_tray.update(dict.fromkeys(group.names, group.tray.key))
            elif group.kind == "switch_chip":
                self.chip_tray.update(dict.fromkeys(group.names, group.tray.key))
                self.chip_group.update(dict.fromkeys(group.names, group.number))
        self.gpu_nics = {gpu: [] for gpu in self.gpu_tray}
        for nic in topology.nic_links:
            self.gpu_nics[nic.gpu].append(nic.nic)
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
        self.domain_fabric = self._domain_fabric()
        kinds: dict[tuple[object, ...], int] = {}
        self.rack_kinds = []
        for index, rack in enumerate(self.analysis.design.racks):
            key = (rack.frame.id, tuple((t.position, t.tray.id) for t in rack.trays))
            self.rack_kinds.append(kinds.setdefault(key, index))

    def _domain_fabric(self) -> list[tuple[list[NodeGroup], list[LinkGroup]]]:
        topology = self.analysis.topology
        member: dict[int, int] = {}  # node group -> its domain
        out: list[tuple[list[NodeGroup], list[LinkGroup]]] = [([], []) for _ in topology.domains]
        chip_domain = {c: i for i, chips in enumerate(self.domain_chips) for c in chips}
        for group in topology.groups:
            where = self.gpu_domain if group.kind == "gpu" else chip_domain
            index = where.get(group.names[0]) if group.names else None
            if index is not None:
                member[group.number] = index
                if group.kind == "gpu":
                    out[index][0].append(group)
        for link in topology.links:
            index = member.get(link.a.number)
            if link.link != "scale_up" or index is None:
                continue
            if link.b is None or member.get(link.b.number) == index:
                out[index][1].append(link)
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
        """GPUs stopped, domains degraded and GPUs left in full domains after `failure`."""
        dead = self.dead_trays(failure)
        nics = failure.nics
        lost = {
            gpu
            for gpu, tray in self.gpu_tray.items()
            if tray in dead or (self.gpu_nics[gpu] and all(n in nics for n in self.gpu_nics[gpu]))
        }
        chips = {c for c, tray in self.chip_tray.items() if tray in dead} | set(failure.chips)
        touched = set(lost)
        touched |= {g for chip in chips for g in self.chip_gpus.get(chip, ())}
        touched |= {g for g, own in self.gpu_nics.items() if any(n in nics for n in own)}
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
        `chips` failed: union-find over its node groups, a bundle joining its two groups whole
        while each keeps a node (every node of one links to every node of the other)."""
        failed: dict[int, int] = {}  # node group -> its chips failed
        for chip in chips & self.domain_chips[index]:
            group = self.chip_group[chip]
            failed[group] = failed.get(group, 0) + 1
        if not failed:
            return True  # every GPU runs and every link of the domain is still there
        gpu_groups, links = self.domain_fabric[index]
        parent: dict[int, int] = {}
        joined: set[int] = set()
        lost = failed.get

        def root(i: int) -> int:
            while parent.setdefault(i, i) != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for link in links:
            a, size_a = link.a.number, len(link.a.names)
            if link.b is None:
                if size_a - lost(a, 0) > 1:
                    joined.add(a)
                continue
            b = link.b.number
            if size_a - lost(a, 0) and len(link.b.names) - lost(b, 0):
                joined.add(a)
                joined.add(b)
                root_a, root_b = root(a), root(b)
                if root_a != root_b:
                    parent[root_a] = root_b
        roots = {root(g.number) for g in gpu_groups}
        return len(roots) == 1 and all(g.number in joined or len(g.names) == 1 for g in gpu_groups)

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
