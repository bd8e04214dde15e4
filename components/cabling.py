"""Link parts: optical transceivers and cables, chosen per link by speed and reach."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from .limits import Name
from .parts import PartType
from .provenance import Positive, PositiveCount

CableType = Literal["dac", "aec", "aoc", "fibre", "cat6"]


class Transceiver(PartType):
    """A pluggable optical module at one end of a link."""

    kind_label: ClassVar[str] = "Transceiver"
    kind_aliases: ClassVar[tuple[str, ...]] = ("transceivers", "optic", "optics", "module")

    kind: Literal["transceiver"] = "transceiver"
    form_factor: Name = Field(max_length=40, description="OSFP, QSFP-DD, QSFP112.")
    port_gbps: Positive = Field(description="Gbit/s of the module, one way.")
    lanes: PositiveCount = Field(description="Electrical lanes to the host.")
    reach_class: Name = Field(max_length=40, description="DR8, 2xFR4, SR8 ...")
    reach_m: Positive = Field(description="Longest link the module is rated for, metres.")
    fibre: Literal["single_mode", "multi_mode", "copper"] = Field(
        description="The fibre it drives (copper: a twisted-pair module, 1000BASE-T)."
    )
    connectors: PositiveCount = Field(
        default=1,
        description="Optical connectors: 2 on a twin-port module (2xDR4, 2xFR4), each one port "
        "with its own cable.",
    )


class Cable(PartType):
    """A cable of one length: copper (DAC, AEC), active optical (AOC), a fibre patch cord, or a
    Cat6 patch cord for management ports.

    DAC and AEC plug straight into the ports and AOC carries its optics in its ends; a fibre needs
    a transceiver at each end.
    """

    kind_label: ClassVar[str] = "Cable"
    kind_aliases: ClassVar[tuple[str, ...]] = ("cables", "dac", "aec", "aoc", "fibre", "fiber")
    passive: ClassVar[bool] = True

    kind: Literal["cable"] = "cable"
    cable_type: CableType
    length_m: Positive = Field(description="Length, metres.")
    max_gbps: Positive | None = Field(
        default=None,
        description="Fastest link it carries, Gbit/s one way (a breakout's, each leg's); none for "
        "bare fibre.",
    )
    legs: PositiveCount = Field(
        default=1,
        description="Cages it reaches from its one head: 1 for a straight cable, 2 for a "
        "1-to-2 splitter. A cable that plugs into the cages joins one cage to `legs` cages.",
    )

    @property
    def needs_transceivers(self) -> bool:
        """Whether each end needs a transceiver (bare fibre)."""
        return self.cable_type == "fibre"

    def joins(self, links_per_cage: tuple[int, int]) -> bool:
        """Whether the cable can join two cages carrying these links each: a cable with its own
        ends (copper, active optical) joins one cage to one cage, or its head to `legs` cages of
        one link each; bare fibre runs between transceivers, which `links.py` matches."""
        if self.needs_transceivers:
            return True
        head, tail = max(links_per_cage), min(links_per_cage)
        return tail == 1 and head == self.legs
