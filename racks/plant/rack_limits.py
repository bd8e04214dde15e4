"""A rack held to the hall's fixed limits: its peak input must fit one row busway.

The limit is the plant profile's (often a built-in one the user never wrote); what passes it is
the system's rack. So the error names the design's file and rack, what sets the rack's input (its
IT load and the efficiency that converts it), and the plant's limit with where it comes from.
"""

from __future__ import annotations

from ...components.catalogue import Catalogue
from ...components.errors import InputError
from ...components.plant_library import PlantRules
from ...components.rounding import TOLERANCE
from ..analysis import Analysis
from ..power import conversion_text


def busway_limit_w(rules: PlantRules, catalogue: Catalogue) -> float:
    """What one row busway carries continuously: its rating x the continuous-load fraction."""
    profile = rules.profile
    busway = rules.busway(catalogue)
    return busway.rating_w(profile.power_factor) * profile.continuous_load_fraction


def pdu_limit_w(rules: PlantRules, catalogue: Catalogue) -> float:
    """What one rack PDU of the profile carries continuously: its rating at the power factor x
    the continuous-load fraction."""
    profile = rules.profile
    return rules.pdu(catalogue).rating_w(profile.power_factor) * profile.continuous_load_fraction


def check_rack_input(
    analysis: Analysis, index: int, it_peak_w: float, rules: PlantRules, catalogue: Catalogue
) -> None:
    """InputError naming the design's rack `index` where its peak input passes one busway."""
    design = analysis.design
    rack = design.racks[index]
    power = analysis.power[index]
    peak_w = it_peak_w / power.conversion_efficiency
    limit = busway_limit_w(rules, catalogue)
    if peak_w <= limit * (1 + TOLERANCE):
        return
    raise InputError(
        design.file or design.spec.id,
        f"racks[{index}](name={rack.name})",
        f"rack input {peak_w / 1000:,.1f} kW at peak ({it_peak_w / 1000:,.1f} kW IT at peak over "
        f"{conversion_text(design, rack, power.conversion_efficiency)}) exceeds the "
        f"{limit / 1000:,.1f} kW one row busway carries continuously "
        f"({rules.profile.row_busway}, {rules.named('row_busway')})",
    )
