"""Rack frames placed with trays, pods of racks, fabrics, and the analyses derived from them."""

from typing import TYPE_CHECKING

from ..components.lazy import lazy_exports

_EXPORTS = {
    "Analysis": ".analysis",
    "Bandwidth": ".bandwidth",
    "Bom": ".bom_lines",
    "BomLine": ".bom_lines",
    "TrayGroup": ".bom_lines",
    "tray_groups": ".bom_lines",
    "tray_price": ".bom_lines",
    "BuiltDesign": ".build",
    "BuiltRack": ".build",
    "PlacedTray": ".build",
    "build_design": ".build",
    "builtin_design_ids": ".library",
    "load_design": ".library",
    "load_design_spec": ".library",
    "parse_design": ".library",
    "ChipPorts": ".port_types",
    "TrayPorts": ".port_types",
    "RackPower": ".power",
    "TrayPower": ".power",
    "RackSpace": ".space",
    "DesignSpec": ".spec",
    "FabricSpec": ".spec",
    "Placement": ".spec",
    "RackSpec": ".spec",
    "Topology": ".topology",
}

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
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

if TYPE_CHECKING:
    from .analysis import Analysis
    from .bandwidth import Bandwidth
    from .bom_lines import Bom, BomLine, TrayGroup, tray_groups, tray_price
    from .build import BuiltDesign, BuiltRack, PlacedTray, build_design
    from .library import builtin_design_ids, load_design, load_design_spec, parse_design
    from .port_types import ChipPorts, TrayPorts
    from .power import RackPower, TrayPower
    from .space import RackSpace
    from .spec import DesignSpec, FabricSpec, Placement, RackSpec
    from .topology import Topology
