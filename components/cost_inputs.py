"""Cost-of-ownership inputs as written in YAML: TCO profiles, rental prices and workloads."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field, model_validator

from .formats import COUNT, DECIMAL, ONE_DECIMAL, SHARE, USD, USD_PER_HOUR, Format
from .limits import Name, Text
from .margins import Buyer
from .provenance import Id, NonNegative, Positive, PositiveCount, Source, Sourced, Strict

Share = Annotated[float, Field(strict=True, ge=0, le=1, allow_inf_nan=False)]
OpenShare = Annotated[float, Field(strict=True, gt=0, le=1, allow_inf_nan=False)]
"""A share in (0, 1]: a utilisation or an acceptance rate."""
Rate = Annotated[float, Field(strict=True, ge=0, lt=1, allow_inf_nan=False)]
Years = Annotated[float, Field(strict=True, gt=0, le=100, allow_inf_nan=False)]
PUE_BOUNDS = (1.0, 3.0)
"""The PUE a site may state, and the range the tornado moves it within."""
Pue = Annotated[float, Field(strict=True, ge=PUE_BOUNDS[0], le=PUE_BOUNDS[1], allow_inf_nan=False)]
"""Facility power over input power: a site input, stated once by a TCO profile and read by the
power levels, the plant and the TCO alike."""

UNBOUNDED = (0.0, float("inf"))

HOURS_PER_YEAR = 8760.0
"""365 days: the year every cost per hour is spread over."""
MONTHS_PER_YEAR = 12
HOURS_PER_MONTH = HOURS_PER_YEAR / MONTHS_PER_YEAR
"""730 h: the month rental prices and per-month costs are quoted in."""


@dataclass(frozen=True)
class Param:
    """How a profile figure is named, written and varied, kept with the field it describes.

    `sensitivity` is the range the tornado may move the figure within (None: the tornado leaves
    it alone); every table, chart and workbook cell that names the figure reads `label` and
    `format` from here.
    """

    label: str
    format: Format
    sensitivity: tuple[float, float] | None = None


class TcoProfile(Sourced):
    """One set of cost parameters, applied to every design and cluster alike.

    The facility is either owned (`facility_capex_usd_per_mw`, a capital cost per MW of input power)
    or leased (`colocation_usd_per_kw_month`, an operating cost): a profile gives one, so the
    hall is never paid for twice. PUE multiplies the input power for electricity only; the cooling
    plant's capital is inside the cost per MW.
    """

    id: Id
    name: Name
    description: Text | None = None
    life_years_gpu_servers: Annotated[
        Years, Param("Life: GPU servers and scale-up (years)", ONE_DECIMAL, UNBOUNDED)
    ]
    life_years_network: Annotated[Years, Param("Life: scale-out network (years)", ONE_DECIMAL)]
    life_years_facility: Annotated[Years, Param("Life: facility (years)", ONE_DECIMAL)]
    cost_of_capital: Annotated[Rate, Param("Cost of capital (per year)", SHARE, (0.0, 0.99))]
    utilisation: Annotated[
        OpenShare, Param("Utilisation (share of hours used)", SHARE, (1e-6, 1.0))
    ]
    electricity_usd_per_kwh: Annotated[
        NonNegative, Param("Electricity (USD per kWh)", USD_PER_HOUR, UNBOUNDED)
    ]
    pue: Annotated[Pue, Param("PUE", DECIMAL, PUE_BOUNDS)]
    facility_capex_usd_per_mw: Annotated[
        NonNegative, Param("Facility capital (USD per MW of input power)", USD)
    ] = 0.0
    colocation_usd_per_kw_month: Annotated[
        NonNegative, Param("Colocation (USD per kW of input power per month)", USD)
    ] = 0.0
    maintenance_share_per_year: Annotated[
        Share, Param("Maintenance (share of IT hardware capex per year)", SHARE, (0.01, 0.05))
    ]
    """Its range is the assumption's (`assume-maintenance-share`): 1-5% a year."""
    staff_per_mw: Annotated[NonNegative, Param("Operations staff per MW of input power", DECIMAL)]
    staff_usd_per_year: Annotated[NonNegative, Param("Staff cost (USD per person-year)", USD)]
    software_usd_per_gpu_year: Annotated[NonNegative, Param("Software (USD per GPU-year)", USD)]
    buyer: Buyer = Field(
        default="odm",
        description="Who buys the hardware, which decides the integration margin on compute "
        "trays built from parts: odm (a hyperscaler, AI lab or large neocloud ordering racks "
        "from an ODM) or oem (an enterprise buying servers from an OEM).",
    )

    @model_validator(mode="after")
    def _one_facility(self) -> TcoProfile:
        if self.facility_capex_usd_per_mw > 0 and self.colocation_usd_per_kw_month > 0:
            raise ValueError(
                "give facility_capex_usd_per_mw (an owned hall) or colocation_usd_per_kw_month "
                "(a leased one), not both: the hall would be paid for twice"
            )
        return self


