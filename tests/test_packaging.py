"""The wheel carries every module and the YAML data, and works from a plain install."""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
import zipfile
from importlib import resources
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = {  # source folder -> where it installs
    "rackbom": "rackbom",
    "components": "rackbom/components",
    "racks": "rackbom/racks",
    "layouts": "rackbom/layouts",
    "exports": "rackbom/exports",
}
# Imports every module and prints the rackbom modules that did not load from the venv.
STRAYS = """
import importlib, pkgutil, sys, rackbom
for info in pkgutil.walk_packages(rackbom.__path__, "rackbom."):
    if info.name != "rackbom.__main__":
        importlib.import_module(info.name)
print([m for m, mod in sys.modules.items()
       if m.startswith("rackbom") and not (mod.__file__ or "").startswith(sys.prefix)])
"""


def clean_tree(into: Path) -> Path:
    """The tracked files only, as a fresh clone has them (no build/ or egg-info leftovers)."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z"], check=True, capture_output=True, text=True
    ).stdout
    for name in filter(None, listed.split("\0")):
        if (ROOT / name).is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, into / name)
    return into


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = clean_tree(tmp_path_factory.mktemp("source"))
    out = tmp_path_factory.mktemp("dist")
    # the sdist first, then the wheel built from it, as pip builds from a source tree
    subprocess.run(
        [sys.executable, "-m", "build", "--outdir", str(out), str(source)],
        check=True,
        capture_output=True,
    )
    (path,) = out.glob("rackbom-*.whl")
    return path


def test_wheel_contains_every_module_and_data_file(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for folder, package in FOLDERS.items():
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".yaml") and "__pycache__" not in path.parts:
                relative = path.relative_to(ROOT / folder).as_posix()
                assert f"{package}/{relative}" in names, f"{folder}/{relative} is not in the wheel"
    assert not any(n.startswith(("tests/", "components/", "racks/")) for n in names)


def test_plain_install_from_the_wheel_runs(wheel: Path, tmp_path: Path) -> None:
    env = tmp_path / "venv"
    venv.create(env, system_site_packages=True, with_pip=True)  # dependencies from this Python
    python = env / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", str(wheel)],
        check=True,
        capture_output=True,
    )
    strays = subprocess.run(
        [str(python), "-c", STRAYS], check=True, capture_output=True, text=True, cwd=tmp_path
    ).stdout
    assert strays.strip() == "[]"
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
