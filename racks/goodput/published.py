"""Published training runs beside rackbom's figures for the same job on a cluster of its size."""

from __future__ import annotations

from pathlib import Path

from ...components.cost_inputs import TcoProfile
from ...components.reliability import PublishedRun, ReliabilityData
from ..analysis import Analysis
from ..clusters.cluster_analysis import ClusterAnalysis
from ..clusters.cluster_library import design_reference, load_cluster_spec
from ..clusters.cluster_spec import SizeSpec
from ..library import load_design
from .jobs import JobOptions, system_goodput
from .results import GoodputCheck


def run_cluster(run: PublishedRun) -> ClusterAnalysis:
    """The built-in cluster the run is modelled on, resized to the run's cluster."""
    spec, origin = load_cluster_spec(run.system)
    resized = spec.model_copy(update={"size": SizeSpec.model_validate({"gpus": run.system_gpus})})
    rack = Analysis(load_design(design_reference(spec, origin)))
    return ClusterAnalysis(resized, origin.where, rack)


def published_checks(
    data: ReliabilityData, tco_profile: TcoProfile | str | Path | None = None
) -> tuple[GoodputCheck, ...]:
    """Each published run: a job of the run's cluster, the GPUs it did not train on its spares."""
    out = []
    for run in data.published:
        options = JobOptions(spares=run.system_gpus - run.gpus)
        cluster = run_cluster(run)
        (result,) = system_goodput(cluster, [run.system_gpus], data, options, tco_profile)
        out.append(GoodputCheck(run, result))
    return tuple(out)
