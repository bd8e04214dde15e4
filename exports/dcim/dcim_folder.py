"""A DCIM plan as files for its product: manufacturers, device types, racks.

The folder holds `manufacturers.yaml`, one devicetype-library file per device type under
`device-types/<manufacturer name>/<part number or model>.yaml`, and `racks.yaml`: the site and
hall, roles with colours, rack types, power panels, racks, placed devices, interfaces of breakout
lanes, power feeds and draws, cables inside racks and, for a cluster, its network racks, switch
boxes and cable bundles. `racks.yaml` is written one rack at a time, so its size is bounded by the
disk, not by memory; the racks of many copies of a design are rendered once and each copy's
names put in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from itertools import chain
from pathlib import Path
from typing import TextIO

from ...components.atomic import Writer, text_writer
from ...components.progress import byte_meter
from ...racks.dcim.dcim_model import BoxLanes, DcimPlan, FloorUnit, Placed
from . import yamltext

WRITE_CHUNK = 1 << 16  # characters buffered before a write
UNIT_MAPPING = (
    "Units: a DCIM rack counts whole units of one height. An Open Rack OU (48 mm) is counted as "
    "one rack unit, so u_height and positions are OU counts; the rack type's outer_height gives "
    "the frame's true outside height in mm (46 OU of 2,208 mm in a 2,386 mm frame), so the true "
    "height shows. Width: EIA "
    "frames are 19 in; Open Rack frames are 21 in, the DCIM's Open Rack width, with outer_width "
    "the frame's true outside width in mm."
)
CABLE_NOTE = (
    "Cables: management (BMC) ports are cabled to the management switches in their rack, by the "
    "run list's rule (the links to a cluster's management aggregation are in its cable import); "
    "busbar inputs to the power shelves' outlets, AC inlets to the rack PDUs' "
    "outlets (A and B), and each power feed to the shelf input or PDU inlet it feeds, whose "
    "draw in power_ports is the feed's share of the rack's input (rackbom plant). A cluster's "
    "scale-out "
    "links are one bundle per tier here (count, cable and optic parts, lengths); `rackbom cables "
    "CLUSTER --netbox FILE` writes them port to port as a cable import with these devices' names. "
    "Scale-up copper runs through backplanes and copper assemblies and is not listed."
)
SECTIONS = (
    "racks",
    "devices",
    "interfaces",
    "power_feeds",
    "power_ports",
    "cables",
    "uncabled",
)
"""The racks file's streamed sections, in order."""
COPY = "rackbomcopy0000000000"
"""Where a design copy's name prefix goes in its rendered text (plain YAML, found nowhere else)."""
ROW = "rackbomrow"
"""Where a rack's row goes in a copy's rendered text, followed by the rack's index."""
BOX = "rackbomlanebox0000000000"
"""Where a box's name goes in its lanes' rendered text (plain YAML, found nowhere else)."""


def folder_writers(plan: DcimPlan) -> list[tuple[str, Writer]]:
    """Relative path and writer of every file of `plan`."""

    def racks(tmp: Path) -> None:
        with tmp.open("w", encoding="utf-8", newline="\n") as stream:
            write_racks(plan, stream)

    files = [(k, text_writer(v)) for k, v in small_files(plan).items()]
    return [*files, ("racks.yaml", racks)]


def small_files(plan: DcimPlan) -> dict[str, str]:
    """`manufacturers.yaml` and each device type's file, by relative path."""
    files = {
        "manufacturers.yaml": yamltext.sequence_document(
            [m.data() for m in plan.manufacturers], "Manufacturers of the device and rack types."
        )
    }
    for t in sorted(plan.types, key=lambda t: t.path):
        files[t.path] = yamltext.document(t.data())
    return files


class _Buffered:
    """Text gathered into chunks before each write."""

    def __init__(self, stream: TextIO, wrote: Callable[[int], object]) -> None:
        self.stream = stream
        self.wrote = wrote
        self.parts: list[str] = []
        self.size = 0

    def add(self, text: str) -> None:
        self.parts.append(text)
        self.size += len(text)
        if self.size >= WRITE_CHUNK:
            self.flush()

    def flush(self) -> None:
        self.stream.write("".join(self.parts))
        self.wrote(self.size)
        self.parts, self.size = [], 0


