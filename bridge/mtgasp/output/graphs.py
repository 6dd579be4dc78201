"""Pictures of answers: a small graph model, written as Graphviz DOT, rendered by the ``dot``
program to SVG or PNG (``mtgasp orderings|could-produce|step|resolve|cast --graph FILE``).

The graphs are built from what a query already decoded (``_graph_build``); this module only
lays them out as text. Node ids are generated (``n0``, ``n1``, ...): names from board files only
ever appear inside quoted, escaped labels, never as DOT syntax.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import QueryError
from .files import write_output

__all__ = [
    "DEFAULT_GRAPH_LIMIT",
    "FORMATS",
    "Graph",
    "dot_label",
    "render_svg",
    "to_dot",
    "write_graph",
]

#: Graphs are drawn with at most this many nodes (``--graph-limit``); the cut is marked.
DEFAULT_GRAPH_LIMIT = 200

#: The file suffixes ``--graph`` writes: DOT itself, or what the ``dot`` program renders.
FORMATS = (".dot", ".svg", ".png")

_STYLES = {
    "start": 'shape=box, style="rounded,filled", fillcolor="#dde8f5"',
    "inner": 'shape=box, style="rounded"',
    "final": 'shape=box, style="rounded,filled", fillcolor="#e2f0d9", peripheries=2',
    "note": 'shape=note, style="filled", fillcolor="#fff8dc"',
    "cut": 'shape=box, style="dashed", fontcolor="#a00000", color="#a00000"',
}


@dataclass
class Graph:
    """A directed graph to draw: nodes by key (any hashable), labelled edges, side notes."""

    title: str
    nodes: dict[object, tuple[str, str]] = field(default_factory=dict)  # key -> (label, style)
    edges: list[tuple[object, object, str, bool]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    direction: str = "LR"
    """Graphviz's rankdir: ``LR`` (left to right) or ``TB`` (top to bottom, for long chains)."""

    def node(self, key: object, label: str, style: str = "inner") -> None:
        self.nodes.setdefault(key, (label, style))

    def edge(self, source: object, target: object, label: str, highlight: bool = False) -> None:
        self.edges.append((source, target, label, highlight))

    def cut(self, limit: int) -> Graph:
        """This graph with at most ``limit`` nodes, the first ones added (builders add them
        breadth first). Edges into the nodes left out go to one marked node saying how many."""
        if len(self.nodes) <= limit:
            return self
        kept = dict(list(self.nodes.items())[:limit])
        dropped = len(self.nodes) - limit
        cut_key = ("cut",)
        kept[cut_key] = (
            f"CUT: {dropped} more node{'' if dropped == 1 else 's'} not drawn "
            f"(--graph-limit {limit})",
            "cut",
        )
        edges: list[tuple[object, object, str, bool]] = []
        into_cut: set[object] = set()
        for source, target, label, highlight in self.edges:
            if source not in kept:
                continue
            if target in kept:
                edges.append((source, target, label, highlight))
            elif source not in into_cut:
                into_cut.add(source)
                edges.append((source, cut_key, "...", False))
        title = f"{self.title} (cut at {limit} nodes)"
        return Graph(title, kept, edges, list(self.notes), self.direction)


def dot_label(text: str) -> str:
    """``text`` as a DOT quoted string: backslashes and quotes escaped, line breaks as ``\\n``,
    other control characters dropped (names come from user files)."""
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\n":
            out.append("\\n")
        elif ord(ch) < 32 or ord(ch) == 127:
            out.append(" ")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def to_dot(graph: Graph) -> str:
    """The graph in the DOT language, nodes and edges in the order added (deterministic)."""
    ids = {key: f"n{index}" for index, key in enumerate(graph.nodes)}
    lines = [
        "digraph mtgasp {",
        f"  label={dot_label(graph.title)};",
        '  labelloc="t";',
        f"  rankdir={'TB' if graph.direction == 'TB' else 'LR'};",
        '  node [fontname="Helvetica", fontsize=10];',
        '  edge [fontname="Helvetica", fontsize=9];',
    ]
    for key, (label, style) in graph.nodes.items():
        lines.append(f"  {ids[key]} [label={dot_label(label)}, {_STYLES[style]}];")
    for index, note in enumerate(graph.notes):
        lines.append(f"  note{index} [label={dot_label(note)}, {_STYLES['note']}];")
    for source, target, label, highlight in graph.edges:
        extra = ', color="#c0392b", penwidth=2.5, fontcolor="#c0392b"' if highlight else ""
        lines.append(f"  {ids[source]} -> {ids[target]} [label={dot_label(label)}{extra}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dot_program() -> str:
    program = shutil.which("dot")
    if program is None:
        raise QueryError(
            "the Graphviz program 'dot' is not installed (needed for .svg and .png graphs); "
            "install Graphviz (e.g. `apt-get install graphviz`), or ask for a .dot file"
        )
    return program


def _render(dot: str, fmt: str) -> bytes:
    import subprocess  # here: only a picture needs it, and every command imports this module

    done = subprocess.run(
        [_dot_program(), f"-T{fmt}"], input=dot.encode("utf-8"), capture_output=True, check=False
    )
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip()
        raise QueryError(f"Graphviz 'dot' failed to render the graph: {message}")
    return done.stdout


def render_svg(graph: Graph) -> str:
    """The graph as an SVG document (through ``dot``); a QueryError when ``dot`` is missing."""
    return _render(to_dot(graph), "svg").decode("utf-8")


def write_graph(
    graph: Graph, path: str, limit: int = DEFAULT_GRAPH_LIMIT, *, force: bool = False
) -> list[Path]:
    """Write ``graph`` (cut at ``limit`` nodes) to ``path`` in the format its suffix names.

    ``.svg`` and ``.png`` are rendered by Graphviz's ``dot`` program; the DOT source is written
    beside them (same name, ``.dot``) first, so it is there even when ``dot`` is missing (a
    QueryError naming the program then). An existing file is overwritten only with ``force``
    (``output/files.py``)."""
    target = Path(path)
    suffix = target.suffix.lower()
    if suffix not in FORMATS:
        raise QueryError(
            f"--graph {path}: the file name must end in {', '.join(FORMATS)} (the format)"
        )
    dot = to_dot(graph.cut(limit))
    source = target if suffix == ".dot" else target.with_suffix(".dot")
    written = [write_output(source, dot.encode("utf-8"), "--graph", force=force)]
    if suffix != ".dot":
        written.append(write_output(target, _render(dot, suffix[1:]), "--graph", force=force))
    return written
