"""The run list's cables as the DCIM's cable import takes them: an A end and B ends by device and
interface, named as the DCIM plan names devices and interfaces (`racks/cabling/names.py`,
`device_types.py`).

A cable whose legs at one end are every sub-port of one switch cage, where the product has the
breakout's cable profile (`breakouts.py`), is one cable: A the cage (channelised in the plan),
B each leg's far port in channel order, labelled with the run list's cable id. Any other cable is
one cable per leg, labelled `{cable_id}.{leg}`. A run-list port lands on the interface the plan
gives it: a sub-port whose cage is not channelised, or a NIC's plane sub-port `so1/2`, on its own
lane interface (`lanes.py`), so no interface carries two cables; an unsplit port on its NIC
port, cage or InfiniBand port; a switch box's management port on its device type's; other
management ports as they are named. The management cables (tier 0) are left out: the plan's
racks hold them, and each cable is in one of the files, so both import. A scope keeps the legs
with both ends in it, and a breakout held as one cable whole or not at all (`kept_legs`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ...components.cabling import Transceiver
from ...components.catalogue import Catalogue
from ..cabling.management_rows import MANAGEMENT_TIER
from ..cabling.names import is_aggregation, port_interface
from ..cabling.row import CableRow
from ..cabling.runlist import RunList
from .breakouts import Hub, SubPort, box_sub_ports, cables_of, end_of, hub
from .dcim_model import DcimCable
from .device_types import switch_device_type, switch_ways
from .vocabulary import Vocabulary

COPPER = {"dac": "dac-passive", "aec": "dac-active", "aoc": "aoc", "cat6": "cat6"}
"""rackbom cable kinds -> the DCIM's cable types; fibre goes by its transceivers' fibre."""
FIBRE = {"single_mode": "smf", "multi_mode": "mmf"}


def cable_type(row: CableRow, catalogue: Catalogue) -> str:
    """The DCIM cable type of a row."""
    if row.cable_type in COPPER:
        return COPPER[row.cable_type]
    module = catalogue.part(row.a_transceiver or row.z_transceiver or "", Transceiver)
    return FIBRE[module.fibre]


def switch_interfaces(run: RunList | None, vocab: Vocabulary) -> dict[str, str]:
    """The run list's switch sub-ports, each to the DCIM interface it lands on."""
    if run is None:
        return {}
    switch = run.cluster.switch
    box = switch_device_type(run.cluster.catalogue, switch, vocab)
    interfaces = [i.name for i in box.interfaces if not i.mgmt_only]
    ways = switch_ways(switch)
    if run.split > ways:  # each lane an interface of its own (`lanes.py`)
        return {name: name for name in run.port_names}
    return {
        name: interfaces[(s // run.split) * ways + (s % run.split) * ways // run.split]
        for s, name in enumerate(run.port_names)
    }


def interface_of(port: str, switch: dict[str, str], nic_lanes: bool = False) -> str:
    """The DCIM interface of a run-list port; with `nic_lanes`, a NIC port's plane is a lane."""
    return switch.get(port) or (port if nic_lanes else port_interface(port))


def kept_legs(
    legs: tuple[CableRow, ...], held: Hub | None, inside: Callable[[CableRow], bool]
) -> tuple[CableRow, ...]:
    """A cable's legs a scope keeps (`inside`: both ends in it): a breakout held as one cable
    (`held`) whole or not at all, as the product takes no cable on a channel of its cage."""
    kept = tuple(leg for leg in legs if inside(leg))
    return () if held is not None and len(kept) < len(legs) else kept


def dcim_cables(
    rows: Iterable[CableRow],
    run: RunList | None,
    catalogue: Catalogue,
    vocab: Vocabulary,
    inside: Callable[[CableRow], bool] | None = None,
) -> Iterator[DcimCable]:
    """Each of `rows`' cables but the management cables inside racks (the links to the
    management aggregation are cables) as `vocab`'s product takes it, one at a time; with
    `inside`, the legs a scope keeps (`kept_legs`)."""
    switch = switch_interfaces(run, vocab)
    lanes = run is not None and run.planes > 1
    subs: dict[str, SubPort] = {}
    if run is not None:
        box = switch_device_type(catalogue, run.cluster.switch, vocab)
        subs = box_sub_ports(run, [i.name for i in box.interfaces if not i.mgmt_only])
    kinds: dict[tuple[str, str | None], str] = {}
    kept = (r for r in rows if r.tier != MANAGEMENT_TIER or is_aggregation(r.z_device))
    for legs in cables_of(kept, run):
        held = hub(legs, subs, vocab)
        if inside is not None:
            legs = kept_legs(legs, held, inside)
            if not legs:
                continue
        first = legs[0]
        key = (first.cable_part, first.a_transceiver)
        kind = kinds.get(key) or kinds.setdefault(key, cable_type(first, catalogue))
        if held is not None:
            far = "z" if held.side == "a" else "a"
            ends = sorted(
                (subs[end_of(leg, held.side)[1]].channel, end_of(leg, far)) for leg in legs
            )
            yield DcimCable(
                held.device,
                held.cage,
                tuple(device for _, (device, _) in ends),
                tuple(interface_of(port, switch, lanes) for _, (_, port) in ends),
                kind,
                first.cable_id,
                max(leg.cable_m for leg in legs),
                held.profile,
            )
            continue
        for row in legs:
            yield DcimCable(
                row.a_device,
                interface_of(row.a_port, switch, lanes),
                (row.z_device,),
                (interface_of(row.z_port, switch, lanes),),
                kind,
                f"{row.cable_id}.{row.leg}",
                row.cable_m,
            )
