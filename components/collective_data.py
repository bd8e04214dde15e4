"""Collective-communication data: interconnects, published measurements, communication workloads.

Line rates live on the parts and designs; an interconnect entry holds what a collective library
gets out of them (the achievable share of line rate, per-step latency, per-call overhead) and
which GPUs (scale-up), NICs and network profiles (scale-out) name it as theirs.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, Literal, Self

from pydantic import Field, model_validator

from .cache import cached
from .catalogue import Catalogue, builtin_catalogue, suggest
from .errors import InputError
from .limits import LIST_MAX, Name, Text
from .network_profiles import NetworkProfile
from .package_data import data_folder
from .parts import Gpu, InNetworkReduction, Nic
from .provenance import Id, NonNegative, Positive, PositiveCount, Sourced, Strict
from .yamlio import read_yaml_text, validate_model

OPS = ("all_reduce", "all_gather", "reduce_scatter", "all_to_all")
Op = Literal["all_reduce", "all_gather", "reduce_scatter", "all_to_all"]
ALGORITHMS = ("ring", "tree", "nvls", "nvls_tree", "collnet", "hierarchical", "direct")
Algorithm = Literal["ring", "tree", "nvls", "nvls_tree", "collnet", "hierarchical", "direct"]
BYTES_MAX = 10**15
"""The largest message modelled, bytes (a petabyte)."""
BINARY_UNITS = {"KiB": 2**10, "MiB": 2**20, "GiB": 2**30, "TiB": 2**40}
"""Bytes per binary unit of a message size, as `--size` reads them and outputs write them."""

Share = Annotated[float, Field(strict=True, gt=0, le=1, allow_inf_nan=False)]
Bytes = Annotated[int, Field(strict=True, ge=1, le=BYTES_MAX)]
FILE = "rackbom/components/data/collectives.yaml"


class InNetwork(Sourced):
    """What a collective library gets from switches that reduce data passing through them."""

    kind: InNetworkReduction = Field(description="The switch trait this needs.")
    share: Share = Field(
        description="Algorithm bandwidth of an in-network all-reduce over the achievable rate."
    )
    latency_us: NonNegative = Field(description="Latency of one in-network collective, us.")
    by_default: bool = Field(
        default=True, description="Whether the library uses it without being told to."
    )


class Interconnect(Sourced):
    """One interconnect as a collective library sees it."""

    id: Id
    name: Name
    tier: Literal["scale_up", "scale_out"]
    efficiency: Share = Field(description="Achievable share of line rate in a collective.")
    step_latency_us: NonNegative = Field(description="Latency of one algorithm step, us.")
    hop_latency_us: NonNegative = Field(default=0, description="Added per switch hop, us.")
    call_overhead_us: NonNegative = Field(description="Fixed cost of one collective call, us.")
    peer_overhead_us: NonNegative = Field(
        description="Cost of each peer an all-to-all sends to and receives from, us."
    )
    in_network: InNetwork | None = Field(
        default=None, description="In-network reduction, where its switches have it."
    )
    channels_per_nic: PositiveCount = Field(
        default=1,
        description="Channels a library runs per host NIC across scale-up domains, each leaving "
        "the domain through a NIC of its own (scale-out).",
    )


class NoInterconnect(InputError):
    """A GPU, NIC or network profile that names no interconnect: nothing to model."""


class Measurement(Sourced):
    """A published large-message result the model is held to."""

    id: Id
    name: Name
    system: Id = Field(description="The built-in design or cluster it was measured on.")
    scale_up_gbps_per_gpu: Positive | None = Field(
        default=None, description="The measured system's scale-up line rate, where it differs."
    )
    op: Op
    bytes: Bytes
    gpus: PositiveCount
    busbw_gbytes_per_s: Positive = Field(description="Bus bandwidth as nccl-tests prints it.")
    algorithm: Algorithm | None = Field(
        default=None, description="The algorithm the run used, where its source says."
    )
    pinned: bool = Field(
        default=False, description="Whether the run forced its algorithm (NCCL_ALGO)."
    )

    @model_validator(mode="after")
    def _pinned_names_one(self) -> Self:
        if self.pinned and self.algorithm is None:
            raise ValueError("a run that forced its algorithm names it (algorithm:)")
        return self


class CommWorkload(Sourced):
    """A collective repeated each step beside the step's compute."""

    id: Id
    name: Name
    description: Text | None = None
    op: Op
    bytes: Bytes
    per_step: PositiveCount
    gpus: PositiveCount = Field(description="Group size; capped at the system's GPUs.")
    tflop_per_gpu_step: Positive = Field(description="Dense BF16 work per GPU per step, TFLOP.")
    compute_efficiency: Share = Field(description="Share of dense BF16 peak the compute runs at.")


