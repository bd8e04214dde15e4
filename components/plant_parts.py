"""Building plant as catalogue parts: busways and rack feeds, CDUs, coolants, UPS and generators."""

from __future__ import annotations

import math
from typing import Annotated, ClassVar, Literal

from pydantic import Field

from .limits import AMOUNT_MAX, Count, Name, PositiveWatts
from .parts import PartType

PositiveAmount = Annotated[float, Field(strict=True, gt=0, le=AMOUNT_MAX, allow_inf_nan=False)]


class Busway(PartType):
    """A power distribution run: a row busway, a rack PDU or a feeder, rated by its breaker."""

    kind_label: ClassVar[str] = "Busway"
    kind_aliases: ClassVar[tuple[str, ...]] = ("busways", "busbar", "busbars", "pdu", "pdus")
    passive: ClassVar[bool] = True

    kind: Literal["busway"] = "busway"
    voltage_v: PositiveAmount = Field(description="Line-to-line voltage, V.")
    phases: Literal[1, 3]
    current_a: PositiveAmount = Field(description="Rated current of the run and its breaker, A.")
    inlet: Name | None = Field(
        default=None, description="A rack PDU's inlet plug, as a DCIM types it."
    )
    c13_outlets: Count = Field(default=0, description="A rack PDU's IEC 60320 C13 outlets.")
    c19_outlets: Count = Field(default=0, description="A rack PDU's IEC 60320 C19 outlets.")

    def rating_w(self, power_factor: float) -> float:
        """Real power at the rated current: V x I (x sqrt 3 for three phases) x power factor."""
        return circuit_w(self.voltage_v, self.phases, self.current_a, power_factor)


class Cdu(PartType):
    """A coolant distribution unit: heat it moves from the IT loop to facility water."""

    kind_label: ClassVar[str] = "CDU"
    kind_aliases: ClassVar[tuple[str, ...]] = ("cdus", "coolant_distribution_unit")

    kind: Literal["cdu"] = "cdu"
    capacity_w: PositiveWatts = Field(
        description="Rated heat transfer, W (at its stated approach)."
    )
    flow_lpm: PositiveAmount | None = Field(
        default=None, description="Rated secondary-loop flow, litres per minute."
    )


class Coolant(PartType):
    """A loop fluid; its properties at the loop's mean temperature."""

    kind_label: ClassVar[str] = "Coolant"
    kind_aliases: ClassVar[tuple[str, ...]] = ("coolants", "fluid", "fluids")
    passive: ClassVar[bool] = True

    kind: Literal["coolant"] = "coolant"
    specific_heat_j_per_kg_k: PositiveAmount | None = Field(
        default=None, description="c_p, J/(kg K)."
    )
    density_kg_per_l: PositiveAmount | None = Field(default=None, description="kg per litre.")


class PlantUnit(PartType):
    """A hall-level power unit: a UPS module or a generator set."""

    kind_label: ClassVar[str] = "Plant unit"
    kind_aliases: ClassVar[tuple[str, ...]] = ("plant_units", "ups", "generator", "genset")
    passive: ClassVar[bool] = True

    kind: Literal["plant_unit"] = "plant_unit"
    role: Literal["ups", "generator"]
    capacity_w: PositiveWatts = Field(description="Rated real output, W.")


def circuit_w(voltage_v: float, phases: int, current_a: float, power_factor: float) -> float:
    """Real power of a circuit at a current: V x I x pf, times sqrt 3 for three phases."""
    return voltage_v * current_a * power_factor * (math.sqrt(3) if phases == 3 else 1.0)