def _items(placed: Placed, section: str) -> Iterable[yamltext.Value]:
    if section == "racks":
        return (placed.rack.data(),)
    if section == "devices":
        return (d.data() for d in placed.devices)
    if section == "cables":
        return (c.data() for c in placed.cables)
    if section == "interfaces":
        return (lane.data() for lane in placed.lanes)
    if section == "power_feeds":
        return (feed.data() for feed in placed.feeds)
    if section == "power_ports":
        return (draw.data() for draw in placed.draws)
    return placed.uncabled


@lru_cache(maxsize=32)
def _box_text(lanes: BoxLanes) -> yamltext.Template:
    """One box's lanes as YAML items, rendered once as a template: `BOX` marks where each
    box's name goes (`Template.fill`)."""
    text = "".join(yamltext.item_text(n.data(), "  ") for n in lanes.of(BOX))
    return yamltext.Template(text, BOX)


def _boxes_text(lanes: BoxLanes, boxes: Iterable[str]) -> str:
    """The lanes of several switch boxes as YAML items: rendered once, each box's name put in
    (rendered box by box where YAML would quote the name)."""
    out = []
    for box in boxes:
        if yamltext.scalar(box) == box and BOX not in box:
            out.append(_box_text(lanes).fill(box))
        else:
            out += (yamltext.item_text(n.data(), "  ") for n in lanes.of(box))
    return "".join(out)


def render(placed: Iterable[Placed], section: str) -> Iterator[str]:
    """One section's items as YAML text under its key, rack by rack."""
    for rack in placed:
        for item in _items(rack, section):
            yield yamltext.item_text(item, "  ")
        if section == "interfaces":
            yield from (_boxes_text(lanes, boxes) for lanes, boxes in rack.laned)


def _units(plan: DcimPlan) -> Callable[[str], Iterator[str]]:
    """Sections of the plan's floor units: with several, rendered once and each unit's prefix
    and its racks' rows put in; a unit kept in part, stacked otherwise than the first, or whose
    prefix YAML would have to quote, is rendered unit by unit."""
    if len(plan.units) < 2:
        return lambda key: render((r for u in plan.units for r in plan.unit_racks(u)), key)
    first = plan.units[0]
    marks = tuple(f"{ROW}{k:06d}" for k in range(len(first.rows)))
    once = list(plan.unit_racks(FloorUnit(COPY, marks, stacked=first.stacked)))
    texts = {key: yamltext.Template("".join(render(once, key)), COPY) for key in SECTIONS}

    def sections(key: str) -> Iterator[str]:
        for unit in plan.units:
            prefix = unit.prefix
            same = unit.keep is None and unit.stacked == first.stacked
            if same and yamltext.scalar(prefix) == prefix and COPY not in prefix:
                text = texts[key].fill(prefix)
                if ROW in text:
                    for mark, row in zip(marks, unit.rows, strict=True):
                        text = text.replace(mark, row)
                yield text
            else:
                yield from render(plan.unit_racks(unit), key)

    return sections


def _head(plan: DcimPlan) -> dict[str, yamltext.Value]:
    return {
        "rackbom": {
            plan.what: plan.system_id,
            "target": plan.target,
            "mapping": UNIT_MAPPING,
            "cables": CABLE_NOTE,
        },
        "site": plan.site.data(),
        "device_roles": [r.data() for r in plan.device_roles],
        "rack_roles": [r.data() for r in plan.rack_roles],
        "rack_types": [f.data() for f in plan.frames],
        "power_panels": [p.data() for p in plan.panels],
    }


def write_racks(plan: DcimPlan, stream: TextIO) -> None:
    """racks.yaml: head keys, then each section's text as it comes, then the cable bundles."""
    header = f"rackbom {plan.what} {plan.system_id} for {plan.target}: {plan.contents}.\n"
    tail: dict[str, yamltext.Value] = {}
    if plan.bundles is not None:
        tail["cable_bundles"] = [b.data() for b in plan.bundles]
    wrote, done = byte_meter("racks.yaml")
    out = _Buffered(stream, wrote)
    out.add(yamltext.document(_head(plan), header + UNIT_MAPPING))
    units = _units(plan)
    for key in SECTIONS:
        empty = True
        for text in chain(units(key), render(plan.network_racks(), key)):
            if not text:  # a copy with nothing in this section
                continue
            if empty:
                out.add(f"{key}:\n")
                empty = False
            out.add(text)
        if empty:
            out.add(f"{key}: []\n")
    out.add("".join(yamltext.mapping(tail)))
    out.flush()
    done()
