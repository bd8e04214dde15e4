"""What-if variants: a design with one part or count changed, as a new checked spec."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast, get_args

from ..components.catalogue import Catalogue
from ..components.errors import InputError
from ..components.limits import COUNT_MAX
from ..components.margins import Buyer
from ..components.parts import Cpu, Gpu, Nic, PartType, SwitchAsic
from ..components.trays import PartUse, TrayRole, TrayType
from .spec import DesignSpec

SWAPS: dict[str, tuple[TrayRole, type[PartType]]] = {
    "switch": (TrayRole.SWITCH, SwitchAsic),
    "gpu": (TrayRole.COMPUTE, Gpu),
    "cpu": (TrayRole.COMPUTE, Cpu),
    "nic": (TrayRole.COMPUTE, Nic),
}
"""Options that swap a part: the trays they apply to and the kind of part they take."""
VARIANT_OPTIONS = (*SWAPS, "gpus_per_tray", "nics", "switch_margin", "buyer")
BUYERS: tuple[str, ...] = get_args(Buyer)
NICS = ("kept", "per_gpu")
"""With `gpus_per_tray`: every scale-out NIC kept, or as many per GPU as before."""


def variant_spec(spec: DesignSpec, catalogue: Catalogue, **changes: Any) -> DesignSpec:
    """A copy of `spec` with parts swapped in its trays; it is validated again when built.

    - `switch`: switch-chip part id for every switch tray.
    - `gpu`, `cpu`: part id for the GPUs or CPUs of every compute tray.
    - `nic`: part id for the scale-out NICs of every compute tray.
    - `gpus_per_tray`: GPUs in each compute tray. Everything else stays: the trays and their
      positions, the switch trays, the fabrics' wiring, CPUs and every scale-out NIC, so halving
      the GPUs doubles each one's scale-out bandwidth and leaves switch ports unused.
    - `nics`: with `gpus_per_tray`, `kept` (the default, as above) or `per_gpu`: the scale-out
      NICs of each compute tray scaled with its GPUs, so each GPU keeps its scale-out bandwidth.
    - `switch_margin`: integration margin on the parts of every switch tray (a markup fraction;
      a 45% gross margin is a markup of 0.45 / 0.55 = 0.82, which roughly doubles the tray), on
      every part but the tray maker's own chips (`margin: false`), already at their selling price.
    - `buyer`: `odm` or `oem`, whose integration margin the trays built from parts carry.
    """
    unknown = sorted(set(changes) - set(VARIANT_OPTIONS))
    if unknown:
        raise InputError(
            None, unknown[0], f"unknown variant option (use {', '.join(VARIANT_OPTIONS)})"
        )
    if spec.catalogue is not None:
        catalogue = catalogue.merged(spec.catalogue, spec.id)
    swaps = _swaps(catalogue, changes)
    gpus_per_tray, nics, margin = _counts(changes)

    suffix = option_suffix(changes)
    used = {p.tray for r in spec.racks for p in r.trays}
    new_trays: dict[str, TrayType] = {}
    buyer = _buyer(changes["buyer"]) if "buyer" in changes else spec.buyer
    for tray_id in sorted(used):
        tray = catalogue.trays[tray_id]
        changed = _changed_tray(
            tray, catalogue, swaps, gpus_per_tray, nics == "per_gpu", (margin, buyer), suffix
        )
        if changed is not None:
            new_trays[tray_id] = changed
    data = spec.model_dump(mode="json", exclude_unset=True, exclude_none=True)
    if "buyer" in changes:
        data["buyer"] = buyer
    data["id"] = f"{spec.id}+{suffix}" if suffix else spec.id
    data["name"] = f"{spec.name} ({suffix.replace('+', ', ')})" if suffix else spec.name
    for rack in data["racks"]:
        for placement in rack["trays"]:
            if placement["tray"] in new_trays:
                placement["tray"] = new_trays[placement["tray"]].id
    extra = data.setdefault("catalogue", {})
    extra.setdefault("trays", []).extend(
        t.model_dump(mode="json", exclude_unset=True, exclude_none=True) for t in new_trays.values()
    )
    return DesignSpec.model_validate(data)


def _swaps(
    catalogue: Catalogue, changes: Mapping[str, Any]
) -> dict[tuple[TrayRole, type[PartType]], str]:
    """The parts the options swap in, by the trays and kind of part they replace, each checked
    to be of that kind."""
    swaps: dict[tuple[TrayRole, type[PartType]], str] = {}
    for option, (role, kind) in SWAPS.items():
        part_id = changes.get(option)
        if part_id is None:
            continue
        part = catalogue.lookup("parts", part_id, None, option)
        if not isinstance(part, kind):
            raise InputError(
                None, option, f"{part_id!r} is a {part.kind_label}, not a {kind.kind_label}"
            )
        swaps[(role, kind)] = part_id
    return swaps


def option_suffix(changes: Mapping[str, Any]) -> str:
    """What a variant's id adds to its base's: `gpus=100000+switch_margin=0.82`, sorted; a list
    written as its items joined by commas."""
    return "+".join(
        f"{k}={','.join(map(str, v)) if isinstance(v, list | tuple) else v}"
        for k, v in sorted(changes.items())
        if v is not None
    )


def _buyer(value: object) -> Buyer:
    """The checked `buyer` option."""
    if value not in BUYERS:
        raise InputError(None, "buyer", f"must be one of {', '.join(BUYERS)}, not {value!r}")
    return cast("Buyer", value)


def _counts(changes: dict[str, Any]) -> tuple[int | None, str, float | None]:
    """The checked `gpus_per_tray`, `nics` and `switch_margin` options."""
    gpus_per_tray = changes.get("gpus_per_tray")
    if gpus_per_tray is not None and (
        type(gpus_per_tray) is not int or not 1 <= gpus_per_tray <= COUNT_MAX
    ):
        raise InputError(None, "gpus_per_tray", f"must be a whole number from 1 to {COUNT_MAX:,}")
    nics = changes.get("nics", "kept")
    if nics not in NICS:
        raise InputError(None, "nics", f"must be one of {', '.join(NICS)}, not {nics!r}")
    if nics == "per_gpu" and gpus_per_tray is None:
        raise InputError(None, "nics", "per_gpu goes with gpus_per_tray")
    margin = changes.get("switch_margin")
    if margin is not None and (not isinstance(margin, int | float) or not 0 <= margin <= 1):
        raise InputError(None, "switch_margin", "must be a fraction between 0 and 1")
    return gpus_per_tray, nics, margin


def _changed_tray(
    tray: TrayType,
    catalogue: Catalogue,
    swaps: dict[tuple[TrayRole, type[PartType]], str],
    gpus_per_tray: int | None,
    nics_per_gpu: bool,
    switch_margin: tuple[float | None, Buyer],
    suffix: str,
) -> TrayType | None:
    """The tray with the variant's changes, or None where none applies to it; a switch margin
    (asked for, with the design's buyer) equal to the tray's own leaves it as it is."""
    parts = []
    changed = False
    gpus = sum(line.qty for line in tray.parts if isinstance(catalogue.part(line.part), Gpu))
    for line in tray.parts:
        kind = type(catalogue.part(line.part))
        new = line
        swap = swaps.get((tray.role, kind))
        if swap is not None and (kind is not Nic or line.use == PartUse.SCALE_OUT):
            new = new.model_copy(update={"part": swap})
        if gpus_per_tray is not None and tray.role == TrayRole.COMPUTE and kind is Gpu:
            new = new.model_copy(update={"qty": gpus_per_tray})
        if nics_per_gpu and gpus and kind is Nic and line.use == PartUse.SCALE_OUT:
            assert gpus_per_tray is not None
            new = new.model_copy(update={"qty": _nics_for(line.qty, gpus, gpus_per_tray, tray)})
        changed |= new != line
        parts.append(new)
    margin, buyer = switch_margin
    new_margin = margin if tray.role == TrayRole.SWITCH else None
    if new_margin == catalogue.tray_margin(tray, buyer)[0]:
        new_margin = None  # the margin the tray has, with the source it has
    if not changed and new_margin is None:
        return None
    data = tray.model_dump(mode="json", exclude_unset=True, exclude_none=True)
    if new_margin is not None:
        data["integration_margin"] = new_margin
        data["sources"] = {**tray.sources, "integration_margin": "seed-002-switch-margin"}
    data.update(
        id=f"{tray.id}+{suffix}",
        name=f"{tray.name} ({suffix.replace('+', ', ')})",
        parts=[p.model_dump(mode="json", exclude_unset=True, exclude_none=True) for p in parts],
    )
    return TrayType.model_validate(data)


def _nics_for(nics: int, gpus: int, new_gpus: int, tray: TrayType) -> int:
    """Scale-out NICs for `new_gpus` at the tray's NICs per GPU; a whole number or an error."""
    if nics * new_gpus % gpus:
        raise InputError(
            None,
            "nics",
            f"tray {tray.id!r} has {nics} scale-out NICs for {gpus} GPUs; "
            f"{new_gpus} GPUs would need {nics * new_gpus / gpus:g}",
        )
    return nics * new_gpus // gpus
