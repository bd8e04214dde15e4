"""Floor rack `f` (from 0) to its hall, row and position in the row."""

from __future__ import annotations

import math

from ...components.records import record


@record
class FloorIndex:
    """Floor rack `f` (from 0) to its hall, row and position in the row."""

    racks_per_hall: int
    racks_per_row: int
    halls: int
    halls_per_building: int = 0
    """Halls in each building, filled in order; 0: one building holds every hall."""

    @property
    def rows_per_hall(self) -> int:
        """Rows of a full hall."""
        return math.ceil(self.racks_per_hall / self.racks_per_row)

    def locate(self, rack: int) -> tuple[int, int, int]:
        """(hall, row over all halls, position in the row), each from 0."""
        if self.halls == 1:
            row, position = divmod(rack, self.racks_per_row)
            return 0, row, position
        hall, in_hall = divmod(rack, self.racks_per_hall)
        row, position = divmod(in_hall, self.racks_per_row)
        return hall, hall * self.rows_per_hall + row, position

    def hall_of_row(self, row: int) -> int:
        """The hall a floor row stands in."""
        return 0 if self.halls == 1 else row // self.rows_per_hall

    def building_of_hall(self, hall: int) -> int:
        """The building (from 0) a hall (from 0) stands in."""
        return hall // self.halls_per_building if self.halls_per_building else 0
