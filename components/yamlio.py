"""Reading YAML files and turning validation errors into one-line input errors."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from .errors import InputError

_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml where available


def read_yaml_text(text: str, file: str) -> Any:
    """Parse YAML text; a syntax error becomes an InputError with its line number."""
    try:
        return yaml.load(text, Loader=_SAFE_LOADER)
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


def read_yaml_file(path: Path) -> Any:
    """Read and parse a YAML file, reporting unreadable files as input errors."""
    try:
        text = path.read_text(encoding="utf-8")
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


M = TypeVar("M", bound=BaseModel)


def validate_model(model: type[M], raw: Any, file: str) -> M:
    """Validate raw data against a model; the first error becomes an InputError."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        loc = err["loc"]
        message = err["msg"]
        if err["type"] == "extra_forbidden":
            message = "unknown field"
        elif err["type"] == "missing":
            message = "required field is missing"
        raise InputError(file, field_path(raw, loc) or None, message) from None
