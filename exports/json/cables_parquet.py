"""The run list as Parquet: typed, compressed columns written batch by batch, so a million-GPU
run list opens in pandas, DuckDB or Polars without a CSV parse. Needs pyarrow (the `parquet`
extra); it loads only when a Parquet file is written."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path
from typing import Any, Final, get_type_hints

from ...components.atomic import Writer
from ...components.errors import InputError
from ...racks.cabling.row import COLUMNS, CableRow

BATCH_ROWS = 65_536
"""Rows gathered into one record batch: memory stays flat, and each row group is large enough
to compress well."""
COMPRESSION: Final = "zstd"


def parquet_writer(path_name: str, rows: Iterable[CableRow], system_id: str) -> Writer:
    """A writer of the rows as one Parquet file; an InputError now where pyarrow is missing."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError(
            path_name,
            None,
            "writing Parquet needs pyarrow: pip install pyarrow (in a checkout of rackbom, "
            "pip install '.[parquet]'), or write CSV (-o FILE.csv)",
        ) from None
    schema = pa.schema(
        [pa.field(name, _arrow_type(pa, kind)) for name, kind in _column_types()],
        metadata={"rackbom.system": system_id},
    )

    def write(path: Path) -> None:
        with pq.ParquetWriter(str(path), schema, compression=COMPRESSION) as out:
            for batch in _batches(rows):
                values = zip(*batch, strict=True)
                columns = [pa.array(c, f.type) for c, f in zip(values, schema, strict=True)]
                out.write_batch(pa.record_batch(columns, schema=schema))

    return write


def _column_types() -> list[tuple[str, Any]]:
    hints = get_type_hints(CableRow)
    return [(name, hints[name]) for name in COLUMNS]


def _arrow_type(pa: Any, kind: Any) -> Any:
    """The Arrow type of a run-list field's Python type (None allowed where the field has it)."""
    plain = {int: pa.int32(), float: pa.float64(), str: pa.string()}
    for python, arrow in plain.items():
        if kind is python or kind == python | None:
            return arrow
    raise TypeError(f"no Arrow type for {kind!r}")


def _batches(rows: Iterable[CableRow]) -> Iterator[list[CableRow]]:
    it = iter(rows)
    while batch := list(islice(it, BATCH_ROWS)):
        yield batch
