"""The base of every input model and the id type, shared by provenance and ranges.

An input model is a record (`components/records.py`) that pydantic validates when data is read:
its class is made as cheaply as a result's, so a run that reads validated data from the cache
(`components/cache.py`) defines no pydantic model at all, and pydantic builds a model's
validator only when a file is validated. Fields take bounds and defaults as a pydantic model's
do (`Field(...)`, constrained types from `components/limits.py`), `model_validator`s check the
whole, and the few model methods the code uses behave as pydantic's: `model_validate`,
`model_fields`, `model_fields_set`, `model_copy`, `model_construct`, `model_dump`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from typing import Annotated, Any, ClassVar, Literal, Self, dataclass_transform, get_type_hints

from pydantic import ConfigDict, Field, TypeAdapter, model_validator
from pydantic.fields import FieldInfo
from pydantic_core import CoreSchema

from .records import record

Id = Annotated[str, Field(strict=True, pattern=r"^[a-z0-9][a-z0-9_.+=@-]*$", max_length=120)]

_GIVEN = "_given"
"""The attribute holding the names of the fields an instance's data set (not defaulted)."""


class _FieldTable:
    """`Model.model_fields`: each field's pydantic `FieldInfo`, by name, made once per class."""

    def __get__(self, instance: object, owner: type) -> Fields:
        if owner not in _FIELDS:
            _FIELDS[owner] = Fields(owner)
        return _FIELDS[owner]


class Fields(Mapping[str, FieldInfo]):
    """A model's fields by name, in order: the names are the record's, so asking which fields
    a model has costs nothing; each `FieldInfo` is read (annotations evaluated) when first
    asked for."""

    def __init__(self, model: type) -> None:
        self._model = model
        self.table = dataclasses.fields(model)
        """The record's fields, as `dataclasses.fields` gives them."""
        self._names = tuple(f.name for f in self.table)
        self._known = frozenset(self._names)
        self._infos: dict[str, FieldInfo] | None = None

    def __getitem__(self, name: str) -> FieldInfo:
        if self._infos is None:
            self._infos = _read_fields(self._model, self.table)
        return self._infos[name]

    def __contains__(self, name: object) -> bool:
        return name in self._known

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(Field,))
class Strict:
    """Base for every input model: unknown fields are errors, instances are immutable, and
    making one (`Model(...)`, `Model.model_validate(data)`) validates its data."""

    __pydantic_config__: ClassVar[ConfigDict] = ConfigDict(extra="forbid")
    __pydantic_core_schema__: ClassVar[CoreSchema]
    """Set on a model's own class once its validator is built (`_adapter`)."""
    model_fields: ClassVar[_FieldTable] = _FieldTable()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        record(init=False)(cls)

    def __init__(self, **data: Any) -> None:
        made = _adapter(type(self)).validate_python(data)
        self.__dict__.update(made.__dict__)

    @model_validator(mode="wrap")
    @classmethod
    def _keep_given(cls, data: Any, handler: Callable[[Any], Self]) -> Self:
        made = handler(data)
        if isinstance(data, dict) and made is not data:
            made.__dict__[_GIVEN] = frozenset(data).intersection(made.model_fields)
        return made

    @classmethod
    def model_validate(cls, data: Any) -> Self:
        """An instance validated from `data` (a mapping, or an instance)."""
        return _adapter(cls).validate_python(data)

    @classmethod
    def model_construct(cls, **values: Any) -> Self:
        """An instance of trusted `values`, not validated; other fields take their defaults."""
        made = object.__new__(cls)
        for f in cls.model_fields.table:
            if f.name not in values and (default := _default(f)) is not dataclasses.MISSING:
                made.__dict__[f.name] = default
        made.__dict__.update(values)
        made.__dict__[_GIVEN] = frozenset(values)
        return made

    @property
    def model_fields_set(self) -> frozenset[str]:
        """The fields this instance's data set, as opposed to those left to their defaults."""
        given: frozenset[str] = self.__dict__.get(_GIVEN, frozenset())
        return given

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Self:
        """A copy with some fields replaced, not validated (as pydantic's `model_copy`)."""
        made = object.__new__(type(self))
        made.__dict__.update(self.__dict__)
        if update:
            made.__dict__.update(update)
            made.__dict__[_GIVEN] = self.model_fields_set.union(update)
        return made

    def model_dump(
        self,
        *,
        mode: Literal["python", "json"] = "python",
        exclude: set[str] | None = None,
        exclude_unset: bool = False,
        exclude_defaults: bool = False,
        exclude_none: bool = False,
    ) -> dict[str, Any]:
        """The instance as a mapping, as pydantic's `model_dump`; `exclude_unset` leaves out,
        at every depth, what an instance's data did not set."""
        left_out: dict[Any, Any] = (_unset(self) if exclude_unset else None) or {}
        for name in exclude or ():
            left_out[name] = True
        dumped: dict[str, Any] = _adapter(type(self)).dump_python(
            self,
            mode=mode,
            exclude=left_out or None,
            exclude_defaults=exclude_defaults,
            exclude_none=exclude_none,
        )
        return dumped


_ADAPTERS: dict[type, TypeAdapter[Any]] = {}
_FIELDS: dict[type, Fields] = {}


def _adapter(model: type[Strict]) -> TypeAdapter[Any]:
    """The validator and serialiser of a model, built when first used. Its schema is kept on
    the class, where pydantic finds it when another model holds this one (a design's inline
    catalogue), as it keeps a pydantic model's."""
    if model not in _ADAPTERS:
        adapter: TypeAdapter[Any] = TypeAdapter(model)
        model.__pydantic_core_schema__ = adapter.core_schema
        _ADAPTERS[model] = adapter
    return _ADAPTERS[model]


def _default(f: dataclasses.Field[Any]) -> Any:
    """A field's default value (its factory called), or `MISSING` where it is required."""
    if isinstance(f.default, FieldInfo):
        return (
            dataclasses.MISSING
            if f.default.is_required()
            else f.default.get_default(call_default_factory=True)
        )
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return f.default


def _read_fields(model: type, table: tuple[dataclasses.Field[Any], ...]) -> dict[str, FieldInfo]:
    """Each field's `FieldInfo` as pydantic reads it."""
    hints = get_type_hints(model, include_extras=True)
    infos = {}
    for f in table:
        if f.default is not dataclasses.MISSING:
            info = FieldInfo.from_annotated_attribute(hints[f.name], f.default)
        elif f.default_factory is not dataclasses.MISSING:
            info = FieldInfo.from_annotated_attribute(
                hints[f.name], Field(default_factory=f.default_factory)
            )
        else:
            info = FieldInfo.from_annotation(hints[f.name])
        infos[f.name] = info
    return infos


def _unset(value: Any) -> Any:
    """What to leave out of `value`'s dump for `exclude_unset`: per instance, the fields its
    data did not set, and within the fields it did, the same again; None where nothing is."""
    if isinstance(value, Strict):
        given = value.model_fields_set
        out: dict[Any, Any] = {}
        for name in value.model_fields:
            inner = _unset(getattr(value, name)) if name in given else True
            if inner:
                out[name] = inner
        return out or None
    if isinstance(value, list | tuple):
        items = {i: inner for i, item in enumerate(value) if (inner := _unset(item))}
        return items or None
    if isinstance(value, dict):
        entries = {k: inner for k, item in value.items() if (inner := _unset(item))}
        return entries or None
    return None
