"""Records behave as the frozen dataclasses they replace: each test defines a class once with
`@record` and once with `@dataclass`, and compares what both do. The package's classes are
cheap to define: records, never dataclasses, and pydantic models with their annotations as
objects."""

from __future__ import annotations

import ast
import copy
import importlib
import pickle
from dataclasses import (
    FrozenInstanceError,
    asdict,
    dataclass,
    field,
    fields,
    is_dataclass,
    replace,
)
from typing import Any, ClassVar, get_type_hints

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError
from test_structure import modules

from rackbom.components.records import record


def both(body: type, **options: Any) -> tuple[Any, Any]:
    """The class made from the same body by `record` and by `dataclass` (frozen unless said)."""
    namespace = {k: v for k, v in vars(body).items() if k not in ("__dict__", "__weakref__")}
    ours = record(**options)(type(body.__name__, body.__bases__, dict(namespace)))
    theirs_options = {"frozen": True, **options}
    theirs = dataclass(**theirs_options)(type(body.__name__, body.__bases__, dict(namespace)))
    return ours, theirs


class Point:
    x: float
    y: float = 0.0
    tags: list[str] = field(default_factory=list)
    note: str = field(default="", compare=False, repr=False)
    scale: ClassVar[int] = 3


@record
class Frozen:
    x: float
    y: float = 0.0


@record(slots=True)
class Cell:
    value: float | None
    style: str = "plain"


values = st.one_of(st.integers(), st.floats(allow_nan=True), st.text(max_size=5))


@given(values, values, st.lists(st.text(max_size=3), max_size=3), st.text(max_size=3))
def test_a_record_compares_hashes_and_prints_as_the_dataclass(
    x: Any, y: Any, tags: list[str], note: str
) -> None:
    ours, theirs = both(Point)
    a, b = ours(x, y, tags, note), theirs(x, y, tags, note)
    assert repr(a) == repr(b)
    assert (a == ours(x, y, list(tags), "other")) == (b == theirs(x, y, list(tags), "other"))
    assert asdict(a) == asdict(b)
    assert [f.name for f in fields(a)] == [f.name for f in fields(b)] == ["x", "y", "tags", "note"]
    frozen_a, frozen_b = ours(x, y, (), note), theirs(x, y, (), note)
    assert hash(frozen_a) == hash(frozen_b)
    assert vars(a) == vars(b) and list(vars(a)) == list(vars(b))


def test_a_record_has_the_fields_and_annotations_of_the_dataclass() -> None:
    """`record` shows `dataclasses` stand-ins for annotations written as text (this module's
    are) and puts them back: the fields' types, the class's annotations and its type hints are
    the dataclass's, and a class variable is no field."""
    ours, theirs = both(Point)

    def table(cls: Any) -> list[tuple[Any, ...]]:
        return [
            (f.name, f.type, f.default, f.default_factory, f.init, f.repr, f.compare, f.kw_only)
            for f in fields(cls)
        ]

    assert table(ours) == table(theirs)
    assert table(ours)[0][:2] == ("x", "float")
    assert ours.__annotations__ == theirs.__annotations__ == Point.__annotations__
    assert get_type_hints(ours) == get_type_hints(theirs)
    assert ours.scale == 3 and "scale" not in {f.name for f in fields(ours)}
    assert [f.type for f in fields(Cell)] == ["float | None", "str"]
    assert Cell.__annotations__ == {"value": "float | None", "style": "str"}  # slots: a new class


@pytest.mark.parametrize("annotation", ["InitVar[int]", "dataclasses.KW_ONLY"])
def test_a_record_refuses_what_it_does_not_support(annotation: str) -> None:
    body = type("Odd", (), {"__annotations__": {"x": "int", "y": annotation}})
    with pytest.raises(TypeError, match="does not support"):
        record(body)


def test_a_record_takes_arguments_as_the_dataclass() -> None:
    ours, theirs = both(Point)
    for args, kwargs in [((1,), {}), ((1, 2), {"note": "n"}), ((), {"x": 1, "tags": ["a"]})]:
        assert vars(ours(*args, **kwargs)) == vars(theirs(*args, **kwargs))
    assert ours(1).tags is not ours(1).tags
    for args, kwargs in [((), {}), ((1, 2, [], "", 5), {}), ((1,), {"x": 2}), ((1,), {"z": 2})]:
        with pytest.raises(TypeError):
            theirs(*args, **kwargs)
        with pytest.raises(TypeError):
            ours(*args, **kwargs)


def test_a_frozen_record_refuses_changes_and_replace_makes_a_new_one() -> None:
    point = Frozen(1.0)
    with pytest.raises(FrozenInstanceError):
        point.x = 2.0
    with pytest.raises(FrozenInstanceError):
        del point.y
    moved = replace(point, x=5.0)
    assert (moved.x, moved.y, point.x) == (5.0, 0.0, 1.0)
    assert copy.deepcopy(point) == point
    assert pickle.loads(pickle.dumps(point)) == point


