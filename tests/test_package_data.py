"""The package's data files are read where they lie: from its directory, or from a zip."""

from __future__ import annotations

import sys
import zipfile
from importlib import resources
from pathlib import Path

import pytest

from rackbom.components.package_data import data_folder


@pytest.mark.parametrize(
    "package", ["rackbom.components.data", "rackbom.racks.data", "rackbom.racks.dcim.data"]
)
def test_a_data_package_on_disk_is_its_directory(package: str) -> None:
    folder = data_folder(package)
    assert isinstance(folder, Path) and folder.is_dir()
    assert folder == resources.files(package)
    assert sorted(p.name for p in folder.iterdir() if p.name.endswith(".yaml"))


def test_a_data_package_in_a_zip_is_read_through_importlib_resources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "shipped.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("zipped_rackbom_data/__init__.py", "")
        out.writestr("zipped_rackbom_data/parts.yaml", "name: Ω\n")
    monkeypatch.syspath_prepend(str(archive))
    try:
        folder = data_folder("zipped_rackbom_data")
        assert not isinstance(folder, Path)
        assert folder.joinpath("parts.yaml").read_text("utf-8") == "name: Ω\n"
        assert sorted(p.name for p in folder.iterdir()) == ["__init__.py", "parts.yaml"]
    finally:
        sys.modules.pop("zipped_rackbom_data", None)
