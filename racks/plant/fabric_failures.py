"""Failure domains of a cluster's scale-out fabric: a leaf, a spine, a core switch.

Endpoints (NIC ports) land on leaves as the fabric sizing fills them: rail-optimised, leaf `j`
of rail `r` takes port `r` of compute trays `j x down` onward; otherwise a leaf takes `down`
consecutive ports, tray by tray. A failed leaf cuts its endpoints; a NIC with every port cut is
down, and a GPU with every NIC down stops (`DesignFailures`). A spine or core switch cuts no
endpoint: every leaf keeps a path through the others, at lower bandwidth. Where each NIC port
splits into several planes, a leaf carries one plane of each port on it: the port keeps its
other planes, so no NIC goes down and only bandwidth is lost.
"""

from __future__ import annotations

from ...components.parts import Nic
from ...components.trays import TrayRole
from ..clusters.fabric import SizedFabric
from .failures import DesignFailures, Failure, FailureDomain, Outcome


def fabric_failure_domains(
    fabric: SizedFabric, copies: int, model: DesignFailures
) -> list[FailureDomain]:
    """One leaf (the first full one), one spine, one core switch of a fabric joining `copies`
    copies of the design."""
    total = model.gpus * copies
    out = [_leaf(fabric, copies, model, total)]
    roles = fabric.roles
    for plan, role in zip(fabric.plans[1:], roles[1:], strict=True):
        fanout = plan.groups[0].down
        out.append(
            FailureDomain(
                component="core switch" if role == "core" else role,
                count=plan.switches,
                gpus_lost=0,
                domains_degraded=0,
                capacity_left_pct=100.0,
                detail=(
                    f"no endpoint cut; the {fanout} switches below it keep their other uplinks, "
                    "at lower bandwidth"
                ),
            )
        )
    return out


def _endpoints(model: DesignFailures) -> list[list[tuple[str, int]]]:
    """Per compute tray of one copy, its scale-out ports in order: (NIC node, port index)."""
    design = model.analysis.design
    trays = []
    for tray in design.placed:
        if tray.tray.role != TrayRole.COMPUTE:
            continue
        ports = []
        for group in model.analysis.topology.groups_in(tray, "nic"):
            if group.use != "scale_out":
                continue
            part = design.part(group.part, Nic)
            ports += [(nic, p) for nic in group.names for p in range(part.ports)]
        trays.append(ports)
    return trays


def _leaf(fabric: SizedFabric, copies: int, model: DesignFailures, total: int) -> FailureDomain:
    leaves = fabric.plans[0]
    down = leaves.groups[0].down
    planes = fabric.choice.planes
    trays = _endpoints(model)
    per_copy = len(trays)
    on_leaf: list[tuple[int, int]] = []  # (compute tray across the cluster, port in the tray)
    if fabric.rails > 1:
        on_leaf = [(t, 0) for t in range(min(down, per_copy * copies))]
    else:
        t = 0
        while len(on_leaf) < down and t < per_copy * copies:
            ports = trays[t % per_copy]
            on_leaf += [(t, p) for p in range(min(len(ports), down - len(on_leaf)))]
            t += 1
    cut: dict[int, dict[str, int]] = {}  # copy -> NIC -> ports cut
    for t, p in on_leaf:
        copy, tray = divmod(t, per_copy)
        nic, _ = trays[tray][p]
        cut.setdefault(copy, {}).setdefault(nic, 0)
        cut[copy][nic] += 1
    ports_of: dict[str, int] = {}
    for tray_ports in trays:
        for nic, _ in tray_ports:
            ports_of[nic] = ports_of.get(nic, 0) + 1
    outcome = Outcome(0, 0, 0, 0)
    cache: dict[tuple[frozenset[str], frozenset[str]], Outcome] = {}
    for nics in cut.values():
        down_nics = frozenset(  # a port split into planes keeps the planes on other leaves
            n for n, ports in nics.items() if planes == 1 and ports == ports_of[n]
        )
        key = (down_nics, frozenset(nics))
        if key not in cache:
            result = model.outcome(Failure(nics=down_nics))
            degraded = max(result.domains_degraded, _degraded(model, key[1]))
            cache[key] = Outcome(
                result.gpus_lost, degraded, result.gpus_in_full_domains, result.gpus
            )
        outcome = outcome + cache[key]
    left = total - outcome.gpus_out_of_full_domains
    return FailureDomain(
        component="leaf",
        count=leaves.switches,
        gpus_lost=outcome.gpus_lost,
        domains_degraded=outcome.domains_degraded,
        capacity_left_pct=100 * left / total if total else 0.0,
        detail=f"{len(on_leaf)} endpoints on the leaf cut"
        + (f", one of {planes} planes each: the ports keep the others" if planes > 1 else ""),
    )


def _degraded(model: DesignFailures, nics: frozenset[str]) -> int:
    """Scale-up domains holding a GPU that lost a NIC port."""
    gpus = {g for g, own in model.gpu_nics.items() if any(n in nics for n in own)}
    return sum(1 for d in model.analysis.topology.domains if any(g in gpus for g in d))
