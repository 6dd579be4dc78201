"""The bridge's structure (issue 9): its modules import one another without a cycle (every import,
also one inside a function), and no module is much over 500 lines."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).parents[1] / "bridge" / "mtgasp"


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Each module of the package and the modules of the package it imports."""
    modules = {_module(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level > 0:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                target = f"{base}.{node.module}" if node.module else base
                found.add(target)
                # ``from . import x``: x may be a module of the package.
                found.update(f"{target}.{a.name}" for a in node.names)
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("mtgasp"):
                found.add(node.module or "")
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name.startswith("mtgasp"))
        graph[name] = {m for m in found if m in modules and m != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle, or None (depth-first search; the package's own ``__init__`` imports every
    module to re-export it, so edges into ``mtgasp`` itself are not followed)."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if target == "mtgasp":
                continue
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := visit(target)) is not None:
                return found
        state[node] = 2
        path.pop()
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_the_reader_finds_the_imports() -> None:
    graph = _imports()
    assert "mtgasp.solve" in graph["mtgasp.orderings"]
    assert "mtgasp.requests" in graph["mtgasp.castable"]  # ``from . import requests``
    assert "mtgasp.events" in graph["mtgasp.commands.event"]  # ``from ..events import``


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert _cycle(graph) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_bridge_imports_are_acyclic() -> None:
    assert _cycle(_imports()) is None


def test_no_module_is_much_over_500_lines() -> None:
    sizes = {
        _module(p): len(p.read_text(encoding="utf-8").splitlines()) for p in PACKAGE.rglob("*.py")
    }
    assert {m: n for m, n in sizes.items() if n > 520} == {}
