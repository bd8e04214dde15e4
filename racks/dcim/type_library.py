"""Where rackbom's exports meet the devicetype-library: its names, known boxes, and the rules.

Read from `data/library.yaml`: the library's manufacturer names, the switch boxes it already
holds (with their names, inlets, airflow and weight) and the assumptions for what no source
gives per device. Every figure there names a source in the catalogue.
"""

import re
from functools import cache

from pydantic import BaseModel, ConfigDict, Field

from ...components.catalogue import Catalogue, suggest
from ...components.errors import InputError
from ...components.package_data import data_folder
from ...components.switch_systems import SwitchSystem
from ...components.trays import Airflow
from ...components.yamlio import read_yaml_text, validate_model


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Inlets(_Strict):
    """A box's power inlets."""

    count: int = Field(ge=1, le=64)
    type: str
    maximum_draw: int | None = Field(default=None, ge=1)


class KnownSwitch(_Strict):
    """A switch box the library holds; a switch system part names it (`library_type`)."""

    id: str
    source: str
    manufacturer: str
    model: str
    slug: str
    part_number: str | None = None
    airflow: Airflow
    weight_kg: float
    console: str
    ports: str
    first_cage: int = Field(ge=0, le=1)
    inlets: Inlets | None = None


class Rule(_Strict):
    """An assumption's value and its source."""

    source: str
    type: str | None = None
    watts: int | None = None
    count: int | None = None
    spare: int | None = None
    kg_per_unit: float | None = None


class AirflowRule(_Strict):
    """The airflow assumed where no source gives a device's, and its source."""

    source: str
    value: Airflow


class RoleColour(_Strict):
    """A role's colour."""

    name: str
    color: str = Field(pattern=r"^[0-9a-f]{6}$")


class Library(_Strict):
    """The content of `data/library.yaml`."""

    manufacturers: dict[str, str]
    switches: list[KnownSwitch]
    management: Rule
    airflow: AirflowRule
    server_psus: Rule
    switch_psus: Rule
    switch_weight: Rule
    shelf_outlets: Rule
    device_roles: list[RoleColour]
    rack_roles: list[RoleColour]

    def manufacturer(self, name: str) -> str:
        """The library's name for a maker (matched case-insensitively), else the name as given."""
        return self.manufacturers.get(name.casefold(), name)

    def switch(self, switch: SwitchSystem, catalogue: Catalogue) -> KnownSwitch | None:
        """The library's entry for a switch box of `catalogue`: the one the box names as its
        `library_type`, or none."""
        if switch.library_type is None:
            return None
        known = next((s for s in self.switches if s.id == switch.library_type), None)
        if known is None:
            ids = {s.id: s for s in self.switches}
            raise InputError(
                catalogue.origin.get(("parts", switch.id)),
                f"parts(id={switch.id}).library_type",
                f"unknown library type {switch.library_type!r}{suggest(switch.library_type, ids)}",
            )
        return known

    def colour(self, role: str, racks: bool = False) -> str:
        """A role's colour."""
        roles = self.rack_roles if racks else self.device_roles
        return next(r.color for r in roles if r.name == role)


@cache
def library() -> Library:
    """The library data, read once."""
    name = "rackbom/racks/dcim/data/library.yaml"
    text = data_folder("rackbom.racks.dcim.data").joinpath("library.yaml").read_text("utf-8")
    return validate_model(Library, read_yaml_text(text, name), name)


def slugify(text: str) -> str:
    """As the library's slugs: lower case letters, digits and single hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", text.casefold().replace("+", "-plus")).strip("-") or "x"
