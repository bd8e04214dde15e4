"""The base of every input model and the id type, shared by provenance and ranges."""

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Id = Annotated[str, Field(strict=True, pattern=r"^[a-z0-9][a-z0-9_.+=@-]*$", max_length=120)]


class Strict(BaseModel):
    """Base for every input model: unknown fields are errors, instances are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
