"""The GPU's flexible I/O budget per compute tray: do its lanes cover everything wired to them?

Where a GPU states `io_lanes` (the MI450X's 144 flexible lanes), one rule for every tray: the
tray's GPUs offer `io_lanes` each, and spend them on their scale-up lanes, their link to the host
CPU, the scale-out NICs (attached to the GPUs) and the SSDs (attached to the GPUs). Front-end
NICs hang off the CPU and are not counted.
"""

from __future__ import annotations

from ..components.parts import Gpu, Nic, Ssd
from ..components.records import record
from ..components.trays import PartUse, TrayRole
from .build import BuiltDesign


@record
class IoBudget:
    """One compute tray type's flexible I/O lanes: offered by its GPUs and spent."""

    tray_id: str
    gpus: int
    lanes_offered: int
    lanes_scale_up: int
    lanes_cpu: int
    lanes_nics: int
    lanes_ssds: int
    unknown: tuple[str, ...]
    """Parts wired to the GPUs with no lane figure (counted as 0)."""

    @property
    def lanes_used(self) -> int:
        """Lanes spent across the tray's GPUs."""
        return self.lanes_scale_up + self.lanes_cpu + self.lanes_nics + self.lanes_ssds

    @property
    def lanes_spare(self) -> int:
        """Lanes left (negative: the tray needs more than its GPUs offer)."""
        return self.lanes_offered - self.lanes_used

    def warnings(self) -> list[str]:
        """A tray that needs more lanes than its GPUs have, and figures missing."""
        out = []
        if self.lanes_spare < 0:
            out.append(
                f"tray {self.tray_id}: its GPUs' flexible I/O is {self.lanes_offered} lanes but "
                f"it wires {self.lanes_used} (scale-up {self.lanes_scale_up}, CPU "
                f"{self.lanes_cpu}, NICs {self.lanes_nics}, SSDs {self.lanes_ssds})"
            )
        if self.unknown:
            out.append(
                f"tray {self.tray_id}: no host-lane figure for {', '.join(self.unknown)} "
                "(counted as 0 in the I/O budget)"
            )
        return out


def io_budgets(design: BuiltDesign) -> list[IoBudget]:
    """The budget of every compute tray type whose GPUs have flexible I/O, in placement order."""
    out: dict[str, IoBudget] = {}
    for placed in design.placed:
        tray = placed.tray
        if tray.role != TrayRole.COMPUTE or tray.id in out:
            continue
        lines = [(design.part(line.part), line) for line in tray.parts]
        gpus = [(p, line.qty) for p, line in lines if isinstance(p, Gpu)]
        if not gpus or any(p.io_lanes is None for p, _ in gpus):
            continue
        unknown: set[str] = set()
        nics = ssds = 0
        for part, line in lines:
            if isinstance(part, Nic) and line.use == PartUse.SCALE_OUT:
                lanes, is_nic = part.host_lanes, True
            elif isinstance(part, Ssd):
                lanes, is_nic = part.host_lanes, False
            else:
                continue
            if lanes is None:
                unknown.add(part.id)
            elif is_nic:
                nics += lanes * line.qty
            else:
                ssds += lanes * line.qty
        for gpu, _ in gpus:
            if gpu.host_link_lanes is None:
                unknown.add(gpu.id)
        out[tray.id] = IoBudget(
            tray_id=tray.id,
            gpus=sum(q for _, q in gpus),
            lanes_offered=sum((p.io_lanes or 0) * q for p, q in gpus),
            lanes_scale_up=sum(p.scale_up_lanes * q for p, q in gpus),
            lanes_cpu=sum((p.host_link_lanes or 0) * q for p, q in gpus),
            lanes_nics=nics,
            lanes_ssds=ssds,
            unknown=tuple(sorted(unknown)),
        )
    return list(out.values())
