"""Part types: catalogue templates with specs, price and power, each figure sourced."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .limits import (
    Count,
    Gbps,
    Kg,
    Name,
    NonNegative,
    Positive,
    PositiveCount,
    PositiveGbps,
    PositiveWatts,
    Text,
    Usd,
    Watts,
)
from .provenance import Id, Sourced


class PartType(Sourced):
    """Fields shared by every kind of part."""

    id: Id
    name: Name
    manufacturer: Name
    part_number: Name | None = None
    price_usd: Usd | None = Field(default=None, description="Unit price, US dollars (up to 1e12).")
    power_w: Watts | None = Field(default=None, description="Typical board power, W (up to 1e9).")
    weight_kg: Kg | None = Field(default=None, description="Weight, kg (up to 1e6).")
    notes: Text | None = None

    @model_validator(mode="after")
    def _sources_name_figures(self) -> PartType:
        unknown = sorted(set(self.sources) - set(self.figure_names()))
        if unknown:
            raise ValueError(f"sources names figures this entry does not state: {unknown}")
        return self


class Gpu(PartType):
    """An accelerator package."""

    kind: Literal["gpu"] = "gpu"
    hbm_gb: NonNegative
    hbm_tbytes_per_s: NonNegative | None = Field(default=None, description="HBM bandwidth, TB/s.")
    fp4_pflops: NonNegative | None = Field(default=None, description="Dense FP4, PFLOP/s.")
    fp8_pflops: NonNegative | None = Field(default=None, description="Dense FP8, PFLOP/s.")
    scale_up_lanes: Count = Field(default=0, description="SerDes lanes to the scale-up fabric.")
    scale_up_lane_gbps: Gbps = Field(default=0, description="Gbit/s per lane, one way.")
    mesh_links: Count = Field(default=0, description="Point-to-point links for a direct mesh.")
    mesh_link_gbps: Gbps = Field(default=0, description="Gbit/s per mesh link, one way.")


class Cpu(PartType):
    """A host processor."""

    kind: Literal["cpu"] = "cpu"
    cores: PositiveCount
    memory_channels: Count | None = None


class Nic(PartType):
    """A network interface card or module."""

    kind: Literal["nic"] = "nic"
    ports: PositiveCount = 1
    port_gbps: PositiveGbps = Field(description="Gbit/s per port, one way (up to 1e9).")
    host_interface: Name | None = None


class SwitchAsic(PartType):
    """A switch chip: total bandwidth split into ports at one of its lane speeds."""

    kind: Literal["switch_asic"] = "switch_asic"
    bandwidth_gbps: PositiveGbps = Field(description="Switching capacity, Gbit/s one way.")
    lane_gbps_options: list[PositiveGbps] = Field(
        min_length=1, max_length=16, description="SerDes lane speeds."
    )

    def lanes_at(self, lane_gbps: float) -> int:
        """SerDes lanes the chip offers at one lane speed."""
        if lane_gbps not in self.lane_gbps_options:
            raise ValueError(
                f"{self.id} has no {lane_gbps:g}G lanes (offers {_speeds(self.lane_gbps_options)})"
            )
        return int(self.bandwidth_gbps // lane_gbps)


class MemoryModule(PartType):
    """DIMM, MRDIMM or soldered memory counted in modules."""

    kind: Literal["memory"] = "memory"
    capacity_gb: Positive
    memory_type: Name


class Ssd(PartType):
    """A solid-state drive."""

    kind: Literal["ssd"] = "ssd"
    capacity_tb: Positive


class Connector(PartType):
    """A backplane connector; a lane is two differential pairs (one each way)."""

    kind: Literal["connector"] = "connector"
    differential_pairs: PositiveCount

    @property
    def lanes(self) -> int:
        """Full-duplex lanes the connector carries."""
        return self.differential_pairs // 2


class PowerShelf(PartType):
    """A rack power shelf converting AC to the busbar voltage."""

    kind: Literal["power_shelf"] = "power_shelf"
    capacity_w: PositiveWatts = Field(description="Rated output, watts (up to 1e9).")
    psus: PositiveCount
    efficiency: Annotated[float, Field(strict=True, gt=0, le=1)] = Field(
        description="AC to DC, fraction."
    )


class ManagementSwitch(PartType):
    """An out-of-band or top-of-rack management switch."""

    kind: Literal["management_switch"] = "management_switch"
    ports: PositiveCount
    port_gbps: PositiveGbps


class Item(PartType):
    """Anything else on a BOM: sheet metal, boards, cables, cold plates, busbars, margins."""

    kind: Literal["item"] = "item"
    category: Name


AnyPart = Annotated[
    Gpu
    | Cpu
    | Nic
    | SwitchAsic
    | MemoryModule
    | Ssd
    | Connector
    | PowerShelf
    | ManagementSwitch
    | Item,
    Field(discriminator="kind"),
]

PART_KINDS = (
    "gpu",
    "cpu",
    "nic",
    "switch_asic",
    "memory",
    "ssd",
    "connector",
    "power_shelf",
    "management_switch",
    "item",
)


def _speeds(values: list[float]) -> str:
    return ", ".join(f"{v:g}G" for v in values)
