"""Switch systems: the boxes a scale-out fabric is built from."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from .limits import Name
from .parts import PartType
from .provenance import Id, Positive, PositiveCount


class SwitchSystem(PartType):
    """A switch box: one ASIC behind front-panel cages, each cage one port that may break out.

    A 1.6T cage with `breakouts: [2, 4]` carries one 1.6T, two 800G or four 400G links.
    """

    kind_label: ClassVar[str] = "Switch system"
    kind_aliases: ClassVar[tuple[str, ...]] = (
        "switch_systems",
        "switch_box",
        "switch_boxes",
        "box",
        "boxes",
    )

    kind: Literal["switch_system"] = "switch_system"
    asic: Id | None = Field(
        default=None, description="The switch chip, where the catalogue has it."
    )
    ports: PositiveCount = Field(description="Front-panel cages (ports at full speed).")
    port_gbps: Positive = Field(description="Gbit/s of one port at full speed, one way.")
    cage: Name = Field(max_length=40, description="OSFP, QSFP-DD, QSFP112.")
    lanes_per_port: PositiveCount = Field(description="Electrical lanes behind one cage.")
    breakouts: list[PositiveCount] = Field(
        default_factory=list, description="Ways one port splits into slower links (2 = 2 x half)."
    )
    height_units: PositiveCount = Field(description="Rack units the box takes.")
    protocol: Literal["ethernet", "infiniband"] = Field(
        default="ethernet", description="What its ports speak."
    )

    def link_speeds(self) -> list[float]:
        """Link speeds one port carries: full speed and each breakout, fastest first."""
        return [self.port_gbps, *(self.port_gbps / n for n in sorted(self.breakouts))]

    def split_at(self, link_gbps: float) -> int:
        """Links one port carries at `link_gbps`; ValueError if it cannot break out to it."""
        for ways in (1, *self.breakouts):
            if abs(self.port_gbps / ways - link_gbps) < 1e-9:
                return ways
        offers = ", ".join(f"{s:g}G" for s in self.link_speeds())
        raise ValueError(f"{self.id} cannot break out to {link_gbps:g}G links (offers {offers})")

    def radix_at(self, link_gbps: float) -> int:
        """Logical ports at one link speed: ports times the breakout."""
        return self.ports * self.split_at(link_gbps)
