"""How each cost-of-ownership figure is shown: label and format, from the TCO's own terms.

A figure is a `racks/costs/terms.py` term; its label and format are the term's, and a profile
input's are its field's (`components/cost_inputs.py`), so no output names either twice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...components.parameters import owned_by
from ...racks.costs.terms import CAPEX_KEYS, FIGURE_TERMS, OPEX_KEYS
from . import Figure

if TYPE_CHECKING:
    from ...racks.costs.results import TcoResult

TCO_FIGURES: tuple[Figure[TcoResult], ...] = tuple(
    Figure(t.key, t.label, t.format) for t in FIGURE_TERMS
)
"""Every figure, in the order tables show them."""
CAPEX = tuple(f for f in TCO_FIGURES if f.field in CAPEX_KEYS)
"""Capex per GPU by class: compute, scale-up, scale-out, facility."""
OPEX = tuple(f for f in TCO_FIGURES if f.field in OPEX_KEYS)
"""Opex per GPU-hour by kind."""
PROFILE_LABELS = {name: param.label for name, param in owned_by("TcoProfile").items()}
"""A TCO profile's figures, as tables, charts and the workbook's input cells name them."""
