"""Models, slugs and file names of device and rack types, as the devicetype-library writes them.

A model is the maker's model without the maker in front (the manufacturer says who makes it)
and without notes in parentheses (`Helios compute tray (4 x MI450X, 1 x Venice)` of AMD is
`Helios compute tray`); a note that is only a height (`(1U)`, `(1 OU)`) stays, unbracketed, as
the form factor that tells an EIA tray from its Open Rack twin. A character no slug can hold is
written as a hyphen. The slug is `<maker slug>-<model slug>` and the file is named by the model,
each by the library's own rule (its tests' slugify, `MODEL_SLUG`), so the library's checks pass
on every file.
"""

from __future__ import annotations

import re

from .dcim_model import MODEL_SLUG

_MAKER_SLUG = (
    (" ", "-"),
    ("sfp+", "sfpp"),
    ("poe+", "poep"),
    ("-+", "-plus-"),
    ("+", "-plus"),
    ("_", "-"),
    ("!", ""),
    ("/", "-"),
    (",", ""),
    ("'", ""),
    ("*", "-"),
    ("&", "and"),
)
"""The same for a manufacturer's name."""
_UNSLUGGABLE = re.compile(r"[^A-Za-z0-9 +&!/,'*_-]+")
"""Characters a model may not hold: those the slug rule keeps but a slug may not have."""
_NOTE = re.compile(r"\s*\(([^()]*)\)")
_HEIGHT = re.compile(r"\d+\s?O?U")


def _replaced(text: str, rules: tuple[tuple[str, str], ...]) -> str:
    for old, new in rules:
        text = text.replace(old, new)
    return text


def model_slug(model: str) -> str:
    """A model's slug by the library's rule: case folded, spaces and `/` to hyphens, commas and
    quotes dropped, `+` and `&` spelled, one trailing hyphen cut."""
    return _replaced(model.casefold(), MODEL_SLUG).removesuffix("-")


def maker_slug(maker: str) -> str:
    """A manufacturer's slug by the library's rule."""
    return _replaced(maker.casefold(), _MAKER_SLUG)


def type_slug(maker: str, model: str) -> str:
    """A device or rack type's slug: `<maker slug>-<model slug>`."""
    return f"{maker_slug(maker)}-{model_slug(model)}"


def plain_model(name: str, maker: str) -> str:
    """A catalogue name as a model: the maker in front and notes in parentheses left out, a
    height note kept as the form factor, characters no slug holds written as hyphens."""
    text = name.strip()
    if text.casefold().startswith(f"{maker.casefold()} "):
        text = text[len(maker) + 1 :]

    def note(match: re.Match[str]) -> str:
        inner = match[1].strip()
        return f" {inner}" if _HEIGHT.fullmatch(inner) else ""

    text = _NOTE.sub(note, text)
    text = " ".join(_UNSLUGGABLE.sub("-", text).split()).strip(" -")
    return text or " ".join(_UNSLUGGABLE.sub("-", name).split())
