"""One resolver: built-in ids, files and variants become systems with typed origins."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest
import yaml

import rackbom as rb
from rackbom.components.errors import InputError
from rackbom.racks.origin import Builtin, File, Made
from rackbom.resolve import origin_of, resolve


def test_builtin_ids_resolve_to_their_kind() -> None:
    assert origin_of("helios") == Builtin("design", "helios")
    assert origin_of("helios-16k") == Builtin("cluster", "helios-16k")
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
