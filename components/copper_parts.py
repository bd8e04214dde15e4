"""Scale-up copper: cable cartridges and rack-to-rack cables, counted in differential pairs."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from .parts import PartType

CopperSpan = Literal["in_rack", "between_racks"]


class ScaleUpCopper(PartType):
    """Copper that carries scale-up lanes between trays, priced and weighed per pair.

    `price_usd` and `weight_kg` are per differential pair; a lane is two pairs (one each way).
    The quantity is never written: it follows from the lanes the fabric lands across trays.
    """

    kind_label: ClassVar[str] = "Scale-up copper"
    kind_aliases: ClassVar[tuple[str, ...]] = ("copper", "scale_up_coppers")
    passive: ClassVar[bool] = True

    kind: Literal["scale_up_copper"] = "scale_up_copper"
    span: CopperSpan
    margin_kind: Literal["vendor"] | None = Field(
        default=None,
        description="vendor: a system vendor's gross margin on this copper, at the margins "
        "table's figure, as a markup on the price.",
    )

    @property
    def bom_category(self) -> str:
        """Copper lines sit with the other cables."""
        return "cable"
