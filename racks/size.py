"""The size of a design, checked against the bounds before anything is analysed or drawn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..components.catalogue import Catalogue
from ..components.errors import InputError
from ..components.limits import LINKS_MAX, PARTS_MAX
from ..components.trays import TrayType
from .built import BuiltRack
from .spec import FabricSpec


def check_size(
    racks: Sequence[BuiltRack],
    fabrics: Sequence[FabricSpec],
    catalogue: Catalogue,
    file: str | None,
) -> None:
    """Part instances within `PARTS_MAX` and graph links within `LINKS_MAX`, else an InputError.

    Links are counted as the topology makes them: each CPU to each GPU of its tray, a NIC to a
    GPU, every GPU of a switched fabric to every chip, and the GPUs of a tray in a full mesh.
    """
    per_tray = {t.tray.id: _tray_counts(catalogue, t.tray) for r in racks for t in r.trays}
    per_rack: dict[str, Counter[str]] = {}
    links = 0
    for rack in racks:
        totals = per_rack[rack.name] = Counter({"parts": sum(i.qty for i in rack.items)})
        for placed in rack.trays:
            counts = per_tray[placed.tray.id]
            totals.update(counts)
            links += counts["gpu"] * counts["cpu"] + counts["nic"]
    parts = sum(totals["parts"] for totals in per_rack.values())
    if parts > PARTS_MAX:
        raise InputError(
            file, "racks", f"{parts:,} part instances; a design holds at most {PARTS_MAX:,}"
        )
    for fabric in fabrics:
        gpu_racks = [per_rack[n] for n in set(fabric.gpu_racks or per_rack)]
        if fabric.kind == "switched":
            chips = sum(per_rack[n]["switch_chip"] for n in set(fabric.switch_racks or per_rack))
            links += sum(r["gpu"] for r in gpu_racks) * chips
        else:
            names = set(fabric.gpu_racks or per_rack)
            links += sum(
                per_tray[t.tray.id]["gpu"] * (per_tray[t.tray.id]["gpu"] - 1) // 2
                for r in racks
                if r.name in names
                for t in r.trays
            )
    if links > LINKS_MAX:
        raise InputError(
            file,
            "fabrics",
            f"{links:,} links between GPUs, CPUs, NICs and switch chips; "
            f"a design holds at most {LINKS_MAX:,}",
        )


def _tray_counts(catalogue: Catalogue, tray: TrayType) -> Counter[str]:
    counts: Counter[str] = Counter()
    for line in tray.parts:
        counts["parts"] += line.qty
        node = catalogue.part(line.part).graph_node
        if node is not None:
            counts[node] += line.qty
    return counts
