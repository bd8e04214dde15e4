"""rackbom: model AI racks from a sourced parts catalogue.

>>> import rackbom as rb
>>> helios = rb.load("helios")
>>> helios.summary.switch_ports_unused
960
>>> table = rb.compare([helios, rb.load("gb200-nvl72")])
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.4.0"

# The facade loads lazily: `import rackbom` stays cheap, and each command imports what it uses.
_EXPORTS = {
    "Catalogue": "rackbom.components.catalogue",
    "Chart": "rackbom.charts",
    "cables": "rackbom.cable_api",
    "InputError": "rackbom.components.errors",
    "Comparison": "rackbom.comparison",
    "compare": "rackbom.comparison",
    "Cluster": "rackbom.cluster_model",
    "cluster": "rackbom.cluster_model",
    "load_cluster": "rackbom.cluster_model",
    "Design": "rackbom.design",
    "accepted": "rackbom.cost_api",
    "collective": "rackbom.collective_api",
    "collective_sweep": "rackbom.collective_api",
    "collective_checks": "rackbom.collective_api",
    "goodput": "rackbom.goodput_api",
    "goodput_sweep": "rackbom.goodput_api",
    "goodput_checks": "rackbom.goodput_api",
    "rent_or_own": "rackbom.cost_api",
    "reproduction": "rackbom.cost_api",
    "sensitivity": "rackbom.cost_api",
    "sweep": "rackbom.cost_api",
    "tco": "rackbom.cost_api",
    "workload": "rackbom.cost_api",
    "load": "rackbom.resolve",
    "resolve": "rackbom.resolve",
    "resolve_all": "rackbom.resolve",
    "System": "rackbom.system",
    "catalogue": "rackbom.facade",
    "clusters": "rackbom.facade",
    "designs": "rackbom.facade",
    "export_workbook": "rackbom.facade",
    "capex_chart": "rackbom.charts",
    "sweep_chart": "rackbom.charts",
    "tco_chart": "rackbom.charts",
    "tornado_chart": "rackbom.charts",
    "UncertainComparison": "rackbom.uncertainty_api",
    "uncertainty_chart": "rackbom.charts",
}

if TYPE_CHECKING:
    from rackbom.cable_api import cables
    from rackbom.charts import (
        Chart,
        capex_chart,
        sweep_chart,
        tco_chart,
        tornado_chart,
        uncertainty_chart,
    )
    from rackbom.cluster_model import Cluster, cluster, load_cluster
    from rackbom.collective_api import collective, collective_checks, collective_sweep
    from rackbom.comparison import Comparison, compare
    from rackbom.components.catalogue import Catalogue
    from rackbom.components.errors import InputError
    from rackbom.cost_api import (
        accepted,
        rent_or_own,
        reproduction,
        sensitivity,
        sweep,
        tco,
        workload,
    )
    from rackbom.design import Design
    from rackbom.facade import catalogue, clusters, designs, export_workbook
    from rackbom.goodput_api import goodput, goodput_checks, goodput_sweep
    from rackbom.resolve import load, resolve, resolve_all
    from rackbom.system import System
    from rackbom.uncertainty_api import UncertainComparison


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        value = getattr(import_module(_EXPORTS[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'rackbom' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


__all__ = [
    "Catalogue",
    "Chart",
    "Cluster",
    "Comparison",
    "Design",
    "InputError",
    "System",
    "UncertainComparison",
    "__version__",
    "accepted",
    "cables",
    "capex_chart",
    "catalogue",
    "cluster",
    "clusters",
    "collective",
    "collective_checks",
    "collective_sweep",
    "compare",
    "designs",
    "export_workbook",
    "goodput",
    "goodput_checks",
    "goodput_sweep",
    "load",
    "load_cluster",
    "rent_or_own",
    "reproduction",
    "resolve",
    "resolve_all",
    "sensitivity",
    "sweep",
    "sweep_chart",
    "tco",
    "tco_chart",
    "tornado_chart",
    "uncertainty_chart",
    "workload",
]
