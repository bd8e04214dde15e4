"""Device, rack and port names the run list shares with the DCIM export.

One rule, so a cable's ends name devices the DCIM export creates: a copy `c` (from 0) of a
design rack `r` is the rack `r-NNNN` (`c + 1`, four digits); a tray in it is `r-NNNN-OU14` (its
slot); a switch is `leaf-0001`, `spine-0001`, `core-0001`, numbered plane by plane; a leaf's
network rack is `rowNN-netK` in its row, an upper tier's `core-NNN`.
"""

from __future__ import annotations


def rack_name(design_rack: str, copy: int) -> str:
    """The rack of copy `copy` (from 0) of a design rack."""
    return f"{design_rack}-{copy + 1:04d}"


def tray_device(rack: str, slot: str) -> str:
    """A tray's device name: its rack and slot."""
    return f"{rack}-{slot}"


def switch_device(role: str, index: int) -> str:
    """Switch `index` (from 0) of a tier."""
    return f"{role}-{index + 1:04d}"


def nic_port(port: int, plane: int, planes: int) -> str:
    """NIC port `port` of a tray (from 0); its plane's link where the port splits into planes."""
    return f"nic{port + 1}" if planes == 1 else f"nic{port + 1}/{plane + 1}"


def leaf_rack(row: int, index: int) -> str:
    """Network rack `index` (from 0) of floor row `row` (from 0)."""
    return f"row{row + 1:02d}-net{index + 1}"


def core_rack(index: int) -> str:
    """Network rack `index` (from 0) of the core block."""
    return f"core-{index + 1:03d}"
