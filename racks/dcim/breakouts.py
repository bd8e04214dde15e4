"""Native breakouts: a run-list cable whose legs at one end are every sub-port of one switch cage
is one DCIM cable with the breakout profile of its legs, and that cage a channelised interface.

NetBox 4.5 and later hold a breakout as it is: a cable with a profile (`breakout-1c2p-2c1p` to
`breakout-1c8p-8c1p`) has one A-end termination, the cage, and one B-end termination per leg, the
far ports in channel order; the cage is channelised (`channels`), each sub-port a channel
interface of it (`parent` the cage, `channel_id` from 1, named as the run list names the
sub-port), and NetBox traces channel n to the B end at connector n. A channel carries no cable
of its own, so a sub-port whose cage's legs ride several cables (a spine cage fed by several
leaves' breakouts) stands alone as an interface with its own leg, and so does a NIC port's plane
(the planes of a port ride different leaves' breakout cables). Where the product has no cable
profiles (Nautobot), every sub-port stands alone and every leg is a cable (`lanes.py`).

A cable's legs are read as the run list makes them (one cage of one switch, in consecutive
rows): a cable is complete at its last leg (`RunList.kind`: the legs one cable carries), and
cables left open at the end (a cage only partly used, a scope's part of a cable) are read as
they are.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import NamedTuple

from ..cabling.row import CableRow
from ..cabling.runlist import RunList
from .device_types import switch_ways
from .vocabulary import Vocabulary


class SubPort(NamedTuple):
    """A switch box's run-list sub-port as a part of one of its device type's interfaces."""

    cage: str
    """The device-type interface it is a sub-port of."""
    channel: int
    """Its place in the cage's breakout, from 1."""
    channels: int
    """The cage's sub-ports."""


def box_sub_ports(run: RunList, interfaces: list[str]) -> dict[str, SubPort]:
    """The run list's switch sub-ports by name, each as a part of its device-type interface
    (`interfaces`, the box's cage interfaces in order); none where a cage carries one link per
    interface."""
    split, ways = run.split, switch_ways(run.cluster.switch)
    channels = split // ways
    if channels < 2:
        return {}
    return {
        name: SubPort(
            interfaces[(s // split) * ways + (s % split) // channels],
            (s % split) % channels + 1,
            channels,
        )
        for s, name in enumerate(run.port_names)
    }


def cables_of(rows: Iterable[CableRow], run: RunList | None) -> Iterator[tuple[CableRow, ...]]:
    """The rows as their cables, each once its last leg is read, then those left open."""
    open_legs: dict[str, list[CableRow]] = {}
    for row in rows:
        legs = open_legs.setdefault(row.cable_id, [])
        legs.append(row)
        if row.tier < 1 or run is None or row.leg == run.kind(row.tier, row.run_m).legs:
            yield tuple(open_legs.pop(row.cable_id))
    yield from (tuple(legs) for legs in open_legs.values())


class Hub(NamedTuple):
    """The cage a breakout cable holds all of, at its `a` or `z` end, and the cable's profile."""

    side: str
    device: str
    cage: str
    profile: str


def end_of(leg: CableRow, side: str) -> tuple[str, str]:
    """A leg's device and port at its `a` or `z` end."""
    return (leg.a_device, leg.a_port) if side == "a" else (leg.z_device, leg.z_port)


def hub(legs: tuple[CableRow, ...], ports: Mapping[str, SubPort], vocab: Vocabulary) -> Hub | None:
    """The cage whose every sub-port is one of the cable's legs (its A end first), where the
    product has a profile for that many legs; None where no end is one cage."""
    profile = vocab.breakout_profile(len(legs))
    if profile is None:
        return None
    for side in ("a", "z"):
        ends = [end_of(leg, side) for leg in legs]
        devices = {device for device, _ in ends}
        subs = [ports[port] for _, port in ends if port in ports]
        if len(devices) != 1 or len(subs) != len(legs):
            continue
        cages = {(s.cage, s.channels) for s in subs}
        if len(cages) == 1 and len({s.channel for s in subs}) == len(legs) == subs[0].channels:
            return Hub(side, devices.pop(), subs[0].cage, profile)
    return None


def hub_cages(
    run: RunList,
    ports: Mapping[str, SubPort],
    vocab: Vocabulary,
    rows: Iterable[CableRow] | None = None,
) -> dict[str, frozenset[str]]:
    """Per switch box, the cages that are a breakout cable's hub among the fabric's cables (one
    pass over the run list's rows, or over `rows` where given): the cages the product holds as
    channelised interfaces."""
    if not ports or not vocab.breakout_profiles:
        return {}
    found: dict[str, set[str]] = {}
    fabric = (row for row in (run.rows() if rows is None else rows) if row.tier >= 1)
    for legs in cables_of(fabric, run):
        held = hub(legs, ports, vocab)
        if held is not None:
            found.setdefault(held.device, set()).add(held.cage)
    shared: dict[frozenset[str], frozenset[str]] = {}
    return {d: shared.setdefault(frozenset(c), frozenset(c)) for d, c in found.items()}
