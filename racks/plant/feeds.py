"""Feeds and breakers: continuous-load derating, and the smallest standard breaker for a load.

A breaker of rating I carries a continuous load of at most `fraction x V x I x pf` (x sqrt 3 for
three phases); NEC 210.20(A) / 215.3 put `fraction` at 0.8 for standard-rated breakers.
"""

from __future__ import annotations

from ...components.plant_parts import circuit_w
from ...components.plant_profile import PlantProfile
from ...components.records import record
from ...components.rounding import TOLERANCE


@record
class Feed:
    """One feed: a rack's shelf or PDU circuit, a row busway, or the hall's supply.

    `nominal_w` is its share in normal operation; `design_w` is the peak it must carry once the
    redundancy scheme's failure has happened (side A lost under 2N); `limit_w` is the continuous
    limit of its breaker or rating.
    """

    name: str
    level: str
    nominal_w: float
    design_w: float
    breaker_a: float | None
    limit_w: float

    @property
    def over(self) -> bool:
        """True where the design load exceeds the continuous limit."""
        return self.design_w > self.limit_w * (1 + TOLERANCE)

    @property
    def loading_pct(self) -> float:
        """Design load as a percentage of the continuous limit."""
        return 100 * self.design_w / self.limit_w

    @property
    def nominal_pct(self) -> float:
        """Nominal load as a percentage of the continuous limit (what a DCIM shows as the
        feed's utilisation)."""
        return 100 * self.nominal_w / self.limit_w


def continuous_limit_w(profile: PlantProfile, current_a: float) -> float:
    """The continuous load a breaker of `current_a` may carry at the profile's rack-feed voltage."""
    watts = circuit_w(profile.feed_voltage_v, profile.feed_phases, current_a, profile.power_factor)
    return watts * profile.continuous_load_fraction


def size_breaker(profile: PlantProfile, load_w: float) -> float | None:
    """The smallest standard rating up to the rack maximum that carries `load_w`, or None."""
    for rating in profile.breaker_ratings_a:
        if rating > profile.max_rack_breaker_a:
            break
        if load_w <= continuous_limit_w(profile, rating) * (1 + TOLERANCE):
            return rating
    return None


def rack_feed(profile: PlantProfile, name: str, nominal_w: float, design_w: float) -> Feed:
    """A rack feed with its breaker sized; one that no allowed breaker carries gets the largest."""
    breaker = size_breaker(profile, design_w)
    limit = continuous_limit_w(profile, breaker or profile.max_rack_breaker_a)
    return Feed(name, "rack", nominal_w, design_w, breaker, limit)


def feed_warning(feed: Feed) -> str:
    """The line naming a feed that is over."""
    kw = feed.design_w / 1000
    limit = feed.limit_w / 1000
    if feed.level == "rack":
        return (
            f"{feed.name}: {kw:,.1f} kW at peak with its redundant side lost needs more than the "
            f"largest rack breaker allows ({limit:,.1f} kW continuous)"
        )
    return f"{feed.name}: {kw:,.1f} kW at peak exceeds its {limit:,.1f} kW continuous limit"
