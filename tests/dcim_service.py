"""What the test NetBox and the test Nautobot share: PostgreSQL and Redis on 127.0.0.1, a pinned
product in a venv of its own, a committed schema dump restored, an admin, `runserver`.

`netbox_service.py` and `nautobot_service.py` say only what differs: the package and version,
the Python the venv is made with, the configuration and the environment the server command reads.
Every process is started here and stopped by its process id; every wait is bounded.
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
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
DB_USER = "nautobot"
ADMIN = ("rackbom", "rackbom-tests-only")
"""The admin user and password every test server is given."""


class ServiceError(RuntimeError):
    """A service could not be installed or started."""


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run(args: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    """A command that must succeed (else `ServiceError` with the end of its output)."""
    kwargs.setdefault("timeout", 1800)
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
    """The Debian programs the services need that are not installed."""
    missing = [p for p in ("redis-server",) if shutil.which(p) is None]
    try:
        postgres_bin("postgres")
    except ServiceError:
        missing.append("postgres")
    return missing


def pinned_venv(venv: Path, package: str, version: str, python: Callable[[], str]) -> Path:
    """`venv` with `package==version`, made with `python()` and installed on first use."""
    exe = venv / "bin" / "python"
    probe = [str(exe), "-c", f"import importlib.metadata as m; print(m.version({package!r}))"]
    if exe.exists():
        done = subprocess.run(probe, capture_output=True, text=True, check=False, timeout=120)
        if done.stdout.strip() == version:
            return venv
    run([python(), "-m", "venv", "--clear", str(venv)])
    run([str(exe), "-m", "pip", "install", "-q", f"{package}=={version}"])
    return venv


def this_python() -> str:
    """The Python running the tests."""
    return sys.executable


def _as_postgres() -> dict[str, str]:
    """PostgreSQL refuses to run as root; there it runs as Debian's `postgres` user."""
    return {"user": "postgres", "group": "postgres"} if os.geteuid() == 0 else {}


def wait(check: Callable[[], bool], what: str, seconds: float, process: subprocess.Popen) -> None:
    """Until `check()` holds; fails if `process` exits or `seconds` pass first."""
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


def answers(url: str) -> bool:
    """Whether `url` answers 200."""
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


@contextmanager
def process(args: list[str], log: Path, **kwargs: Any) -> Iterator[subprocess.Popen]:
    """A background process, stopped by its process id on exit."""
    with log.open("w") as out:
        started = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, **kwargs)
    try:
        yield started
    finally:
        if started.poll() is None:
            started.terminate()
            try:
                started.wait(timeout=20)
            except subprocess.TimeoutExpired:
                started.kill()
                started.wait()


@dataclass(frozen=True)
class Database:
    """A running PostgreSQL."""

    port: int

    def psql_args(self, program: str) -> list[str]:
        """A client program's arguments for this server."""
        return [postgres_bin(program), "-h", "127.0.0.1", "-p", str(self.port), "-U", DB_USER]


@contextmanager
def database(work: Path) -> Iterator[Database]:
    """PostgreSQL on 127.0.0.1 with a data directory of its own."""
    data = Path(tempfile.mkdtemp(prefix="rackbom-pg-"))
    if os.geteuid() == 0:
        shutil.chown(data, "postgres", "postgres")
    port = free_port()
    try:
        initdb = [postgres_bin("initdb"), "-D", str(data), "-U", DB_USER, "-A", "trust"]
        run(initdb, cwd=data, **_as_postgres())  # the postgres user may not enter our folder
        args = [postgres_bin("postgres"), "-D", str(data), "-h", "127.0.0.1", "-p", str(port)]
        args += ["-k", str(data), "-c", "fsync=off", "-c", "full_page_writes=off"]
        with process(args, work / "postgres.log", cwd=data, **_as_postgres()) as started:
            wait(lambda: _accepts(port), "PostgreSQL", 60, started)
            yield Database(port)
    finally:
        shutil.rmtree(data, ignore_errors=True)


@contextmanager
def redis(work: Path) -> Iterator[int]:
    """Redis on 127.0.0.1, in memory only; yields its port."""
    port = free_port()
    args = [shutil.which("redis-server") or "redis-server", "--bind", "127.0.0.1"]
    args += ["--port", str(port), "--save", "", "--appendonly", "no", "--dir", str(work)]
    with process(args, work / "redis.log") as started:
        wait(lambda: _accepts(port), "Redis", 30, started)
        yield port


