"""Outside the model no code asks which kind of system it holds: a design and a cluster each do
their own part behind `SystemModel` (`racks/system_model.py`) and the facade's `System`.

The check reads the syntax tree, so a comment or a string cannot fool it: a comparison or `match`
on an attribute `kind` against a system kind or a variable, and an `isinstance` against a design
or cluster class, are branches on the kind. Comparisons of a part's, a source's or a fabric's
kind with another literal (`group.kind == "gpu"`) are not."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE_THE_MODEL = ("rackbom", "exports", "layouts")
SYSTEM_KINDS = {"design", "cluster"}
SYSTEM_CLASSES = {"Analysis", "ClusterAnalysis", "Design", "Cluster"}
LOADERS = {
    "rackbom/resolve.py": {"_resolve", "_shared"},
    "rackbom/cluster_model.py": {"load_cluster"},
}
"""Where a name becomes a system: the kind of built-in a name locates (its `Builtin` origin)
picks the loader, before there is a system to ask."""


def _is_kind(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "kind"


def _names_a_kind(node: ast.AST) -> bool:
    """A system kind, or a value that might be one (a variable); not another literal."""
    if isinstance(node, ast.Constant):
        return node.value in SYSTEM_KINDS
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_a_kind(e) for e in node.elts)
    return True


def _classes(node: ast.AST) -> set[str]:
    """The class names an `isinstance` second argument names (a tuple or a union)."""
    if isinstance(node, ast.Name):
        return {node.id}
    if isinstance(node, ast.Attribute):
        return {node.attr}
    if isinstance(node, ast.Tuple):
        return {n for e in node.elts for n in _classes(e)}
    if isinstance(node, ast.BinOp):
        return _classes(node.left) | _classes(node.right)
    return set()


def kind_branches(source: str) -> list[int]:
    """The lines where the code branches on a system's kind."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            kinds = [s for s in sides if _is_kind(s)]
            if kinds and any(_names_a_kind(s) for s in sides if not _is_kind(s)):
                found.append(node.lineno)
        elif (
            (isinstance(node, ast.Match) and _is_kind(node.subject))
            or (isinstance(node, ast.Subscript) and _is_kind(node.slice))
            or (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "isinstance"
                and len(node.args) == 2
                and _classes(node.args[1]) & SYSTEM_CLASSES
            )
        ):
            found.append(node.lineno)
    return found


def _loader_lines(source: str, loaders: set[str]) -> set[int]:
    """The lines of the functions named in `loaders`."""
    return {
        line
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef) and node.name in loaders
        for line in range(node.lineno, (node.end_lineno or node.lineno) + 1)
    }


def places() -> dict[str, list[int]]:
    """Every module outside the model with a branch on a system's kind (loaders aside), and its
    lines."""
    out = {}
    for folder in OUTSIDE_THE_MODEL:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            source = path.read_text(encoding="utf-8")
            allowed = _loader_lines(source, LOADERS.get(name, set()))
            lines = [n for n in kind_branches(source) if n not in allowed]
            if lines:
                out[name] = lines
    return out


@pytest.mark.parametrize(
    ("source", "branches"),
    [
        ("if system.kind == 'design':\n    pass", 1),
        ("x = [s for s in systems if s.kind != 'cluster']", 1),
        ("x = [r for r in rows if r.kind == wanted]", 1),
        ("x = 1 if s.kind in ('design', 'cluster') else 2", 1),
        ("match target.kind:\n    case 'design':\n        pass", 1),
        ("f = {'design': a, 'cluster': b}[system.kind]", 1),
        ("ok = isinstance(system, Analysis)", 1),
        ("ok = isinstance(system, rb.Cluster | int)", 1),
        ("ok = isinstance(s, (str, ClusterAnalysis))", 1),
        ("# if system.kind == 'design':\ntext = \"s.kind == 'cluster'\"", 0),
        ("ok = group.kind == 'gpu' and source.kind != 'assumption'", 0),
        ("ok = args.kind is not None and isinstance(part, Nic)", 0),
        ("label = system.kind", 0),
    ],
)
def test_the_check_finds_kind_branches(source: str, branches: int) -> None:
    assert len(kind_branches(source)) == branches


def test_no_branch_on_system_kind_outside_the_model() -> None:
    assert places() == {}


def test_the_loaders_exist() -> None:
    for name, loaders in LOADERS.items():
        assert loaders <= {
            n.name
            for n in ast.walk(ast.parse((ROOT / name).read_text(encoding="utf-8")))
            if isinstance(n, ast.FunctionDef)
        }
