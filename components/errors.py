"""The one error type for bad input: it names the file and the field."""

from __future__ import annotations


class InputError(ValueError):
    """Bad input in a catalogue or design file, reported as one line."""

    def __init__(self, file: str | None, field: str | None, message: str) -> None:
        self.file = file
        self.field = field
        self.message = message
        super().__init__(str(self))

    def __str__(self) -> str:
        where = [p for p in (self.file, self.field) if p]
        return " ".join(": ".join([*where, self.message]).split())  # always one line
