"""The `rackbom` command: a thin layer over the library.

Exit status 0 on success, 2 on bad input (one line on stderr, no traceback).
"""

from __future__ import annotations

import argparse
import gc
import os
import signal
import sys
from collections.abc import Callable, Sequence
from enum import IntEnum
from importlib import import_module
from typing import NoReturn

from rackbom.components.errors import InputError, one_line

from .commands import COMMANDS
from .replay import run_kept

GC_THRESHOLDS = (50_000, 20, 20)
"""Garbage-collection thresholds of a command-line run. A command makes many long-lived objects
(modules, models, the catalogue, analyses) and little cyclic garbage, so collecting after every
700 allocations (Python's default) mostly rescans live objects; collections still run, so memory
stays bounded. What the imports made (modules, classes, functions, the parser) lives as long as
the process: it is frozen once the command is imported (`gc.freeze`), so no later collection
scans it again."""


TOUR = """a first tour:
  rackbom list                              the built-in designs, clusters and profiles
  rackbom show helios                       one design's figures (a cluster's: helios-16k)
  rackbom compare helios gb200-nvl72        side by side; helios+switch_margin=0.82 is a what-if
  rackbom svg helios -o helios.svg          the rack elevation
  rackbom report                            everything, in rackbom-report/ (open index.html)
rackbom COMMAND --help tells a command's options."""


class Exit(IntEnum):
    """Exit statuses."""

    OK = 0
    BAD_INPUT = 2
    INTERRUPTED = 130


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(
            Exit.BAD_INPUT, f"{self.prog}: error: {one_line(message)} (see {self.prog} --help)\n"
        )


def build_parser(argv: Sequence[str] = ()) -> argparse.ArgumentParser:
    """The parser with one sub-command per command module; the one `argv` names is configured.

    Only the module of the command being run is imported (all of them where `argv` names none,
    as for `--help`). Where `argv` begins with a command, as every run of one does, that is the
    parser's only sub-command: each sub-parser argparse makes costs a command about 0.1 ms, and
    the others would only list the commands, which `rackbom --help` does.
    """
    parser = _Parser(
        prog="rackbom",
        description="Model AI racks: switch ports, world size, bandwidth, power, priced BOM.",
        epilog=TOUR,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    from rackbom import __version__

    parser.add_argument("--version", action="version", version=f"rackbom {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    named = next((a for a in argv if a in COMMANDS), None)
    first = argv[0] if argv and argv[0] in COMMANDS else None
    for name, (module_name, help_text) in COMMANDS.items():
        if first not in (None, name):
            continue
        command = sub.add_parser(name, help=help_text)
        if named in (None, name):
            module = import_module(f"rackbom.commands.{module_name}")
            module.configure(command)
    return parser


def main(argv: Sequence[str] | None = None, *, imported: Callable[[], None] | None = None) -> int:
    """Run the command line; returns the exit status. `imported` is called once the command's
    modules are imported and its arguments parsed, before it runs."""
    if argv is None:
        argv = sys.argv[1:]
    parser = build_parser(argv)
    if not argv:  # a first look: what the tool does and its commands, not an error
        parser.print_help()
        return Exit.OK
    args = parser.parse_args(argv)
    if imported is not None:
        imported()
    try:
        return int(args.run(args) or Exit.OK)
    except InputError as exc:
        print(f"rackbom: error: {exc}", file=sys.stderr)
        return Exit.BAD_INPUT
    except BrokenPipeError:
        return _reader_gone()
    except OSError as exc:
        file = None if exc.filename is None else str(exc.filename)
        error = InputError(file, None, exc.strerror or str(exc))
        print(f"rackbom: error: {error}", file=sys.stderr)
        return Exit.BAD_INPUT
    except KeyboardInterrupt:
        return Exit.INTERRUPTED


def _reader_gone() -> int:
    """The reader went away (`rackbom show helios | head`): stop quietly."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return Exit.OK


def _terminated(signum: int, frame: object) -> NoReturn:
    """SIGTERM ends the command as Ctrl-C does: half-written outputs are removed on the way."""
    raise SystemExit(128 + signum)


def settle() -> None:
    """Set up the process for a command-line run: SIGTERM, garbage collection, pydantic."""
    signal.signal(signal.SIGTERM, _terminated)
    gc.set_threshold(*GC_THRESHOLDS)
    # pydantic plugins are found by scanning every installed distribution's metadata; the
    # command line uses none (setting the variable yourself still decides)
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")


def run() -> NoReturn:
    """Console-script entry point."""
    settle()
    try:
        status = run_kept(sys.argv[1:], lambda argv: main(argv, imported=gc.freeze))
    except BrokenPipeError:  # while a kept result was printed
        status = _reader_gone()
    # the process frees everything as it ends: spare it the full collection Python runs at exit
    gc.freeze()
    sys.exit(status)
