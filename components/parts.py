"""Part types: catalogue templates with specs, price and power, each figure sourced."""

from __future__ import annotations

import re
from typing import Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from .limits import (
    Count,
    Gbps,
    Kg,
    Name,
    NonNegative,
    PeakFactor,
    Positive,
    PositiveCount,
    PositiveGbps,
    PositiveWatts,
    Text,
    Usd,
    Watts,
)
from .network_os import NetworkOs
from .precision import Precision
from .provenance import Id, Sourced

_PARENTHESIS = re.compile(r"\s*\([^)]*\)")


class PartType(Sourced):
    """Fields shared by every kind of part.

    Each kind declares its traits as class variables; analyses and renderers ask the class, so a
    new kind is a new class here and one line in the registry (`part_kinds.py`).
    """

    kind_label: ClassVar[str] = "Part"
    """The kind in human words, as tables and workbooks show it."""
    kind_aliases: ClassVar[tuple[str, ...]] = ()
    """Other names users type for the kind (`switch` for `switch_asic`)."""
    graph_node: ClassVar[str | None] = None
    """The node kind this part becomes in the topology graph, or None if it is not a node."""
    passive: ClassVar[bool] = False
    """Draws no power unless a figure is stated (a missing figure is then no warning)."""
    supplies_power: ClassVar[bool] = False
    """Converts power for the rack; its losses count through its efficiency, not its draw."""
    named_in_labels: ClassVar[bool] = False
    """Counted by model in a tray's drawn label (`4 x MI450X`)."""

    id: Id
    name: Name
    manufacturer: Name
    part_number: Name | None = None
    price_usd: Usd | None = Field(default=None, description="Unit price, US dollars (up to 1e12).")
    power_w: Watts | None = Field(default=None, description="Typical board power, W (up to 1e9).")
    weight_kg: Kg | None = Field(default=None, description="Weight, kg (up to 1e6).")
    short_name: Name | None = Field(
        default=None, max_length=40, description="Model name for drawn labels (`MI450X`)."
    )
    notes: Text | None = None

    @property
    def bom_category(self) -> str:
        """The category a BOM line for this part shows."""
        return self.kind_label

    @property
    def label_name(self) -> str:
        """The model name drawn in labels: `short_name`, else the name less its maker and notes."""
        if self.short_name:
            return self.short_name
        name = _PARENTHESIS.sub("", self.name).strip() or self.name
        prefix = f"{self.manufacturer} "
        return name[len(prefix) :] if name.startswith(prefix) and len(name) > len(prefix) else name

    @property
    def backplane_lanes(self) -> int:
        """Full-duplex lanes this part carries through a tray's backplane (connectors only)."""
        return 0

    @model_validator(mode="after")
    def _sources_name_figures(self) -> PartType:
        unknown = sorted(set(self.sources) - set(self.figure_names()))
        if unknown:
            raise ValueError(f"sources names figures this entry does not state: {unknown}")
        return self


