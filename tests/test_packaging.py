"""The wheel carries the YAML data and works from a plain (non-editable) install."""

from __future__ import annotations

import subprocess
import sys
import venv
import zipfile
from importlib import resources
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (path,) = out.glob("rackbom-*.whl")
    return path


def test_wheel_contains_every_data_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for package in ("components", "racks"):
        for data in (ROOT / package / "data").glob("*.yaml"):
            assert f"rackbom/{package}/data/{data.name}" in names
    for module in (
        "rackbom/cli.py",
        "rackbom/components/catalogue.py",
        "rackbom/racks/analysis.py",
        "rackbom/layouts/__init__.py",
        "rackbom/exports/__init__.py",
    ):
        assert module in names
    assert not any(n.startswith(("tests/", "components/", "racks/")) for n in names)


def test_plain_install_from_the_wheel_runs(wheel: Path, tmp_path: Path) -> None:
    env = tmp_path / "venv"
    venv.create(env, system_site_packages=True, with_pip=True)
    python = env / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)],
        check=True,
        capture_output=True,
    )
    where = subprocess.run(
        [str(python), "-c", "import rackbom; print(rackbom.__file__)"],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    ).stdout
    assert where.startswith(str(env))
    done = subprocess.run(
        [str(env / "bin" / "rackbom"), "show", "helios"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert "Switch ports unused" in done.stdout


def test_data_loads_through_importlib_resources() -> None:
    assert resources.files("rackbom.racks.data").joinpath("helios.yaml").is_file()
