"""Cost-of-ownership inputs as written in YAML: TCO profiles, rental prices and workloads."""

from __future__ import annotations

from typing import Literal, Self

from pydantic import Field, model_validator

from .limits import Name, Text
from .margins import Buyer
from .parameters import HOURS_PER_MONTH, param
from .provenance import Id, Source, Sourced, Strict


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
    life_years_gpu_servers: float = param("life_years_gpu_servers")
    life_years_network: float = param("life_years_network")
    life_years_facility: float = param("life_years_facility")
    cost_of_capital: float = param("cost_of_capital")
    utilisation: float = param("utilisation")
    electricity_usd_per_kwh: float = param("electricity_usd_per_kwh")
    pue: float = param("pue")
    facility_capex_usd_per_mw: float = param("facility_capex_usd_per_mw")
    colocation_usd_per_kw_month: float = param("colocation_usd_per_kw_month")
    maintenance_share_per_year: float = param("maintenance_share_per_year")
    staff_per_mw: float = param("staff_per_mw")
    staff_usd_per_year: float = param("staff_usd_per_year")
    software_usd_per_gpu_year: float = param("software_usd_per_gpu_year")
    buyer: Buyer = Field(
        default="odm",
        description="Who buys the hardware, which decides the integration margin on compute "
        "trays built from parts: odm (a hyperscaler, AI lab or large neocloud ordering racks "
        "from an ODM) or oem (an enterprise buying servers from an OEM).",
    )

    @model_validator(mode="after")
    def _one_facility(self) -> Self:
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
    gpus_per_server: int | None = param("gpus_per_server")
    usd_per_server_month: float | None = param("usd_per_server_month")
    usd_per_gpu_hour: float | None = param("usd_per_gpu_hour")

    @model_validator(mode="after")
    def _one_price(self) -> Self:
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
    gpu_hours_per_run: float | None = param("gpu_hours_per_run")
    tokens_per_request: float | None = param("tokens_per_request")
    tokens_per_second_per_gpu: float | None = param("tokens_per_second_per_gpu")
    scale_by: ScaleBy = "none"
    reference_per_gpu: float | None = param("reference_per_gpu")
    acceptance_rate: float = param("acceptance_rate")
    failed_run_fraction: float = param("failed_run_fraction")
    engineering_weeks_porting: float = param("engineering_weeks_porting")
    engineering_weeks_validation: float = param("engineering_weeks_validation")
    engineering_weeks_fallback: float = param("engineering_weeks_fallback")
    engineer_week_usd: float = param("engineer_week_usd")
    units_per_year: float = param("units_per_year")

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
