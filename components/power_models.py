"""The power rule: how IT power becomes rack input, all-in and facility power."""

from __future__ import annotations

from .limits import Name
from .parameters import param
from .provenance import Id, Sourced


class PowerModel(Sourced):
    """One rule for every design.

    - rack input = IT power / conversion efficiency (the power shelves' where a rack has them);
    - all-in = rack input + the rack's share of a non-blocking scale-out Clos network: per NIC
      port, `2 x tiers - 1` switch ports and `2 x tiers` optics (both ends of every link);
    - facility = all-in x the site's PUE (`TcoProfile.pue`), reported apart.
    """

    id: Id
    name: Name
    conversion_efficiency: float = param("conversion_efficiency")
    scale_out_tiers: int = param("scale_out_tiers")
    network_port_gbps: float = param("network_port_gbps")
    switch_w_per_port: float = param("switch_w_per_port")
    optic_w: float = param("optic_w")

    @property
    def network_w_per_gbps(self) -> float:
        """Scale-out network power per Gbit/s of NIC bandwidth (switch ports plus optics)."""
        ports = 2 * self.scale_out_tiers - 1
        optics = 2 * self.scale_out_tiers
        return (ports * self.switch_w_per_port + optics * self.optic_w) / self.network_port_gbps
