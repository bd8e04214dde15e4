"""Goodput from the facade: what interruptions cost a training job on a design or cluster.

>>> import rackbom as rb
>>> rb.goodput("helios-16k").ettr  # the whole cluster, 5% of it hot spares
>>> [r.ettr for r in rb.goodput_sweep("gb200-16k", [1024, 4096, 16384])]
>>> rb.goodput_checks()  # rackbom's figures beside published interruption counts and ETTR
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from rackbom.components.cost_inputs import TcoProfile
from rackbom.components.reliability import ReliabilityData, load_reliability
from rackbom.racks.goodput.jobs import JobOptions, system_goodput
from rackbom.racks.goodput.published import published_checks
from rackbom.racks.goodput.results import GoodputCheck, GoodputResult

from .resolve import resolve
from .system import System

SystemLike = System | str | Path


def goodput(
    system: SystemLike,
    gpus: int | None = None,
    *,
    checkpoint_gb: float | None = None,
    write_gbps: float | None = None,
    spares: int | None = None,
    tco_profile: TcoProfile | str | Path | None = None,
    reliability: ReliabilityData | str | Path | None = None,
) -> GoodputResult:
    """One job of `gpus` GPUs (default: all the system's) with `spares` of them hot spares
    (default: the data's share, 5%), checkpointing `checkpoint_gb` per GPU at `write_gbps`."""
    (result,) = goodput_sweep(
        system,
        [gpus],
        checkpoint_gb=checkpoint_gb,
        write_gbps=write_gbps,
        spares=spares,
        tco_profile=tco_profile,
        reliability=reliability,
    )
    return result


def goodput_sweep(
    system: SystemLike,
    sizes: Sequence[int | None],
    *,
    checkpoint_gb: float | None = None,
    write_gbps: float | None = None,
    spares: int | None = None,
    tco_profile: TcoProfile | str | Path | None = None,
    reliability: ReliabilityData | str | Path | None = None,
) -> tuple[GoodputResult, ...]:
    """The goodput at each job size (None: the whole system), the system analysed once."""
    data = (
        reliability if isinstance(reliability, ReliabilityData) else load_reliability(reliability)
    )
    options = JobOptions(checkpoint_gb, write_gbps, spares)
    return system_goodput(resolve(system).analysis, sizes, data, options, tco_profile)


def goodput_checks(
    tco_profile: TcoProfile | str | Path | None = None,
    reliability: ReliabilityData | str | Path | None = None,
) -> tuple[GoodputCheck, ...]:
    """Each published run's interruption rate and ETTR beside rackbom's for the same job."""
    data = (
        reliability if isinstance(reliability, ReliabilityData) else load_reliability(reliability)
    )
    return published_checks(data, tco_profile)
