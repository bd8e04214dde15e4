"""Rent versus own: a rental price against the TCO of owning the same GPUs."""

from __future__ import annotations

from ...components.cost_inputs import Rental
from ...components.parameters import HOURS_PER_MONTH
from ...components.records import record
from .results import TcoResult


@record
class RentVsOwn:
    """One rental price and what owning costs; None where the catalogue has no such system.

    The renter's margin is (rent - TCO) / rent. Payback is the owner's capital per GPU over the
    rent it earns a month, less operating costs, in the hours the profile's utilisation sells.
    """

    rental: str
    name: str
    owned_as: str | None
    source: str
    rent_usd_per_gpu_hour: float
    tco_usd_per_gpu_hour: float | None
    opex_usd_per_gpu_hour: float | None
    capex_usd_per_gpu: float | None
    renter_margin_pct: float | None
    payback_months: float | None
    """None also where the rent does not cover operating costs (never paid back)."""


def rent_vs_own(rental: Rental, owned: TcoResult | None, utilisation: float) -> RentVsOwn:
    """Compare a rental with owning (`owned`: the TCO of `rental.owned_as`)."""
    rent = rental.rent_usd_per_gpu_hour
    if owned is None or owned.tco_usd_per_gpu_hour is None:  # not owned, or without GPUs
        return RentVsOwn(
            rental.id, rental.name, None, rental.source, rent, None, None, None, None, None
        )
    assert owned.opex_usd_per_gpu_hour is not None and owned.capex_usd_per_gpu is not None
    earned = (rent - owned.opex_usd_per_gpu_hour) * HOURS_PER_MONTH * utilisation
    return RentVsOwn(
        rental=rental.id,
        name=rental.name,
        owned_as=rental.owned_as,
        source=rental.source,
        rent_usd_per_gpu_hour=rent,
        tco_usd_per_gpu_hour=owned.tco_usd_per_gpu_hour,
        opex_usd_per_gpu_hour=owned.opex_usd_per_gpu_hour,
        capex_usd_per_gpu=owned.capex_usd_per_gpu,
        renter_margin_pct=(rent - owned.tco_usd_per_gpu_hour) / rent * 100,
        payback_months=owned.capex_usd_per_gpu / earned if earned > 0 else None,
    )
