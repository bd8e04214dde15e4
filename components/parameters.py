"""Every user-set parameter once: its input model, unit, bounds, default, label, number format
and source, one row each.

The input models take each field's bounds and default from its row (`param`), so a bound is
written here and nowhere else; `docs/parameters.md` is written from the table
(`exports/text/parameters_md.py`) and the workbook's input cells take their label (which says the
unit) and number format from it. The table is typed Python, not YAML: the models read it when their
classes are made, it names its `Format`s directly, and the type checker holds every row.
"""

from __future__ import annotations

from types import EllipsisType
from typing import Any

from pydantic import Field

from .formats import COUNT, DECIMAL, ONE_DECIMAL, SHARE, USD, USD_PER_HOUR, Format
from .limits import AMOUNT_MAX, COUNT_MAX, KG_MAX, MM_MAX
from .records import record

ASSUMPTION = "assumption"
"""The source of a row whose bounds and default are rackbom's own: limits any real input falls
well inside, stated by no source of `components/data/sources.yaml`."""
FIXED = "fixed"
"""The owner of a constant no input changes (the hours of a year)."""
UNBOUNDED = (0.0, float("inf"))
"""A sensitivity range that leaves the tornado's swing unclipped."""


def number_text(value: float) -> str:
    """`100,000`, `0.6667`, `1e+09`: whole numbers below ten million with separators, others
    to four significant digits."""
    return f"{value:,.0f}" if value == int(value) and abs(value) < 1e7 else f"{value:.4g}"


@record
class Bounds:
    """The values a parameter may take: `low` to `high`, either end open or closed."""

    low: float
    high: float
    low_open: bool = False
    high_open: bool = False

    def holds(self, value: float) -> bool:
        """Whether `value` lies within the bounds."""
        above = value > self.low if self.low_open else value >= self.low
        return above and (value < self.high if self.high_open else value <= self.high)

    def text(self) -> str:
        """The interval as the docs and messages write it: `(0, 1]`, `[1, 100,000]`."""
        low, high = "(["[not self.low_open], ")]"[not self.high_open]
        return f"{low}{number_text(self.low)}, {number_text(self.high)}{high}"

    def field(self, default: Any = ..., description: str = "", strict: bool | None = True) -> Any:
        """A pydantic field of these bounds, finite, with `default` (`...`: required; typed
        `Any`, as pydantic's `Field` is, so it stands as a field's value)."""
        return Field(
            default,
            strict=strict,
            allow_inf_nan=False,
            description=description or None,
            gt=self.low if self.low_open else None,
            ge=None if self.low_open else self.low,
            lt=self.high if self.high_open else None,
            le=None if self.high_open else self.high,
        )


SHARE_BOUNDS = Bounds(0.0, 1.0)
OPEN_SHARE = Bounds(0.0, 1.0, low_open=True)
"""A share in (0, 1]: a utilisation, an acceptance rate, a power factor."""
RATE = Bounds(0.0, 1.0, high_open=True)
"""A yearly rate or a failed share in [0, 1)."""
YEARS = Bounds(0.0, 100.0, low_open=True)
AMOUNT = Bounds(0.0, AMOUNT_MAX)
POSITIVE = Bounds(0.0, AMOUNT_MAX, low_open=True)
POSITIVE_COUNT = Bounds(1, COUNT_MAX)
OVERSUBSCRIPTION = Bounds(1.0, 1000.0)


@record
class Parameter:
    """One user-set parameter: where it is set, what it means and the values it may take.

    `default` is `...` where the input must give the figure, None where it may leave it out;
    `sensitivity` is the range the tornado may move it within (None: the tornado leaves it
    alone); `bounds` is None for a constant no input sets.
    """

    name: str
    owner: str
    unit: str
    bounds: Bounds | None
    label: str
    format: Format
    source: str = ASSUMPTION
    default: float | EllipsisType | None = ...
    description: str = ""
    sensitivity: tuple[float, float] | None = None

    def field(self) -> Any:
        """The pydantic field of this parameter: strict, finite, within its bounds, with its
        default and description."""
        if self.bounds is None:
            raise ValueError(f"{self.name} is a constant: no input sets it")
        return self.bounds.field(self.default, self.description)


PUE = Bounds(1.0, 3.0)
"""The PUE a site may state, and the range the tornado moves it within."""