@dataclass(frozen=True)
class Server:
    """A running NetBox or Nautobot: its URL, an admin's credentials, its management command."""

    url: str
    username: str
    password: str
    server: list[str]
    env: dict[str, str]


ServerEnv = Callable[[Path, Database, int], tuple[list[str], dict[str, str]]]
"""(work folder, database, Redis port) -> the management command and its environment."""


@dataclass(frozen=True)
class Product:
    """What differs between the two products."""

    name: str
    version: str
    db_name: str
    dump: Path
    """The committed gzip of `pg_dump` after a real `migrate` of this version."""
    server_env: ServerEnv
    start_s: float
    """Seconds `runserver` may take to answer its login page."""
    runserver: tuple[str, ...] = ()
    """Extra `runserver` arguments."""

    def restore(self, db: Database) -> None:
        """The committed dump of a migrated database of the pinned version, loaded."""
        if not self.dump.exists():
            module = f"tests/{self.name.casefold()}_service.py"
            raise ServiceError(f"no schema dump {self.dump.name}; run `python {module}` once")
        run([*db.psql_args("createdb"), self.db_name])
        run(
            [*db.psql_args("psql"), "-q", "-v", "ON_ERROR_STOP=1", "-d", self.db_name],
            input=gzip.decompress(self.dump.read_bytes()).decode("utf-8"),
        )

    @contextmanager
    def serve(self, work: Path) -> Iterator[Server]:
        """The product, its schema restored, an admin user, serving on loopback."""
        with ExitStack() as stack:
            db = stack.enter_context(database(work))
            redis_port = stack.enter_context(redis(work))
            server, env = self.server_env(work, db, redis_port)
            self.restore(db)
            run([*server, "migrate", "--check"], env=env)  # the dump is complete for this version
            user, password = ADMIN
            admin_env = {**env, "DJANGO_SUPERUSER_PASSWORD": password}
            args = ["createsuperuser", "--noinput", "--username", user, "--email", "r@example.com"]
            run([*server, *args], env=admin_env)
            port = free_port()
            url = f"http://127.0.0.1:{port}"
            command = [*server, "runserver", f"127.0.0.1:{port}", "--noreload", *self.runserver]
            log = work / f"{self.name.casefold()}.log"
            started = stack.enter_context(process(command, log, env=env))
            wait(lambda: answers(f"{url}/login/"), self.name, self.start_s, started)
            yield Server(url, user, password, server, env)

    def make_dump(self) -> Path:
        """Migrate an empty database with the pinned version and write `dump`."""
        with tempfile.TemporaryDirectory(prefix="rackbom-dcim-") as tmp, ExitStack() as stack:
            work = Path(tmp)
            db = stack.enter_context(database(work))
            redis_port = stack.enter_context(redis(work))
            server, env = self.server_env(work, db, redis_port)
            run([*db.psql_args("createdb"), self.db_name])
            run([*server, "migrate", "--no-input"], env=env, timeout=3600)
            dump = run([*db.psql_args("pg_dump"), "--no-owner", "--no-privileges", self.db_name])
        self.dump.parent.mkdir(exist_ok=True)
        self.dump.write_bytes(gzip.compress(dump.stdout.encode("utf-8"), mtime=0))
        return self.dump

    def fixture(self) -> Iterator[Server]:
        """The body of a module-scoped fixture: the product running in a scratch folder, every
        service stopped afterwards; skipped (failed under CI) where it cannot run."""
        missing = missing_programs()
        if missing:
            unavailable(f"{', '.join(missing)} not installed (bash tests/install-clients.sh)")
        work = Path(tempfile.mkdtemp(prefix=f"rackbom-{self.name.casefold()}-"))
        try:
            with self.serve(work) as started:
                yield started
        except ServiceError as exc:
            unavailable(f"{self.name} {self.version} could not run: {exc}")
        finally:
            shutil.rmtree(work, ignore_errors=True)


def unavailable(message: str) -> None:
    """Skip a test whose product cannot run here; under CI that is a failure."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)


def value(field: Any) -> Any:
    """What a REST field holds: a choice's value, a related object's name or model."""
    if isinstance(field, dict):
        for key in ("value", "name", "model", "display"):
            if key in field:
                return field[key]
    return field


def main(product: Product) -> None:
    """`python tests/<product>_service.py`: write the schema dump, timed."""
    start = time.monotonic()
    path = product.make_dump()
    size = path.stat().st_size
    print(f"wrote {path} ({size:,} bytes) in {time.monotonic() - start:.0f} s")
