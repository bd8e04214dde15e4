"""The rules seed 002's claims are held by, constants only: the cluster sizes a claim is
evaluated over, the share of draws it must hold in, and how a claim is read."""

from __future__ import annotations

CLUSTER_GPUS = 8192
"""The size the built-in clusters of the claims have, shown beside the range."""

LOW_GPUS = 1024
HIGH_GPUS = 65536
STEPS_PER_DOUBLING = 4
SHARE_RULE = (
    f"sizes: {STEPS_PER_DOUBLING} a doubling from {LOW_GPUS:,} to {HIGH_GPUS:,} GPUs "
    "(log-spaced), plus each fabric tier step of either system compared (the last size its "
    "tiers reach and the next), each size counted once, none past the largest cluster both "
    "systems' network profiles build"
)

ROBUST_SHARE = 0.95
"""A claim holds across the ranges where it holds at every size and in at least this share of
draws (its 5th-95th percentile interval); it contradicts where it has the opposite sign at every
size and in at least this share."""
DRAW_RULE = (
    "every input with a range (prices, powers, bandwidths, margins, the profile's "
    "figures) drawn together, an input both systems read taking the same draw on both, at the "
    f"{CLUSTER_GPUS:,}-GPU clusters; 'holds across the ranges' at every size and in at least "
    f"{ROBUST_SHARE:.0%} of draws, 'contradicts' with the opposite sign at every size and in at "
    f"least {ROBUST_SHARE:.0%} of draws"
)

READING_OPEX = (
    "Seed 002 says the MI400's higher power 'results in a higher operating cost of ownership of "
    "0.67/hr/GPU for the VR200 NVL144'. rackbom reads $0.67 as the VR200's own operating cost "
    "per GPU-hour (power, facility running costs, maintenance, staff, software; no capital), "
    "the MI400's being higher; the other reading, the MI400 costing $0.67 more, is not used."
)
