"""What-if variants: a design with one part or count changed, as a new checked spec."""

from __future__ import annotations

from typing import Any

from ..components.catalogue import Catalogue
from ..components.errors import InputError
from ..components.limits import COUNT_MAX
from ..components.trays import TrayRole, TrayType
from .design import DesignSpec

VARIANT_OPTIONS = ("switch", "gpu", "gpus_per_tray", "cpu", "nic")


def variant_spec(spec: DesignSpec, catalogue: Catalogue, **changes: Any) -> DesignSpec:
    """A copy of `spec` with parts swapped in its trays; it is validated again when built.

    - `switch`: switch-chip part id for every switch tray.
    - `gpu`, `cpu`: part id for the GPUs or CPUs of every compute tray.
    - `nic`: part id for the scale-out NICs of every compute tray.
    - `gpus_per_tray`: GPUs in each compute tray.
    """
    unknown = sorted(set(changes) - set(VARIANT_OPTIONS))
    if unknown:
        raise InputError(
            None, unknown[0], f"unknown variant option (use {', '.join(VARIANT_OPTIONS)})"
        )
    if spec.catalogue is not None:
        catalogue = catalogue.merged(spec.catalogue, spec.id)
    swaps = {
        (TrayRole.SWITCH, "switch_asic"): changes.get("switch"),
        (TrayRole.COMPUTE, "gpu"): changes.get("gpu"),
        (TrayRole.COMPUTE, "cpu"): changes.get("cpu"),
        (TrayRole.COMPUTE, "nic"): changes.get("nic"),
    }
    for (_, kind), part_id in swaps.items():
        if part_id is not None:
            part = catalogue.lookup("parts", part_id, None, kind)
            if part.kind != kind:
                raise InputError(None, kind, f"{part_id!r} is a {part.kind}, not a {kind}")
    gpus_per_tray = changes.get("gpus_per_tray")
    if gpus_per_tray is not None and (
        type(gpus_per_tray) is not int or not 1 <= gpus_per_tray <= COUNT_MAX
    ):
        raise InputError(None, "gpus_per_tray", f"must be a whole number from 1 to {COUNT_MAX:,}")

    suffix = "+".join(f"{k}={v}" for k, v in sorted(changes.items()) if v is not None)
    used = {p.tray for r in spec.racks for p in r.trays}
    new_trays: dict[str, TrayType] = {}
    for tray_id in sorted(used):
        tray = catalogue.trays[tray_id]
        changed = _changed_tray(tray, catalogue, swaps, gpus_per_tray, suffix)
        if changed is not None:
            new_trays[tray_id] = changed
    data = spec.model_dump(mode="json", exclude_none=True)
    data["id"] = f"{spec.id}+{suffix}" if suffix else spec.id
    data["name"] = f"{spec.name} ({suffix.replace('+', ', ')})" if suffix else spec.name
    for rack in data["racks"]:
        for placement in rack["trays"]:
            if placement["tray"] in new_trays:
                placement["tray"] = new_trays[placement["tray"]].id
    extra = data.setdefault("catalogue", {})
    extra.setdefault("trays", []).extend(
        t.model_dump(mode="json", exclude_none=True) for t in new_trays.values()
    )
    return DesignSpec.model_validate(data)


def _changed_tray(
    tray: TrayType,
    catalogue: Catalogue,
    swaps: dict[tuple[TrayRole, str], str | None],
    gpus_per_tray: int | None,
    suffix: str,
) -> TrayType | None:
    parts = []
    changed = False
    for line in tray.parts:
        kind = catalogue.part(line.part).kind
        new = line
        swap = swaps.get((tray.role, kind))
        if swap is not None and (
            kind != "nic" or (line.use is not None and line.use.value == "scale_out")
        ):
            new = new.model_copy(update={"part": swap})
        if gpus_per_tray is not None and tray.role == TrayRole.COMPUTE and kind == "gpu":
            new = new.model_copy(update={"qty": gpus_per_tray})
        changed |= new != line
        parts.append(new)
    if not changed:
        return None
    data = tray.model_dump(mode="json", exclude_none=True)
    data.update(
        id=f"{tray.id}+{suffix}",
        name=f"{tray.name} ({suffix.replace('+', ', ')})",
        parts=[p.model_dump(mode="json", exclude_none=True) for p in parts],
    )
    return TrayType.model_validate(data)
