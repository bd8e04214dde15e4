"""Records: the typed result classes of the model, made without compiling code.

`@dataclass(frozen=True)` writes the source of six methods for each class and compiles it, about
0.6 ms a class on Python 3.11; with some 200 result classes that was most of what a command did
before its first figure. `record` makes the class through `dataclasses` with none of those
methods, so `fields`, `replace`, `asdict` and type checkers see a dataclass as before, then gives
it methods shared by every record that read the class's table of fields. They behave as the
dataclass's own: fields set in order, defaults and factories, `__post_init__`, keyword-only
fields, equality and hash over the compared fields, the same `repr`, and a frozen record refuses
`setattr` and `delattr`. While `dataclasses` makes the class it sees stand-ins for annotations
written as text (`_stand_in`), which it would otherwise match against its markers one by one;
the written ones are put back. An `InitVar` or a `KW_ONLY` marker is refused (`kw_only=True`
makes every field keyword-only).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, fields
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, ClassVar, TypeVar, dataclass_transform, overload

T = TypeVar("T")

_set = object.__setattr__


@overload
def record(cls: type[T], /) -> type[T]: ...


@overload
def record(
    *,
    frozen: bool = True,
    eq: bool = True,
    repr: bool = True,
    kw_only: bool = False,
    slots: bool = False,
    init: bool = True,
) -> Callable[[type[T]], type[T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field,))
def record(
    cls: type[T] | None = None,
    /,
    *,
    frozen: bool = True,
    eq: bool = True,
    repr: bool = True,
    kw_only: bool = False,
    slots: bool = False,
    init: bool = True,
) -> type[T] | Callable[[type[T]], type[T]]:
    """Make `cls` a record: a dataclass, frozen unless `frozen=False`; `init=False` leaves
    `__init__` to the class or its bases."""

    def make(cls: type[T]) -> type[T]:
        return _make(cls, frozen=frozen, eq=eq, repr=repr, kw_only=kw_only, slots=slots, init=init)

    return make if cls is None else make(cls)


def _make(
    cls: type[T], *, frozen: bool, eq: bool, repr: bool, kw_only: bool, slots: bool, init: bool
) -> type[T]:
    own = cls.__dict__
    written: dict[str, Any] = own.get("__annotations__", {})
    cls.__annotations__ = {name: _stand_in(name, a) for name, a in written.items()}
    try:
        made: Any = dataclasses.dataclass(
            cls, init=False, repr=False, eq=False, kw_only=kw_only, slots=slots
        )
    finally:
        cls.__annotations__ = written
    if made is not cls:  # with slots, dataclasses made a new class from the stand-ins
        made.__annotations__ = written
    table = fields(made)
    for f in table:
        if f.name in written:
            f.type = written[f.name]
    names = tuple(f.name for f in table)
    if init and "__init__" not in own:
        made.__init__ = _init(made, table)
    if repr and "__repr__" not in own:
        made.__repr__ = _repr(tuple(f.name for f in table if f.repr))
    if eq and "__eq__" not in own:
        made.__eq__ = _eq(_values(tuple(f.name for f in table if f.compare)))
    own_hash = own.get("__hash__", MISSING)
    explicit_hash = own_hash is not MISSING and not (own_hash is None and "__eq__" in own)
    if eq and not explicit_hash:
        hashed = tuple(f.name for f in table if (f.compare if f.hash is None else f.hash))
        made.__hash__ = _hash(_values(hashed)) if frozen else None
    if frozen:
        made.__setattr__, made.__delattr__ = _refusals(made, frozenset(names))
        if slots:
            made.__getstate__, made.__setstate__ = _slot_state(names)
    return made


_FIELD = object()
"""What `dataclasses` is shown for a field's annotation written as text (as a module with
postponed annotations has them all): for text it matches each annotation against `ClassVar`,
`InitVar` and `KW_ONLY` with a pattern and the module's names, several times a field."""


def _stand_in(name: str, annotation: Any) -> Any:
    """The annotation `dataclasses` is shown while it makes the record: a class variable's is
    `ClassVar`, a field's `_FIELD`; the written annotations are put back once it is made."""
    if not isinstance(annotation, str):
        return annotation
    head = annotation.split("[", 1)[0].strip().rpartition(".")[2]
    if head == "ClassVar":
        return ClassVar
    if head in ("InitVar", "KW_ONLY"):
        raise TypeError(f"a record does not support {head} ({name})")
    return _FIELD


def _init(cls: type, table: tuple[dataclasses.Field[Any], ...]) -> Callable[..., None]:
    positional = tuple(f.name for f in table if f.init and not f.kw_only)
    steps = tuple((f.name, f.init, f.default, f.default_factory) for f in table)
    post_init = hasattr(cls, "__post_init__")
    name = cls.__qualname__

    def __init__(self: Any, /, *args: Any, **given: Any) -> None:
        if len(args) > len(positional):
            raise TypeError(f"{name}() takes {len(positional)} positional arguments")
        for field_name, value in zip(positional, args, strict=False):
            if field_name in given:
                raise TypeError(f"{name}() got multiple values for {field_name!r}")
            given[field_name] = value
        for field_name, init, default, factory in steps:
            if init and field_name in given:
                value = given.pop(field_name)
            elif default is not MISSING:
                value = default
            elif factory is not MISSING:
                value = factory()
            elif init:
                raise TypeError(f"{name}() missing argument {field_name!r}")
            else:
                continue
            _set(self, field_name, value)
        if given:
            raise TypeError(f"{name}() got unexpected arguments {', '.join(map(repr, given))}")
        if post_init:
            self.__post_init__()

    return __init__


def _repr(names: tuple[str, ...]) -> Callable[[Any], str]:
    @recursive_repr()
    def __repr__(self: Any) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__qualname__}({shown})"

    return __repr__


def _values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """The tuple of the named fields' values, as the dataclass's methods compare and hash it."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda self: (one(self),)
    return lambda self: ()


def _eq(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any, object], bool]:
    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return values(self) == values(other)

    return __eq__


def _hash(values: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], int]:
    def __hash__(self: Any) -> int:
        return hash(values(self))

    return __hash__


def _refusals(
    cls: type[Any], names: frozenset[str]
) -> tuple[Callable[[Any, str, Any], None], Callable[[Any, str], None]]:
    """A frozen record's `__setattr__` and `__delattr__`: a field, or any name on the record's
    own class, cannot be set or deleted (a subclass that is not frozen may add attributes)."""

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __setattr__, __delattr__


def _slot_state(
    names: tuple[str, ...],
) -> tuple[Callable[[Any], list[Any]], Callable[[Any, list[Any]], None]]:
    """Pickling for a frozen record with slots, which has no `__dict__` to restore."""

    def __getstate__(self: Any) -> list[Any]:
        return [getattr(self, name) for name in names]

    def __setstate__(self: Any, state: list[Any]) -> None:
        for name, value in zip(names, state, strict=True):
            _set(self, name, value)

    return __getstate__, __setstate__
