"""The wheel carries every module and the YAML data; the package runs from a checkout and installed.

Each run happens in a fresh virtual environment of this Python, without its site-packages, that
holds the project's dependencies from `pyproject.toml`, pytest and the build backend (installed by
this interpreter's pip, so the venv needs none of its own); the project is built once, and installs
without a build environment of its own.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from xml.etree import ElementTree

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = {  # source folder -> where it installs
    "rackbom": "rackbom",
    "components": "rackbom/components",
    "racks": "rackbom/racks",
    "layouts": "rackbom/layouts",
    "exports": "rackbom/exports",
}
LAYERS = ("components", "racks", "layouts", "exports")
# Imports every module as tests/test_one_copy.py does and prints each loaded module's file.
WHERE = """
import importlib, json, pkgutil, sys, rackbom
for info in pkgutil.walk_packages(rackbom.__path__, "rackbom."):
    if not info.name.endswith("__main__"):
        importlib.import_module(info.name)
print(json.dumps({n: m.__file__ for n, m in sys.modules.items() if n.split(".")[0] == "rackbom"}))
"""
# How each case installs the project, if at all, before it runs from the repository root.
CASES = ("nothing installed", "the wheel", "pip install -e .")
PIP = (sys.executable, "-m", "pip")
"""The pip of the interpreter running the tests, pointed at a fresh venv with `--python`."""


_UNSET = ("PYTHONPATH", "PYTHONSAFEPATH", "PYTHONDONTWRITEBYTECODE")


def run(*command: str | Path, cwd: Path) -> str:
    """Run a command and return what it printed; a failure names the command, status and stderr."""
    args = [str(part) for part in command]
    # only the interpreter under test decides where modules come from; bytecode is cached as
    # an installed package has it, so that each process does not compile every module again
    env = {k: v for k, v in os.environ.items() if k not in _UNSET}
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tails = [
            f"--- {name} (last 25 lines) ---\n" + "\n".join(text.splitlines()[-25:])
            for name, text in (("stdout", done.stdout), ("stderr", done.stderr))
            if text.strip()
        ]
        raise AssertionError(
            f"`{shlex.join(args)}` in {cwd} exited with status {done.returncode}\n"
            + "\n".join(tails)
        )
    return done.stdout


@dataclass(frozen=True)
class Venv:
    """A virtual environment: its interpreter, scripts folder and site-packages."""

    python: Path
    bin: Path
    site: Path

    def pip(self, *args: str | Path, cwd: Path) -> None:
        """`pip ARGS...` quietly, from the packages already here and pip's cache."""
        run(*PIP, "--python", self.python, *args, "-q", "--disable-pip-version-check", cwd=cwd)

    def reinstall(self, *how: str | Path, cwd: Path) -> None:
        """Uninstall rackbom, then `pip install --no-deps HOW...` in `cwd` if HOW is given."""
        self.pip("uninstall", "-y", "rackbom", cwd=cwd)
        if how:
            self.pip("install", "--no-deps", "--no-build-isolation", *how, cwd=cwd)

    def where(self, cwd: Path) -> dict[str, Path]:
        """The file of every loaded package module after importing each, run from `cwd`."""
        return {n: Path(f) for n, f in json.loads(run(self.python, "-c", WHERE, cwd=cwd)).items()}


def clean_tree(into: Path) -> Path:
    """The tracked files only, as a fresh clone has them (no build/ or egg-info leftovers);
    the layer links inside `rackbom/` stay links."""
    for name in filter(None, run("git", "ls-files", "-z", cwd=ROOT).split("\0")):
        path, copy = ROOT / name, into / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink():
            copy.symlink_to(path.readlink())
        elif path.is_file():
            shutil.copy2(path, copy)
    return into


def module_names(tree: Path) -> set[str]:
    """The installed name of every module in a source tree, but `rackbom.__main__`."""
    names = set()
    for folder, package in FOLDERS.items():
        for path in (tree / folder).rglob("*.py"):
            parts = [*package.split("/"), *path.relative_to(tree / folder).with_suffix("").parts]
            names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names - {"rackbom.__main__"}


def assert_one_copy(files: dict[str, Path], tree: Path, home: Path) -> None:
    """The loaded modules are the package's own, each under its one name, all from the package
    folder `home`, the layers from the folders inside it."""
    assert set(files) == module_names(tree)
    strays = {name: str(file) for name, file in files.items() if not file.is_relative_to(home)}
    assert not strays, f"loaded from outside {home}: {strays}"
    for layer in LAYERS:
        assert files[f"rackbom.{layer}"] == home / layer / "__init__.py"


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    """A new venv of this Python, without its site-packages: the dependencies, pytest, and the
    build backend with `build`, so that building and installing the project download nothing."""
    folder = tmp_path_factory.mktemp("venv")
    venv.create(folder, symlinks=True)  # no pip of its own: this one's serves it
    python = folder / "bin" / "python"
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project, backend = config["project"], config["build-system"]["requires"]
    pytest_req = [r for r in project["optional-dependencies"]["test"] if r.startswith("pytest")]
    build_req = [r for r in project["optional-dependencies"]["test"] if r.startswith("build")]
    needs = [*project["dependencies"], *pytest_req, *backend, *build_req]
    run(*PIP, "--python", python, "install", "-q", "--no-compile", *needs, cwd=folder)
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=folder)
    return Venv(python, folder / "bin", Path(site.strip()))


@pytest.fixture(scope="module")
def wheel(fresh: Venv, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The one wheel: built from the sdist of a clean tree, as a release is."""
    source = clean_tree(tmp_path_factory.mktemp("source"))
    out = tmp_path_factory.mktemp("dist")
    run(fresh.python, "-m", "build", "--no-isolation", "--outdir", out, source, cwd=out)
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


@pytest.mark.parametrize("case", CASES)
def test_runs_from_the_repository_root(case: str, fresh: Venv, wheel: Path, tmp_path: Path) -> None:
    tree = clean_tree(tmp_path / "tree")
    how = {"nothing installed": (), "the wheel": (wheel,), "pip install -e .": ("-e", ".")}[case]
    fresh.reinstall(*how, cwd=tree)
    assert "Switch ports unused" in run(fresh.python, "-m", "rackbom", "show", "helios", cwd=tree)
    run(fresh.python, "-c", "import rackbom", cwd=tree)
    junit = tmp_path / "pytest.xml"
    smoke = ("-m", "pytest", "-q", "-n", "0", f"--junit-xml={junit}", "tests/test_one_copy.py")
    assert "1 passed" in run(fresh.python, *smoke, cwd=tree)
    (files,) = (p.get("value", "") for p in ElementTree.parse(junit).iter("property"))
    assert_one_copy({n: Path(f) for n, f in json.loads(files).items()}, tree, tree / "rackbom")
    if how:  # installed: the command and the package from any other folder too
        home = tree / "rackbom" if "-e" in how else fresh.site / "rackbom"
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        assert "Switch ports unused" in run(fresh.bin / "rackbom", "show", "helios", cwd=elsewhere)
        assert_one_copy(fresh.where(elsewhere), tree, home)


def test_data_loads_through_importlib_resources() -> None:
    assert resources.files("rackbom.racks.data").joinpath("helios.yaml").is_file()
