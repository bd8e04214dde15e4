"""The parameter table: each row a field of its input model with the row's bounds and default,
its source a known one, and `docs/parameters.md` what the table writes."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from types import UnionType
from typing import Annotated, get_args, get_origin

import annotated_types
import pytest
from pydantic import BaseModel
from pydantic_core import PydanticUndefined

from rackbom.components.cost_inputs import Rental, TcoProfile, Workload
from rackbom.components.parameters import (
    ASSUMPTION,
    FIXED,
    HOURS_PER_MONTH,
    HOURS_PER_YEAR,
    MONTHS_PER_YEAR,
    OWNERS,
    PARAMETERS,
    Bounds,
    Parameter,
    owned_by,
)
from rackbom.components.plant_profile import HeatToLiquid, PlantProfile
from rackbom.components.power_models import PowerModel
from rackbom.components.tco_library import builtin_costs
from rackbom.exports.text.parameters_md import parameters_markdown
from rackbom.racks.clusters.cluster_spec import FabricPlan, FloorSpec
from rackbom.racks.cost_basis import CostBasis

DOC = Path(__file__).resolve().parents[1] / "docs" / "parameters.md"
MODELS: dict[str, type[BaseModel]] = {
    "TcoProfile": TcoProfile,
    "Workload": Workload,
    "Rental": Rental,
    "PowerModel": PowerModel,
    "PlantProfile": PlantProfile,
    "HeatToLiquid": HeatToLiquid,
    "FabricPlan": FabricPlan,
    "FloorSpec": FloorSpec,
}


def test_the_doc_is_what_the_table_writes(request: pytest.FixtureRequest) -> None:
    text = parameters_markdown()
    if request.config.getoption("--update-golden"):
        DOC.write_text(text)
    assert DOC.read_text() == text, (
        "docs/parameters.md is not what components/parameters.py writes: regenerate it with "
        "`python -m pytest tests/test_parameters.py --update-golden` and review the diff"
    )


def test_names_are_unique_and_every_owner_is_described() -> None:
    names = [p.name for p in PARAMETERS]
    assert len(names) == len(set(names))
    assert {p.owner for p in PARAMETERS} == set(OWNERS)


def bounds_of(metadata: list[object]) -> Bounds:
    """The bounds pydantic holds for a field, as the table writes them."""
    found: dict[str, float] = {}
    for m in metadata:
        for kind in ("gt", "ge", "lt", "le"):
            if isinstance(m, getattr(annotated_types, kind.capitalize())):
                found[kind] = getattr(m, kind)
    low, high = found.get("gt", found.get("ge")), found.get("lt", found.get("le"))
    assert low is not None and high is not None, metadata
    return Bounds(low, high, "gt" in found, "lt" in found)


@pytest.mark.parametrize("row", [p for p in PARAMETERS if p.owner in MODELS], ids=str)
def test_each_row_is_its_models_field_with_its_bounds_and_default(row: Parameter) -> None:
    info = MODELS[row.owner].model_fields[row.name]
    assert bounds_of(info.metadata) == row.bounds
    assert info.default == (PydanticUndefined if row.default is ... else row.default)
    assert (info.description or "") == row.description


def test_the_cost_basis_row_is_its_field() -> None:
    (row,) = owned_by("CostBasis").values()
    field = {f.name: f for f in dataclasses.fields(CostBasis)}[row.name]
    assert field.default == row.default and row.sensitivity is not None


def is_number(annotation: object) -> bool:
    """Whether a field holds a number (or none), its bounds perhaps in `Annotated`."""
    args = get_args(annotation) if isinstance(annotation, UnionType) else (annotation,)
    bare = [get_args(a)[0] if get_origin(a) is Annotated else a for a in args]
    return any(a in (int, float) for a in bare)


def test_every_input_models_numeric_field_is_a_row() -> None:
    """A number a user sets in these models has its row: none is bounded elsewhere."""
    for owner, model in MODELS.items():
        numeric = {name for name, info in model.model_fields.items() if is_number(info.annotation)}
        assert numeric <= set(owned_by(owner)), (owner, numeric - set(owned_by(owner)))


def test_sources_are_known_and_constants_fixed() -> None:
    known = builtin_costs().sources  # the catalogue's and the cost files' own
    for p in PARAMETERS:
        assert p.source == ASSUMPTION or p.source in known, p.name
        assert (p.bounds is None) == (p.owner == FIXED), p.name


def test_a_month_is_a_twelfth_of_the_year() -> None:
    assert HOURS_PER_MONTH * MONTHS_PER_YEAR == HOURS_PER_YEAR == 365 * 24


@pytest.mark.parametrize(("low", "high"), [(0.5, 1.3), (1.1, 3.5)])
def test_a_range_past_a_parameters_bounds_is_one_line_exit_2(
    cli, tmp_path: Path, low: float, high: float
) -> None:
    """A TCO profile's PUE ranged below 1 or above 3 is refused, as the figure itself is."""
    profile = builtin_costs().profiles["default"].model_dump(exclude_defaults=True)
    ranged = {**profile, "id": "bad", "ranges": {"pue": {"low": low, "high": high}}}
    path = tmp_path / "bad.yaml"
    path.write_text(json.dumps({"profiles": [ranged]}))
    result = cli("show", "helios", "--json", "--tco", str(path))
    assert result.code == 2 and result.out == ""
    (line,) = result.err.splitlines()
    assert str(path) in line and "profiles[0](id=bad)" in line
    assert f"ranges.pue: the range {low:g}-{high:g}" in line and "[1, 3]" in line
