"""Writing outputs all or none: each to a temporary file beside its target, then renamed in place.

Every destination is checked before anything is written; if one write fails, the temporary files
are removed and so is every output already renamed into place that did not exist before, so a
command leaves either all of its outputs or none of them. Errors name the path the caller gave.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from .errors import InputError

Writer = Callable[[Path], object]


def check_destination(path: str | Path) -> Path:
    """The path as given, if a file can be written there; else an InputError naming it."""
    if str(path) == "":
        raise InputError(None, None, "an output file name is empty")
    target = Path(path)
    if target.is_dir():
        raise InputError(str(path), None, "is a directory, not a file")
    if target.exists() and not target.is_file():
        raise InputError(str(path), None, "is not a regular file")
    directory = target.parent
    if not directory.is_dir():
        what = "not a directory" if directory.exists() else "no such directory"
        raise InputError(str(path), None, f"cannot write: {what}: {directory}")
    return target


def write_files(outputs: Sequence[tuple[str | Path, Writer]]) -> list[Path]:
    """Call each `write(tmp)` and move every temporary file onto its target; all or none."""
    targets = [check_destination(path) for path, _ in outputs]
    seen: set[Path] = set()
    for target in targets:
        if target.resolve() in seen:
            raise InputError(str(target), None, "is given as more than one output")
        seen.add(target.resolve())
    temps: list[Path] = []
    placed: list[Path] = []
    try:
        for target, (_, write) in zip(targets, outputs, strict=True):
            with _naming(target):
                _create_temporary(target, temps)
                write(temps[-1])
                os.chmod(temps[-1], 0o644)
        for target, tmp in zip(targets, temps, strict=True):
            with _naming(target):
                if not target.exists():
                    placed.append(target)
                os.replace(tmp, target)
    except BaseException:
        for path in (*temps, *placed):
            path.unlink(missing_ok=True)
        raise
    return targets


def _create_temporary(target: Path, temps: list[Path]) -> None:
    """Create an empty temporary file beside `target`, listed in `temps` before it exists.

    Listed first, so a signal arriving at any instant (SIGTERM, Ctrl-C) finds it on the list
    the cleanup removes; a name already taken (by another run) is dropped and another drawn.
    """
    while True:
        temps.append(target.parent / f".{target.name}.{os.urandom(6).hex()}.tmp")
        try:
            os.close(os.open(temps[-1], os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            return
        except FileExistsError:
            temps.pop()


def atomic_write(path: str | Path, write: Writer) -> Path:
    """Write one file atomically: an existing file is replaced only by a complete one."""
    return write_files([(path, write)])[0]


def text_writer(text: str) -> Writer:
    """A writer of UTF-8 text."""
    return lambda tmp: tmp.write_text(text, encoding="utf-8")


def atomic_write_text(path: str | Path, text: str) -> Path:
    """Write text (UTF-8) atomically."""
    return atomic_write(path, text_writer(text))


@contextmanager
def _naming(target: Path) -> Iterator[None]:
    """An OSError inside names the target the caller gave, not a temporary file."""
    try:
        yield
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror or str(exc), str(target)) from None
