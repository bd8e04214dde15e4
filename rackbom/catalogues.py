"""The catalogue a user asks for: the built-in one with their catalogue and device-type files.

Device-type files (devicetype-library format) become trays after every catalogue file is merged,
so a catalogue file may price them wherever it comes in the list. The device-type reader lives
with the DCIM plan (`racks/dcim/type_reader.py`) and loads only when files are given.
"""

from __future__ import annotations

from pathlib import Path

from rackbom.components.catalogue import Catalogue, builtin_catalogue, parse_catalogue
from rackbom.components.limits import FILES_MAX, bounded
from rackbom.components.yamlio import read_yaml_file


def load_catalogue(*paths: str | Path) -> Catalogue:
    """The built-in catalogue merged with user catalogue and device-type files, in order."""
    catalogue = builtin_catalogue()
    if not paths:
        return catalogue
    paths = tuple(bounded(paths, FILES_MAX, "catalogue files", "files"))
    from rackbom.racks.dcim.type_reader import device_type_catalogue, is_device_type

    device_types = []
    for path in paths:
        raw = read_yaml_file(Path(path))
        if is_device_type(raw):
            device_types.append((raw, str(path)))
        else:
            catalogue = catalogue.merged(parse_catalogue(raw, str(path)), str(path))
    for raw, file in device_types:
        catalogue = catalogue.merged(device_type_catalogue(raw, file, catalogue), file)
    return catalogue
