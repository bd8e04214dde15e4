"""Bounds on input: numbers strict, finite and in range; text printable and of sane length.

Each bound admits far more than any real rack or pod (a 100,000-GPU cluster fits); they exist so
that any input is processed or rejected quickly and no arithmetic on it can overflow. Numbers are
strict: `qty: true` or `price_usd: "2300"` is an error, not 1 or 2300.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sized
from typing import Annotated, TypeVar

from pydantic import AfterValidator, Field
from pydantic_core import PydanticCustomError

from .errors import InputError, compiled_on_use

COUNT_MAX = 1_000_000  # parts on one line, trays in one placement, cores, ports, lanes
UNITS_MAX = 200  # rack units of a frame or a tray, and unit positions
USD_MAX = 1e12  # a price, US dollars
WATTS_MAX = 1e9  # a power figure, watts
KG_MAX = 1e6  # a weight, kilograms
MM_MAX = 1e5  # a length, millimetres
GBPS_MAX = 1e9  # a bandwidth, Gbit/s
AMOUNT_MAX = 1e9  # any other figure: capacities (GB, TB), TB/s, PFLOP/s
NAME_MAX = 200  # characters of a name, label, manufacturer, part number or category
TEXT_MAX = 10_000  # characters of a description, note, citation or URL
LIST_MAX = 100_000  # entries in one list of a file
PIXELS_MAX = 100_000.0  # the displayed width of a drawing, pixels
RACKS_MAX = 128  # racks in one design; more racks of one design make a cluster
TRAYS_MAX = 100_000  # trays placed in one design
PARTS_MAX = 2_000_000  # part instances in one design (every tray's lines, every rack's items)
LINKS_MAX = 200_000  # links the design's graph would hold (host, scale-out, scale-up)

SYSTEMS_MAX = 100
"""Designs and clusters named in one command or call (`compare`, `report`, `bom`, `tco`,
`collectives`, a workbook): every built-in system fits with room to spare, and a table of more
columns than this cannot be read."""
FILES_MAX = 100
"""Files in one command: `--catalogue` files, or the files `rackbom validate` checks. A user keeps
their parts in a handful of files; a hundred is a whole library, one file per vendor."""
RACK_NAMES_MAX = 1_000
"""Racks picked by name with `cables --rack`: a hall is picked with `--hall`, so a list this long
is a script gone wrong, not a selection."""
SWEEP_VALUES_MAX = 1_000
"""Values of one swept TCO figure: a chart's line resolves no finer, and a table of more rows is
not read; a step of a thousandth of the range is finer than any input is known."""
SWEEP_ROWS_MAX = 10_000
"""Rows of one sweep: systems x every combination of the swept values (two figures of a hundred
values each over one system, or a thousand values over ten systems)."""

T = TypeVar("T")


def bounded(items: Iterable[T], limit: int, option: str, noun: str) -> list[T]:
    """The items as a list, or an InputError naming `option` where there are more than `limit`.

    An iterator is read no further than one item past the limit, so an endless one is refused too.
    """
    taken = list(itertools.islice(items, limit + 1))
    if len(taken) > limit:
        given = len(items) if isinstance(items, Sized) else None
        many = f"{given:,}" if given is not None else f"more than {limit:,}"
        raise InputError(None, option, f"{many} {noun} given; at most {limit:,} are allowed")
    return taken


# Characters no output format can hold, or that would let text change a terminal or a line:
# C0 and C1 controls, DEL, lone surrogates and the non-characters U+FFFE and U+FFFF; text may
# hold tabs and line breaks.
_NOT_IN_NAMES = "[\x00-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]"
_NOT_IN_TEXT = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]"


def _printable(characters: str) -> AfterValidator:
    pattern = compiled_on_use(characters)

    def check(value: str) -> str:
        bad = pattern().search(value)
        if bad is not None:
            raise PydanticCustomError(
                "control_character",
                "text must not contain U+{code}: no control characters or non-characters",
                {"code": f"{ord(bad.group()):04X}"},
            )
        return value

    return AfterValidator(check)


Name = Annotated[
    str, Field(strict=True, min_length=1, max_length=NAME_MAX), _printable(_NOT_IN_NAMES)
]
"""One line of printable text: no tabs, line breaks or other control characters."""
Text = Annotated[str, Field(strict=True, max_length=TEXT_MAX), _printable(_NOT_IN_TEXT)]
"""Printable text that may hold tabs and line breaks."""


def _int(low: int, high: int) -> object:
    return Field(strict=True, ge=low, le=high)


def _float(high: float, *, positive: bool = False) -> object:
    if positive:
        return Field(strict=True, le=high, allow_inf_nan=False, gt=0)
    return Field(strict=True, le=high, allow_inf_nan=False, ge=0)


Count = Annotated[int, _int(0, COUNT_MAX)]
PositiveCount = Annotated[int, _int(1, COUNT_MAX)]
Units = Annotated[int, _int(1, UNITS_MAX)]
Usd = Annotated[float, _float(USD_MAX)]
Watts = Annotated[float, _float(WATTS_MAX)]
PositiveWatts = Annotated[float, _float(WATTS_MAX, positive=True)]
Kg = Annotated[float, _float(KG_MAX)]
Mm = Annotated[float, _float(MM_MAX, positive=True)]
Gbps = Annotated[float, _float(GBPS_MAX)]
PositiveGbps = Annotated[float, _float(GBPS_MAX, positive=True)]
NonNegative = Annotated[float, _float(AMOUNT_MAX)]
Positive = Annotated[float, _float(AMOUNT_MAX, positive=True)]
Fraction = Annotated[float, Field(strict=True, ge=0, le=1, allow_inf_nan=False)]
PeakFactor = Annotated[float, Field(strict=True, ge=1, le=10, allow_inf_nan=False)]
"""Peak over nominal power (a GPU's transient factor), 1 to 10."""
