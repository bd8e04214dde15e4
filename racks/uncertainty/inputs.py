"""The inputs a comparison varies: every ranged figure of the catalogue, the profile and the
vendor markup, each with its value, range and the sources of its ends."""

from __future__ import annotations

from typing import Literal

from ...components.catalogue import Catalogue
from ...components.cost_inputs import TcoProfile
from ...components.provenance import Sourced
from ...components.ranges import Range
from ...components.records import record
from ..costs.tornado import MARKUP_INPUT, MARKUP_PARAM

Section = Literal["parts", "trays", "profile", "markup"]
MARKUP_SOURCE = "seed-002-nvidia-switch-margin"
"""The source of NVIDIA's 40-50 % gross margin, whose markups are the vendor markup's range."""


@record
class UncertainInput:
    """One ranged figure: where it lives, its value and range, and the sources of its ends."""

    key: str
    """`<entry id>.<field>` for a catalogue entry (`<design>/<entry id>.<field>` for a design's
    own), `profile.<field>`, `margin.<buyer>` (the
    buyer's integration markup) or `vendor_markup`."""
    section: Section
    entry: str
    field: str
    value: float
    range: Range
    low_source: str
    high_source: str


def _of(section: Section, entry_id: str, entry: Sourced, prefix: str) -> list[UncertainInput]:
    """The ranged figures of one entry, keyed `<prefix>.<field>`."""
    out = []
    for name, bounds in sorted(entry.ranges.items()):
        low, high = bounds.end_sources(entry.source_of(name))
        value = float(getattr(entry, name))
        key = f"{prefix}.{name}"
        out.append(UncertainInput(key, section, entry_id, name, value, bounds, low, high))
    return out


def catalogue_inputs(
    catalogue: Catalogue, own: frozenset[str] = frozenset(), owner: str = ""
) -> list[UncertainInput]:
    """Every ranged figure of the catalogue's parts and trays, by key; an entry among `own` (a
    design's own `catalogue:` entries) is keyed `<owner>/<entry id>.<field>`, so it is drawn apart
    from another design's entry of the same id."""
    out = []
    for section in ("parts", "trays"):
        table: dict[str, Sourced] = getattr(catalogue, section)
        for entry_id, entry in table.items():
            prefix = f"{owner}/{entry_id}" if entry_id in own else entry_id
            out += _of(section, entry_id, entry, prefix)
    return sorted(out, key=lambda i: i.key)


def profile_inputs(profile: TcoProfile) -> list[UncertainInput]:
    """Every ranged figure of a TCO profile."""
    return _of("profile", profile.id, profile, "profile")


def buyer_margin_input(profile: TcoProfile) -> UncertainInput:
    """The integration markup of the profile's buyer (`components/data/margins.yaml`) over the
    spread its source gives."""
    from ...components.catalogue import builtin_catalogue  # the catalogue loads when asked for

    margin = builtin_catalogue().margins[profile.buyer]
    bounds = Range(low=margin.low, high=margin.high, source=margin.source)
    key, field = f"margin.{margin.id}", "integration_markup"
    return UncertainInput(
        key, "profile", "margins", field, margin.markup, bounds, margin.source, margin.source
    )


def markup_input(markup: float) -> UncertainInput | None:
    """NVIDIA's vendor markup over its sourced range, at the system's own markup (None where
    the range is missing or the markup lies outside it)."""
    if MARKUP_PARAM.sensitivity is None:
        return None
    low, high = MARKUP_PARAM.sensitivity
    if not low <= markup <= high:
        return None
    bounds = Range(low=low, high=high, source=MARKUP_SOURCE)
    source = MARKUP_SOURCE
    return UncertainInput(MARKUP_INPUT, "markup", "", MARKUP_INPUT, markup, bounds, source, source)