class CollectivesFile(Strict):
    """The contents of a collectives data file."""

    interconnects: list[Interconnect] = Field(min_length=1, max_length=LIST_MAX)
    measurements: list[Measurement] = Field(default_factory=list, max_length=LIST_MAX)
    workloads: list[CommWorkload] = Field(default_factory=list, max_length=LIST_MAX)


class CollectiveData:
    """The interconnects by id and the checked entries; a GPU, NIC or network profile names
    the interconnect it uses."""

    def __init__(self, content: CollectivesFile, file: str) -> None:
        catalogue = builtin_catalogue()
        self.interconnects = {i.id: i for i in content.interconnects}
        self.measurements = tuple(content.measurements)
        self.workloads = {w.id: w for w in content.workloads}
        for section in ("interconnects", "measurements", "workloads"):
            for index, entry in enumerate(getattr(content, section)):
                _check_sources(entry, catalogue.sources, file, f"{section}[{index}]")
        for index, link in enumerate(content.interconnects):
            if link.in_network is not None:
                where = f"interconnects[{index}].in_network"
                _check_sources(link.in_network, catalogue.sources, file, where)
        users = [*catalogue.parts.values(), *catalogue.network_profiles.values()]
        for user in users:
            if isinstance(user, Gpu | Nic | NetworkProfile) and user.interconnect is not None:
                self.used_by(user, catalogue)

    def used_by(self, user: Gpu | Nic | NetworkProfile, catalogue: Catalogue) -> Interconnect:
        """The interconnect a GPU (scale-up), NIC or network profile (scale-out) of `catalogue`
        names; NoInterconnect where it names none."""
        is_part = isinstance(user, Gpu | Nic)
        section = "parts" if is_part else "network_profiles"
        what = user.kind_label if isinstance(user, Gpu | Nic) else "network profile"
        file = catalogue.origin.get((section, user.id))
        where = f"{section}(id={user.id}).interconnect"
        if user.interconnect is None:
            raise NoInterconnect(file, where, f"no interconnect for {what} {user.id!r}")
        link = self.interconnects.get(user.interconnect)
        if link is None:
            known = suggest(user.interconnect, self.interconnects)
            raise InputError(file, where, f"unknown interconnect {user.interconnect!r}{known}")
        tier = "scale_up" if isinstance(user, Gpu) else "scale_out"
        if link.tier != tier:
            raise InputError(file, where, f"{link.id!r} is {link.tier}; a {what} needs {tier}")
        return link

    def workload(self, name: str) -> CommWorkload:
        """A communication workload by id."""
        if name not in self.workloads:
            raise InputError(None, "workload", f"unknown {name!r}{suggest(name, self.workloads)}")
        return self.workloads[name]


def _check_sources(entry: Sourced, sources: dict[str, Any], file: str, where: str) -> None:
    for name, source_id in {"source": entry.source, **entry.sources}.items():
        if source_id not in sources:
            known = suggest(source_id, sources)
            raise InputError(file, f"{where}.{name}", f"unknown source {source_id!r}{known}")


@cache
def collective_data() -> CollectiveData:
    """The built-in collectives data, loaded once per process."""
    text = data_folder("rackbom.components.data").joinpath("collectives.yaml").read_text("utf-8")
    content = cached(
        "collectives",
        text.encode(),
        lambda: validate_model(CollectivesFile, read_yaml_text(text, FILE), FILE),
    )
    return CollectiveData(content, FILE)