def test_fields_set_after_init_and_a_mutable_record() -> None:
    class Totals:
        parts: list[int]
        total: int = field(init=False)
        seen: dict[str, int] = field(init=False, default_factory=dict)

        def __post_init__(self) -> None:
            object.__setattr__(self, "total", sum(self.parts))

    ours, theirs = both(Totals)
    assert vars(ours([1, 2])) == vars(theirs([1, 2])) == {"parts": [1, 2], "seen": {}, "total": 3}
    with pytest.raises(TypeError):
        ours([1], total=3)
    builder = record(frozen=False)(type("Builder", (), {"__annotations__": {"n": "int"}}))
    made = builder(1)
    made.n = 2
    assert made.n == 2 and made == builder(2)
    with pytest.raises(TypeError):
        hash(made)


def test_keyword_only_identity_equality_and_subclasses() -> None:
    class Named:
        name: str
        size: int = 1

    ours, _ = both(Named, kw_only=True)
    assert ours(name="a").size == 1
    with pytest.raises(TypeError):
        ours("a")
    plain, _ = both(Named, eq=False)
    first, second = plain("a"), plain("a")
    assert first != second and len({first, second}) == 2

    base, _ = both(Named)
    child = record(type("Child", (base,), {"__annotations__": {"extra": "int"}, "extra": 0}))
    made = child("b", 2, 3)
    assert repr(made) == "Child(name='b', size=2, extra=3)"
    assert made != base("b", 2) and made == child("b", 2, 3)


def test_a_record_keeps_methods_its_class_defines() -> None:
    class Keyed:
        key: str
        weight: float

        def __eq__(self, other: object) -> bool:
            return isinstance(other, type(self)) and self.key == other.key

        def __hash__(self) -> int:
            return hash(self.key)

        def __repr__(self) -> str:
            return f"<{self.key}>"

    ours, theirs = both(Keyed)
    for cls in (ours, theirs):
        assert cls("a", 1.0) == cls("a", 2.0)
        assert hash(cls("a", 1.0)) == hash("a")
        assert repr(cls("a", 1.0)) == "<a>"


def test_a_record_with_slots_is_frozen_and_pickles() -> None:
    cell = Cell(1.5)
    assert not hasattr(cell, "__dict__") and Cell.__slots__ == ("value", "style")
    with pytest.raises(FrozenInstanceError):
        cell.style = "bold"
    assert pickle.loads(pickle.dumps(cell)) == cell
    assert hash(cell) == hash((1.5, "plain"))


def test_every_class_of_the_package_is_a_record_with_a_docstring() -> None:
    """The package's modules make their typed classes with `record`; a `dataclass` decorator
    would bring back the compiled methods a command pays for at start-up. Each record says
    what it is: one without a docstring gets one from `dataclasses`, which reads the class's
    signature by parsing text, milliseconds for the first such class of a run."""
    package = modules()
    made_as_dataclass, undocumented = [], []
    for name, path in package.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for decorator in node.decorator_list:
                    called = decorator.func if isinstance(decorator, ast.Call) else decorator
                    if ast.unparse(called) in ("dataclass", "dataclasses.dataclass"):
                        made_as_dataclass.append(f"{name}.{node.name}")
                    if ast.unparse(called) == "record" and ast.get_docstring(node) is None:
                        undocumented.append(f"{name}.{node.name}")
    assert not made_as_dataclass
    assert not undocumented
    assert "rackbom.components.records" in package


def test_every_pydantic_model_of_the_package_has_its_annotations_as_objects() -> None:
    """The package's few pydantic models (the device-type file's and the type library's) are
    in modules without `from __future__ import annotations`: pydantic evaluates each string
    annotation as it defines the model, which costs every command that defines it (a validator
    that returns its model says `Self`). Every input model is a `Strict` record instead."""
    package = modules()
    for name in package:
        if not name.endswith("__main__"):
            importlib.import_module(name)
    defined, pending = set(), [BaseModel]
    while pending:
        for subclass in pending.pop().__subclasses__():
            pending.append(subclass)
            if subclass.__module__ in package:
                defined.add(subclass.__module__)
    future = "from __future__ import annotations"
    with_strings = sorted(n for n in defined if future in package[n].read_text(encoding="utf-8"))
    assert defined == {
        "rackbom.racks.dcim.dcim_model",
        "rackbom.racks.dcim.type_library",
        "rackbom.racks.dcim.vocabulary",
    }
    assert not with_strings


def test_an_input_model_is_a_record_pydantic_validates() -> None:
    """A `Strict` model is a record: made without pydantic, validated by it when data is read
    (unknown fields refused, bounds held, the fields the data set remembered), frozen."""
    from rackbom.components.parts import Gpu
    from rackbom.components.strict import Strict

    assert issubclass(Gpu, Strict) and not issubclass(Gpu, BaseModel)
    assert is_dataclass(Gpu)
    data = {"id": "g", "name": "G", "manufacturer": "M", "source": "s", "hbm_gb": 1.0}
    gpu = Gpu.model_validate(data)
    assert gpu.model_fields_set == data.keys()
    assert gpu.price_usd is None and "price_usd" not in gpu.model_fields_set
    assert Gpu(**data) == gpu
    with pytest.raises(ValidationError):
        Gpu.model_validate({**data, "colour": "red"})
    with pytest.raises(ValidationError):
        Gpu(**{**data, "hbm_gb": -1})
    with pytest.raises(FrozenInstanceError):
        gpu.name = "H"  # type: ignore[misc]  # a frozen record refuses assignment
    assert gpu.model_copy(update={"name": "H"}).name == "H"
    assert gpu.model_dump(exclude_unset=True) == data
