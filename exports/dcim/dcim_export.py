"""A design or cluster as files for one DCIM product: manufacturers, device types, racks.

The folder holds `manufacturers.yaml`, one devicetype-library file per device type under
`device-types/<manufacturer name>/<part number or model>.yaml`, and `racks.yaml`: the site and
hall, roles with colours, rack types, racks, placed devices, cables inside racks and, for a
cluster, its network racks, switch boxes and cable bundles. `racks.yaml` is written one rack at
a time, so its size is bounded by the disk, not by memory.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ...components.atomic import Writer, text_writer
from ...components.catalogue import Catalogue
from ...components.errors import InputError
from ...components.plant_library import plant_rules
from ...components.progress import byte_meter
from ...components.switch_systems import SwitchSystem
from ...racks.analysis import Analysis
from ...racks.build import BuiltDesign
from ...racks.cabling.names import copy_prefix, rack_name
from ...racks.cabling.runlist import RunList
from ...racks.cabling.scope import FloorScope
from ...racks.clusters.cluster_analysis import ClusterAnalysis
from . import yamltext
from .dcim_model import DeviceType, Placed, PowerPanel, RackType, Role, Site
from .device_types import draw_limit, pdu_device_type, switch_device_type, tray_device_type
from .lanes import LaneRule, lane_rule, with_tray_lanes
from .pdus import NETWORK, PLUGS, fed_network_rack, pdu_limit_w
from .power_feeds import PlantRacks, panels, plant_racks, row_names
from .racks import (
    CABLE_NOTE,
    UNIT_MAPPING,
    busbar_fed,
    cable_bundles,
    design_racks,
    network_racks,
    rack_type,
    roles,
    site_for,
)
from .scoped_links import ScopedExport, ScopedLinks, scoped_links
from .type_library import slugify
from .vocabulary import Vocabulary

WRITE_CHUNK = 1 << 16  # characters buffered before a write

if TYPE_CHECKING:
    from ...racks.cabling.network_racks import NetworkRack


@dataclass(frozen=True)
class Export:
    """Everything one export writes: small files as text, and the racks file as a stream."""

    types: tuple[DeviceType, ...]
    files: dict[str, str]
    write_racks: Callable[[TextIO], None]
    frames: tuple[RackType, ...]
    site: Site
    device_roles: tuple[Role, ...]
    rack_roles: tuple[Role, ...]
    placed: Callable[[], Iterator[Placed]]
    """The racks with their devices and in-rack cables, one at a time (what the push loads)."""
    scoped: ScopedExport | None = None
    """What a scoped export holds (None: the whole system)."""
    panels: tuple[PowerPanel, ...] = ()
    """The power panels the racks' feeds hang from."""

    def writers(self) -> list[tuple[str, Writer]]:
        """Relative path and writer of every file."""
        out: list[tuple[str, Writer]] = [(k, text_writer(v)) for k, v in self.files.items()]

        def racks(tmp: Path) -> None:
            with tmp.open("w", encoding="utf-8", newline="\n") as stream:
                self.write_racks(stream)

        return [*out, ("racks.yaml", racks)]


def _design_types(
    design: BuiltDesign, vocab: Vocabulary, infiniband: bool = False
) -> dict[str, DeviceType]:
    types: dict[str, DeviceType] = {}
    for rack in design.racks:
        for tray in rack.trays:
            if tray.tray.id in types:
                continue
            holders = [r for r in design.racks if any(t.tray.id == tray.tray.id for t in r.trays)]
            busbar = any(busbar_fed(design, r) for r in holders)
            types[tray.tray.id] = tray_device_type(design, tray.tray, vocab, busbar, infiniband)
    return types


def _one_maker_spelling(types: dict[str, DeviceType]) -> dict[str, DeviceType]:
    """Manufacturers told apart case-insensitively: each keeps the first spelling in order."""
    spelling: dict[str, str] = {}
    for name in sorted({t.manufacturer for t in types.values()}):
        spelling.setdefault(name.casefold(), name)
    return {
        key: dataclasses.replace(t, manufacturer=spelling[t.manufacturer.casefold()])
        for key, t in types.items()
    }


def _check_unique(types: list[DeviceType], file: str | None) -> None:
    """One content per slug and per (manufacturer, model), as the DCIM keeps them."""
    seen: dict[tuple[str, str], DeviceType] = {}
    for t in types:
        for key in (("slug", t.slug), (t.manufacturer.casefold(), t.model)):
            other = seen.setdefault(key, t)
            if other != t:
                raise InputError(
                    file, None, f"two device types export as {key[1]!r} with different content"
                )


