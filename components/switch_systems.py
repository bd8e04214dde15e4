"""Switch systems: the boxes a scale-out fabric is built from."""

from __future__ import annotations

from functools import cache
from string import Formatter
from typing import ClassVar, Literal, Self

from pydantic import Field, model_validator

from .limits import Name
from .network_os import NetworkOs
from .parts import InNetworkReduction, PartType
from .provenance import Id, Positive, PositiveCount, Strict
from .rounding import TOLERANCE

PORT_FIELDS = frozenset({"port", "sub", "leg", "lane"})
"""What a port name may hold: the cage, the sub-port (from 0 and from 1), its first lane."""


class PortNaming(Strict):
    """How the box's operating system names a cage and its breakout sub-ports: one rule for the
    run list's ports and the DCIM's interfaces (a cage, and a breakout's channels of it).

    `{port}` is the cage from 1, `{sub}` the sub-port from 0, `{leg}` the sub-port from 1 and
    `{lane}` the sub-port's first electrical lane from 1.
    """

    port: Name = Field(
        max_length=40, description="A cage, and its link at full speed, e.g. swp{port}."
    )
    breakout: Name = Field(max_length=40, description="A sub-port, e.g. Ethernet{port}/{lane}.")
    source: Id | None = Field(default=None, description="Where the vendor states the names.")
    cage_source: Id | None = Field(
        default=None, description="Where the cage's name comes from, if not from `source`."
    )

    @model_validator(mode="after")
    def _known_fields(self) -> Self:
        for pattern in (self.port, self.breakout):
            fields = [(f, spec, conv) for _, f, spec, conv in Formatter().parse(pattern) if f]
            names = {f for f, _, _ in fields}
            plain = all(not spec and conv is None for _, spec, conv in fields)
            if not plain or not names <= PORT_FIELDS or "port" not in names:
                raise ValueError(
                    f"port name {pattern!r} takes {{port}} and any of {{sub}}, {{leg}}, {{lane}}"
                )
        return self


@cache
def generic_naming() -> PortNaming:
    """Where the vendor's naming is not in the catalogue (made on first use: validating it
    builds the model's schema, which a command that names no port never needs)."""
    return PortNaming(port="p{port}", breakout="p{port}/{leg}")


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
    network_os: NetworkOs | None = Field(
        default=None, description="The operating system it runs (names its management port)."
    )
    in_network_reduction: InNetworkReduction | None = Field(
        default=None, description="How the box reduces data passing through it, if it can."
    )
    port_names: PortNaming | None = Field(
        default=None, description="The vendor's interface names; generic p1, p1/2 without."
    )
    library_type: Id | None = Field(
        default=None,
        description="The devicetype-library's type of this box (an entry of the DCIM export's "
        "library data), where the library holds it.",
    )

    def figure_names(self) -> list[str]:
        """The numeric figures stated, and the in-network reduction where declared."""
        names = super().figure_names()
        return [*names, "in_network_reduction"] if self.in_network_reduction else names

    def port_name(self, cage: int, sub: int, split: int) -> str:
        """The name of sub-port `sub` (from 0) of cage `cage` (from 0) broken out `split` ways."""
        naming = self.port_names or generic_naming()
        pattern = naming.port if split == 1 else naming.breakout
        lane = sub * self.lanes_per_port // split + 1
        return pattern.format(port=cage + 1, sub=sub, leg=sub + 1, lane=lane)

    def link_speeds(self) -> list[float]:
        """Link speeds one port carries: full speed and each breakout, fastest first."""
        return [self.port_gbps, *(self.port_gbps / n for n in sorted(self.breakouts))]

    def split_at(self, link_gbps: float) -> int:
        """Links one port carries at `link_gbps`; ValueError if it cannot break out to it."""
        for ways in (1, *self.breakouts):
            if abs(self.port_gbps / ways - link_gbps) < TOLERANCE:
                return ways
        offers = ", ".join(f"{s:g}G" for s in self.link_speeds())
        raise ValueError(f"{self.id} cannot break out to {link_gbps:g}G links (offers {offers})")

    def radix_at(self, link_gbps: float) -> int:
        """Logical ports at one link speed: ports times the breakout."""
        return self.ports * self.split_at(link_gbps)
