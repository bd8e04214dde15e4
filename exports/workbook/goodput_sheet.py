"""The workbook's Goodput sheet: each system's whole-system training job and its causes of
interruption, as live formulas.

The recovery figures of `rackbom/components/data/reliability.yaml` are input cells, and so are
each job's GPUs and each cause's rate per part-year; interruptions, the Young and Daly intervals,
the spare cover (Poisson), the recovery and ETTR are formulas over them, the rules of
`racks/goodput/` cell for cell, and the TCO per GPU-hour links to the TCO sheet. A user edits a
rate, the checkpoint size or a job's GPUs and every figure follows.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ...components.formats import USD_MILLS
from ...components.parameters import HOURS_PER_YEAR
from ...components.records import record
from ...components.reliability import Cause, ReliabilityData, reliability_data
from ...racks.goodput.results import CauseRate, Exposure, GoodputResult
from .cells import Cell, SheetData, formula, number, text

if TYPE_CHECKING:
    from ...racks.report.system_report import SystemReport

INPUTS = (
    ("checkpoint_gb", "Checkpoint per GPU (GB)"),
    ("write_gbps", "Write bandwidth per GPU (Gb/s)"),
    ("detection_min", "Detection (min)"),
    ("restart_min", "Relaunch before the reload (min)"),
    ("repair_h", "Repair of a failed tray or NIC (h)"),
    ("spare_share", "Hot spares, share of the job's GPUs"),
)
JOB_COLUMNS = (
    "System", "System GPUs", "Job GPUs", "Hot spares", "Training GPUs", "Interruptions/day",
    "MTBI (h)", "Checkpoint (s)", "Young interval (min)", "Interval (min)", "Recovery (min)",
    "Lost per interruption (min)", "ETTR", "Training share", "TCO $/GPU-h",
    "TCO $/effective GPU-h", "TCO $/BF16 PFLOPS-h", "TCO $/effective BF16 PFLOPS-h",
    "GPU-losing interruptions/day", "Mean GPUs out",
)  # fmt: skip
CAUSE_COLUMNS = (
    "System", "Cause", "Per", "Parts", "Rate per part-year", "Per day", "Share",
    "Domain GPUs out", "GPUs out", "Restart", "Spare slots", "Spare cover", "Recovery (min)",
    "Source",
)  # fmt: skip
USD_HOUR = f"num:{USD_MILLS.excel}"
JOBS, CAUSES = "Goodput", "Goodput causes"
JOBS_REF, CAUSES_REF = f"{JOBS}!", f"'{CAUSES}'!"
"""The two sheets and how a formula on one names a cell of the other."""
TcoRefs = Mapping[str, Mapping[str, str]]
"""Per system id, the TCO sheet's cells of `tco_usd_per_gpu_hour` and
`tco_usd_per_bf16_pflops_hour`."""


@record
class _Job:
    """One system's job: its result, its parts, its job row and its causes' rows."""

    result: GoodputResult
    parts: Exposure
    row: int
    first: int
    last: int

    def span(self, column: str) -> str:
        """A column of the job's cause rows, on the causes' sheet."""
        return f"{CAUSES_REF}${column}${self.first}:${column}${self.last}"


def goodput_sheet(
    reports: Sequence[SystemReport], tco_refs: TcoRefs | None = None
) -> list[SheetData]:
    """A whole-system job per system, and its causes of interruption on a sheet of their own
    (each a table that can run over a page), as formulas across the two."""
    chosen = reports[0].tco_profile
    data = reliability_data()
    sheet = SheetData(JOBS, freeze_column=2)
    sheet.add(text("Goodput", "title"))
    sheet.add(
        text(
            "A training job on every GPU of each system: interruptions from each kind of part's "
            "rate, the blast radius from the failure domains, Young's and Daly's checkpoint "
            "intervals, hot spares that take over while enough are free (Poisson), and the "
            f"effective training time ratio (ETTR); TCO under profile {chosen.id}. Edit an "
            "input, a job's GPUs or a rate per part-year and every figure follows.",
            "note",
        )
    )
    sheet.add()
    inputs = _inputs(sheet, data)
    trained = [r for r in reports if r.goodput is not None]  # a system without GPUs runs none
    results = [r.goodput for r in trained if r.goodput is not None]
    sheet.add()
    head = sheet.header(JOB_COLUMNS)
    causes = SheetData(CAUSES, freeze_column=2)
    causes.add(text("Causes of interruption", "title"))
    causes.add(
        text("Of each system's job on the Goodput sheet, which sums over these rows.", "note")
    )
    causes.add()
    first = causes.header(CAUSE_COLUMNS) + 1
    jobs = []
    for i, (report, result) in enumerate(zip(trained, results, strict=True)):
        start = first + sum(len(r.by_cause) for r in results[:i])
        end = start + len(result.by_cause) - 1
        jobs.append(_Job(result, report.exposure, head + 1 + i, start, end))
    for job in jobs:
        sheet.add(*_job_row(job, inputs, (tco_refs or {}).get(job.result.system, {})))
    there = {name: f"{JOBS_REF}{ref}" for name, ref in inputs.items()}
    for job in jobs:
        for cause, row in zip(data.causes, job.result.by_cause, strict=True):
            causes.add(*_cause_row(job, there, cause, len(causes.rows) + 1, row))
    return [sheet, causes]


def _inputs(sheet: SheetData, data: ReliabilityData) -> dict[str, str]:
    """The recovery defaults as input cells; each one's absolute reference by name."""
    sheet.header(("Input", "Value", "Source"))
    cells = {}
    for name, label in INPUTS:
        figure = getattr(data.recovery, name)
        style = "num:0.0%" if name == "spare_share" else "num:#,##0.000"
        row = sheet.add(text(label), number(figure.value, style), text(figure.source))
        cells[name] = f"$B${row}"
    return cells


