"""A private Nautobot for tests: PostgreSQL and Redis on 127.0.0.1, Nautobot in its own venv.

Nautobot is pinned (`NAUTOBOT_VERSION`) and installed from PyPI into `.nautobot/venv` beside the
repository, never into rackbom's environment. Its schema comes from `tests/nautobot/`, a dump of a
real `nautobot-server migrate` written by `python tests/nautobot_service.py`; the dump names the
version it was made with, so pinning another version makes a new one (a real migrate, ~3.5 min on
2 cores). What it shares with the test NetBox is in `tests/dcim_service.py`.
"""

from __future__ import annotations

import os
from pathlib import Path

from dcim_service import DB_USER, ROOT, Database, Product, main, pinned_venv, this_python

NAUTOBOT_VERSION = "3.2.7"
VENV = ROOT / ".nautobot" / "venv"
SCHEMA = Path(__file__).resolve().parent / "nautobot" / f"schema-{NAUTOBOT_VERSION}.sql.gz"
CONFIG = """\
from nautobot.core.settings import *  # noqa: F403

SECRET_KEY = "rackbom-tests-only"
ALLOWED_HOSTS = ["127.0.0.1"]
INSTALLATION_METRICS_ENABLED = False
"""


def nautobot_venv() -> Path:
    """The venv with the pinned Nautobot, made and installed on first use."""
    return pinned_venv(VENV, "nautobot", NAUTOBOT_VERSION, this_python)


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


NAUTOBOT = Product(
    name="Nautobot",
    version=NAUTOBOT_VERSION,
    db_name="nautobot",
    dump=SCHEMA,
    server_env=_server_env,
    start_s=120,
)


if __name__ == "__main__":
    main(NAUTOBOT)
