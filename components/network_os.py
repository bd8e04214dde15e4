"""The operating systems switches run, and the name each gives a switch's own management port.

A switch box or management switch part names its OS (`network_os`); the run list and the DCIM
export name the switch's out-of-band management port as that OS does (`Management1` on Arista
EOS, `eth0` on Cumulus Linux, SONiC and NVOS, `mgmt0` on MLNX-OS), each name with its source.
A part that names no OS is taken to run SONiC, an assumption with its own source.
"""

from __future__ import annotations

from typing import Literal

from .records import record

NetworkOs = Literal["eos", "cumulus", "sonic", "nvos", "mlnx-os"]


@record
class OsNaming:
    """An OS's name and the name it gives the switch's management port, with its source."""

    name: str
    management_port: str
    source: str


NETWORK_OS: dict[NetworkOs, OsNaming] = {
    "eos": OsNaming("Arista EOS", "Management1", "vendor-arista-eos-management"),
    "cumulus": OsNaming("NVIDIA Cumulus Linux", "eth0", "vendor-nvidia-cumulus-management"),
    "sonic": OsNaming("SONiC", "eth0", "vendor-sonic-management"),
    "nvos": OsNaming("NVIDIA NVOS", "eth0", "dcim-library-q3400"),
    "mlnx-os": OsNaming("NVIDIA MLNX-OS", "mgmt0", "dcim-library-qm9700"),
}
ASSUMED_OS = OsNaming("SONiC (assumed)", "eth0", "assume-switch-os")
"""The OS of a switch whose part names none."""


def os_naming(network_os: NetworkOs | None) -> OsNaming:
    """The naming of a switch that runs `network_os` (None: the assumed OS)."""
    return ASSUMED_OS if network_os is None else NETWORK_OS[network_os]
