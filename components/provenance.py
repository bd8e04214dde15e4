"""Where a figure comes from: the source registry and per-figure source lookup."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any, Self

from pydantic import Field, model_validator

from .limits import Count, NonNegative, Positive, PositiveCount, Text
from .ranges import Range, check_ranges
from .strict import Id, Strict

__all__ = [
    "Count",
    "Id",
    "NonNegative",
    "Positive",
    "PositiveCount",
    "Range",
    "Source",
    "Sourced",
    "Strict",
]


class SourceKind(StrEnum):
    """How firm a figure is."""

    SEED = "seed"
    VENDOR = "vendor"
    ANALYST = "analyst"
    DERIVED = "derived"
    ASSUMPTION = "assumption"


class Source(Strict):
    """One citable source; every figure points at one of these by id."""

    id: Id
    kind: SourceKind
    cite: Text = Field(min_length=1, description="What to read: document, section, date.")
    url: Text | None = None
    date: Text | None = None
    note: Text | None = Field(
        default=None, description="Caveats, calibration method, disagreements."
    )


class Sourced(Strict):
    """A model whose numeric figures carry provenance.

    `source` covers every figure of the entry; `sources` names a different source for single
    figures (`{price_usd: my-estimate}`); `ranges` gives a figure the range it may take
    (`{power_w: {low: 1800, high: 2300, distribution: uniform, high_source: ...}}`).
    """

    source: Id
    sources: dict[Id, Id] = Field(default_factory=dict)
    ranges: dict[Id, Range] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _ranges_fit(self) -> Self:
        check_ranges(self, self.ranges)
        return self

    def range_sources(self) -> dict[str, str]:
        """Every source the ranges name, by where it is named (`ranges.power_w.high_source`)."""
        return {
            f"ranges.{name}.{end}": source
            for name, r in self.ranges.items()
            for end, source in (
                ("source", r.source),
                ("low_source", r.low_source),
                ("high_source", r.high_source),
            )
            if source
        }

    def source_of(self, figure: str) -> str:
        """The id of the source behind one figure of this entry."""
        return self.sources.get(figure, self.source)

    def figure_names(self) -> list[str]:
        """Names of the numeric figures this entry states: written in its data, not defaulted."""
        names = []
        for name in type(self).model_fields:
            if name not in self.model_fields_set:
                continue
            value = getattr(self, name)
            if (isinstance(value, int | float) and not isinstance(value, bool)) or (
                isinstance(value, list) and value and isinstance(value[0], int | float)
            ):
                names.append(name)
        return names


STATED_KIND = SourceKind.ANALYST
"""The kind of a source a user's file states as plain text: the user's own account."""
_ID = re.compile(r"^[a-z0-9][a-z0-9_.+=@-]*$")


def stated_sources(data: Any) -> Any:
    """A design or cluster file's own sources moved into its `catalogue: {sources: ...}`.

    `source` may be a short text (a source of kind `analyst` with that citation) or a mapping
    (`cite`, `kind`, `url`, ...; the id defaults to `<file id>-source`), and `sources` a list
    of source mappings (the one source covers the file where `source` is not given). Anything
    else is returned as it is, for validation to judge.
    """
    if not isinstance(data, dict):
        return data
    data, stated = own_sources(data)
    if not stated:
        return data
    catalogue = data.get("catalogue")
    catalogue = dict(catalogue) if isinstance(catalogue, dict) else {}
    catalogue["sources"] = [*stated, *catalogue.get("sources", [])]
    data["catalogue"] = catalogue
    return data


def own_sources(data: dict[str, Any]) -> tuple[dict[str, Any], list[Any]]:
    """An entry with the sources it states inline taken out, and those sources: `source` as a
    text or mapping becomes the id of a source of its own (`<id>-source`), and a `sources`
    list is taken as it is (its one source covering the entry where `source` is not given)."""
    stated: list[Any] = []
    data = dict(data)
    source = data.get("source")
    own_id = f"{data.get('id')}-source"
    if isinstance(source, str) and source.strip() and not _ID.match(source):
        stated.append({"id": own_id, "kind": STATED_KIND.value, "cite": source.strip()})
    elif isinstance(source, dict):
        stated.append({"id": own_id, **source})
    if stated:
        data["source"] = stated[0]["id"]
    if isinstance(data.get("sources"), list):
        listed = data.pop("sources")
        if source is None and len(listed) == 1 and isinstance(listed[0], dict):
            data["source"] = listed[0].get("id")  # the one source covers the entry
        stated += listed
    return data, stated
