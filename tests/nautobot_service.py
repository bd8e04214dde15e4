"""A private Nautobot for tests: PostgreSQL and Redis on 127.0.0.1, Nautobot in its own venv.

Nautobot is pinned (`NAUTOBOT_VERSION`) and installed from PyPI into `.nautobot/venv` beside the
repository, never into rackbom's environment. Its schema comes from `tests/nautobot/`, a dump of a
real `nautobot-server migrate` written by `python tests/nautobot_service.py`; the dump names the
version it was made with, so pinning another version makes a new one (a real migrate, ~3.5 min on
2 cores). Every service is started here and stopped by its process id.
"""

from __future__ import annotations

import gzip
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path

NAUTOBOT_VERSION = "3.2.7"
ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".nautobot" / "venv"
SCHEMA = Path(__file__).resolve().parent / "nautobot" / f"schema-{NAUTOBOT_VERSION}.sql.gz"
DB_USER = "nautobot"
CONFIG = """\
from nautobot.core.settings import *  # noqa: F403

SECRET_KEY = "rackbom-tests-only"
ALLOWED_HOSTS = ["127.0.0.1"]
INSTALLATION_METRICS_ENABLED = False
"""


class ServiceError(RuntimeError):
    """A service could not be installed or started."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _run(args: list[str], **kwargs) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, capture_output=True, text=True, check=False, **kwargs)
    if done.returncode != 0:
        raise ServiceError(f"{' '.join(args[:3])} failed: {(done.stderr or done.stdout)[-2000:]}")
    return done


def postgres_bin(name: str) -> str:
    """A PostgreSQL program: Debian's versioned folder first, then PATH."""
    for folder in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (folder / name).exists():
            return str(folder / name)
    found = shutil.which(name)
    if found is None:
        raise ServiceError(f"{name} is not installed (bash tests/install-clients.sh installs it)")
    return found


def missing_programs() -> list[str]:
    """The Debian programs the service needs that are not installed."""
    missing = [p for p in ("redis-server",) if shutil.which(p) is None]
    try:
        postgres_bin("postgres")
    except ServiceError:
        missing.append("postgres")
    return missing


def nautobot_venv() -> Path:
    """The venv with the pinned Nautobot, made and installed on first use."""
    python = VENV / "bin" / "python"
    probe = [str(python), "-c", "import importlib.metadata as m; print(m.version('nautobot'))"]
    if python.exists():
        done = subprocess.run(probe, capture_output=True, text=True, check=False)
        if done.stdout.strip() == NAUTOBOT_VERSION:
            return VENV
    _run([sys.executable, "-m", "venv", "--clear", str(VENV)])
    _run([str(python), "-m", "pip", "install", "-q", f"nautobot=={NAUTOBOT_VERSION}"])
    return VENV


def _as_postgres() -> dict[str, str]:
    """PostgreSQL refuses to run as root; there it runs as Debian's `postgres` user."""
    return {"user": "postgres", "group": "postgres"} if os.geteuid() == 0 else {}


