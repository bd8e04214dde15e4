"""What a system exposes to faults: its parts counted by kind, and each outage's blast radius.

Counts come from the placed trays' parts (a cluster multiplies one design copy); the blast
radius of an outage is read from the design's failure domains (`plant/failures.py`): the GPUs
no longer in a full-size scale-up domain while the failed tray, NIC or switch tray is out. A
job spread over scale-up domains loses a whole domain's slice when one of its trays fails: 8
GPUs in an 8-GPU server, 72 in a rack-scale NVL72.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from ...components.parts import Nic
from ...components.plant_library import plant_rules
from ...components.reliability import Outage, Per
from ...components.trays import TrayRole
from ..analysis import Analysis
from ..memo import kept
from ..plant.failures import Failure, design_failures
from .results import Exposure

if TYPE_CHECKING:
    from ..system_model import SystemModel


def exposure(system: SystemModel) -> Exposure:
    """The counts and blast radii of a design or cluster."""
    design, copies = system.rack, system.copies
    counts = {per: count * copies for per, count in _counts(design).items()}
    return Exposure(design.gpus * copies, counts, _blast(design))


def _counts(analysis: Analysis) -> dict[Per, int]:
    design, topology = analysis.design, analysis.topology
    counts: dict[Per, int] = dict.fromkeys(("gpu", "compute_tray", "cpu", "nic", "nic_port"), 0)
    counts["switch_chip"] = len(topology.chips)
    for group in topology.groups:
        if group.kind in ("gpu", "cpu"):
            counts[cast("Per", group.kind)] += len(group.names)
        elif group.kind == "nic" and group.use == "scale_out":
            counts["nic"] += len(group.names)
            counts["nic_port"] += len(group.names) * design.part(group.part, Nic).ports
    counts["compute_tray"] = sum(
        1
        for tray in design.placed
        if tray.tray.role == TrayRole.COMPUTE and topology.in_tray(tray, "gpu")
    )
    return counts


@kept
def _blast(analysis: Analysis) -> dict[Outage, int]:
    model = design_failures(analysis, plant_rules(None))
    trays: dict[str, Failure] = {}
    for tray in analysis.design.placed:
        if tray.tray.id not in trays and analysis.topology.in_tray(tray, "gpu"):
            trays[tray.tray.id] = Failure(trays=frozenset({tray.key}))
    blast: dict[Outage, int] = {"job": 0}
    for outage, failures in (
        ("tray", list(trays.values())),
        ("nic", model.nic_failures()),
        ("switch_tray", model.switch_tray_failures()),
    ):
        worst = max((model.outcome(f).gpus_out_of_full_domains for f in failures), default=0)
        blast[cast("Outage", outage)] = worst
    return blast
