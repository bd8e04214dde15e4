"""One vocabulary per DCIM product: the type values a pinned version accepts, and rackbom's ports.

Each target's values are data (`data/<target>.yaml`), copied from that product's own choice
lists for the version named there; a client test compares them with the installed product's.
The same file says which value rackbom gives each port it exports (cage and speed, InfiniBand
speed); where the product has none, the port is exported as `other` with what it really is.
"""

import difflib
import re
from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ...components.package_data import data_folder
from ...components.records import record
from ...components.yamlio import read_yaml_text, validate_model

Target = Literal["netbox", "nautobot"]
TARGETS: tuple[Target, ...] = ("netbox", "nautobot")
ChoiceKind = Literal["interface", "power-port", "power-outlet", "console-port"]


class _Port(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cage: str
    gbps: float
    type: str


class _Infiniband(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    gbps: float
    type: str


class _VocabularyFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    product: str
    version: str
    source: str
    interface_types: list[str] = Field(min_length=1)
    power_port_types: list[str] = Field(min_length=1)
    power_outlet_types: list[str] = Field(min_length=1)
    console_port_types: list[str] = Field(min_length=1)
    airflows: list[str]
    rack_form_factors: list[str]
    rack_widths: list[int]
    ethernet_ports: list[_Port]
    infiniband_ports: list[_Infiniband]
    device_type_fields: list[str]
    breakout_profiles: list[str]


@record
class PortType:
    """The type a port gets, and what it really is where the product has no type for it."""

    type: str
    description: str | None = None


@record
class Vocabulary:
    """The type values one DCIM product version accepts, and rackbom's port mapping."""

    target: Target
    product: str
    version: str
    source: str
    choices: dict[str, frozenset[str]]
    airflows: frozenset[str]
    rack_form_factors: frozenset[str]
    rack_widths: frozenset[int]
    ethernet: dict[tuple[str, float], str]
    infiniband: dict[float, str]
    device_type_fields: frozenset[str]
    breakout_profiles: frozenset[str]

    @property
    def keeps_interface_description(self) -> bool:
        """Whether an interface's description loads: NetBox keeps it; Nautobot's device-type
        import drops it, so a Nautobot export says in the type's comments what its ports are."""
        return self.target == "netbox"

    @property
    def name(self) -> str:
        """`NetBox 4.7.3`."""
        return f"{self.product} {self.version}"

    def accepts(self, kind: ChoiceKind, value: str) -> bool:
        """Whether `value` is one of the product's `kind` types."""
        return value in self.choices[kind]

    def nearest(self, kind: ChoiceKind, value: str, n: int = 3) -> list[str]:
        """The product's `kind` types closest to `value`, closest first: most shared parts
        (`1600gbase` read as `1.6tbase`, `c20` found in `iec-60320-c20`), then most alike."""
        query = _normal(value)
        tokens = query.split("-")

        def score(choice: str) -> tuple[float, float]:
            own = _normal(choice).split("-")
            shared = sum(
                1.0 if t in own else 0.5 if any(o.startswith(t) for o in own) else 0.0
                for t in tokens
            )
            return shared, difflib.SequenceMatcher(None, query, _normal(choice)).ratio()

        return sorted(self.choices[kind], key=lambda c: (tuple(-x for x in score(c)), c))[:n]

    def breakout_profile(self, legs: int) -> str | None:
        """The cable profile of a breakout of one cage to `legs` ends; None where the product
        has none (no cable profiles, or none of that many legs)."""
        profile = f"breakout-1c{legs}p-{legs}c1p"
        return profile if profile in self.breakout_profiles else None

    def ethernet_port(self, cage: str, gbps: float) -> PortType:
        """An Ethernet port of a cage and speed; `other` with a description if none fits."""
        key = (cage.lower().replace("_", "-"), gbps)
        if key in self.ethernet:
            return PortType(self.ethernet[key])
        return PortType("other", f"{gbps:g}G {cage} (no {self.name} interface type)")

    def infiniband_port(self, gbps: float) -> PortType:
        """An InfiniBand port of a speed; `other` with a description if none fits."""
        if gbps in self.infiniband:
            return PortType(self.infiniband[gbps])
        return PortType("other", f"{gbps:g}G InfiniBand (no {self.name} interface type)")


def _normal(value: str) -> str:
    """A type name with thousands of Gbit/s as Tbit/s (`1600gbase` as `1.6tbase`)."""
    return re.sub(
        r"(\d+)000g|(\d)(\d)00g",
        lambda m: f"{m[1]}t" if m[1] else f"{m[2]}.{m[3]}t",
        value.casefold().replace("_", "-"),
    )


@cache
def vocabulary(target: Target) -> Vocabulary:
    """The vocabulary of `target`, read once from its data file."""
    name = f"rackbom/racks/dcim/data/{target}.yaml"
    text = data_folder("rackbom.racks.dcim.data").joinpath(f"{target}.yaml").read_text("utf-8")
    spec = validate_model(_VocabularyFile, read_yaml_text(text, name), name)
    return Vocabulary(
        target=target,
        product=spec.product,
        version=spec.version,
        source=spec.source,
        choices={
            "interface": frozenset(spec.interface_types),
            "power-port": frozenset(spec.power_port_types),
            "power-outlet": frozenset(spec.power_outlet_types),
            "console-port": frozenset(spec.console_port_types),
        },
        airflows=frozenset(spec.airflows),
        rack_form_factors=frozenset(spec.rack_form_factors),
        rack_widths=frozenset(spec.rack_widths),
        ethernet={(p.cage, p.gbps): p.type for p in spec.ethernet_ports},
        infiniband={p.gbps: p.type for p in spec.infiniband_ports},
        device_type_fields=frozenset(spec.device_type_fields),
        breakout_profiles=frozenset(spec.breakout_profiles),
    )
