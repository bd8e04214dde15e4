"""Failure domains of one design: what a failed supply, feed, CDU, NIC, switch tray or rack stops.

A failure is a set of failed things in one copy of the design. Its outcome is read from the
topology graph and the power and cooling assignment:

- a supply group (a rack's busbar shelves, a server's PSUs) that can no longer carry its nominal
  load stops every tray it feeds; a CDU short of capacity stops whole racks, the hottest first;
- a GPU stops with its tray, or when every scale-out NIC it has is down;
- a scale-up domain is *full* while all its GPUs run and still reach each other over scale-up
  links (connected components of what is left of the graph); it is *degraded* when it is not
  full or has lost a switch chip or a NIC. Capacity left = GPUs in full domains / all GPUs.

Adding a failure never brings a GPU back, so capacity left never rises.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ..analysis import Analysis
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
    """The failure model of one design: its graph, domains and supply groups."""

    analysis: Analysis
    racks: list[RackPlant]
    gpu_tray: dict[str, str] = field(init=False)
    gpu_nics: dict[str, list[str]] = field(init=False)
    chip_tray: dict[str, str] = field(init=False)
    groups: dict[str, SupplyGroup] = field(init=False)

    def __post_init__(self) -> None:
        graph = self.analysis.topology.graph
        self.gpu_tray, self.chip_tray, self.gpu_nics = {}, {}, {}
        for node, data in graph.nodes(data=True):
            if data["kind"] == "gpu":
                self.gpu_tray[node] = data["tray"]
                self.gpu_nics[node] = [
                    n for n, link in graph.adj[node].items() if link["link"] == "scale_out"
                ]
            elif data["kind"] == "switch_chip":
                self.chip_tray[node] = data["tray"]
        self.groups = {g.name: g for r in self.racks for g in r.groups}

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
        import networkx as nx  # components of what is left of the scale-up fabric

        graph = self.analysis.topology.graph
        dead = self.dead_trays(failure)
        lost = {
            gpu
            for gpu, tray in self.gpu_tray.items()
            if tray in dead
            or (self.gpu_nics[gpu] and all(n in failure.nics for n in self.gpu_nics[gpu]))
        }
        chips = {c for c, tray in self.chip_tray.items() if tray in dead} | set(failure.chips)
        alive = [
            n
            for n, kind in graph.nodes(data="kind")
            if (kind == "gpu" and n not in lost) or (kind == "switch_chip" and n not in chips)
        ]
        scale_up = nx.subgraph_view(
            graph.subgraph(alive), filter_edge=lambda a, b: graph.edges[a, b]["link"] == "scale_up"
        )
        component = {}
        for number, members in enumerate(nx.connected_components(scale_up)):
            for node in members:
                component[node] = number
        touched = {c for chip in chips for c in graph.adj[chip] if c in self.gpu_tray}
        touched |= {g for g, nics in self.gpu_nics.items() if any(n in failure.nics for n in nics)}
        degraded = full = 0
        for domain in self.analysis.topology.domains:
            whole = all(g not in lost for g in domain) and len({component[g] for g in domain}) == 1
            if whole:
                full += len(domain)
            if not whole or any(g in touched for g in domain):
                degraded += 1
        return Outcome(len(lost), degraded, full, self.gpus)

    # --- the failure classes ----------------------------------------------------------------
    def rack_trays(self, index: int) -> frozenset[str]:
        """Every tray of one rack."""
        return frozenset(t.key for t in self.analysis.design.racks[index].trays)

    def shelf_failures(self) -> list[Failure]:
        """One failed supply in each supply group."""
        return [Failure(supplies=frozenset({(g, 0)})) for g in self.groups]

    def feed_failures(self) -> list[Failure]:
        """Side A of each rack lost: the A half of every supply group of the rack."""
        out = []
        for rack in self.racks:
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

    def switch_tray_failures(self) -> list[Failure]:
        """Each tray holding scale-up switch chips, all its chips lost."""
        trays: dict[str, set[str]] = {}
        for chip, tray in self.chip_tray.items():
            if self.analysis.topology.graph.nodes[chip].get("fabric") is not None:
                trays.setdefault(tray, set()).add(chip)
        return [Failure(chips=frozenset(chips)) for chips in trays.values()]

    def rack_failures(self) -> list[Failure]:
        """Each rack lost whole."""
        return [Failure(trays=self.rack_trays(i)) for i in range(len(self.racks))]

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
        if load <= left * (1 + 1e-9):
            break
        if racks[index].heat_liquid_w > 0:
            shed.append(index)
            load -= racks[index].heat_liquid_w
    return sorted(shed)