class Gpu(PartType):
    """An accelerator package."""

    kind_label: ClassVar[str] = "GPU"
    kind_aliases: ClassVar[tuple[str, ...]] = ("gpus", "accelerator", "accelerators")
    graph_node: ClassVar[str | None] = "gpu"
    named_in_labels: ClassVar[bool] = True

    kind: Literal["gpu"] = "gpu"
    hbm_gb: NonNegative
    hbm_tbytes_per_s: NonNegative | None = Field(default=None, description="HBM bandwidth, TB/s.")
    fp4_dense_pflops: NonNegative | None = Field(default=None, description="Dense FP4, PFLOP/s.")
    fp6_dense_pflops: NonNegative | None = Field(default=None, description="Dense FP6, PFLOP/s.")
    fp8_dense_pflops: NonNegative | None = Field(default=None, description="Dense FP8, PFLOP/s.")
    bf16_dense_pflops: NonNegative | None = Field(default=None, description="Dense BF16, PFLOP/s.")
    fp4_sparse_pflops: NonNegative | None = Field(default=None, description="Sparse FP4, PFLOP/s.")
    fp8_sparse_pflops: NonNegative | None = Field(default=None, description="Sparse FP8, PFLOP/s.")
    bf16_sparse_pflops: NonNegative | None = Field(
        default=None, description="Sparse BF16, PFLOP/s."
    )
    io_lanes: Count | None = Field(
        default=None, description="Flexible I/O lanes shared by scale-up, NICs, CPU and SSDs."
    )
    host_link_lanes: Count | None = Field(
        default=None, description="Flexible I/O lanes to the host CPU, where the budget applies."
    )
    scale_up_lanes: Count = Field(default=0, description="SerDes lanes to the scale-up fabric.")
    scale_up_lane_gbps: Gbps = Field(default=0, description="Gbit/s per lane, one way.")
    mesh_links: Count = Field(default=0, description="Point-to-point links for a direct mesh.")
    mesh_link_gbps: Gbps = Field(default=0, description="Gbit/s per mesh link, one way.")
    transient_factor: PeakFactor | None = Field(
        default=None, description="Peak over nominal power; none: the plant profile's."
    )
    interconnect: Id | None = Field(
        default=None, description="Its scale-up interconnect, an entry of collectives.yaml."
    )

    def dense_pflops(self, precision: Precision) -> float | None:
        """Dense PFLOP/s at one precision (None where the source states none)."""
        return {
            "fp4": self.fp4_dense_pflops,
            "fp6": self.fp6_dense_pflops,
            "fp8": self.fp8_dense_pflops,
            "bf16": self.bf16_dense_pflops,
        }[precision]


class Cpu(PartType):
    """A host processor."""

    kind_label: ClassVar[str] = "CPU"
    kind_aliases: ClassVar[tuple[str, ...]] = ("cpus", "processor", "processors")
    graph_node: ClassVar[str | None] = "cpu"
    named_in_labels: ClassVar[bool] = True

    kind: Literal["cpu"] = "cpu"
    cores: PositiveCount
    memory_channels: Count | None = None


class Nic(PartType):
    """A network interface card or module."""

    kind_label: ClassVar[str] = "NIC"
    kind_aliases: ClassVar[tuple[str, ...]] = ("nics",)
    graph_node: ClassVar[str | None] = "nic"

    kind: Literal["nic"] = "nic"
    ports: PositiveCount = 1
    port_gbps: PositiveGbps = Field(description="Gbit/s per port, one way (up to 1e9).")
    host_interface: Name | None = None
    host_lanes: Count | None = Field(default=None, description="Lanes of its host interface.")
    interconnect: Id | None = Field(
        default=None, description="Its scale-out interconnect, an entry of collectives.yaml."
    )


InNetworkReduction = Literal["nvls", "sharp"]
"""A switch's own reduction: NVLink SHARP (NVSwitch gen 3 and later) or InfiniBand SHARP."""