def _small_files(types: list[DeviceType], frames: Iterable[RackType]) -> dict[str, str]:
    """manufacturers.yaml (the makers of the device and rack types) and the device types."""
    spelling = {t.manufacturer.casefold(): t.manufacturer for t in types}
    for frame in frames:
        spelling.setdefault(frame.manufacturer.casefold(), frame.manufacturer)
    makers = sorted(spelling.values(), key=str.casefold)
    files = {
        "manufacturers.yaml": yamltext.sequence_document(
            [{"name": m, "slug": slugify(m)} for m in makers],
            "Manufacturers of the device and rack types.",
        )
    }
    for t in sorted(types, key=lambda t: t.path):
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


RACK_ROLES = tuple(roles({"compute", "network"}, racks=True))
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
PDU, SWITCH, MANAGEMENT = "rack pdu", "switch box", "network management"
"""Keys of the types besides the trays' while makers' spellings are made one."""
ROW = "rackbomrow"
"""Where a rack's row goes in a copy's rendered text, followed by the rack's index."""


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


def render(placed: Iterable[Placed], section: str) -> Iterator[str]:
    """One section's items as YAML text under its key, rack by rack."""
    for rack in placed:
        for item in _items(rack, section):
            yield yamltext.item_text(item, "  ")
        if section == "interfaces" and rack.lane_text:
            yield rack.lane_text


def _racks_writer(
    head: dict[str, yamltext.Value],
    header: str,
    sections: Callable[[str], Iterator[str]],
    tail: dict[str, yamltext.Value],
) -> Callable[[TextIO], None]:
    """A writer of racks.yaml: head keys, then each section's text as it comes, then tail."""

    def write(stream: TextIO) -> None:
        wrote, done = byte_meter("racks.yaml")
        out = _Buffered(stream, wrote)
        out.add(yamltext.document(head, header))
        for key in SECTIONS:
            empty = True
            for text in sections(key):
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

    return write


def _copies(
    design: BuiltDesign,
    types: Mapping[str, DeviceType],
    frames: Mapping[str, RackType],
    site: Site,
    copies: Sequence[tuple[str, PlantRacks, frozenset[str] | None]],
    lanes: LaneRule | None = None,
) -> Callable[[str], Iterator[str]]:
    """Sections of many copies of one design (each its name prefix, its plant and the names of
    its racks kept, None: all of them): rendered once, each copy its prefix and its racks' rows
    put in; with `lanes`, each tray's breakout lanes.

    A copy kept in part, or whose prefix YAML would have to quote, is rendered copy by copy.
    """

    def placed(
        prefix: str, plant: PlantRacks, keep: frozenset[str] | None = None
    ) -> Iterator[Placed]:
        for rack in design_racks(design, types, frames, site, prefix, plant):
            if keep is None or rack.rack.name in keep:
                yield rack if lanes is None else with_tray_lanes(rack, lanes)

    if not copies:  # a scope of network racks only
        return lambda key: iter(())
    first = copies[0][1]
    marks = tuple(f"{ROW}{k:06d}" for k in range(len(first.rows)))
    once = list(placed(COPY, dataclasses.replace(first, rows=marks)))
    texts = {key: yamltext.Template("".join(render(once, key)), COPY) for key in SECTIONS}

    def sections(key: str) -> Iterator[str]:
        for prefix, plant, keep in copies:
            if keep is None and yamltext.scalar(prefix) == prefix and COPY not in prefix:
                text = texts[key].fill(prefix)
                if ROW in text:
                    for mark, row in zip(marks, plant.rows, strict=True):
                        text = text.replace(mark, row)
                yield text
            else:
                yield from render(placed(prefix, plant, keep), key)

    return sections


def _head(
    what: str,
    system_id: str,
    vocab: Vocabulary,
    site: Site,
    frames: list[RackType],
    names: set[str],
    panels: Sequence[PowerPanel],
) -> dict[str, yamltext.Value]:
    return {
        "rackbom": {
            what: system_id,
            "target": vocab.name,
            "mapping": UNIT_MAPPING,
            "cables": CABLE_NOTE,
        },
        "site": site.data(),
        "device_roles": [r.data() for r in roles(names)],
        "rack_roles": [r.data() for r in RACK_ROLES],
        "rack_types": [f.data() for f in frames],
        "power_panels": [p.data() for p in panels],
    }


def profile_switch_types(catalogue: Catalogue, vocab: Vocabulary) -> list[DeviceType]:
    """The switch box of every network profile in the catalogue, as device types."""
    boxes = sorted({p.switch for p in catalogue.network_profiles.values()})
    return [switch_device_type(catalogue, catalogue.part(b, SwitchSystem), vocab) for b in boxes]


