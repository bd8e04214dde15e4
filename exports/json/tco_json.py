"""TCO results as JSON data: the headline figures at the top level, the rest under `tco`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...components.cost_inputs import TcoProfile
from ...components.plant_library import PlantRules
from ...racks.costs.ownership import TcoResult, tco
from .collectives_json import collective_rows
from .summary_json import summary_data

if TYPE_CHECKING:
    from ...racks.system_model import SystemModel


def tco_data(result: TcoResult) -> dict[str, Any]:
    """`tco_usd_per_gpu_hour` and `opex_usd_per_gpu_hour`, and every figure under `tco`."""
    figures = summary_data(result)
    return {
        "tco_usd_per_gpu_hour": figures["tco_usd_per_gpu_hour"],
        "opex_usd_per_gpu_hour": figures["opex_usd_per_gpu_hour"],
        "tco": figures,
    }


def system_data(system: SystemModel, tco_profile: TcoProfile, rules: PlantRules) -> dict[str, Any]:
    """What `rackbom show --json` prints for a design or cluster: its summary, its TCO under
    `tco_profile` (a bare design buys no scale-out network), its plant under `rules`, its
    collectives and the goodput of a job on all its GPUs (null without GPUs)."""
    from ...racks.goodput.jobs import whole_system_goodput
    from ...racks.plant.plan import system_plant
    from .goodput_json import goodput_data
    from .plant_json import plant_data

    cost = tco(system.cost_basis(), tco_profile)
    goodput = whole_system_goodput(system, cost)
    return {
        **summary_data(system.summary),
        **tco_data(cost),
        **plant_data(system_plant(system, rules, tco_profile.pue)),
        "collectives": collective_rows(system),
        "goodput": None if goodput is None else goodput_data(goodput),
    }