def _wait(check, what: str, seconds: float, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServiceError(f"{what} exited with status {process.returncode}")
        if check():
            return
        time.sleep(0.2)
    raise ServiceError(f"{what} did not start within {seconds:g} s")


def _accepts(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


@contextmanager
def _process(args: list[str], log: Path, **kwargs) -> Iterator[subprocess.Popen]:
    """A background process, stopped by its process id on exit."""
    with log.open("w") as out:
        process = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, **kwargs)
    try:
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@dataclass(frozen=True)
class Database:
    """A running PostgreSQL with a `nautobot` database."""

    port: int

    def psql_args(self, program: str) -> list[str]:
        """A client program's arguments for this server."""
        return [postgres_bin(program), "-h", "127.0.0.1", "-p", str(self.port), "-U", DB_USER]


@contextmanager
def database(work: Path) -> Iterator[Database]:
    """PostgreSQL on 127.0.0.1 with a data directory of its own, and an empty database."""
    data = Path(tempfile.mkdtemp(prefix="rackbom-pg-"))
    if os.geteuid() == 0:
        shutil.chown(data, "postgres", "postgres")
    port = _free_port()
    try:
        initdb = [postgres_bin("initdb"), "-D", str(data), "-U", DB_USER, "-A", "trust"]
        _run(initdb, cwd=data, **_as_postgres())  # the postgres user may not enter our folder
        args = [postgres_bin("postgres"), "-D", str(data), "-h", "127.0.0.1", "-p", str(port)]
        args += ["-k", str(data), "-c", "fsync=off", "-c", "full_page_writes=off"]
        with _process(args, work / "postgres.log", cwd=data, **_as_postgres()) as process:
            _wait(lambda: _accepts(port), "PostgreSQL", 60, process)
            db = Database(port)
            _run([*db.psql_args("createdb"), "nautobot"])
            yield db
    finally:
        shutil.rmtree(data, ignore_errors=True)


@contextmanager
def redis(work: Path) -> Iterator[int]:
    """Redis on 127.0.0.1, in memory only; yields its port."""
    port = _free_port()
    args = [shutil.which("redis-server") or "redis-server", "--bind", "127.0.0.1"]
    args += ["--port", str(port), "--save", "", "--appendonly", "no", "--dir", str(work)]
    with _process(args, work / "redis.log") as process:
        _wait(lambda: _accepts(port), "Redis", 30, process)
        yield port


@dataclass(frozen=True)
class Nautobot:
    """A running Nautobot: its URL, an admin's credentials and the `nautobot-server` command."""

    url: str
    username: str
    password: str
    server: list[str]
    env: dict[str, str]


def _server_env(work: Path, db: Database, redis_port: int) -> tuple[list[str], dict[str, str]]:
    config = work / "nautobot_config.py"
    config.write_text(CONFIG, encoding="utf-8")
    env = {
        **os.environ,
        "NAUTOBOT_ROOT": str(work / "nautobot-root"),
        "NAUTOBOT_DB_HOST": "127.0.0.1",
        "NAUTOBOT_DB_PORT": str(db.port),
        "NAUTOBOT_DB_USER": DB_USER,
        "NAUTOBOT_DB_NAME": "nautobot",
        "NAUTOBOT_REDIS_HOST": "127.0.0.1",
        "NAUTOBOT_REDIS_PORT": str(redis_port),
        "NAUTOBOT_INSTALLATION_METRICS_ENABLED": "False",
    }
    server = [str(nautobot_venv() / "bin" / "nautobot-server"), f"--config={config}"]
    return server, env


def restore_schema(db: Database) -> None:
    """Load the committed dump of a migrated Nautobot of the pinned version."""
    if not SCHEMA.exists():
        raise ServiceError(
            f"no schema dump {SCHEMA.name}; run `python tests/nautobot_service.py` once"
        )
    _run(
        [*db.psql_args("psql"), "-q", "-v", "ON_ERROR_STOP=1", "-d", "nautobot"],
        input=gzip.decompress(SCHEMA.read_bytes()).decode("utf-8"),
    )


@contextmanager
def nautobot(work: Path) -> Iterator[Nautobot]:
    """Nautobot at the pinned version, its schema restored, an admin user, serving on loopback."""
    with ExitStack() as stack:
        db = stack.enter_context(database(work))
        redis_port = stack.enter_context(redis(work))
        server, env = _server_env(work, db, redis_port)
        restore_schema(db)
        _run([*server, "migrate", "--check"], env=env)  # the dump is complete for this version
        user, password = "rackbom", "rackbom-tests-only"
        admin_env = {**env, "DJANGO_SUPERUSER_PASSWORD": password}
        _run(
            [
                *server,
                "createsuperuser",
                "--noinput",
                "--username",
                user,
                "--email",
                "rackbom@example.com",
            ],
            env=admin_env,
        )
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        args = [*server, "runserver", f"127.0.0.1:{port}", "--noreload"]
        process = stack.enter_context(_process(args, work / "nautobot.log", env=env))
        _wait(lambda: _answers(f"{url}/login/"), "Nautobot", 120, process)
        yield Nautobot(url, user, password, server, env)


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def make_schema() -> Path:
    """Migrate an empty database with the pinned Nautobot and write the dump `SCHEMA`."""
    with tempfile.TemporaryDirectory(prefix="rackbom-nautobot-") as tmp, ExitStack() as stack:
        work = Path(tmp)
        db = stack.enter_context(database(work))
        redis_port = stack.enter_context(redis(work))
        server, env = _server_env(work, db, redis_port)
        _run([*server, "migrate", "--no-input"], env=env)
        dump = _run([*db.psql_args("pg_dump"), "--no-owner", "--no-privileges", "nautobot"])
    SCHEMA.parent.mkdir(exist_ok=True)
    SCHEMA.write_bytes(gzip.compress(dump.stdout.encode("utf-8"), mtime=0))
    return SCHEMA


if __name__ == "__main__":
    start = time.monotonic()
    path = make_schema()
    size = path.stat().st_size
    print(f"wrote {path} ({size:,} bytes) in {time.monotonic() - start:.0f} s")
