"""TCO results as JSON data: the headline figures at the top level, the rest under `tco`."""

from __future__ import annotations

from typing import Any

from ...components.cost_inputs import TcoProfile
from ...components.plant_library import PlantRules
from ...racks.costs.basis import basis_of
from ...racks.costs.ownership import TcoResult, tco
from ...racks.systems import Analysed
from .collectives_json import collective_rows
from .summary_json import summary_data


def tco_data(result: TcoResult) -> dict[str, Any]:
    """`tco_usd_per_gpu_hour` and `opex_usd_per_gpu_hour`, and every figure under `tco`."""
    figures = summary_data(result)
    return {
        "tco_usd_per_gpu_hour": figures["tco_usd_per_gpu_hour"],
        "opex_usd_per_gpu_hour": figures["opex_usd_per_gpu_hour"],
        "tco": figures,
    }


def system_data(system: Analysed, tco_profile: TcoProfile, rules: PlantRules) -> dict[str, Any]:
    """What `rackbom show --json` prints for a design or cluster: its summary, its TCO under
    `tco_profile` (a bare design buys no scale-out network), its plant under `rules`, its
    collectives and the goodput of a job on all its GPUs (null without GPUs)."""
    from ...racks.goodput.jobs import whole_system_goodput
    from ...racks.plant.plan import plant_of
    from .goodput_json import goodput_data
    from .plant_json import plant_data

    cost = tco(basis_of(system), tco_profile)
    goodput = whole_system_goodput(system, cost)
    return {
        **summary_data(system.summary),
        **tco_data(cost),
        **plant_data(plant_of(system, rules, tco_profile.pue)),
        "collectives": collective_rows(system),
        "goodput": None if goodput is None else goodput_data(goodput),
    }
