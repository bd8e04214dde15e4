"""Counts of a run list by part, to hold against the BOM: cables, and transceivers by the legs
each module serves."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .runlist import CableRow, RunList


@dataclass(frozen=True)
class PartCounts:
    """Cables and transceivers by part id, and legs (links) in all."""

    cables: dict[str, int]
    transceivers: dict[str, int]
    legs: int


def count_rows(run_list: RunList, rows: Iterable[CableRow]) -> PartCounts:
    """Count cables (distinct ids) and transceivers (a module per `links_per_module` legs at its
    end, per tier) of `rows`, without keeping them."""
    cables: Counter[str] = Counter()
    legs: Counter[tuple[int, str, int]] = Counter()
    total = 0
    for row in rows:
        total += 1
        if row.leg == 1:
            cables[row.cable_part] += 1
        ends = run_list.ends[row.tier - 1]
        if row.a_transceiver is not None:
            legs[(row.tier, row.a_transceiver, ends.lower.links_per_module)] += 1
        if row.z_transceiver is not None:
            legs[(row.tier, row.z_transceiver, ends.upper.links_per_module)] += 1
    modules: Counter[str] = Counter()
    for (_, part, per), n in legs.items():
        modules[part] += math.ceil(n / per)
    return PartCounts(dict(sorted(cables.items())), dict(sorted(modules.items())), total)


def bom_counts(run_list: RunList) -> PartCounts:
    """The same counts as the cluster's BOM states them."""
    cables: Counter[str] = Counter()
    modules: Counter[str] = Counter()
    for parts in run_list.cluster.link_parts:
        cables.update(parts.cables)
        modules.update(parts.transceivers)
    links = sum(p.links_in for p in run_list.cluster.plans)
    return PartCounts(dict(sorted(cables.items())), dict(sorted(modules.items())), links)
