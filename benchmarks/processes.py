"""What the benchmarks share: the environment their child processes run in."""

from __future__ import annotations

import os

BYTECODE_OFF = "PYTHONDONTWRITEBYTECODE"


def child_env() -> dict[str, str]:
    """This environment, but with bytecode caching on, as an installed package has it.

    A checkout run with `PYTHONDONTWRITEBYTECODE` set compiles every module from source in every
    process, while the dependencies it is compared with load their installed bytecode.
    """
    return {k: v for k, v in os.environ.items() if k != BYTECODE_OFF}
