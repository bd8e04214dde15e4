"""rackbom: model AI racks from a sourced parts catalogue.

>>> import rackbom as rb
>>> helios = rb.load("helios")
>>> helios.summary()["switch_ports_unused"]
960
>>> table = rb.compare([helios, rb.load("gb200-nvl72")])
"""

from collections.abc import Iterable
from pathlib import Path

from rackbom.components import Catalogue, InputError, builtin_catalogue, load_catalogue
from rackbom.racks import builtin_design_ids

from .comparison import Comparison, compare
from .design import Design, load

__version__ = "0.1.0"


def designs() -> list[str]:
    """Ids of the built-in designs."""
    return builtin_design_ids()


def export_workbook(designs: Iterable[Design | str | Path], path: str | Path) -> Path:
    """Write one BOM workbook for several designs (Design objects, built-in ids or YAML paths)."""
    from rackbom.exports.workbook import write_workbook  # openpyxl loads only when needed

    loaded = [d if isinstance(d, Design) else load(d) for d in designs]
    return write_workbook([d.analysis for d in loaded], path)


def catalogue(*paths: str) -> Catalogue:
    """The built-in catalogue, merged with user catalogue files."""
    return load_catalogue(*paths) if paths else builtin_catalogue()


__all__ = [
    "Catalogue",
    "Comparison",
    "Design",
    "InputError",
    "__version__",
    "catalogue",
    "compare",
    "designs",
    "export_workbook",
    "load",
]
