"""The one error type for bad input: it names the file and the field."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache


def compiled_on_use(pattern: str) -> Callable[[], re.Pattern[str]]:
    """`pattern`, compiled when first asked for and kept. A character class spanning the
    surrogates takes most of a millisecond to compile, and a run that meets no error, writes
    no XML or reads its data from the cache never needs one."""
    return cache(lambda: re.compile(pattern))


# Characters that would break a message across lines or drive a terminal: C0 and C1 controls,
# DEL, the Unicode line and paragraph separators, and lone surrogates.
_unprintable = compiled_on_use("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


def one_line(text: str) -> str:
    """Text with every control character escaped as Python writes it (`\\n`, `\\x1b`)."""
    return _unprintable().sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


class InputError(ValueError):
    """Bad input in a catalogue or design file, reported as one line."""

    def __init__(self, file: str | None, field: str | None, message: str) -> None:
        self.file = file
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = [p for p in (self.file, self.field) if p]
        return one_line(": ".join([*where, self.message]))  # always one line


@contextmanager
def read_as(kind: str, file: str) -> Iterator[None]:
    """Errors in `file` say which kind of file it was read as (`… (read as a workload)`), so a
    file taken for the wrong kind is plain from its first error."""
    try:
        yield
    except InputError as exc:
        if exc.file != file:
            raise
        raise InputError(exc.file, exc.field, f"{exc.message} (read as {kind})") from None