PARAMETERS: tuple[Parameter, ...] = (
    # --- a TCO profile: `profiles:` of a cost file ----------------------------------------
    Parameter(
        "life_years_gpu_servers",
        "TcoProfile",
        "years",
        YEARS,
        "Life: GPU servers and scale-up (years)",
        ONE_DECIMAL,
        sensitivity=UNBOUNDED,
    ),
    Parameter(
        "life_years_network",
        "TcoProfile",
        "years",
        YEARS,
        "Life: scale-out network (years)",
        ONE_DECIMAL,
    ),
    Parameter(
        "life_years_facility", "TcoProfile", "years", YEARS, "Life: facility (years)", ONE_DECIMAL
    ),
    Parameter(
        "cost_of_capital",
        "TcoProfile",
        "per year",
        RATE,
        "Cost of capital (per year)",
        SHARE,
        sensitivity=(0.0, 0.99),
    ),
    Parameter(
        "utilisation",
        "TcoProfile",
        "share of hours",
        OPEN_SHARE,
        "Utilisation (share of hours used)",
        SHARE,
        sensitivity=(1e-6, 1.0),
    ),
    Parameter(
        "electricity_usd_per_kwh",
        "TcoProfile",
        "USD/kWh",
        AMOUNT,
        "Electricity (USD per kWh)",
        USD_PER_HOUR,
        sensitivity=UNBOUNDED,
    ),
    Parameter(
        "pue",
        "TcoProfile",
        "ratio",
        PUE,
        "PUE",
        DECIMAL,
        source="assume-pue",
        description="Facility power over input power: a site input, stated once by a TCO "
        "profile and read by the power levels, the plant and the TCO alike.",
        sensitivity=(PUE.low, PUE.high),
    ),
    Parameter(
        "facility_capex_usd_per_mw",
        "TcoProfile",
        "USD/MW",
        AMOUNT,
        "Facility capital (USD per MW of input power)",
        USD,
        default=0.0,
        description="An owned hall's capital per MW of input power; give it or colocation.",
    ),
    Parameter(
        "colocation_usd_per_kw_month",
        "TcoProfile",
        "USD/kW-month",
        AMOUNT,
        "Colocation (USD per kW of input power per month)",
        USD,
        default=0.0,
        description="A leased hall's price per kW of input power; give it or facility capital.",
    ),
    Parameter(
        "maintenance_share_per_year",
        "TcoProfile",
        "share of IT capex per year",
        SHARE_BOUNDS,
        "Maintenance (share of IT hardware capex per year)",
        SHARE,
        source="assume-maintenance-share",
        description="Its sensitivity range, 1-5% a year, is an assumption.",
        sensitivity=(0.01, 0.05),
    ),
    Parameter(
        "staff_per_mw",
        "TcoProfile",
        "people/MW",
        AMOUNT,
        "Operations staff per MW of input power",
        DECIMAL,
    ),
    Parameter(
        "staff_usd_per_year",
        "TcoProfile",
        "USD/person-year",
        AMOUNT,
        "Staff cost (USD per person-year)",
        USD,
    ),
    Parameter(
        "software_usd_per_gpu_year",
        "TcoProfile",
        "USD/GPU-year",
        AMOUNT,
        "Software (USD per GPU-year)",
        USD,
    ),
    # --- a workload: `workloads:` of a cost file ------------------------------------------
    Parameter(
        "gpu_hours_per_run",
        "Workload",
        "GPU-hours",
        POSITIVE,
        "GPU-hours per run",
        COUNT,
        default=None,
        sensitivity=UNBOUNDED,
    ),
    Parameter(
        "tokens_per_second_per_gpu",
        "Workload",
        "tokens/s",
        POSITIVE,
        "Tokens per second per GPU",
        ONE_DECIMAL,
        default=None,
        sensitivity=UNBOUNDED,
    ),
    Parameter(
        "tokens_per_request",
        "Workload",
        "tokens",
        POSITIVE,
        "Tokens per request",
        COUNT,
        default=None,
    ),
    Parameter(
        "reference_per_gpu",
        "Workload",
        "the figure scale_by names",
        POSITIVE,
        "Measured GPU's figure",
        DECIMAL,
        default=None,
        description="The per-GPU figure `scale_by` names, of the GPU the workload was measured on.",
    ),
    Parameter(
        "acceptance_rate",
        "Workload",
        "share",
        OPEN_SHARE,
        "Acceptance rate",
        SHARE,
        sensitivity=(1e-6, 1.0),
    ),
    Parameter(
        "failed_run_fraction",
        "Workload",
        "share of runs",
        RATE,
        "Failed runs (share of runs)",
        SHARE,
        default=0.0,
        sensitivity=(0.0, 0.99),
    ),
    Parameter(
        "engineering_weeks_porting",
        "Workload",
        "weeks",
        AMOUNT,
        "Engineering weeks: porting",
        ONE_DECIMAL,
        default=0.0,
    ),
    Parameter(
        "engineering_weeks_validation",
        "Workload",
        "weeks",
        AMOUNT,
        "Engineering weeks: validation",
        ONE_DECIMAL,
        default=0.0,
        sensitivity=UNBOUNDED,
    ),
    Parameter(
        "engineering_weeks_fallback",
        "Workload",
        "weeks",
        AMOUNT,
        "Engineering weeks: fallback",
        ONE_DECIMAL,
        default=0.0,
    ),
    Parameter(
        "engineer_week_usd",
        "Workload",
        "USD",
        AMOUNT,
        "Engineer-week (USD)",
        USD,
        default=0.0,
        sensitivity=UNBOUNDED,
    ),
    Parameter(
        "units_per_year",
        "Workload",
        "units/year",
        POSITIVE,
        "Units per year",
        COUNT,
        sensitivity=UNBOUNDED,
    ),
    # --- a rental price: `rentals:` of a cost file ----------------------------------------
    Parameter(
        "gpus_per_server",
        "Rental",
        "GPUs",
        POSITIVE_COUNT,
        "GPUs per server",
        COUNT,
        default=None,
    ),
    Parameter(
        "usd_per_server_month",
        "Rental",
        "USD/server-month",
        POSITIVE,
        "Rent per server-month (USD)",
        USD,
        default=None,
    ),
    Parameter(
        "usd_per_gpu_hour",
        "Rental",
        "USD/GPU-hour",
        POSITIVE,
        "Rent per GPU-hour (USD)",
        USD_PER_HOUR,
        default=None,
    ),
    # --- a system's cost basis: the one figure of it the tornado moves --------------------
    Parameter(
        "vendor_markup",
        "CostBasis",
        "markup on cost",
        AMOUNT,
        "NVIDIA margin on NVLink trays and copper (markup on cost)",
        DECIMAL,
        source="seed-002-nvidia-switch-margin",
        default=0.0,
        description="A system vendor's margin on its scale-up parts; moved over the source's "
        "40-50% gross margin (markups 0.67-1.0).",
        sensitivity=(2 / 3, 1.0),
    ),
    # --- the power rule: `power_models:` of a catalogue file --------------------------------
    Parameter(
        "conversion_efficiency",
        "PowerModel",
        "share",
        OPEN_SHARE,
        "Conversion efficiency",
        SHARE,
        description="AC to busbar, used where a rack has no power shelves of its own.",
    ),
    Parameter(
        "scale_out_tiers",
        "PowerModel",
        "tiers",
        POSITIVE_COUNT,
        "Scale-out tiers",
        COUNT,
        description="Switch tiers of the scale-out network.",
    ),
    Parameter(
        "network_port_gbps",
        "PowerModel",
        "Gbit/s",
        POSITIVE,
        "Network port (Gbit/s)",
        COUNT,
        description="Port speed the two figures below are for.",
    ),
    Parameter(
        "switch_w_per_port",
        "PowerModel",
        "W",
        POSITIVE,
        "Switch power per port (W)",
        ONE_DECIMAL,
        description="Switch system power per port, W.",
    ),
    Parameter(
        "optic_w",
        "PowerModel",
        "W",
        POSITIVE,
        "Optic power (W)",
        ONE_DECIMAL,
        description="Power of one transceiver at that speed, W.",
    ),
    # --- a plant profile: `plant_profiles:` of a plant file -------------------------------
    Parameter(
        "continuous_load_fraction",
        "PlantProfile",
        "share of rating",
        OPEN_SHARE,
        "Continuous fraction",
        DECIMAL,
        description="Continuous load a breaker may carry, as a fraction of its rating.",
    ),
    Parameter(
        "feed_voltage_v",
        "PlantProfile",
        "V",
        POSITIVE,
        "Feed voltage (V)",
        COUNT,
        description="Rack feeds: line-to-line voltage, V.",
    ),
    Parameter(
        "power_factor",
        "PlantProfile",
        "ratio",
        OPEN_SHARE,
        "Power factor",
        DECIMAL,
    ),
    Parameter(
        "max_rack_breaker_a",
        "PlantProfile",
        "A",
        POSITIVE,
        "Largest rack breaker (A)",
        COUNT,
        description="Largest breaker one rack feed may have.",
    ),
    Parameter(
        "hall_supply_w",
        "PlantProfile",
        "W",
        POSITIVE,
        "Hall supply (W)",
        COUNT,
        default=None,
        description="The hall's utility supply, W; peak facility load is held to it.",
    ),
    Parameter(
        "transient_factor",
        "PlantProfile",
        "ratio",
        Bounds(1.0, 10.0),
        "Transient factor",
        DECIMAL,
        description="Peak over nominal GPU power, where the GPU part states none.",
    ),
    Parameter(
        "delta_t_k",
        "PlantProfile",
        "K",
        Bounds(0.0, 100.0, low_open=True),
        "Delta T (K)",
        ONE_DECIMAL,
        description="Supply to return temperature rise of the IT loop, K.",
    ),
    Parameter(
        "floor_rating_kg_m2",
        "PlantProfile",
        "kg/m2",
        POSITIVE,
        "Hall floor rating (kg/m2)",
        COUNT,
        description="The hall floor's uniform load rating.",
    ),
    Parameter(
        "point_load_rating_kg",
        "PlantProfile",
        "kg",
        Bounds(0.0, KG_MAX),
        "Point load rating (kg)",
        COUNT,
        description="Load one rack foot or caster may put down, kg.",
    ),
    Parameter(
        "feet_per_rack",
        "PlantProfile",
        "feet",
        POSITIVE_COUNT,
        "Feet per rack",
        COUNT,
        default=4,
    ),
    Parameter(
        "rack_depth_mm",
        "PlantProfile",
        "mm",
        Bounds(0.0, MM_MAX, low_open=True),
        "Rack depth (mm)",
        COUNT,
        description="Depth of a frame that states none, mm.",
    ),
    Parameter(
        "cold_plate",
        "HeatToLiquid",
        "share of heat",
        SHARE_BOUNDS,
        "Heat to liquid: cold plates",
        SHARE,
        description="Cold plates, residual fans (`cold-plate` in the file).",
    ),
    Parameter(
        "liquid",
        "HeatToLiquid",
        "share of heat",
        SHARE_BOUNDS,
        "Heat to liquid: fully liquid-cooled",
        SHARE,
        description="Fully liquid-cooled, fanless.",
    ),
    Parameter(
        "air",
        "HeatToLiquid",
        "share of heat",
        SHARE_BOUNDS,
        "Heat to liquid: air-cooled",
        SHARE,
        description="Air-cooled (fans only).",
    ),
    # --- a cluster's scale-out fabric: `fabric:` of a cluster file ------------------------
    Parameter(
        "planes",
        "FabricPlan",
        "planes",
        Bounds(1, 64),
        "Planes",
        COUNT,
        default=None,
        description="Planes each NIC port splits into; chosen when not given.",
    ),
    Parameter(
        "plane_gbps",
        "FabricPlan",
        "Gbit/s",
        POSITIVE,
        "Plane speed (Gbit/s)",
        COUNT,
        default=None,
        description="Gbit/s of one plane's link, one way; chosen when not given.",
    ),
    # --- a cluster's floor and campus: `floor:` of a cluster file -------------------------
    Parameter(
        "racks_per_row",
        "FloorSpec",
        "racks",
        POSITIVE_COUNT,
        "Racks per row",
        COUNT,
        default=16,
        source="assume-floor-layout",
    ),
    Parameter(
        "row_pitch_m",
        "FloorSpec",
        "m",
        POSITIVE,
        "Row pitch (m)",
        ONE_DECIMAL,
        default=3.0,
        description="Row to row, with the aisles.",
        source="assume-floor-layout",
    ),
    Parameter(
        "rack_pitch_m",
        "FloorSpec",
        "m",
        POSITIVE,
        "Rack pitch (m)",
        DECIMAL,
        default=None,
        description="Along a row; the design's frame width when not given.",
    ),
    Parameter(
        "rise_m",
        "FloorSpec",
        "m",
        AMOUNT,
        "Rise to the cable tray (m)",
        ONE_DECIMAL,
        default=2.0,
        description="Port up to the cable tray, each end.",
        source="assume-floor-layout",
    ),
    Parameter(
        "slack_m",
        "FloorSpec",
        "m",
        AMOUNT,
        "Slack per link (m)",
        ONE_DECIMAL,
        default=1.0,
        description="Added to every link for service loops.",
        source="assume-floor-layout",
    ),
    Parameter(
        "hall_racks",
        "FloorSpec",
        "racks",
        POSITIVE_COUNT,
        "Racks per hall",
        COUNT,
        default=None,
        description="Racks one hall holds; the cluster spans halls beyond it.",
    ),
    Parameter(
        "hall_mw",
        "FloorSpec",
        "MW",
        POSITIVE,
        "Hall power (MW)",
        ONE_DECIMAL,
        default=100.0,
        description="Rack input power one hall supplies, MW (used when hall_racks is not given).",
        source="assume-floor-layout",
    ),
    Parameter(
        "campus_gap_m",
        "FloorSpec",
        "m",
        AMOUNT,
        "Gap between halls (m)",
        ONE_DECIMAL,
        default=30.0,
        description="Between neighbouring halls on the campus grid, metres.",
        source="assume-floor-layout",
    ),
    Parameter(
        "building_mw",
        "FloorSpec",
        "MW",
        POSITIVE,
        "Building power (MW)",
        ONE_DECIMAL,
        source="assume-campus-building",
        default=200.0,
        description="Rack input power one building supplies, MW: halls fill buildings in "
        "order, and a cluster beyond one building stands on a campus.",
    ),
    Parameter(
        "building_m2_per_mw",
        "FloorSpec",
        "m2/MW",
        POSITIVE,
        "Building area per MW (m2)",
        COUNT,
        source="assume-campus-building",
        default=310.0,
        description="Gross building area per MW, m2: a building's least footprint.",
    ),
    Parameter(
        "building_gap_m",
        "FloorSpec",
        "m",
        AMOUNT,
        "Gap between buildings (m)",
        COUNT,
        source="assume-campus-gap",
        default=200.0,
        description="Between neighbouring buildings on the campus, metres.",
    ),
    Parameter(
        "campus_oversubscription",
        "FloorSpec",
        "ratio",
        OVERSUBSCRIPTION,
        "Campus oversubscription",
        DECIMAL,
        source="assume-campus-oversubscription",
        default=2.0,
        description="A building's links up to the campus tier per link of it: `2:1` carries "
        "half its top tier's links between buildings, `1:1` all.",
    ),
    Parameter(
        "rack_power_kw",
        "FloorSpec",
        "kW",
        POSITIVE,
        "Power per rack position (kW)",
        ONE_DECIMAL,
        default=56.0,
        description="Power one rack position may draw, kW: a one-rack design of servers is "
        "packed this many kW to a rack (by space too); larger racks take one position each.",
    ),
    # --- constants of the calendar --------------------------------------------------------
    Parameter(
        "hours_per_year",
        FIXED,
        "h",
        None,
        "Hours per year",
        COUNT,
        default=8760.0,
        description="365 days: the year every cost per hour is spread over.",
    ),
    Parameter("months_per_year", FIXED, "months", None, "Months per year", COUNT, default=12),
    Parameter(
        "hours_per_month",
        FIXED,
        "h",
        None,
        "Hours per month",
        COUNT,
        default=730.0,
        description="A twelfth of a year: the month rental prices and per-month costs are "
        "quoted in.",
    ),
)

