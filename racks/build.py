"""Resolve a design spec against the catalogue: frames, placed trays, checked positions."""

from __future__ import annotations

from ..components.catalogue import Catalogue, file_source
from ..components.copper_parts import ScaleUpCopper
from ..components.errors import InputError
from ..components.frames import RackFrame
from ..components.limits import TRAYS_MAX
from ..components.outputs import units_text
from ..components.trays import TrayType
from .built import BuiltDesign, BuiltRack, PlacedTray
from .size import check_size
from .spec import DesignSpec, FabricSpec, RackSpec


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
