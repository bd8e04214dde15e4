"""Rack frames placed with trays, pods of racks, fabrics, and the analyses derived from them."""

from .analysis import Analysis
from .bandwidth import Bandwidth
from .bom import Bom, BomLine, TrayGroup, tray_groups, tray_price
from .build import BuiltDesign, BuiltRack, PlacedTray, build_design
from .library import builtin_design_ids, load_design, load_design_spec, parse_design
from .ports import ChipPorts, TrayPorts
from .power import RackPower, TrayPower
from .space import RackSpace
from .spec import DesignSpec, FabricSpec, Placement, RackSpec
from .topology import Topology

__all__ = [
    "Analysis",
    "Bandwidth",
    "Bom",
    "BomLine",
    "BuiltDesign",
    "BuiltRack",
    "ChipPorts",
    "DesignSpec",
    "FabricSpec",
    "PlacedTray",
    "Placement",
    "RackPower",
    "RackSpace",
    "RackSpec",
    "Topology",
    "TrayGroup",
    "TrayPorts",
    "TrayPower",
    "build_design",
    "builtin_design_ids",
    "load_design",
    "load_design_spec",
    "parse_design",
    "tray_groups",
    "tray_price",
]