def design_export(analysis: Analysis, vocab: Vocabulary) -> Export:
    """One design's export for `vocab`'s product."""
    design = analysis.design
    rules = plant_rules()
    types = _design_types(design, vocab)
    if any(p.type in PLUGS for t in types.values() if not t.power_outlets for p in t.power_ports):
        types[PDU] = pdu_device_type(design.catalogue, rules.pdu(design.catalogue), vocab)
    types = _one_maker_spelling(types)
    _check_unique(list(types.values()), design.file)
    frames = {r.frame.id: rack_type(r.frame, design.catalogue) for r in design.racks}
    site = site_for(analysis.id, "design")
    names = {t.tray.role.value for r in design.racks for t in r.trays}
    names |= {"power"} if PDU in types else set()
    rows = row_names([len(design.racks)])
    pdu = types.pop(PDU) if PDU in types else None
    plant = plant_racks(analysis, rows, rules, pdu, draw_limit(vocab))
    hall = panels(sorted(set(plant.rows)), site.name, site.location)
    head = _head("design", analysis.id, vocab, site, list(frames.values()), names, hall)
    header = f"rackbom design {analysis.id} for {vocab.name}: racks and placed devices.\n"

    def placed() -> Iterator[Placed]:
        return design_racks(design, types, frames, site, analysis.id, plant)

    kinds = [*types.values(), *([plant.pdu] if plant.pdu else [])]
    return Export(
        tuple(kinds),
        _small_files(kinds, frames.values()),
        _racks_writer(head, header + UNIT_MAPPING, lambda key: render(placed(), key), {}),
        tuple(frames.values()),
        site,
        tuple(roles(names)),
        RACK_ROLES,
        placed,
        panels=tuple(hall),
    )


def _cluster_plants(
    cluster: ClusterAnalysis, pdu: DeviceType, most: int
) -> list[tuple[str, PlantRacks]]:
    """Each copy of the design in a cluster: its name prefix, and its racks' plant and rows (a
    copy's racks stand where the floor places them; servers packed several to a floor rack
    stand in that rack's row)."""
    per_copy = len(cluster.rack.design.racks)
    packed = cluster.copies_per_rack
    rows = row_names(cluster.floor.rows)
    base = plant_racks(cluster.rack, (), plant_rules(), pdu, most)

    def floor_rack(copy: int, index: int) -> int:
        return copy // packed if packed > 1 else copy * per_copy + index

    return [
        (
            copy_prefix(cluster.id, copy),
            dataclasses.replace(
                base, rows=tuple(rows[floor_rack(copy, i)] for i in range(per_copy))
            ),
        )
        for copy in range(cluster.copies)
    ]


@dataclass(frozen=True)
class _ClusterTypes:
    """A cluster's device types: its design's trays', the switch box's, the network racks'
    management switch's and the rack PDU's, each maker spelled one way."""

    trays: dict[str, DeviceType]
    switch: DeviceType
    management: DeviceType
    pdu: DeviceType

    @property
    def kinds(self) -> list[DeviceType]:
        """Every type once."""
        extra = [] if self.management in self.trays.values() else [self.management]
        return [*self.trays.values(), *extra, self.switch, self.pdu]


def _cluster_types(cluster: ClusterAnalysis, vocab: Vocabulary) -> _ClusterTypes:
    design = cluster.rack.design
    infiniband = cluster.switch.protocol == "infiniband"
    types = _design_types(design, vocab, infiniband)
    tray = cluster.sizer.management.tray
    types[MANAGEMENT] = tray_device_type(design, tray, vocab, busbar=False)
    types[SWITCH] = switch_device_type(cluster.catalogue, cluster.switch, vocab)
    pdu = plant_rules().pdu(cluster.catalogue)
    types[PDU] = pdu_device_type(cluster.catalogue, pdu, vocab)
    types = _one_maker_spelling(types)
    switch, management, pdu_type = types.pop(SWITCH), types.pop(MANAGEMENT), types.pop(PDU)
    _check_unique([*types.values(), switch, management, pdu_type], None)
    return _ClusterTypes(types, switch, management, pdu_type)


def _network(
    cluster: ClusterAnalysis,
    types: _ClusterTypes,
    frame: RackType,
    site: Site,
    vocab: Vocabulary,
    lanes: LaneRule | None = None,
    keep: Callable[[NetworkRack], bool] | None = None,
) -> Iterator[Placed]:
    """The network racks (those `keep` holds), each with its PDUs and feeds."""
    rules = plant_rules()
    limit = pdu_limit_w(rules.pdu(cluster.catalogue), rules)
    boxes = network_racks(cluster, types.switch, types.management, frame, site, vocab, lanes, keep)
    for rack in boxes:
        yield fed_network_rack(rack, types.pdu, rules, limit, draw_limit(vocab))


