"""No code asks which kind of system it holds: a design and a cluster each do their own part
behind `SystemModel` (`racks/system_model.py`) and the facade's `System`, in the model, the facade
and the outputs alike; only where a name becomes a system does a built-in's kind pick the loader.

The check reads the syntax tree, so a comment or a string cannot fool it: a comparison or `match`
on an attribute `kind` against a system kind or a variable, an index by it, and an `isinstance`
against a design or cluster class, are branches on the kind. Comparisons of a part's, a source's
or a fabric's kind with another literal (`group.kind == "gpu"`) are not."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("racks", "rackbom", "exports", "layouts")
SYSTEM_KINDS = {"design", "cluster"}
SYSTEM_CLASSES = {"Analysis", "ClusterAnalysis", "Design", "Cluster"}
LOADERS = {
    "racks/locate.py": {"builtin_text", "locate_kind"},
    "rackbom/resolve.py": {"_resolve", "_shared"},
    "rackbom/cluster_model.py": {"load_cluster"},
}
"""Where a name becomes a system: the kind of built-in a name locates (its `Builtin` origin)
picks the file and the loader, before there is a system to ask."""
OTHER_KINDS = {
    "racks/topology.py": {"nodes_of"},
    "racks/analysis.py": {"source_uses"},
}
"""Functions that compare another kind with a variable: a node group's, a source's."""


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


def _may_branch(source: str) -> bool:
    """Whether a module can hold a branch at all (an attribute `kind`, or `isinstance` and a
    design or cluster class): the others need not be parsed."""
    named = any(re.search(rf"\b{c}\b", source) for c in SYSTEM_CLASSES)
    return ".kind" in source or ("isinstance" in source and named)


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
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            source = path.read_text(encoding="utf-8")
            if not _may_branch(source):
                continue
            allowed = _loader_lines(source, LOADERS.get(name, set()) | OTHER_KINDS.get(name, set()))
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


def test_no_code_branches_on_a_systems_kind() -> None:
    assert places() == {}


def test_the_functions_let_through_exist() -> None:
    for name, loaders in [*LOADERS.items(), *OTHER_KINDS.items()]:
        assert loaders <= {
            n.name
            for n in ast.walk(ast.parse((ROOT / name).read_text(encoding="utf-8")))
            if isinstance(n, ast.FunctionDef)
        }
