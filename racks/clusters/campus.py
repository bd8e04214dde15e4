"""Buildings on a campus: where each building and hall stands, and how far apart the core rooms
are along the roads.

Halls fill buildings of `halls_per_building` in order, each building a square grid of halls (as
`halls.py` lays a building's halls) inside a footprint of at least its MW times its gross area per
MW. Buildings stand on a square grid, `gap_m` apart; each building's core room (its top tier and
its share of the campus tier) is at its middle.
"""

from __future__ import annotations

import math

from ...components.records import record


@record
class CampusLayout:
    """Buildings of halls on a campus plot, in metres."""

    buildings: int
    halls_per_building: int
    building_mw: float
    columns: int
    """Buildings in each row of the plot."""
    building_length_m: float
    building_width_m: float
    gap_m: float
    hall_columns: int
    """Halls in each row of a building."""
    hall_length_m: float
    """A hall's pitch along a building's row of halls, its gap included."""
    hall_width_m: float

    @property
    def rows(self) -> int:
        """Rows of buildings on the plot."""
        return math.ceil(self.buildings / self.columns)

    @property
    def length_m(self) -> float:
        """The plot along a row of buildings."""
        return self.columns * self.building_length_m + (self.columns - 1) * self.gap_m

    @property
    def width_m(self) -> float:
        """The plot across the rows of buildings."""
        return self.rows * self.building_width_m + (self.rows - 1) * self.gap_m

    def building_origin(self, building: int) -> tuple[float, float]:
        """The corner of building `building` (from 0) nearest the plot's origin."""
        row, col = divmod(building, self.columns)
        return (
            col * (self.building_length_m + self.gap_m),
            row * (self.building_width_m + self.gap_m),
        )

    def core_room(self, building: int) -> tuple[float, float]:
        """The middle of a building, where its core room stands."""
        x, y = self.building_origin(building)
        return x + self.building_length_m / 2, y + self.building_width_m / 2

    def road_m(self, a: int, b: int) -> float:
        """Core room to core room along the roads, `|dx| + |dy|`."""
        (ax, ay), (bx, by) = self.core_room(a), self.core_room(b)
        return abs(ax - bx) + abs(ay - by)

    def hall_origin(self, hall: int) -> tuple[float, float]:
        """The corner of hall `hall` (from 0, over all buildings): the building's halls as a grid
        centred in the building."""
        building, in_building = divmod(hall, self.halls_per_building)
        x, y = self.building_origin(building)
        grid_rows = math.ceil(self.halls_per_building / self.hall_columns)
        x += (self.building_length_m - self.hall_columns * self.hall_length_m) / 2
        y += (self.building_width_m - grid_rows * self.hall_width_m) / 2
        row, col = divmod(in_building, self.hall_columns)
        return x + col * self.hall_length_m, y + row * self.hall_width_m


def campus_layout(
    buildings: int,
    halls_per_building: int,
    hall_pitch_m: tuple[float, float],
    building_mw: float,
    m2_per_mw: float,
    gap_m: float,
) -> CampusLayout:
    """Buildings of `halls_per_building` halls on a square grid, each at least its area."""
    cols = math.ceil(math.sqrt(halls_per_building))
    grid = (cols * hall_pitch_m[0], math.ceil(halls_per_building / cols) * hall_pitch_m[1])
    stretch = max(1.0, math.sqrt(building_mw * m2_per_mw / (grid[0] * grid[1])))
    return CampusLayout(
        buildings=buildings,
        halls_per_building=halls_per_building,
        building_mw=building_mw,
        columns=math.ceil(math.sqrt(buildings)),
        building_length_m=grid[0] * stretch,
        building_width_m=grid[1] * stretch,
        gap_m=gap_m,
        hall_columns=cols,
        hall_length_m=hall_pitch_m[0],
        hall_width_m=hall_pitch_m[1],
    )
