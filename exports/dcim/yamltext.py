"""YAML text as the devicetype-library's yamllint config wants it, fast enough to stream.

Block style, two-space indents, sequences indented under their key, `---` first, a newline at
the end, no trailing spaces. Text that is safe plain stays plain; other text is double-quoted
(JSON's escapes are YAML's), multi-line text is a literal block. A record is written on its own,
so a file of a million devices is written one device at a time.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache

Scalar = str | int | float | bool | None
Value = Scalar | Mapping[str, "Value"] | Sequence["Value"]

_PLAIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./+()-]*(?:[ ,][A-Za-z0-9_./+()-]+)*\Z")
_RESERVED = frozenset(
    "y n yes no on off true false null ~ .inf .nan -.inf .Inf .NaN".lower().split()
)
_NUMBER = re.compile(
    r"[-+]?(\d[\d_]*)?(\.\d*)?([eE][-+]?\d+)?\Z|0[xob][0-9a-fA-F_]+\Z|\d{4}-\d\d?-\d\d?"
)
_LITERAL_LINE = re.compile(r"[^\x00-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]*\Z")
_UNPRINTABLE = re.compile("[\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff\U00010000-\U0010ffff]")
"""What YAML readers refuse raw in a double-quoted scalar (or PyYAML's reader does), escaped."""


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\U{code:08x}" if code > 0xFFFF else f"\\u{code:04x}"


@lru_cache(maxsize=1 << 16, typed=True)
def scalar(value: Scalar) -> str:
    """One scalar as YAML text (not multi-line text); the values a file repeats (types, ports,
    a rack's device names) are worked out once."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"not a finite number: {value}")
        return str(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if _PLAIN.match(value) and value.lower() not in _RESERVED and not _NUMBER.match(value):
        return value
    return _UNPRINTABLE.sub(_escape, json.dumps(value, ensure_ascii=False))


def _literal(text: str, indent: str) -> str | None:
    """A literal block for multi-line text, or None where one cannot hold it exactly."""
    lines = text.split("\n")
    body = lines[:-1] if text.endswith("\n") else lines
    if not body or not body[-1] or body[0].startswith((" ", "\t")) or text.endswith("\n\n"):
        return None
    if any(line != line.rstrip() or not _LITERAL_LINE.match(line) for line in body):
        return None
    head = "|" if text.endswith("\n") else "|-"
    return head + "".join(f"\n{indent}{line}" if line else "\n" for line in body)


def _lines(key: str, value: Value, indent: str) -> Iterator[str]:
    """`key: value` at `indent`, with nested mappings and sequences below it."""
    if isinstance(value, Mapping):
        if not value:
            yield f"{indent}{key}: {{}}\n"
            return
        yield f"{indent}{key}:\n"
        yield from mapping(value, indent + "  ")
    elif isinstance(value, (list, tuple)):
        if not value:
            yield f"{indent}{key}: []\n"
            return
        yield f"{indent}{key}:\n"
        for item in value:
            yield item_text(item, indent + "  ")
    elif isinstance(value, str) and "\n" in value:
        block = _literal(value, indent + "  ")
        yield f"{indent}{key}: {block if block else scalar(value)}\n"
    else:
        yield f"{indent}{key}: {scalar(value)}\n"


def mapping(data: Mapping[str, Value], indent: str = "") -> Iterator[str]:
    """A mapping's lines at `indent`."""
    for key, value in data.items():
        yield from _lines(scalar(key), value, indent)


def item_text(item: Value, indent: str) -> str:
    """One sequence item at `indent`: `- ` then the item, nested lines indented under it."""
    if isinstance(item, Mapping) and item:
        text = "".join(mapping(item, indent + "  "))
        return f"{indent}- {text[len(indent) + 2 :]}"
    if isinstance(item, (Mapping, list, tuple)):
        return f"{indent}- {'{}' if isinstance(item, Mapping) else '[]'}\n"
    return f"{indent}- {scalar(item)}\n"


def document(data: Mapping[str, Value], header: str = "") -> str:
    """A whole YAML document: `---`, an optional comment header, the mapping."""
    return "---\n" + comment(header) + "".join(mapping(data))


def comment(text: str) -> str:
    """Text as `#` comment lines."""
    return "".join(f"# {line}\n" if line else "#\n" for line in text.splitlines())


def sequence_document(items: Iterable[Value], header: str = "") -> str:
    """A document that is one sequence."""
    return "---\n" + comment(header) + "".join(item_text(item, "") for item in items)


class Template:
    """Rendered text with a placeholder, filled by joining its pieces (no search per fill)."""

    def __init__(self, text: str, placeholder: str) -> None:
        self.pieces = text.split(placeholder)

    def fill(self, value: str) -> str:
        """The text with `value` where the placeholder was."""
        return value.join(self.pieces)
