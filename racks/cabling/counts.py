"""Counts of a run list by part, to hold against the BOM: cables, and transceivers by the legs
each module serves."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

from ...components.cabling import Cable, Transceiver
from ...components.records import record
from ..clusters.fabric import MANAGEMENT
from .row import CableRow
from .runlist import Ends, RunList


@record
class PartCounts:
    """Cables and transceivers by part id, and legs (links) in all."""

    cables: dict[str, int]
    transceivers: dict[str, int]
    legs: int


class Tally:
    """Counts rows as they pass: cables by distinct id, transceivers as one module per
    `links_per_module` legs at its end, per tier (the BOM's rule)."""

    def __init__(self, ends: Sequence[Ends]) -> None:
        self.per_module = [(e.lower.links_per_module, e.upper.links_per_module) for e in ends]
        self.cables: Counter[str] = Counter()
        self.legs: Counter[tuple[int, str, int]] = Counter()
        self.total = 0

    def add(self, row: CableRow) -> None:
        """Count one row."""
        self.total += 1
        if row.leg == 1:
            self.cables[row.cable_part] += 1
        per = self.per_module[row.tier - 1] if row.tier else (1, 1)  # a management cable's own
        if row.a_transceiver is not None:
            self.legs[(row.tier, row.a_transceiver, per[0])] += 1
        if row.z_transceiver is not None:
            self.legs[(row.tier, row.z_transceiver, per[1])] += 1

    def passing(self, rows: Iterable[CableRow]) -> Iterator[CableRow]:
        """The rows, counted on the way through."""
        for row in rows:
            self.add(row)
            yield row

    def result(self) -> PartCounts:
        """The counts so far."""
        modules: Counter[str] = Counter()
        for (_, part, per), n in self.legs.items():
            modules[part] += math.ceil(n / per)
        return PartCounts(
            dict(sorted(self.cables.items())), dict(sorted(modules.items())), self.total
        )


def run_counts(run_list: RunList) -> PartCounts:
    """The rows' counts from the fabric's cages, as the rows group them (a cable per cage, as
    long as its longest leg), without generating a row."""
    tally = Tally(run_list.ends)
    copies = run_list.cluster.copies
    for part, n in run_list.management.cables().items():
        tally.cables[part] += n * copies
    floor = run_list.cluster.floor_racks
    if floor is not None:
        tally.cables.update(floor.cords())
    tally.total += run_list.compute_management
    aggregation = run_list.aggregation
    network = run_list.boxes + aggregation.switches
    tally.cables[run_list.cluster.sizer.management.cord.id] += network
    tally.total += network + aggregation.links
    cables, modules = aggregation.parts()
    tally.cables.update(cables)
    for part, n in modules.items():
        tally.legs[(0, part, 1)] += n
    for tier, runs in enumerate(run_list.cluster.fabric.cages, start=1):
        lower, upper = tally.per_module[tier - 1]
        for run in runs:
            kind = run_list.kind(tier, run.length_m)
            tally.cables[kind.cable.id] += run.cables(kind.legs)
            if kind.a_module is not None:
                tally.legs[(tier, kind.a_module.id, lower)] += run.links
            if kind.z_module is not None:
                tally.legs[(tier, kind.z_module.id, upper)] += run.links
            tally.total += run.links
    return tally.result()


def bom_counts(run_list: RunList, design_cables: Counter[str]) -> PartCounts:
    """The same counts as the cluster's BOM states them: its links' parts, and the cables of the
    design's BOM (`design_cables`, one copy) times its copies."""
    copies = run_list.cluster.copies
    cables: Counter[str] = Counter({part: n * copies for part, n in design_cables.items()})
    modules: Counter[str] = Counter()
    for parts in run_list.cluster.link_parts:
        cables.update(parts.cables)
        modules.update(parts.transceivers)
    catalogue = run_list.cluster.catalogue
    management = [n for n in run_list.cluster.network_bom if n.tier == MANAGEMENT]
    cords = Counter(
        {n.part: n.qty for n in management if isinstance(catalogue.parts[n.part], Cable)}
    )
    cables.update(cords)
    modules.update(
        {n.part: n.qty for n in management if isinstance(catalogue.parts[n.part], Transceiver)}
    )
    legs = sum(p.links_in for p in run_list.cluster.plans) + sum(design_cables.values()) * copies
    legs += sum(cords.values())
    return PartCounts(dict(sorted(cables.items())), dict(sorted(modules.items())), legs)
