"""The power rule: how IT power becomes rack input, all-in and facility power."""

from typing import Annotated

from pydantic import Field

from .limits import Name
from .provenance import Id, Positive, PositiveCount, Sourced

Efficiency = Annotated[float, Field(strict=True, gt=0, le=1)]


class PowerModel(Sourced):
    """One rule for every design.

    - rack input = IT power / conversion efficiency (the power shelves' where a rack has them);
    - all-in = rack input + the rack's share of a non-blocking scale-out Clos network: per NIC
      port, `2 x tiers - 1` switch ports and `2 x tiers` optics (both ends of every link);
    - facility = all-in x the site's PUE (`TcoProfile.pue`), reported apart.
    """

    id: Id
    name: Name
    conversion_efficiency: Efficiency = Field(
        description="AC to busbar, used where a rack has no power shelves of its own."
    )
    scale_out_tiers: PositiveCount = Field(description="Switch tiers of the scale-out network.")
    network_port_gbps: Positive = Field(description="Port speed the two figures below are for.")
    switch_w_per_port: Positive = Field(description="Switch system power per port, W.")
    optic_w: Positive = Field(description="Power of one transceiver at that speed, W.")

    @property
    def network_w_per_gbps(self) -> float:
        """Scale-out network power per Gbit/s of NIC bandwidth (switch ports plus optics)."""
        ports = 2 * self.scale_out_tiers - 1
        optics = 2 * self.scale_out_tiers
        return (ports * self.switch_w_per_port + optics * self.optic_w) / self.network_port_gbps
