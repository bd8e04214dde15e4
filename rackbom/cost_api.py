"""Cost of ownership from the facade: TCO, sweeps, rent versus own, cost per accepted run.

>>> import rackbom as rb
>>> rb.tco("mi355x-server-8k").tco_usd_per_gpu_hour  # under the default profile
>>> rb.sweep(["helios-16k", "vr200-16k-ib"], electricity_usd_per_kwh=[0.04, 0.08, 0.12])
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any

from rackbom.components.cost_inputs import TcoProfile, Workload
from rackbom.components.errors import InputError
from rackbom.components.limits import SWEEP_ROWS_MAX, SWEEP_VALUES_MAX, SYSTEMS_MAX, bounded
from rackbom.components.tco_library import builtin_costs, profile
from rackbom.components.yamlio import validate_model
from rackbom.racks.cost_basis import CostBasis
from rackbom.racks.costs import ownership as model
from rackbom.racks.costs.accepted import AcceptedCost, accepted_cost
from rackbom.racks.costs.rent import RentVsOwn, rent_vs_own
from rackbom.racks.costs.reproduction import ClaimResult, OpexBasis, opex_basis, reproduce
from rackbom.racks.costs.results import TcoResult
from rackbom.racks.costs.tornado import TornadoBar, tornado
from rackbom.racks.uncertainty.draws import REPRODUCE_DRAWS, REPRODUCE_SEED

from .resolve import resolve
from .system import System

ProfileLike = TcoProfile | str | Path | None


def basis(target: System | str | Path) -> CostBasis:
    """The cost basis of a design or cluster: an object, a built-in id or a YAML path."""
    return resolve(target).cost_basis()


def tco(target: System | str | Path, tco_profile: ProfileLike = None) -> TcoResult:
    """The TCO of one design or cluster under a profile (default: the built-in `default`)."""
    return resolve(target).tco(tco_profile)


def sweep(
    targets: System | str | Path | Sequence[System | str | Path],
    tco_profile: ProfileLike = None,
    **params: Iterable[float],
) -> Any:
    """TCO of each target at every combination of profile values: a tidy table.

    `sweep("helios-16k", electricity_usd_per_kwh=[0.05, 0.1], utilisation=[0.6, 0.9])` gives one
    row per target and combination, with the swept values and the TCO figures as columns: a
    pandas DataFrame where pandas is installed, else a list of dicts.
    """
    return _table(sweep_rows(targets, tco_profile, **params))


def sweep_rows(
    targets: System | str | Path | Sequence[System | str | Path],
    tco_profile: ProfileLike = None,
    **params: Iterable[float],
) -> list[dict[str, Any]]:
    """The rows of `sweep` as a list of dicts, pandas or not.

    At most `SYSTEMS_MAX` targets, `SWEEP_VALUES_MAX` values of each figure and `SWEEP_ROWS_MAX`
    rows in all, each refused before any system is analysed.
    """
    base = profile(tco_profile)
    if isinstance(targets, str | Path) or not isinstance(targets, Sequence):
        targets = [targets]
    named = bounded(targets, SYSTEMS_MAX, "targets", "designs and clusters")
    grid = _grid(params)
    check_sweep_rows(len(named), [len(values) for values in grid.values()], "sweep")
    bases = [basis(t) for t in named]
    fixed = base.model_dump()
    out = []
    for values in itertools.product(*grid.values()):
        changes = dict(zip(grid, values, strict=True))
        ranges = {k: r for k, r in fixed["ranges"].items() if k not in changes}
        data = {**fixed, **changes, "ranges": ranges}  # a swept figure leaves its range
        varied = validate_model(TcoProfile, data, "sweep")
        for b in bases:
            out.append({"target": b.target, **changes, **_figures(model.tco(b, varied))})
    return out


def check_sweep_rows(systems: int, values: Sequence[int], option: str) -> None:
    """Refuse a sweep of more than `SWEEP_ROWS_MAX` rows: systems x combinations of values."""
    rows = systems * math.prod(values)
    if rows > SWEEP_ROWS_MAX:
        raise InputError(
            None,
            option,
            f"{rows:,} rows (systems x combinations of values) given; at most "
            f"{SWEEP_ROWS_MAX:,} are allowed",
        )


def _grid(params: Mapping[str, Iterable[float]]) -> dict[str, list[float]]:
    """Each swept figure's values, the figure checked to be one and its values bounded."""
    grid = {}
    for name, values in params.items():
        if name not in TcoProfile.model_fields or name in ("id", "name", "description"):
            raise ValueError(f"{name!r} is not a profile figure")
        grid[name] = bounded(values, SWEEP_VALUES_MAX, name, "values")
    return grid


_NOT_FIGURES = frozenset({"target", "name", "kind", "profile", "power_level"})
"""A result's fields that name it rather than measure it."""


def _figures(result: TcoResult) -> dict[str, Any]:
    """A result's figures by name (its fields are numbers: read, not deep-copied)."""
    return {f.name: getattr(result, f.name) for f in fields(result) if f.name not in _NOT_FIGURES}


def _table(rows: list[dict[str, Any]]) -> Any:
    try:
        import pandas as pd
    except ImportError:
        return rows
    return pd.DataFrame(rows)


def rent_or_own(tco_profile: ProfileLike = None) -> tuple[RentVsOwn, ...]:
    """Every built-in rental price against the TCO of owning the same GPUs."""
    p = profile(tco_profile)
    out = []
    for rental in builtin_costs().rentals.values():
        owned = model.tco(basis(rental.owned_as), p) if rental.owned_as else None
        out.append(rent_vs_own(rental, owned, p.utilisation))
    return tuple(out)


def workload(id_or_path: Workload | str | Path) -> Workload:
    """A workload: an object, a built-in example id or a file with one workload."""
    if isinstance(id_or_path, Workload):
        return id_or_path
    return builtin_costs().workload(id_or_path)


def accepted(
    work: Workload | str | Path,
    targets: Sequence[System | str | Path],
    tco_profile: ProfileLike = None,
) -> tuple[AcceptedCost, ...]:
    """The cost per accepted run (or per million accepted requests) on each target."""
    named = bounded(targets, SYSTEMS_MAX, "targets", "designs and clusters")
    w, p = workload(work), profile(tco_profile)
    return tuple(accepted_cost(w, b, model.tco(b, p)) for b in (basis(t) for t in named))


def sensitivity(
    work: Workload | str | Path,
    target: System | str | Path,
    tco_profile: ProfileLike = None,
) -> tuple[TornadoBar, ...]:
    """The tornado table: each input moved 20% down and up, widest swing first."""
    return tornado(workload(work), basis(target), profile(tco_profile))


def reproduction(
    tco_profile: ProfileLike = None, draws: int = REPRODUCE_DRAWS, seed: int = REPRODUCE_SEED
) -> tuple[ClaimResult, ...]:
    """Seed 002's cost-of-ownership claims beside rackbom's figures under one profile, each over
    the range of cluster sizes and over `draws` draws of every ranged input (`ClaimResult`:
    interval, share of sizes, share of draws, verdict)."""
    from .claim_draws import with_draws
    from .uncertainty_api import check_draws, check_seed

    chosen = profile(tco_profile)
    count, start = check_draws(draws), check_seed(seed)
    return with_draws(reproduce(chosen), chosen, count, start)


def reproduction_opex(tco_profile: ProfileLike = None) -> tuple[OpexBasis, ...]:
    """The operating cost of the systems seed 002's claims compare, by what it scales with."""
    return opex_basis(profile(tco_profile))
