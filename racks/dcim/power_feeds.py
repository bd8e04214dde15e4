"""A rack's feeds from rackbom's plant (`racks/plant/`) as the DCIM's power feeds and panels.

Each rack feed of the plant (one per busbar power shelf, else one per rack PDU; sides A and B
alternating) is a power feed on its row's panel of that side, with the plant profile's voltage
and phases, the breaker the plant sized (the largest rack breaker where none carries the peak,
as the plant warns) and the continuous-load fraction as its maximum utilisation. Each is cabled
to the input it feeds, whose allocated draw is the feed's nominal share of the rack's input, so
the DCIM's feed and rack utilisation are the plant's (`Feed.nominal_pct`,
`RackPlant.feed_use_pct`). Draws are in W: the maximum utilisation is the continuous-load
fraction times the power factor, so the DCIM's available power (V x A x utilisation) is the
plant's continuous limit in W.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...components.plant_library import PlantRules
from ...components.plant_profile import PlantProfile
from ...components.records import record
from ..analysis import Analysis
from ..plant.feeds import Feed
from ..plant.rack import RackPlant, rack_plant
from ..plant.rack_limits import pdu_limit_w
from .dcim_model import FEED, Cable, Device, DeviceType, PowerDraw, PowerFeed, PowerPanel


@record
class PlantRacks:
    """The plant of one copy of a design's racks: each rack's figures and the row it stands in."""

    racks: tuple[RackPlant, ...]
    rows: tuple[str, ...]
    profile: PlantProfile
    pdu: DeviceType | None = None
    """The rack PDU a rack without power shelves hangs its devices' inlets on."""
    pdu_limit_w: float = 0.0
    """The continuous load one such PDU carries."""
    most: int = 0
    """The watts one power port of the product holds."""


@record
class RackPower:
    """What one rack's feeds add: the draws set on the inputs they feed, the feeds, the cables."""

    draws: tuple[PowerDraw, ...] = ()
    feeds: tuple[PowerFeed, ...] = ()
    cables: tuple[Cable, ...] = ()


def max_utilization(profile: PlantProfile) -> int:
    """A feed's maximum utilisation, percent: the continuous-load fraction of its rating, in W."""
    return round(100 * profile.continuous_load_fraction * profile.power_factor)


def panel_name(row: str, side: str) -> str:
    """The panel of one row's (or the hall's) side."""
    return f"{row} side {side}"


def panels(rows: Sequence[str], site: str, location: str) -> list[PowerPanel]:
    """A panel per row and side, as the plant feeds each row from busways on sides A and B."""
    return [
        PowerPanel(
            panel_name(row, side),
            site,
            location,
            f"Side {side} of {row}: the busways the plant feeds its racks from (rackbom plant).",
        )
        for row in rows
        for side in "AB"
    ]


def fed_inputs(devices: Sequence[Device]) -> list[tuple[Device, str, int | None]]:
    """The inputs a rack's feeds reach, in rack order: each power shelf's AC input, else each
    rack PDU's inlet (devices with outlets); with the input's maximum draw."""
    return [
        (d, port.name, port.maximum_draw)
        for d in devices
        if d.device_type.power_outlets
        for port in d.device_type.power_ports
    ]


def rack_power(
    planned: Sequence[Feed],
    rack: str,
    row: str,
    devices: Sequence[Device],
    profile: PlantProfile,
    most: int,
) -> RackPower:
    """The plant's feeds of one rack, each cabled to the input it feeds; none where the rack's
    inputs are not the plant's feeds (a rack without shelves or PDUs). A draw is held at `most`,
    the watts a power port of the product holds."""
    inputs = fed_inputs(devices)
    if len(inputs) != len(planned):
        return RackPower()
    feeds, draws, cables = [], [], []
    for feed, (device, port, maximum) in zip(planned, inputs, strict=True):
        made = _feed(feed, rack, row, profile)
        feeds.append(made)
        draws.append(PowerDraw(device.name, port, min(round(feed.nominal_w), most), maximum))
        cables.append(
            Cable(made.panel, FEED, made.name, device.name, "dcim.powerport", port, "power")
        )
    return RackPower(tuple(draws), tuple(feeds), tuple(cables))


def _feed(feed: Feed, rack: str, row: str, profile: PlantProfile) -> PowerFeed:
    label = feed.name.rsplit(" ", 1)[-1]
    breaker = feed.breaker_a or profile.max_rack_breaker_a
    sized = "sized by the plant" if feed.breaker_a else "the largest allowed; none carries the peak"
    return PowerFeed(
        name=f"{rack} {label}",
        panel=panel_name(row, label[0]),
        rack=rack,
        side=label[0],
        phases=profile.feed_phases,
        voltage=round(profile.feed_voltage_v),
        amperage=round(breaker),
        max_utilization=max_utilization(profile),
        comments=(
            f"rackbom plant, profile {profile.id}: feed {label}, nominal {feed.nominal_w:,.0f} W "
            f"({feed.nominal_pct:.1f}% of its {feed.limit_w:,.0f} W continuous limit), "
            f"{feed.design_w:,.0f} W at peak with its other side lost; breaker {breaker:g} A "
            f"({sized})."
        ),
    )


def plant_racks(
    analysis: Analysis,
    rows: Sequence[str],
    rules: PlantRules,
    pdu: DeviceType | None,
    most: int,
) -> PlantRacks:
    """The plant of a design's racks (one copy) standing in `rows`, one row name per rack, with
    the rack PDU of the profile and the most watts a power port holds."""
    catalogue = analysis.design.catalogue
    racks = tuple(
        rack_plant(analysis, index, rules, catalogue) for index in range(len(analysis.design.racks))
    )
    limit = pdu_limit_w(rules, catalogue)
    return PlantRacks(racks, tuple(rows), rules.profile, pdu, limit, most)


def row_names(counts: Sequence[int]) -> list[str]:
    """Each rack's row: the floor's rows hold `counts` racks in turn (named as the plant does)."""
    return [f"row {number}" for number, count in enumerate(counts, 1) for _ in range(count)]
