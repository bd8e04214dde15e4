"""A private NetBox for tests: PostgreSQL and Redis on 127.0.0.1, NetBox in its own venv.

NetBox is pinned (`NETBOX_VERSION`) and installed from PyPI (the `netbox` wheel) into
`.netbox/venv` beside the repository. The wheel needs Python 3.12 or later: the venv is made
with `$RACKBOM_NETBOX_PYTHON` if set, else the first of `python3.13`, `python3.12` on PATH or
under pyenv (`~/.pyenv/versions/3.1[23].*`). Its schema comes from `tests/netbox/`, a dump of a
real `netbox migrate` written by `python tests/netbox_service.py` (~14 min on 2 cores). NetBox
draws rack elevations with a stylesheet it reads from its collected static files, so those are
collected once per version into `.netbox/static-<version>` and linked into each run's root.
What it shares with the test Nautobot is in `tests/dcim_service.py`.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from dcim_service import ROOT, Database, Product, ServiceError, main, pinned_venv, run

NETBOX_VERSION = "4.7.3"
VENV = ROOT / ".netbox" / "venv"
STATIC = ROOT / ".netbox" / f"static-{NETBOX_VERSION}"
SCHEMA = Path(__file__).resolve().parent / "netbox" / f"schema-{NETBOX_VERSION}.sql.gz"
CONFIG = """\
import os

ALLOWED_HOSTS = ["127.0.0.1"]
SECRET_KEY = "rackbom-tests-only-" + "x" * 40
API_TOKEN_PEPPERS = {{1: "rackbom-tests-only-pepper-" + "y" * 40}}
DATABASES = {{"default": {{
    "ENGINE": "django.db.backends.postgresql", "NAME": "{name}", "USER": "{user}",
    "HOST": "127.0.0.1", "PORT": {db_port},
}}}}
REDIS = {{
    "tasks": {{"HOST": "127.0.0.1", "PORT": {redis_port}, "DATABASE": 0, "SSL": False}},
    "caching": {{"HOST": "127.0.0.1", "PORT": {redis_port}, "DATABASE": 1, "SSL": False}},
}}
CENSUS_REPORTING_ENABLED = False
RELEASE_CHECK_URL = None
"""


def python_312() -> str:
    """A Python of at least 3.12 to make NetBox's venv with: one that runs and says so (a
    version manager's shim may be on PATH without a version behind it)."""
    chosen = os.environ.get("RACKBOM_NETBOX_PYTHON")
    if chosen:
        return chosen
    if sys.version_info >= (3, 12):
        return sys.executable
    pyenv = sorted(Path.home().glob(".pyenv/versions/3.1[23].*/bin/python3"), reverse=True)
    found = [shutil.which(name) for name in ("python3.13", "python3.12")]
    for candidate in [*(str(p) for p in pyenv), *(f for f in found if f)]:
        probe = [candidate, "-c", "import sys; print(sys.version_info >= (3, 12))"]
        done = subprocess.run(probe, capture_output=True, text=True, check=False, timeout=60)
        if done.returncode == 0 and done.stdout.strip() == "True":
            return candidate
    raise ServiceError("NetBox needs Python 3.12 or later; set RACKBOM_NETBOX_PYTHON to one")


def netbox_venv() -> Path:
    """The venv with the pinned NetBox, made and installed on first use."""
    return pinned_venv(VENV, "netbox", NETBOX_VERSION, python_312)


def netbox_root(root: Path, db_port: int, redis_port: int) -> dict[str, str]:
    """A NetBox root folder (its configuration, the collected static files) and the
    environment that points NetBox at it."""
    (root / "conf").mkdir(parents=True, exist_ok=True)
    config = CONFIG.format(name="netbox", user="nautobot", db_port=db_port, redis_port=redis_port)
    (root / "conf" / "configuration.py").write_text(config, encoding="utf-8")
    env = {**os.environ, "NETBOX_ROOT": str(root)}
    if not (STATIC / "rack_elevation.css").exists():
        netbox = str(netbox_venv() / "bin" / "netbox")
        run([netbox, "collectstatic", "--no-input", "--skip-checks"], env=env)
        shutil.rmtree(STATIC, ignore_errors=True)
        shutil.move(root / "static", STATIC)
    if not (root / "static").exists():
        (root / "static").symlink_to(STATIC, target_is_directory=True)
    return env


def _server_env(work: Path, db: Database, redis_port: int) -> tuple[list[str], dict[str, str]]:
    env = netbox_root(work / "netbox-root", db.port, redis_port)
    return [str(netbox_venv() / "bin" / "netbox")], env


NETBOX = Product(
    name="NetBox",
    version=NETBOX_VERSION,
    db_name="netbox",
    dump=SCHEMA,
    server_env=_server_env,
    start_s=180,
    runserver=("--insecure",),
)


if __name__ == "__main__":
    main(NETBOX)