class SwitchAsic(PartType):
    """A switch chip: total bandwidth split into ports at one of its lane speeds."""

    kind_label: ClassVar[str] = "Switch ASIC"
    kind_aliases: ClassVar[tuple[str, ...]] = (
        "switch",
        "switches",
        "asic",
        "asics",
        "switch_asics",
    )
    graph_node: ClassVar[str | None] = "switch_chip"
    named_in_labels: ClassVar[bool] = True

    kind: Literal["switch_asic"] = "switch_asic"
    bandwidth_gbps: PositiveGbps = Field(description="Switching capacity, Gbit/s one way.")
    lane_gbps_options: list[PositiveGbps] = Field(
        min_length=1, max_length=16, description="SerDes lane speeds."
    )
    in_network_reduction: InNetworkReduction | None = Field(
        default=None, description="How the chip reduces data passing through it, if it can."
    )

    def figure_names(self) -> list[str]:
        """The numeric figures stated, and the in-network reduction where declared."""
        names = super().figure_names()
        return [*names, "in_network_reduction"] if self.in_network_reduction else names

    def lanes_at(self, lane_gbps: float) -> int:
        """SerDes lanes the chip offers at one lane speed."""
        if lane_gbps not in self.lane_gbps_options:
            raise ValueError(
                f"{self.id} has no {lane_gbps:g}G lanes (offers {_speeds(self.lane_gbps_options)})"
            )
        return int(self.bandwidth_gbps // lane_gbps)


class MemoryModule(PartType):
    """DIMM, MRDIMM or soldered memory counted in modules."""

    kind_label: ClassVar[str] = "Memory"
    kind_aliases: ClassVar[tuple[str, ...]] = ("memories", "dimm", "dimms")

    kind: Literal["memory"] = "memory"
    capacity_gb: Positive
    memory_type: Name


class Ssd(PartType):
    """A solid-state drive."""

    kind_label: ClassVar[str] = "SSD"
    kind_aliases: ClassVar[tuple[str, ...]] = ("ssds", "drive", "drives", "nvme")

    kind: Literal["ssd"] = "ssd"
    capacity_tb: Positive
    host_lanes: Count | None = Field(default=None, description="Lanes of its host interface.")


class Connector(PartType):
    """A backplane connector; a lane is two differential pairs (one each way)."""

    kind_label: ClassVar[str] = "Backplane connector"
    kind_aliases: ClassVar[tuple[str, ...]] = ("connectors", "backplane")
    passive: ClassVar[bool] = True

    kind: Literal["connector"] = "connector"
    differential_pairs: PositiveCount

    @property
    def backplane_lanes(self) -> int:
        """Full-duplex lanes the connector carries."""
        return self.differential_pairs // 2


class PowerShelf(PartType):
    """A rack power shelf converting AC to the busbar voltage."""

    kind_label: ClassVar[str] = "Power shelf"
    kind_aliases: ClassVar[tuple[str, ...]] = ("power_shelves", "shelf", "shelves", "psu")
    supplies_power: ClassVar[bool] = True

    kind: Literal["power_shelf"] = "power_shelf"
    capacity_w: PositiveWatts = Field(description="Rated output, watts (up to 1e9).")
    psus: PositiveCount
    efficiency: Annotated[float, Field(strict=True, gt=0, le=1)] = Field(
        description="AC to DC, fraction."
    )


class ManagementSwitch(PartType):
    """An out-of-band or top-of-rack management switch."""

    kind_label: ClassVar[str] = "Management switch"
    kind_aliases: ClassVar[tuple[str, ...]] = ("management_switches", "mgmt", "tor")

    kind: Literal["management_switch"] = "management_switch"
    ports: PositiveCount
    port_gbps: PositiveGbps
    uplink_ports: Count = Field(default=0, description="Uplink ports beside `ports`.")
    uplink_gbps: PositiveGbps | None = Field(
        default=None, description="Gbit/s of one uplink port; given with `uplink_ports`."
    )
    cage: Name = Field(default="RJ45", max_length=40, description="The ports' connector.")
    uplink_cage: Name | None = Field(
        default=None, max_length=40, description="The uplink ports' cage: SFP28, QSFP28."
    )
    network_os: NetworkOs | None = Field(
        default=None, description="The operating system it runs (names its management port)."
    )

    @model_validator(mode="after")
    def _uplinks_with_speed(self) -> ManagementSwitch:
        if (self.uplink_ports > 0) != (self.uplink_gbps is not None):
            raise ValueError("uplink_ports and uplink_gbps are given together")
        return self


class Item(PartType):
    """Anything else on a BOM: sheet metal, boards, cables, cold plates, busbars, margins."""

    kind_label: ClassVar[str] = "Item"
    kind_aliases: ClassVar[tuple[str, ...]] = ("items", "other")
    passive: ClassVar[bool] = True

    kind: Literal["item"] = "item"
    category: Name

    @property
    def bom_category(self) -> str:
        """The item's own category."""
        return self.category


def _speeds(values: list[float]) -> str:
    return ", ".join(f"{v:g}G" for v in values)
