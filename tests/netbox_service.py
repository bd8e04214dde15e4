"""A private NetBox for tests: PostgreSQL and Redis on 127.0.0.1, NetBox in its own venv.

NetBox is pinned (`NETBOX_VERSION`) and installed from PyPI (the `netbox` wheel) into
`.netbox/venv` beside the repository. The wheel needs Python 3.12 or later: the venv is made
with `$RACKBOM_NETBOX_PYTHON` if set, else the first of `python3.13`, `python3.12` on PATH or
under pyenv (`~/.pyenv/versions/3.1[23].*`). Its schema comes from `tests/netbox/`, a dump of a
real `netbox migrate` written by `python tests/netbox_service.py` (~14 min on 2 cores).
PostgreSQL and Redis are started as for the test Nautobot (`tests/nautobot_service.py`).
"""

from __future__ import annotations

import gzip
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

from nautobot_service import (
    Database,
    ServiceError,
    _answers,
    _free_port,
    _process,
    _run,
    _wait,
    database,
    missing_programs,
    redis,
)

__all__ = ["NETBOX_VERSION", "NetBox", "ServiceError", "missing_programs", "netbox", "netbox_venv"]

NETBOX_VERSION = "4.7.3"
ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".netbox" / "venv"
SCHEMA = Path(__file__).resolve().parent / "netbox" / f"schema-{NETBOX_VERSION}.sql.gz"
DB_NAME = "netbox"
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
    python = VENV / "bin" / "python"
    probe = [str(python), "-c", "import importlib.metadata as m; print(m.version('netbox'))"]
    if python.exists():
        done = subprocess.run(probe, capture_output=True, text=True, check=False)
        if done.stdout.strip() == NETBOX_VERSION:
            return VENV
    _run([python_312(), "-m", "venv", "--clear", str(VENV)])
    _run([str(python), "-m", "pip", "install", "-q", f"netbox=={NETBOX_VERSION}"])
    return VENV


@dataclass(frozen=True)
class NetBox:
    """A running NetBox: its URL, an admin's credentials and the `netbox` command."""

    url: str
    username: str
    password: str
    server: list[str]
    env: dict[str, str]


def _server_env(work: Path, db: Database, redis_port: int) -> tuple[list[str], dict[str, str]]:
    root = work / "netbox-root"
    (root / "conf").mkdir(parents=True, exist_ok=True)
    config = CONFIG.format(name=DB_NAME, user="nautobot", db_port=db.port, redis_port=redis_port)
    (root / "conf" / "configuration.py").write_text(config, encoding="utf-8")
    env = {**os.environ, "NETBOX_ROOT": str(root)}
    return [str(netbox_venv() / "bin" / "netbox")], env


def restore_schema(db: Database) -> None:
    """Load the committed dump of a migrated NetBox of the pinned version."""
    if not SCHEMA.exists():
        raise ServiceError(f"no schema dump {SCHEMA.name}; run `python tests/netbox_service.py`")
    _run([*db.psql_args("createdb"), DB_NAME])
    _run(
        [*db.psql_args("psql"), "-q", "-v", "ON_ERROR_STOP=1", "-d", DB_NAME],
        input=gzip.decompress(SCHEMA.read_bytes()).decode("utf-8"),
    )


@contextmanager
def netbox(work: Path) -> Iterator[NetBox]:
    """NetBox at the pinned version, its schema restored, an admin user, serving on loopback."""
    with ExitStack() as stack:
        db = stack.enter_context(database(work))
        redis_port = stack.enter_context(redis(work))
        server, env = _server_env(work, db, redis_port)
        restore_schema(db)
        _run([*server, "migrate", "--check"], env=env)  # the dump is complete for this version
        user, password = "rackbom", "rackbom-tests-only"
        admin_env = {**env, "DJANGO_SUPERUSER_PASSWORD": password}
        args = ["createsuperuser", "--noinput", "--username", user, "--email", "r@example.com"]
        _run([*server, *args], env=admin_env)
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        run = [*server, "runserver", f"127.0.0.1:{port}", "--noreload", "--insecure"]
        process = stack.enter_context(_process(run, work / "netbox.log", env=env))
        _wait(lambda: _answers(f"{url}/login/"), "NetBox", 180, process)
        yield NetBox(url, user, password, server, env)


def make_schema() -> Path:
    """Migrate an empty database with the pinned NetBox and write the dump `SCHEMA`."""
    with tempfile.TemporaryDirectory(prefix="rackbom-netbox-") as tmp, ExitStack() as stack:
        work = Path(tmp)
        db = stack.enter_context(database(work))
        redis_port = stack.enter_context(redis(work))
        server, env = _server_env(work, db, redis_port)
        _run([*db.psql_args("createdb"), DB_NAME])
        _run([*server, "migrate", "--no-input"], env=env)
        dump = _run([*db.psql_args("pg_dump"), "--no-owner", "--no-privileges", DB_NAME])
    SCHEMA.parent.mkdir(exist_ok=True)
    SCHEMA.write_bytes(gzip.compress(dump.stdout.encode("utf-8"), mtime=0))
    return SCHEMA


if __name__ == "__main__":
    start = time.monotonic()
    path = make_schema()
    print(f"wrote {path} ({path.stat().st_size:,} bytes) in {time.monotonic() - start:.0f} s")
