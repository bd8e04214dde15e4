"""Device, rack and port names the run list shares with the DCIM export.

One rule, so a cable's ends name devices and interfaces the DCIM export creates. Every name
starts with the system's id, so several systems load into one DCIM side by side:

- a design's rack `r` is `{id}-{r}` (or `{id}` where the rack is named as the design); floor
  unit `u` (from 0) of a cluster (`racks/packing.py`: a copy of the design, or a floor
  rack of servers packed several to it) is the prefix `{cluster}-NNNNN` (`u + 1`, five digits),
  its racks `{cluster}-NNNNN-{r}`;
- a tray is `{rack}-{slot}` (`helios-OU14`), its slot where it stands in that rack (a packed
  server's is raised with its copy: `hgx-b200-8k-00001-server-U12`);
- a switch box is `{cluster}-leaf-0001`, `-spine-`, `-core-`, numbered plane by plane;
- a network rack is `{cluster}-rowNN-netK` in its row (`-rowNN-extraK` past the floor's count),
  or `{cluster}-core-NNN` in the core block; its management switch tray `k` (from 0) is
  `{rack}-mgmt{k+1}`, its management aggregation switch `{rack}-mgmtagg`;
- a tray's scale-out NIC port `n` (from 0, in the tray's order) is the interface `so{n+1}`; where
  the port splits into planes, plane `p` of it is the run list's sub-port `so{n+1}/{p+1}` on that
  interface. A tray's management (BMC) port is `bmc`; a switch's own management port is named
  as its OS names it (`racks/management.py`, `Management1`, `eth0`); a management switch's
  ports keep their DCIM names (`ge1` at 1G, `sfp1` faster, uplinks `up1`).
"""

from __future__ import annotations


def unit_prefix(system_id: str, unit: int) -> str:
    """The name prefix of floor unit `unit` (from 0) of a cluster."""
    return f"{system_id}-{unit + 1:05d}"


def rack_name(prefix: str, design_rack: str) -> str:
    """A design rack under a prefix (the design's id, or a cluster copy's prefix)."""
    return prefix if design_rack == prefix else f"{prefix}-{design_rack}"


def tray_device(rack: str, slot: str) -> str:
    """A tray's device name: its rack and slot."""
    return f"{rack}-{slot}"


def switch_device(system_id: str, role: str, index: int) -> str:
    """Switch box `index` (from 0) of a tier."""
    return f"{system_id}-{role}-{index + 1:04d}"


def nic_interface(port: int) -> str:
    """The interface of a tray's scale-out NIC port `port` (from 0)."""
    return f"so{port + 1}"


def nic_port(port: int, plane: int, planes: int) -> str:
    """NIC port `port` of a tray (from 0); its plane's link where the port splits into planes."""
    name = nic_interface(port)
    return name if planes == 1 else f"{name}/{plane + 1}"


def port_interface(port: str) -> str:
    """The DCIM interface a NIC's run-list port lands on: the port, without its plane."""
    return port.split("/", 1)[0]


def management_switch_port(port: int, gbps: float = 1.0) -> str:
    """Port `port` (from 0) of a management switch tray, over its management switches: `geN`
    for a 1G port, `sfpN` for a faster one (an aggregation switch's cages)."""
    return f"ge{port + 1}" if gbps <= 1 else f"sfp{port + 1}"


def management_uplink_port(port: int) -> str:
    """Uplink port `port` (from 0) of a management switch tray."""
    return f"up{port + 1}"


AGGREGATION = "mgmtagg"
"""The name a network rack's management aggregation switch takes after its rack's."""


def leaf_rack(system_id: str, row: int, index: int) -> str:
    """Network rack `index` (from 0) of floor row `row` (from 0)."""
    return f"{system_id}-row{row + 1:02d}-net{index + 1}"


def extra_rack(system_id: str, row: int, index: int) -> str:
    """Extra network rack `index` (from 0) at the end of row `row`, past the floor's count."""
    return f"{system_id}-row{row + 1:02d}-extra{index + 1}"


def core_rack(system_id: str, index: int) -> str:
    """Network rack `index` (from 0) of the core block."""
    return f"{system_id}-core-{index + 1:03d}"


def network_management(rack: str, index: int) -> str:
    """Management switch tray `index` (from 0) of a network rack."""
    return f"{rack}-mgmt{index + 1}"


def network_aggregation(rack: str) -> str:
    """The management aggregation switch of a network rack."""
    return f"{rack}-{AGGREGATION}"


def is_aggregation(device: str) -> bool:
    """Whether a device is a network rack's management aggregation switch."""
    return device.endswith(f"-{AGGREGATION}")