def _job_row(job: _Job, inp: Mapping[str, str], tco: Mapping[str, str]) -> list[Cell]:
    """Columns A-T of JOB_COLUMNS: Daly's interval and complete model over the causes' rows."""
    r, j = job.result, job.row
    restarts = f'({job.span("J")}="yes")'
    per_day, mtbi_s = f"F{j}", f"(G{j}*3600)"
    delta = f"H{j}"
    ratio = f"{delta}/(2*{mtbi_s})"
    daly = f"(SQRT(2*{delta}*{mtbi_s})*(1+SQRT({ratio})/3+{ratio}/9)-{delta})/60"
    base_min = f"({inp['detection_min']}+{inp['restart_min']}+{delta}/60)"
    segment = f"{mtbi_s}*EXP(K{j}*60/{mtbi_s})*(EXP((J{j}*60+{delta})/{mtbi_s})-1)"
    losing = f"{restarts}*({job.span('I')}>0)*{job.span('F')}"
    return [
        text(r.system),
        number(r.gpus_system, "int"),
        number(r.gpus, "int"),
        formula(f"INT({inp['spare_share']}*C{j})", "int"),
        formula(f"C{j}-D{j}", "int"),
        formula(f"SUMPRODUCT({restarts}*{job.span('F')})", "num:#,##0.000"),
        formula(f'IF({per_day}>0,24/{per_day},"")', "decimal"),
        formula(f"{inp['checkpoint_gb']}*8/{inp['write_gbps']}", "decimal"),
        formula(f'IF({per_day}>0,SQRT(2*{delta}*{mtbi_s})/60,"")', "decimal"),
        formula(f'IF({per_day}>0,IF({delta}>=2*{mtbi_s},G{j}*60,{daly}),"")', "decimal"),
        formula(
            f"IF({per_day}>0,SUMPRODUCT({restarts}*{job.span('F')}*{job.span('M')})/{per_day},"
            f"{base_min})",
            "decimal",
        ),
        formula(f"K{j}+(IF({per_day}>0,J{j},0)+{delta}/60)/2", "decimal"),
        formula(f"IF({per_day}>0,J{j}*60/({segment}),1)", "percent"),
        formula(f"M{j}*E{j}/C{j}", "percent"),
        _price(tco.get("tco_usd_per_gpu_hour"), r.tco_usd_per_gpu_hour),
        formula(f'IF(ISNUMBER(O{j}),O{j}/N{j},"")', USD_HOUR),
        _price(tco.get("tco_usd_per_bf16_pflops_hour"), r.tco_usd_per_bf16_pflops_hour),
        formula(f'IF(ISNUMBER(Q{j}),Q{j}/N{j},"")', USD_HOUR),
        formula(f"SUMPRODUCT({losing})", "num:#,##0.000"),
        formula(f"IF(S{j}>0,SUMPRODUCT({losing}*{job.span('I')})/S{j},0)", "decimal"),
    ]


def _price(ref: str | None, value: float | None) -> Cell:
    """A nominal price: the TCO sheet's cell where the workbook has one, else the number."""
    return formula(ref, USD_HOUR) if ref is not None else number(value, USD_HOUR)


def _cause_row(
    job: _Job, inp: Mapping[str, str], cause: Cause, k: int, row: CauseRate
) -> list[Cell]:
    """Columns A-N of CAUSE_COLUMNS on row `k`: the rate on the training GPUs' share, the spare
    slots and cover and the recovery of `racks/goodput/checkpoint.py`."""
    j, repair = job.row, inp["repair_h"]

    def at(column: str) -> str:  # the job's row on the Goodput sheet
        return f"{JOBS_REF}${column}${j}"

    in_repair = f"{at('S')}/24*{repair}"
    cover = f"IF(I{k}=0,1,IF(K{k}=0,0,IF({in_repair}<=0,1,POISSON(K{k}-1,{in_repair},1))))"
    wait_min = f"(1-L{k})*{repair}/(K{k}+1)*60"
    return [
        text(job.result.system),
        text(row.name),
        text(cause.per),
        number(job.parts.counts[cause.per], "int"),
        number(cause.rate_per_year, "num:0.0000"),
        formula(f"E{k}*D{k}*{at('E')}/{at('B')}/{HOURS_PER_YEAR:g}*24", "num:#,##0.000"),
        formula(f'IF(AND(J{k}="yes",{at("F")}>0),F{k}/{at("F")},0)', "percent"),
        number(job.parts.blast[cause.outage], "int"),
        formula(f"MIN(H{k},{at('E')})", "int"),
        text("yes" if row.restart else "no"),
        formula(f"IF({at('D')}<I{k},0,1+IF({at('T')}>0,INT(({at('D')}-I{k})/{at('T')}),0))", "int"),
        formula(cover, "percent"),
        formula(f"{inp['detection_min']}+{inp['restart_min']}+{at('H')}/60+{wait_min}", "decimal"),
        text(cause.source),
    ]
