"""How a system's scale-up domains reach each other: what names the interconnect, across how many
switch hops, at what taper. A design gives its own NICs' path, a cluster its sized fabric's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..components.parts import InNetworkReduction, Nic
from ..components.records import record
from ..components.trays import PartUse, TrayRole

if TYPE_CHECKING:
    from ..components.catalogue import Catalogue
    from ..components.network_profiles import NetworkProfile
    from .build import BuiltDesign


@record
class ScaleOut:
    """The scale-out path of a system, as the collectives' levels read it."""

    named_by: Nic | NetworkProfile
    """The NIC or network profile whose interconnect the path runs on."""
    catalogue: Catalogue
    gpus: int
    """GPUs the path joins: every GPU of the system."""
    hops: int
    """Switch hops on the longest path."""
    oversubscription: float
    """The steepest taper of any tier (downlinks per uplink; 1 = none)."""
    reductions: frozenset[InNetworkReduction | None]
    """The in-network reduction of each kind of switch on the path (none known: empty)."""


def scale_out_nic(design: BuiltDesign) -> Nic | None:
    """The first scale-out NIC of a compute tray."""
    for tray in design.placed:
        if tray.tray.role != TrayRole.COMPUTE:
            continue
        for line in tray.tray.parts:
            part = design.part(line.part)
            if isinstance(part, Nic) and line.use == PartUse.SCALE_OUT:
                return part
    return None
