"""One resolver: built-in ids, files and variants become systems with typed origins."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
import yaml

import rackbom as rb
from rackbom.components.errors import InputError
from rackbom.racks.locate import Variant, locate
from rackbom.racks.origin import Builtin, File, Made
from rackbom.resolve import resolve


def test_builtin_ids_resolve_to_their_kind() -> None:
    assert locate("helios") == Builtin("design", "helios")
    assert locate("helios-16k") == Builtin("cluster", "helios-16k")
    assert locate("helios-16k+gpus=100000") == Variant("helios-16k", {"gpus": 100_000})
    assert locate("mine.yaml") == File(Path("mine.yaml"))
    assert resolve("helios").kind == "design" and resolve("helios-16k").kind == "cluster"


def test_a_variant_id_is_made_in_python() -> None:
    variant = resolve("helios+switch_margin=0.82")
    assert variant.kind == "design" and isinstance(variant.origin, Made)


@pytest.mark.parametrize("folder", ["rackbom", "other"])
def test_a_cluster_file_finds_its_design_beside_it_in_any_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder: str
) -> None:
    """A user's `rackbom/mycluster.yaml` naming `mydesign.yaml` beside it (a folder named like
    the package is no built-in)."""
    monkeypatch.chdir(tmp_path)
    here = tmp_path / folder
    here.mkdir()
    design = yaml.safe_load(
        resources.files("rackbom.racks.data").joinpath("helios.yaml").read_text()
    )
    design["id"] = "mydesign"
    (here / "mydesign.yaml").write_text(yaml.safe_dump(design))
    cluster = {
        "id": "mycluster",
        "name": "Mine",
        "source": "assume-cluster-sizing",
        "design": "mydesign.yaml",
        "size": {"racks": 4},
        "fabric": {"topology": "rail_optimised", "tiers": 2},
        "profile": "arista-th6",
    }
    (here / "mycluster.yaml").write_text(yaml.safe_dump(cluster))
    system = resolve(f"{folder}/mycluster.yaml")
    assert system.origin == File(Path(folder) / "mycluster.yaml")
    assert system.kind == "cluster" and system.summary.design == "mydesign"


def test_a_builtin_cluster_names_builtin_designs_only() -> None:
    cluster = rb.load_cluster("helios-16k")
    spec = cluster.spec.model_copy(update={"design": "elsewhere.yaml"})
    from rackbom.racks.clusters.cluster_library import design_reference

    with pytest.raises(InputError, match=r"unknown design 'elsewhere\.yaml'"):
        design_reference(spec, cluster.origin)


def test_unknown_names_suggest_designs_and_clusters() -> None:
    with pytest.raises(InputError, match=r"did you mean helios-16k"):
        resolve("helios-16")


def test_repeated_ids_are_told_apart(tmp_path: Path) -> None:
    design = yaml.safe_load(
        resources.files("rackbom.racks.data").joinpath("helios.yaml").read_text()
    )
    path = tmp_path / "my-helios.yaml"
    path.write_text(yaml.safe_dump(design))
    systems = rb.resolve_all(["helios", str(path)])
    assert [s.id for s in systems] == ["helios", "helios@my-helios"]


def analyses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The ids of the designs analysed from now on, in order (each analysis appends its own)."""
    from rackbom.racks.analysis import Analysis

    analysed: list[str] = []
    post_init = Analysis.__post_init__

    def counted(self: Analysis) -> None:
        analysed.append(self.design.spec.id)
        post_init(self)

    monkeypatch.setattr(Analysis, "__post_init__", counted)
    return analysed


def test_a_builtin_is_analysed_once_per_process(monkeypatch: pytest.MonkeyPatch) -> None:
    from rackbom.cluster_comparison import compare_clusters
    from rackbom.cost_api import basis
    from rackbom.racks.clusters.builtin_systems import builtin_cluster
    from rackbom.racks.costs.targets import builtin_basis, cluster_design
    from rackbom.racks.library import builtin_design

    for cached in (builtin_design, builtin_cluster, builtin_basis, cluster_design):
        cached.cache_clear()
    analysed = analyses(monkeypatch)
    assert resolve("gb200-nvl72") is not resolve("gb200-nvl72")
    assert rb.tco("gb200-nvl72").gpus == builtin_basis("gb200-nvl72").gpus
    compare_clusters(["gb200-16k", resolve("gb200-16k")])
    assert basis("gb200-16k") == builtin_basis("gb200-16k")
    assert analysed == ["gb200-nvl72"]
    resolve("gb200-nvl72+switch_margin=0.5")  # a variant is a design of its own
    assert analysed == ["gb200-nvl72", "gb200-nvl72+switch_margin=0.5"]