OWNERS: dict[str, str] = {
    "TcoProfile": "A TCO profile: an entry of `profiles:` in a cost file (`--tco`).",
    "Workload": "A workload: an entry of `workloads:` in a cost file.",
    "Rental": "A rental price: an entry of `rentals:` in a cost file; give one price.",
    "CostBasis": "A system's cost basis: worked out from its parts; the tornado moves it.",
    "PowerModel": "The power rule: an entry of `power_models:` in a catalogue file.",
    "PlantProfile": "A plant profile: an entry of `plant_profiles:` in a plant file (`--plant`).",
    "HeatToLiquid": "A plant profile's `heat_to_liquid:`, by how a tray is cooled.",
    "FabricPlan": "A cluster's scale-out fabric: `fabric:` in a cluster file.",
    "FloorSpec": "A cluster's floor and campus: `floor:` in a cluster file.",
    FIXED: "Constants no input sets.",
}
"""Every owner of the table's rows, in the docs' order, with where its figures are set."""
BY_NAME: dict[str, Parameter] = {p.name: p for p in PARAMETERS}


def parameter(name: str) -> Parameter:
    """The row of parameter `name`."""
    return BY_NAME[name]


def param(name: str) -> Any:
    """The pydantic field of parameter `name`: its bounds and default from the table."""
    return BY_NAME[name].field()


def owned_by(owner: str) -> dict[str, Parameter]:
    """The rows of one input model (`TcoProfile`, `FloorSpec`, …), in the table's order."""
    return {p.name: p for p in PARAMETERS if p.owner == owner}


def default_of(name: str) -> float:
    """The default of parameter `name`, or a constant's value."""
    value = BY_NAME[name].default
    if not isinstance(value, int | float):
        raise ValueError(f"{name} has no value")
    return value


HOURS_PER_YEAR = default_of("hours_per_year")
MONTHS_PER_YEAR = int(default_of("months_per_year"))
HOURS_PER_MONTH = default_of("hours_per_month")