class Rental(Sourced):
    """A rental price, per 8-GPU server-month or per GPU-hour, and what owning it means.

    `owned_as` names the design or cluster whose TCO the price is set against (none: shown
    without a comparison, where the catalogue has no such system).
    """

    id: Id
    name: Name
    owned_as: Name | None = None
    gpus_per_server: PositiveCount | None = None
    usd_per_server_month: Positive | None = None
    usd_per_gpu_hour: Positive | None = None

    @model_validator(mode="after")
    def _one_price(self) -> Rental:
        monthly = self.usd_per_server_month is not None
        if monthly == (self.usd_per_gpu_hour is not None):
            raise ValueError("give usd_per_server_month (with gpus_per_server) or usd_per_gpu_hour")
        if monthly and self.gpus_per_server is None:
            raise ValueError("usd_per_server_month needs gpus_per_server")
        return self

    @property
    def rent_usd_per_gpu_hour(self) -> float:
        """The price per GPU-hour."""
        if self.usd_per_gpu_hour is not None:
            return self.usd_per_gpu_hour
        assert self.usd_per_server_month is not None and self.gpus_per_server is not None
        return self.usd_per_server_month / self.gpus_per_server / HOURS_PER_MONTH


ScaleBy = Literal["none", "fp4", "fp6", "fp8", "bf16", "hbm_bandwidth"]


class Workload(Sourced):
    """A unit of accepted output: a training run, or a request at a measured throughput.

    A run states its GPU-hours; a request its tokens and the tokens per second one GPU serves.
    Both were measured on some GPU; `scale_by` carries them to another design by the ratio of
    one per-GPU figure (dense PFLOPS at a precision, or HBM bandwidth) to `reference_per_gpu`,
    the measured GPU's figure (`none`: used as measured).
    """

    id: Id
    name: Name
    example: bool = Field(default=False, description="An illustration, not a measurement of yours.")
    description: Text | None = None
    unit: Literal["run", "request"]
    gpu_hours_per_run: Annotated[Positive | None, Param("GPU-hours per run", COUNT, UNBOUNDED)] = (
        None
    )
    tokens_per_request: Positive | None = None
    tokens_per_second_per_gpu: Annotated[
        Positive | None, Param("Tokens per second per GPU", ONE_DECIMAL, UNBOUNDED)
    ] = None
    scale_by: ScaleBy = "none"
    reference_per_gpu: Positive | None = None
    acceptance_rate: Annotated[OpenShare, Param("Acceptance rate", SHARE, (1e-6, 1.0))]
    failed_run_fraction: Annotated[
        Rate, Param("Failed runs (share of runs)", SHARE, (0.0, 0.99))
    ] = 0.0
    engineering_weeks_porting: NonNegative = 0.0
    engineering_weeks_validation: Annotated[
        NonNegative, Param("Engineering weeks: validation", ONE_DECIMAL, UNBOUNDED)
    ] = 0.0
    engineering_weeks_fallback: NonNegative = 0.0
    engineer_week_usd: Annotated[NonNegative, Param("Engineer-week (USD)", USD, UNBOUNDED)] = 0.0
    units_per_year: Annotated[Positive, Param("Units per year", COUNT, UNBOUNDED)]

    def missing(self) -> tuple[str, str] | None:
        """The first field the unit needs and lacks, with the reason, or None."""
        needs = {
            "run": ("gpu_hours_per_run",),
            "request": ("tokens_per_request", "tokens_per_second_per_gpu"),
        }[self.unit]
        for name in needs:
            if getattr(self, name) is None:
                what = "a throughput" if name == "tokens_per_second_per_gpu" else "a size"
                return name, f"a workload of unit {self.unit!r} needs {what} here"
        if self.scale_by != "none" and self.reference_per_gpu is None:
            why = f"scale_by {self.scale_by!r} needs the measured GPU's figure"
            return "reference_per_gpu", why
        return None


class CostFile(Strict):
    """The contents of one cost file: its sources, profiles, rentals and workloads."""

    sources: list[Source] = Field(default_factory=list)
    profiles: list[TcoProfile] = Field(default_factory=list)
    rentals: list[Rental] = Field(default_factory=list)
    workloads: list[Workload] = Field(default_factory=list)


def params_of(model: type[Strict]) -> dict[str, Param]:
    """Every field of `model` that carries a `Param`, in field order."""
    out = {}
    for name, info in model.model_fields.items():
        found = [m for m in info.metadata if isinstance(m, Param)]
        if found:
            out[name] = found[0]
    return out


def profile_params() -> dict[str, Param]:
    """Every profile figure's `Param`, in the profile's field order."""
    return params_of(TcoProfile)
