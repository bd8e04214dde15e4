"""The devicetype-library's checks, run over exported files: schema, yamllint, naming, content.

The schema files and the yamllint config beside this module are the library's (README.md there
names their commits; LICENSE.txt is the library's licence); `generated_schema.json` is NetBox
4.7.3's own `netbox buildschema` output, from which the library generates its enums. The naming
and content rules are the ones the library's CI applies: folder = manufacturer name, file =
model or part number, slug = manufacturer slug + model or part number, no repeated component
names, a power source, no empty strings.
"""

from __future__ import annotations

import decimal
import json
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from yamllint import linter
from yamllint.config import YamlLintConfig

HERE = Path(__file__).resolve().parent
SECTIONS = (
    "console-ports",
    "console-server-ports",
    "power-ports",
    "power-outlets",
    "interfaces",
    "front-ports",
    "rear-ports",
    "module-bays",
    "device-bays",
    "inventory-items",
)


def _load(name: str) -> Any:
    return json.loads((HERE / "schema" / name).read_text(), parse_float=decimal.Decimal)


def validator() -> Draft202012Validator:
    """The device-type schema with the library's other schema files registered."""
    registry: Registry = Registry()
    for path in sorted((HERE / "schema").glob("*.json")):
        registry = Resource.from_contents(_load(path.name)) @ registry
    return Draft202012Validator(_load("devicetype.json"), registry=registry)


def yamllint_config() -> YamlLintConfig:
    """The library's yamllint config."""
    return YamlLintConfig((HERE / "yamllint.yaml").read_text())


class _DecimalLoader(yaml.SafeLoader):
    """Floats as Decimal, as the library's tests read them (so `multipleOf` is exact)."""


_DecimalLoader.add_constructor(
    "tag:yaml.org,2002:float",
    lambda loader, node: decimal.Decimal(loader.construct_scalar(node)),  # type: ignore[arg-type]
)


_MODEL_RULE = (
    (" ", "-"),
    ("sfp+", "sfpp"),
    ("poe+", "poep"),
    ("-+", "-plus"),
    ("+", "-plus-"),
    ("_", "-"),
    ("&", "-and-"),
    ("!", ""),
    ("/", "-"),
    (",", ""),
    ("'", ""),
    ("*", "-"),
)
"""The replacements the library's tests make, in order, in a case-folded model or part number
(its `tests/device_types.py`); one trailing hyphen is then cut."""


def _slug(text: str) -> str:
    """The library's slug of a model or part number."""
    out = text.casefold()
    for old, new in _MODEL_RULE:
        out = out.replace(old, new)
    return out.removesuffix("-")


def problems(path: str, text: str, check: Draft202012Validator, lint: YamlLintConfig) -> list[str]:
    """Everything the library's CI would reject in one device-type file at `path`."""
    found = [
        f"{path}:{p.line}: yamllint {p.level}: {p.desc} ({p.rule})"
        for p in linter.run(text, lint, path)
    ]
    if not text.endswith("\n"):
        found.append(f"{path}: no newline at the end")
    data = yaml.load(text, Loader=_DecimalLoader)
    found += [f"{path}: schema: {e.message}" for e in check.iter_errors(data)]
    folder, name = path.split("/")[-2:]
    if path.split("/")[-3] != "device-types" or folder != data["manufacturer"]:
        found.append(f"{path}: folder is not the manufacturer's name {data['manufacturer']!r}")
    stem = name.rsplit(".", 1)[0].casefold()
    part = data.get("part_number", "")
    if stem not in (_slug(data["model"]), _slug(part), part.casefold()):
        found.append(f"{path}: file name is neither the model nor the part number")
    maker = _slug(data["manufacturer"]).replace("&", "and")
    if not data["slug"].startswith(maker):
        found.append(f"{path}: slug does not start with the manufacturer {maker!r}")
    if not (
        data["slug"].endswith(_slug(data["model"])) or (part and data["slug"].endswith(_slug(part)))
    ):
        found.append(f"{path}: slug ends with neither the model nor the part number")
    for section in SECTIONS:
        names = [c["name"] for c in data.get(section, [])]
        if len(names) != len(set(names)):
            found.append(f"{path}: repeated names in {section}")
    if not data.get("power-ports") and not data.get("module-bays"):
        found.append(f"{path}: no power source")
    found += [f"{path}: empty text" for value in _strings(data) if value == ""]
    return found


def _strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []
