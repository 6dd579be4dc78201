"""The bridge's structure (issues 9 and 29): its modules import one another without a cycle (every
import, also one inside a function), its packages follow the data flow and import only downward
(``LAYERS``), and no module is over 400 lines."""

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


#: The bridge's packages, lowest first: a module may import from its own layer or one below
#: (docs/design.md, "Layout"). The foundation is the modules at the package's top that every stage
#: uses (errors, limits, text safety, where the encodings are, progress, start-up); the top is
#: the ``mtgasp`` command and the public API (``mtgasp/__init__.py``, ``cli.py``).
LAYERS = (
    "foundation",
    "solve",
    "cards",
    "board",
    "facts",
    "answers",
    "output",
    "commands",
    "batch",
    "prove",
    "top",
)
TOP = {"mtgasp", "mtgasp.cli", "mtgasp.__main__"}


def _layer(module: str) -> int:
    """The index in LAYERS of a module of the bridge."""
    if module in TOP:
        return LAYERS.index("top")
    parts = module.split(".")
    if len(parts) > 2 or (len(parts) == 2 and (PACKAGE / parts[1]).is_dir()):
        return LAYERS.index(parts[1])  # (a package not in LAYERS fails here)
    return LAYERS.index("foundation")


def _upward(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    """Every import from a lower layer into a higher one (the reader's edge into ``mtgasp``
    itself, for ``from . import x`` at the top, is no import of the package's face)."""
    return sorted(
        (module, target)
        for module, targets in graph.items()
        for target in targets
        if target != "mtgasp" and _layer(target) > _layer(module)
    )


def test_every_package_has_a_layer() -> None:
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert packages == set(LAYERS) - {"foundation", "top"}
    foundation = {m for m in _imports() if _layer(m) == 0}
    assert foundation == {
        "mtgasp._progress",
        "mtgasp._resources",
        "mtgasp._startup",
        "mtgasp._text",
        "mtgasp._version",
        "mtgasp.errors",
        "mtgasp.limits",
        "mtgasp.progress",
    }


def test_the_layer_check_finds_an_upward_import() -> None:
    graph = {"mtgasp.board.load": {"mtgasp.answers.check"}, "mtgasp.answers.check": set()}
    assert _upward(graph) == [("mtgasp.board.load", "mtgasp.answers.check")]
    assert _upward({"mtgasp.cli": {"mtgasp.prove.command"}, "mtgasp.prove.command": set()}) == []


def test_the_bridge_imports_only_downward() -> None:
    assert _upward(_imports()) == []


def test_every_package_says_its_job_and_what_it_may_import() -> None:
    for init in PACKAGE.glob("*/__init__.py"):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert "May import" in doc, init


def test_the_reader_finds_the_imports() -> None:
    graph = _imports()
    assert "mtgasp.solve.control" in graph["mtgasp.answers.orderings.query"]
    assert "mtgasp.facts.requests" in graph["mtgasp.answers.castable"]  # ``from ..facts import``
    assert "mtgasp.board.events" in graph["mtgasp.commands.event"]  # ``from ..board.events``


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
    assert _cycle(graph) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_bridge_imports_are_acyclic() -> None:
    assert _cycle(_imports()) is None


def test_no_module_is_over_400_lines() -> None:
    sizes = {
        _module(p): len(p.read_text(encoding="utf-8").splitlines()) for p in PACKAGE.rglob("*.py")
    }
    assert {m: n for m, n in sizes.items() if n > 400} == {}
