"""Checkpoint intervals and the effective training time ratio, in closed form.

Young (1974) and Daly (2006): with a checkpoint taking `delta` seconds and interruptions
arriving at random with mean time `mtbi` between them, Young's interval is sqrt(2 delta M) and
Daly's higher-order estimate refines it. Daly's complete model gives the expected wall time of
one segment (an interval of work and its checkpoint) when each interruption costs `recovery`
seconds before the work since the last checkpoint is redone:
M e^(R/M) (e^((tau + delta)/M) - 1); the effective training time ratio (ETTR) is the work
over it.
"""

from __future__ import annotations

import math


def young_interval_s(delta_s: float, mtbi_s: float) -> float:
    """Young's first-order checkpoint interval, seconds."""
    return math.sqrt(2 * delta_s * mtbi_s)


def daly_interval_s(delta_s: float, mtbi_s: float) -> float:
    """Daly's higher-order checkpoint interval, seconds (the MTBI itself once a checkpoint
    takes half of it or more)."""
    if delta_s >= 2 * mtbi_s:
        return mtbi_s
    ratio = delta_s / (2 * mtbi_s)
    return math.sqrt(2 * delta_s * mtbi_s) * (1 + math.sqrt(ratio) / 3 + ratio / 9) - delta_s


def ettr(interval_s: float, delta_s: float, recovery_s: float, mtbi_s: float) -> float:
    """Work over wall time under Daly's complete model, in (0, 1)."""
    segment = math.exp(recovery_s / mtbi_s) * math.expm1((interval_s + delta_s) / mtbi_s)
    return interval_s / (mtbi_s * segment)


def spare_slots(spares: int, blast: int, mean_blast: float) -> int:
    """Faults the hot spares take at once, this one of `blast` GPUs included, while the others
    in repair hold `mean_blast` spares each (0 where the spares are fewer than the blast)."""
    if spares < blast:
        return 0
    return 1 + (int((spares - blast) // mean_blast) if mean_blast > 0 else 0)


def spare_cover(slots: int, in_repair: float) -> float:
    """Probability a fault finds a spare slot free: the faults still in repair are Poisson with
    mean `in_repair` and fewer than `slots` of them are out."""
    return poisson_cdf(slots - 1, in_repair) if slots else 0.0


def spare_wait_h(slots: int, repair_h: float) -> float:
    """Expected wait for a spare when none is free: the first of the `slots` repairs holding the
    spares and the fault's own to finish, repair times exponential with mean `repair_h`."""
    return repair_h / (slots + 1)


def poisson_cdf(k: int, mean: float) -> float:
    """P(X <= k) for X Poisson with `mean`, summed in log space (no underflow at large means)."""
    if mean <= 0:
        return 1.0
    spread = 40 * math.sqrt(mean) + 40  # terms beyond this many deviations are below 1e-300
    if k >= mean + spread:
        return 1.0
    log_mean, total = math.log(mean), 0.0
    for i in range(max(0, int(mean - spread)), k + 1):
        total += math.exp(i * log_mean - mean - math.lgamma(i + 1))
    return min(total, 1.0)
