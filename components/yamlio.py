"""Reading YAML files and turning validation errors into one-line input errors."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, Self, TypeVar

import yaml
from pydantic import ValidationError

from .errors import InputError

FILE_BYTES_MAX = 16 * 2**20  # an input file, bytes
EXPANDED_VALUES_MAX = 1_000_000  # values in a document, each alias counted as a full copy
EXPANDED_CHARS_MAX = 16 * 2**20  # characters of keys and text in a document, the same way

_BASE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml where available


class _Loader(_BASE_LOADER):  # type: ignore[misc, valid-type]
    """The safe loader, with duplicate mapping keys and unreadable integers as errors."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
                seen.add(key)
            except TypeError:
                continue  # an unhashable key: the base class reports it
            if duplicate:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark
                )
        return super().construct_mapping(node, deep)

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        try:
            return super().construct_yaml_int(node)
        except ValueError:
            raise yaml.constructor.ConstructorError(
                None, None, f"integer too long ({len(node.value):,} characters)", node.start_mark
            ) from None


_Loader.add_constructor("tag:yaml.org,2002:map", _Loader.construct_yaml_map)
_Loader.add_constructor("tag:yaml.org,2002:int", _Loader.construct_yaml_int)


def read_yaml_text(text: str, file: str) -> Any:
    """Parse YAML text; a syntax error becomes an InputError with its line number.

    Aliases (`*name`) may not expand the document past `EXPANDED_VALUES_MAX` values or
    `EXPANDED_CHARS_MAX` characters, counting each alias as a full copy of what it names.
    """
    try:
        data = yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}" if mark is not None else None
        raise InputError(file, where, f"malformed YAML: {exc.problem}") from None
    except yaml.reader.ReaderError as exc:
        raise InputError(
            file, None, f"malformed YAML: {exc.reason} at byte {exc.position}"
        ) from None
    except yaml.YAMLError as exc:
        raise InputError(file, None, f"malformed YAML: {exc}") from None
    _check_expanded(data, file)
    return data


def _check_expanded(data: Any, file: str) -> None:
    """Walk the document as if every alias were copied, stopping as soon as it is too big."""
    values = chars = 0
    stack = [data]
    while stack:
        node = stack.pop()
        values += 1
        if isinstance(node, dict):
            stack.extend(node)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, str):
            chars += len(node)
        if values > EXPANDED_VALUES_MAX or chars > EXPANDED_CHARS_MAX:
            raise InputError(
                file,
                None,
                f"the document is too large once its aliases are expanded (more than "
                f"{EXPANDED_VALUES_MAX:,} values or {EXPANDED_CHARS_MAX:,} characters)",
            )


def read_yaml_file(path: Path) -> Any:
    """Read and parse a YAML file of at most `FILE_BYTES_MAX` bytes."""
    try:
        with path.open("rb") as stream:
            data = stream.read(FILE_BYTES_MAX + 1)
        if len(data) > FILE_BYTES_MAX:
            raise InputError(str(path), None, f"larger than {FILE_BYTES_MAX:,} bytes")
        text = data.decode("utf-8")
    except FileNotFoundError:
        raise InputError(str(path), None, "no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(str(path), None, f"cannot read file: {exc}") from None
    return read_yaml_text(text, str(path))


def field_path(raw: Any, loc: Sequence[int | str]) -> str:
    """Render a pydantic error location as `parts[3](id=x).price_usd`, naming ids or names."""
    out = ""
    node = raw
    for key in loc:
        if isinstance(key, int):
            out += f"[{key}]"
            node = node[key] if isinstance(node, list) and key < len(node) else None
            if isinstance(node, dict):
                key_name = next((k for k in ("id", "name") if isinstance(node.get(k), str)), None)
                if key_name is not None:
                    out += f"({key_name}={node[key_name]})"
        elif isinstance(node, dict) and key not in node and node.get("kind") == key:
            continue  # the tag pydantic adds for the chosen member of a tagged union
        else:
            out += f".{key}" if out else str(key)
            node = node.get(key) if isinstance(node, dict) else None
    return out


class Validated(Protocol):
    """A model pydantic validates: an input model (`components/strict.py`) or a file model."""

    @classmethod
    def model_validate(cls, obj: Any) -> Self: ...


M = TypeVar("M", bound=Validated)

UNKNOWN = frozenset({"extra_forbidden", "unexpected_keyword_argument"})
"""An unknown key, as a pydantic model (a DCIM file's) and an input model (a record) say it."""


def validate_model(model: type[M], raw: Any, file: str) -> M:
    """Validate raw data against a model; the first error becomes an InputError."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        loc = err["loc"]
        message = err["msg"]
        if err["type"] in UNKNOWN:
            message = "unknown field"
        elif err["type"] == "missing":
            message = "required field is missing"
        elif err["type"] == "value_error":
            message = message.removeprefix("Value error, ")
        elif err["type"] == "assertion_error":
            message = message.removeprefix("Assertion failed, ")
        raise InputError(file, field_path(raw, loc) or None, message) from None
