"""Parts, trays and frames: the catalogue that rack designs draw from."""

from typing import TYPE_CHECKING

from .lazy import lazy_exports

_EXPORTS = {
    "Cable": ".cabling",
    "Transceiver": ".cabling",
    "Catalogue": ".catalogue",
    "CatalogueFile": ".catalogue",
    "builtin_catalogue": ".catalogue",
    "load_catalogue": ".catalogue",
    "suggest": ".catalogue",
    "InputError": ".errors",
    "RackFrame": ".frames",
    "Connector": ".parts",
    "Cpu": ".parts",
    "Gpu": ".parts",
    "Item": ".parts",
    "ManagementSwitch": ".parts",
    "MemoryModule": ".parts",
    "Nic": ".parts",
    "PartType": ".parts",
    "PowerShelf": ".parts",
    "Ssd": ".parts",
    "SwitchAsic": ".parts",
    "PowerModel": ".power_models",
    "Source": ".provenance",
    "SourceKind": ".provenance",
    "PartUse": ".trays",
    "TrayPart": ".trays",
    "TrayRole": ".trays",
    "TrayType": ".trays",
}

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
__all__ = [
    "Cable",
    "Catalogue",
    "CatalogueFile",
    "Connector",
    "Cpu",
    "Gpu",
    "InputError",
    "Item",
    "ManagementSwitch",
    "MemoryModule",
    "Nic",
    "PartType",
    "PartUse",
    "PowerModel",
    "PowerShelf",
    "RackFrame",
    "Source",
    "SourceKind",
    "Ssd",
    "SwitchAsic",
    "Transceiver",
    "TrayPart",
    "TrayRole",
    "TrayType",
    "builtin_catalogue",
    "load_catalogue",
    "suggest",
]

if TYPE_CHECKING:
    from .cabling import Cable, Transceiver
    from .catalogue import Catalogue, CatalogueFile, builtin_catalogue, load_catalogue, suggest
    from .errors import InputError
    from .frames import RackFrame
    from .parts import (
        Connector,
        Cpu,
        Gpu,
        Item,
        ManagementSwitch,
        MemoryModule,
        Nic,
        PartType,
        PowerShelf,
        Ssd,
        SwitchAsic,
    )
    from .power_models import PowerModel
    from .provenance import Source, SourceKind
    from .trays import PartUse, TrayPart, TrayRole, TrayType
