"""Parts, trays and frames: the catalogue that rack designs draw from."""

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