def cluster_export(
    cluster: ClusterAnalysis,
    vocab: Vocabulary,
    scope: FloorScope | None = None,
    run: RunList | None = None,
) -> Export:
    """A cluster's export: every copy of the design, network racks with their PDUs, cable
    bundles, power panels; with a `scope`, only its racks, their devices and the links with both
    ends in it. `run` is the cluster's run list where the caller has made it already."""
    design = cluster.rack.design
    kinds = _cluster_types(cluster, vocab)
    types = kinds.trays
    frames = {r.frame.id: rack_type(r.frame, cluster.catalogue) for r in design.racks}
    frames.setdefault(cluster.network_frame.id, rack_type(cluster.network_frame, cluster.catalogue))
    site = site_for(cluster.id, "cluster")
    names = {t.tray.role.value for r in design.racks for t in r.trays}
    names |= set(cluster.fabric.roles) | {"management", "power"}
    plants = _cluster_plants(cluster, kinds.pdu, draw_limit(vocab))
    run = RunList(cluster) if run is None else run
    kept = _kept_copies(cluster, scope, plants)
    held = None if scope is None else scope.holds_network
    hall = panels(_panel_rows(cluster, kept, run, held), site.name, site.location)
    head = _head("cluster", cluster.id, vocab, site, list(frames.values()), names, hall)
    header = f"rackbom cluster {cluster.id} for {vocab.name}: racks, devices, cables.\n"
    network_frame = frames[cluster.network_frame.id]
    cages = [i.name for i in kinds.switch.interfaces if not i.mgmt_only]
    lanes = lane_rule(run, cages, vocab)
    copies = _copies(design, types, frames, site, kept, lanes)

    def sections(key: str) -> Iterator[str]:
        yield from copies(key)
        yield from render(_network(cluster, kinds, network_frame, site, vocab, lanes, held), key)

    def placed() -> Iterator[Placed]:
        for prefix, plant, keep in kept:
            for rack in design_racks(design, types, frames, site, prefix, plant):
                if keep is None or rack.rack.name in keep:
                    yield rack
        yield from _network(cluster, kinds, network_frame, site, vocab, keep=held)

    links = None if scope is None else scoped_links(run, scope)
    return Export(
        tuple(kinds.kinds),
        _small_files(kinds.kinds, frames.values()),
        _racks_writer(
            head,
            header + UNIT_MAPPING,
            sections,
            {"cable_bundles": cable_bundles(cluster) if links is None else links.bundles},  # type: ignore[dict-item]
        ),
        tuple(frames.values()),
        site,
        tuple(roles(names)),
        RACK_ROLES,
        placed,
        None if scope is None or links is None else _scoped(cluster, scope, run, links),
        panels=tuple(hall),
    )


def _panel_rows(
    cluster: ClusterAnalysis,
    kept: Sequence[tuple[str, PlantRacks, frozenset[str] | None]],
    run: RunList,
    held: Callable[[NetworkRack], bool] | None,
) -> list[str]:
    """The rows whose power panels the exported racks' feeds hang from: every row and the
    network's, or those of the racks in a scope."""
    rows = [*dict.fromkeys(row_names(cluster.floor.rows)), NETWORK]
    if held is None:
        return rows
    used = {row for _, plant, _ in kept for row in plant.rows}
    if any(held(r) for r in run.network_racks):
        used.add(NETWORK)
    return [r for r in rows if r in used]


def _kept_copies(
    cluster: ClusterAnalysis,
    scope: FloorScope | None,
    plants: Sequence[tuple[str, PlantRacks]],
) -> list[tuple[str, PlantRacks, frozenset[str] | None]]:
    """Each copy exported: its prefix, its plant and the names of its racks kept (None: all)."""
    if scope is None:
        return [(prefix, plant, None) for prefix, plant in plants]
    whole = len(cluster.rack.design.racks)
    out: list[tuple[str, PlantRacks, frozenset[str] | None]] = []
    for copy in scope.copies:
        prefix, plant = plants[copy]
        racks = scope.copy_racks(cluster, copy)
        keep = frozenset(rack_name(prefix, r) for r in racks)
        out.append((prefix, plant, None if len(racks) == whole else keep))
    return out


def _scoped(
    cluster: ClusterAnalysis, scope: FloorScope, run: RunList, links: ScopedLinks
) -> ScopedExport:
    """What a scoped export holds: its racks, and the cable legs leaving it."""
    compute = sum(len(scope.copy_racks(cluster, c)) for c in scope.copies)
    network = sum(1 for r in run.network_racks if scope.holds_network(r))
    return ScopedExport(str(scope.scope), compute + network, links.left_out)
