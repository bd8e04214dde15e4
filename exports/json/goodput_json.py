"""A goodput result as the JSON `rackbom goodput --json` prints."""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...racks.goodput.results import GoodputResult


def goodput_data(result: GoodputResult) -> dict[str, Any]:
    """Every figure of the result, the causes as a list; None (null) where not applicable."""
    data = asdict(result)
    data["by_cause"] = [asdict(row) for row in result.by_cause]
    return data
