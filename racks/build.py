"""Resolve a design spec against the catalogue: frames, placed trays, checked positions."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeVar, overload

from ..components.catalogue import Catalogue, file_source
from ..components.copper import ScaleUpCopper
from ..components.errors import InputError
from ..components.frames import RackFrame
from ..components.limits import TRAYS_MAX
from ..components.outputs import units_text
from ..components.parts import PartType
from ..components.power_models import PowerModel
from ..components.trays import TrayPart, TrayType
from .size import check_size
from .spec import DesignSpec, FabricSpec, RackSpec

P = TypeVar("P", bound=PartType)


@dataclass(frozen=True)
class PlacedTray:
    """One tray instance at a unit position in a rack."""

    rack: str
    position: int
    tray: TrayType
    unit_name: str

    @property
    def top(self) -> int:
        """The highest unit the tray occupies."""
        return self.position + self.tray.height_units - 1

    @property
    def label(self) -> str:
        """Slot name: the unit it starts at, such as `OU14` or `U5`."""
        return f"{self.unit_name}{self.position}"

    @property
    def key(self) -> str:
        """Unique name in a design: `rack/slot`."""
        return f"{self.rack}/{self.label}"


@dataclass(frozen=True)
class BuiltRack:
    """A rack with its frame resolved and its trays placed, bottom to top."""

    spec: RackSpec
    frame: RackFrame
    trays: list[PlacedTray]
    items: list[TrayPart]

    @property
    def name(self) -> str:
        """The rack's name in the design."""
        return self.spec.name


@dataclass(frozen=True)
class BuiltDesign:
    """A design whose every reference has been resolved and checked."""

    spec: DesignSpec
    catalogue: Catalogue  # the shared catalogue with the design's own entries merged in
    file: str | None
    racks: list[BuiltRack]
    power_model: PowerModel
    base_catalogue: Catalogue
    placed: list[PlacedTray] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "placed", [t for r in self.racks for t in r.trays])

    @overload
    def part(self, part_id: str) -> PartType: ...

    @overload
    def part(self, part_id: str, kind: type[P]) -> P: ...

    def part(self, part_id: str, kind: type[PartType] = PartType) -> PartType:
        """A catalogue part by id, checked to be of `kind`."""
        return self.catalogue.part(part_id, kind)

    def rack(self, name: str) -> BuiltRack:
        """A rack by name."""
        return next(r for r in self.racks if r.name == name)


def build_design(spec: DesignSpec, catalogue: Catalogue, file: str | None) -> BuiltDesign:
    """Resolve every id in the spec and check that each tray fits its frame without overlap.

    `catalogue` is the shared catalogue; the spec's own `catalogue:` section is merged into it.
    """
    base = catalogue
    if spec.catalogue is not None:
        catalogue = catalogue.merged(spec.catalogue, file or spec.id, prefix="catalogue.")
    where = f"(id={spec.id})"
    file_source(catalogue, spec.source, file)
    for figure, source_id in spec.sources.items():
        catalogue.lookup("sources", source_id, file, f"sources.{figure}")
    power_model = catalogue.lookup("power_models", spec.power_model, file, "power_model")
    racks: list[BuiltRack] = []
    trays = 0
    for index, rack_spec in enumerate(spec.racks):
        racks.append(_build_rack(rack_spec, index, catalogue, file))
        trays += len(racks[-1].trays)
        if trays > TRAYS_MAX:
            raise InputError(
                file, f"racks[{index}]", f"more than {TRAYS_MAX:,} trays; a design holds no more"
            )
    names = {r.name for r in racks}
    for index, fabric in enumerate(spec.fabrics):
        for attr in ("gpu_racks", "switch_racks"):
            for name in getattr(fabric, attr) or []:
                if name not in names:
                    raise InputError(
                        file,
                        f"fabrics[{index}](id={fabric.id}).{attr}",
                        f"no rack named {name!r} in design {where}",
                    )
        for span in ("in_rack", "between_racks"):
            _check_copper(catalogue, file, f"fabrics[{index}](id={fabric.id})", fabric, span)
    check_size(racks, spec.fabrics, catalogue, file)
    return BuiltDesign(spec, catalogue, file, racks, power_model, base)


def _build_rack(spec: RackSpec, index: int, catalogue: Catalogue, file: str | None) -> BuiltRack:
    at = f"racks[{index}](name={spec.name})"
    frame: RackFrame = catalogue.lookup("frames", spec.frame, file, f"{at}.frame")
    placed: list[PlacedTray] = []
    occupied: dict[int, PlacedTray] = {}
    for t_index, placement in enumerate(spec.trays):
        where = f"{at}.trays[{t_index}]"
        tray: TrayType = catalogue.lookup("trays", placement.tray, file, f"{where}.tray")
        if tray.unit_standard != frame.unit_standard:
            raise InputError(
                file,
                f"{where}.tray",
                f"tray {tray.id!r} is built for {_standard(tray.unit_standard)} frames but frame "
                f"{frame.id!r} is {_standard(frame.unit_standard)}",
            )
        for k in range(placement.count):
            tray_at = PlacedTray(
                spec.name, placement.position + k * tray.height_units, tray, frame.unit_name
            )
            if tray_at.top > frame.height_units:
                raise InputError(
                    file,
                    f"{where}.position",
                    f"tray {tray.id!r} #{k + 1} would occupy "
                    f"{units_text(frame.unit_name, tray_at.position, tray_at.top)}, above the top "
                    f"of frame {frame.id!r} "
                    f"({frame.height_units} {frame.unit_name})",
                )
            for unit in range(tray_at.position, tray_at.top + 1):
                if unit in occupied:
                    other = occupied[unit]
                    raise InputError(
                        file,
                        f"{where}.position",
                        f"tray {tray.id!r} #{k + 1} overlaps {other.tray.id!r} at "
                        f"{frame.unit_name}{unit}",
                    )
                occupied[unit] = tray_at
            placed.append(tray_at)
    for i_index, item in enumerate(spec.items):
        catalogue.lookup("parts", item.part, file, f"{at}.items[{i_index}].part")
    placed.sort(key=lambda t: t.position)
    return BuiltRack(spec, frame, placed, list(spec.items))


def _check_copper(
    catalogue: Catalogue, file: str | None, where: str, fabric: FabricSpec, span: str
) -> None:
    """A fabric's copper part must exist, be scale-up copper, and span what the field says."""
    attr = f"copper_{span}"
    part_id = getattr(fabric, attr)
    if part_id is None:
        return
    part = catalogue.lookup("parts", part_id, file, f"{where}.{attr}")
    if not isinstance(part, ScaleUpCopper) or part.span != span:
        raise InputError(
            file, f"{where}.{attr}", f"{part_id!r} is not scale-up copper spanning {span}"
        )


def _standard(unit_standard: str) -> str:
    return "EIA (U = 44.45 mm)" if unit_standard == "eia" else "Open Rack (OU = 48 mm)"
