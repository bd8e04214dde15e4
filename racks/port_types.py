"""Switch-port usage, types only: per switch chip and per switch tray."""

from __future__ import annotations

from ..components.records import record


@record
class ChipPorts:
    """One switch chip: ports at the fabric's port speed, landed and left unused."""

    rack: str
    tray: str
    chip: str
    part: str
    fabric: str | None
    port_gbps: float
    lanes_per_port: int
    ports_total: int
    ports_used: int

    @property
    def ports_unused(self) -> int:
        """Ports with nothing landed on them."""
        return self.ports_total - self.ports_used

    @property
    def lanes_total(self) -> int:
        """SerDes lanes behind the ports."""
        return self.ports_total * self.lanes_per_port

    @property
    def lanes_used(self) -> int:
        """Lanes with a GPU lane landed."""
        return self.ports_used * self.lanes_per_port


@record
class TrayPorts:
    """One switch tray: its chips' ports and the lanes its connectors carry."""

    rack: str
    tray: str
    tray_id: str
    chips: list[ChipPorts]
    lanes_in: int
    connector_lanes: int | None

    @property
    def ports_total(self) -> int:
        """Ports across the tray's chips."""
        return sum(c.ports_total for c in self.chips)

    @property
    def ports_used(self) -> int:
        """Ports landed across the tray's chips."""
        return sum(c.ports_used for c in self.chips)

    @property
    def ports_unused(self) -> int:
        """Ports left unused across the tray's chips."""
        return self.ports_total - self.ports_used
