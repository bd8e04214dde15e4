"""Reliability data: what interrupts a training job, per kind of part, and how it recovers.

A cause's rate is counted per kind of part (`per`), never per part id, so a renamed or new part
of a kind keeps its rate; `outage` is what the fault takes out of service until repair. Every
figure is a value with its `low` and `high` beside it and a source.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal, Self

from pydantic import Field, model_validator

from .cache import cached
from .catalogue import builtin_catalogue, suggest
from .errors import InputError
from .limits import LIST_MAX, Count, Fraction, Name, NonNegative, Positive, PositiveCount
from .package_data import data_folder
from .provenance import Id, Source, Strict
from .yamlio import read_yaml_file, read_yaml_text, validate_model

FILE = "rackbom/components/data/reliability.yaml"
Per = Literal["gpu", "compute_tray", "cpu", "nic", "nic_port", "switch_chip"]
Outage = Literal["tray", "nic", "switch_tray", "job"]


def _in_range(value: float, low: float, high: float) -> None:
    if not low <= value <= high:
        raise ValueError(f"needs low <= value <= high, not {low:g}, {value:g}, {high:g}")


class Cause(Strict):
    """One cause of interruptions: its rate per part per year and what it takes out."""

    id: Id
    name: Name
    per: Per = Field(description="The kind of part the rate is counted per.")
    outage: Outage = Field(description="What is out of service until repair.")
    rate_per_year: NonNegative = Field(description="Interruptions per part per year.")
    low: NonNegative
    high: NonNegative
    source: Id

    @model_validator(mode="after")
    def _ranged(self) -> Self:
        _in_range(self.rate_per_year, self.low, self.high)
        return self


class Figure(Strict):
    """One recovery figure with its range."""

    value: Positive
    low: Positive
    high: Positive
    source: Id

    @model_validator(mode="after")
    def _ranged(self) -> Self:
        _in_range(self.value, self.low, self.high)
        return self


class ShareFigure(Strict):
    """A share of a job's GPUs with its range."""

    value: Fraction
    low: Fraction
    high: Fraction
    source: Id

    @model_validator(mode="after")
    def _ranged(self) -> Self:
        _in_range(self.value, self.low, self.high)
        return self


class Recovery(Strict):
    """Checkpoint and recovery defaults."""

    checkpoint_gb: Figure = Field(description="Model state each GPU writes per checkpoint, GB.")
    write_gbps: Figure = Field(description="Storage write bandwidth per GPU, Gb/s.")
    detection_min: Figure = Field(description="From the fault to the job stopping, minutes.")
    restart_min: Figure = Field(description="Relaunch before the checkpoint reload, minutes.")
    repair_h: Figure = Field(description="A failed tray or NIC out of the spare pool, hours.")
    spare_share: ShareFigure = Field(description="Hot spares as a share of the job's GPUs.")


class PublishedRun(Strict):
    """A published training run's interruptions and effective training time, and the built-in
    system (resized to the run's cluster) rackbom sets beside it."""

    id: Id
    name: Name
    gpu: Name = Field(description="The GPU the run used, as published.")
    system: Id = Field(description="The built-in cluster rackbom models it on.")
    system_gpus: PositiveCount = Field(description="GPUs of the cluster the run had.")
    gpus: PositiveCount = Field(description="GPUs the job trained on.")
    days: Positive = Field(description="The period the counts cover.")
    interruptions: Count = Field(description="Unexpected interruptions in the period.")
    ettr: Fraction = Field(description="Effective training time ratio, as published.")
    source: Id


class ReliabilityData(Strict):
    """The contents of a reliability data file."""

    causes: list[Cause] = Field(min_length=1, max_length=LIST_MAX)
    recovery: Recovery
    published: list[PublishedRun] = Field(default_factory=list, max_length=LIST_MAX)
    sources: list[Source] = Field(default_factory=list, max_length=LIST_MAX)
    """A user's file may state the sources its figures rest on."""


@cache
def reliability_data() -> ReliabilityData:
    """The built-in reliability data, loaded once per process, its sources checked."""
    text = data_folder("rackbom.components.data").joinpath("reliability.yaml").read_text("utf-8")
    data = cached(
        "reliability",
        text.encode(),
        lambda: validate_model(ReliabilityData, read_yaml_text(text, FILE), FILE),
    )
    _check_sources(data, FILE)
    return data


def load_reliability(path: str | Path | None) -> ReliabilityData:
    """A user's reliability file (the built-in data where None), validated and its sources
    checked against the catalogue's and its own."""
    if path is None:
        return reliability_data()
    return parse_reliability(read_yaml_file(Path(path)), str(path))


def is_reliability_file(raw: object) -> bool:
    """Whether parsed YAML is a reliability file (it states causes of interruption)."""
    return isinstance(raw, dict) and "causes" in raw


def parse_reliability(raw: object, file: str) -> ReliabilityData:
    """Parsed YAML as reliability data, validated and its sources checked."""
    data = validate_model(ReliabilityData, raw, file)
    _check_sources(data, file)
    return data


def _check_sources(data: ReliabilityData, file: str) -> None:
    sources = set(builtin_catalogue().sources) | {s.id for s in data.sources}
    named = [(f"causes[{i}]", c.source) for i, c in enumerate(data.causes)]
    named += [(f"recovery.{n}", getattr(data.recovery, n).source) for n in Recovery.model_fields]
    named += [(f"published[{i}]", run.source) for i, run in enumerate(data.published)]
    for where, source in named:
        if source not in sources:
            known = suggest(source, sources)
            raise InputError(file, f"{where}.source", f"unknown source {source!r}{known}")
