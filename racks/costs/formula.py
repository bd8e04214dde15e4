"""Arithmetic over named values, written once and either evaluated or written as a formula: the
expression types only, so that the rule they spell can be held by a types module.

The cost of ownership is a list of such expressions (`racks/costs/terms.py`). Python evaluates
them for every output; the workbook writes the same expressions as live spreadsheet formulas,
so the two cannot disagree. A value that does not apply (a ratio over zero) is None in Python
and an empty cell in the spreadsheet, and whatever is computed from it is too.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import Literal

from ...components.records import record

Origin = Literal["input", "basis", "term"]
"""Where a named value comes from: a profile input, the system's totals, or another term."""
Key = tuple[Origin, str]
Values = Mapping[Key, float | None]
Refer = Callable[[Key], str]
"""A named value -> the spreadsheet reference that holds it."""


class Expr(ABC):
    """An expression; `+ - * /` build larger ones, numbers mix in as constants."""

    @abstractmethod
    def evaluate(self, values: Values) -> float | None:
        """The value, or None where a ratio it needs has nothing to divide by."""

    @abstractmethod
    def formula(self, refer: Refer) -> str:
        """The spreadsheet formula (without `=`), with names written through `refer`."""

    @abstractmethod
    def names(self) -> frozenset[Key]:
        """Every named value the expression reads."""

    @staticmethod
    def lift(value: Expr | float) -> Expr:
        """An expression as it is, a number as a constant."""
        return value if isinstance(value, Expr) else Const(float(value))

    @staticmethod
    def total(*parts: Expr) -> Expr:
        """The sum of `parts`."""
        out = parts[0]
        for part in parts[1:]:
            out = out + part
        return out

    def __add__(self, other: Expr | float) -> Expr:
        return Op("+", self, Expr.lift(other))

    def __radd__(self, other: float) -> Expr:
        return Op("+", Expr.lift(other), self)

    def __sub__(self, other: Expr | float) -> Expr:
        return Op("-", self, Expr.lift(other))

    def __mul__(self, other: Expr | float) -> Expr:
        return Op("*", self, Expr.lift(other))

    def __rmul__(self, other: float) -> Expr:
        return Op("*", Expr.lift(other), self)

    def __truediv__(self, other: Expr | float) -> Expr:
        return Op("/", self, Expr.lift(other))


@record(eq=False)
class Const(Expr):
    """A number written into the formula."""

    value: float

    def evaluate(self, values: Values) -> float:
        return self.value

    def formula(self, refer: Refer) -> str:
        return repr(self.value)

    def names(self) -> frozenset[Key]:
        return frozenset()


@record(eq=False)
class Name(Expr):
    """An input, by its origin and key: the workbook refers to its cell."""

    origin: Origin
    key: str

    def evaluate(self, values: Values) -> float | None:
        return values[(self.origin, self.key)]

    def formula(self, refer: Refer) -> str:
        return refer((self.origin, self.key))

    def names(self) -> frozenset[Key]:
        return frozenset({(self.origin, self.key)})


_APPLY: dict[str, Callable[[float, float], float]] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b,
}


@record(eq=False)
class Op(Expr):
    """A binary operation. Division by a divisor that is never zero by its bounds only."""

    op: str
    left: Expr
    right: Expr

    def evaluate(self, values: Values) -> float | None:
        a, b = self.left.evaluate(values), self.right.evaluate(values)
        return None if a is None or b is None else _APPLY[self.op](a, b)

    def formula(self, refer: Refer) -> str:
        return f"({self.left.formula(refer)}{self.op}{self.right.formula(refer)})"

    def names(self) -> frozenset[Key]:
        return self.left.names() | self.right.names()


@record(eq=False)
class Per(Expr):
    """`amount / per`, not applicable (None, an empty cell) where `per` is zero or either is
    not applicable itself."""

    amount: Expr
    per: Expr

    def evaluate(self, values: Values) -> float | None:
        a, b = self.amount.evaluate(values), self.per.evaluate(values)
        if a is None or b is None or b == 0:
            return None
        return a / b

    def formula(self, refer: Refer) -> str:
        amount, per = self.amount.formula(refer), self.per.formula(refer)
        return f'IF(OR({amount}="",{per}="",{per}=0),"",{amount}/{per})'

    def names(self) -> frozenset[Key]:
        return self.amount.names() | self.per.names()


@record(eq=False)
class Given(Expr):
    """`value`, not applicable where it is zero: a precision a chip lacks, say."""

    value: Expr

    def evaluate(self, values: Values) -> float | None:
        v = self.value.evaluate(values)
        return None if v is None or v == 0 else v

    def formula(self, refer: Refer) -> str:
        v = self.value.formula(refer)
        return f'IF({v}=0,"",{v})'

    def names(self) -> frozenset[Key]:
        return self.value.names()


@record(eq=False)
class Annuity(Expr):
    """The share of a capital sum paid each year to recover it at `rate` over `years`."""

    rate: Expr
    years: Expr

    def evaluate(self, values: Values) -> float | None:
        r, n = self.rate.evaluate(values), self.years.evaluate(values)
        return None if r is None or n is None else Annuity.factor(r, n)

    def formula(self, refer: Refer) -> str:
        r, n = self.rate.formula(refer), self.years.formula(refer)
        return f"IF({r}=0,1/{n},{r}/(1-(1+{r})^(-{n})))"

    def names(self) -> frozenset[Key]:
        return self.rate.names() | self.years.names()

    @staticmethod
    def factor(rate: float, years: float) -> float:
        """The share of a capital sum to pay each year to recover it with interest over `years`."""
        return 1 / years if rate == 0 else rate / (1 - (1 + rate) ** -years)
