"""The pictures of answers (``--graph``): each report as a :class:`~mtgasp.output.graphs.Graph`.

Read only from what the queries already decoded: the replacement graph of an orderings answer
(``EventGraph``, 616.1), the witness chains of could-produce (106.7), the witness courses and
final states of a course query. No rule is decided here.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

from ..answers.courses.model import CourseReport
from ..answers.mana import CouldProduceReport
from ..answers.orderings.atoms import Node
from ..answers.orderings.graph import EventGraph
from ..answers.orderings.query import OrderingsReport
from ..answers.tap_answer import type_text
from ..board.values import decode_value
from .graphs import Graph

__all__ = ["could_produce_graph", "course_graph", "orderings_graph"]

_WIDTH = 48


def _wrap(text: str) -> str:
    return "\n".join(textwrap.wrap(text, _WIDTH, break_on_hyphens=False) or [""])


def _lines(lines: Iterable[str]) -> str:
    return "\n".join(_wrap(line) for line in lines)


def orderings_graph(report: OrderingsReport) -> Graph:
    """The 616 ordering graph: one node per distinct partial result (effects applied so far,
    current value), one edge per effect that can be chosen there, final nodes with the outcome
    and the orderings that reach them; the witness ordering of each outcome highlighted, the
    independent effects (they may stand anywhere) in a note beside the graph."""
    event_graph = report.graph
    assert event_graph is not None
    assert event_graph.start is not None
    g: EventGraph = event_graph
    cards = {e.id: e.card for e in report.effects}
    plural = "" if report.total_orderings == 1 else "s"
    graph = Graph(
        f"{report.event} (616.1): {report.total_orderings} ordering{plural}, "
        f"{len(report.outcomes)} distinct outcome{'' if len(report.outcomes) == 1 else 's'}"
    )
    kinds = sorted(g.kind_size, key=g.index.__getitem__)
    reaching = g.reaching()

    def applied_text(node: Node) -> list[str]:
        parts = []
        for kind in kinds:
            count = g.applied(node[0], kind)
            if count == 0 or kind in g.independent:
                continue
            if g.kind_size[kind] == 1:
                parts.append(f"{cards[kind]} ({kind})")
            else:
                alike = ", ".join(g.members(kind))
                parts.append(f"{count} of the {g.kind_size[kind]} alike ({alike})")
        return parts

    for node in g.nodes():
        value = decode_value(g.value_at(node))
        if node == g.start:
            lines = [f"start: {value}"]
        else:
            lines = [f"current: {value}", "applied: " + ", ".join(applied_text(node))]
        style = "start" if node == g.start else "inner"
        if node in g.results:
            count = reaching.get(node, 0) * g.insertions(node[0])
            lines += [f"OUTCOME: {g.results[node]}", f"{count} ordering{'' if count == 1 else 's'}"]
            style = "final"
        graph.node(node, _lines(lines), style)
    witness_edges = _witness_edges(g, report)
    for node in g.nodes():
        for kind, target in g.edges.get(node, ()):
            effect = g.members(kind)[g.applied(node[0], kind)]
            label = f"{cards[effect]} ({effect})"
            alike = g.kind_size[kind] - g.applied(node[0], kind)
            if alike > 1:
                label += f"\nor any of {alike} alike"
            graph.edge(node, target, label, (node, kind) in witness_edges)
    free = g.free_effects()
    if free:
        graph.notes.append(
            "Independent (each may stand anywhere in any ordering; drawn once, here):\n"
            + "\n".join(f"{cards[e]} ({e})" for e in free)
        )
    if report.outcomes:
        first, *others = report.outcomes
        lines = [
            "Highlighted: the witness ordering of the first outcome,",
            _wrap(f"{first.value}: " + (", ".join(first.witness) or "no effect")),
        ]
        if others:
            lines.append("The other outcomes' witness orderings:")
            lines += [_wrap(f"{o.value}: " + (", ".join(o.witness) or "no effect")) for o in others]
        graph.notes.append("\n".join(lines))
    return graph


def _witness_edges(g: EventGraph, report: OrderingsReport) -> set[tuple[Node, str]]:
    """The (node, kind) edges the witness ordering of the first outcome takes: one path, so that
    it stands out (every edge lies on some outcome's witness in a small graph)."""
    assert g.start is not None
    taken: set[tuple[Node, str]] = set()
    free = set(g.free_effects())
    for outcome in report.outcomes[:1]:
        node = g.start
        for effect in outcome.witness:
            if effect in free:
                continue
            kind = g.kind_of[effect]
            target = dict(g.edges.get(node, ())).get(kind)
            if target is None:
                break
            taken.add((node, kind))
            node = target
    return taken


def could_produce_graph(report: CouldProduceReport) -> Graph:
    """Which permanent's type flows to which (106.7): a node per permanent with its types and
    each type's witness ability, an edge from a land to the permanent whose choice it defined,
    labelled with the type and the replacement order applied there."""
    graph = Graph("Could produce (106.7): where each type comes from")
    for p in report.permanents:
        types = "".join(map(type_text, p.types)) or "none"
        lines = [f"{p.permanent}: {p.card} ({p.controller})", f"could produce: {types}"]
        for witness in p.witnesses:
            step = witness.chain[0]
            lines.append(f"{type_text(witness.type)} by #{step.ability}{step.how()}")
        graph.node(p.permanent, _lines(lines), "inner" if p.types else "start")
    seen: set[tuple[str, str, str]] = set()
    for p in report.permanents:
        for witness in p.witnesses:
            for step in witness.chain:
                if step.reflected_from is None or not step.choice:
                    continue
                label = f"{type_text(step.choice)} for #{step.ability}"
                if step.order:
                    label += f"\nreplacements: {', '.join(step.order)}"
                key = (step.reflected_from, step.permanent, label)
                if key in seen:
                    continue
                seen.add(key)
                if step.reflected_from not in graph.nodes:
                    graph.node(step.reflected_from, step.reflected_from)
                if step.permanent not in graph.nodes:
                    graph.node(step.permanent, step.permanent)
                graph.edge(step.reflected_from, step.permanent, label)
    return graph


def _step_label(text: str) -> str:
    """A step of a witness course as a node: what resolves or happens (the head), then what it
    does, each on its own lines; the life totals after it, which the final states give, left
    out."""
    body = text.rsplit(". Life: ", 1)[0]
    head, _, events = body.partition(": ")
    return _lines([head, *events.split("; ")]) if events else _wrap(body)


def course_graph(report: CourseReport) -> Graph:
    """The courses as a tree: the witness course of each distinct final state, step by step,
    merged where they begin alike; the final states as leaves with the courses that reach them."""
    plural = "" if report.total_courses == 1 else "s"
    count = f"{report.total_courses} course{plural}"
    if not report.counted:
        count = f"more than {report.max_courses} courses (TRUNCATED)"
    graph = Graph(
        f"{report.request}: {count}, {len(report.outcomes)} distinct final state"
        f"{'' if len(report.outcomes) == 1 else 's'} (one witness course each)"
    )
    root: tuple[str, ...] = ()
    paths = [(index, outcome.witness) for index, outcome in enumerate(report.outcomes, 1)]
    # Breadth first: every prefix of every witness, shorter ones first, in order of appearance.
    prefixes: dict[tuple[str, ...], None] = {root: None}
    for depth in range(1, max((len(w) for _, w in paths), default=0) + 1):
        for _, witness in paths:
            if len(witness) >= depth:
                prefixes.setdefault(tuple(witness[:depth]), None)
    graph.node(("step", root), _wrap(f"{report.board.source}: {report.request}"), "start")
    for prefix in prefixes:
        if prefix:
            graph.node(("step", prefix), _step_label(prefix[-1]))
    for prefix in prefixes:
        if prefix:
            graph.edge(("step", prefix[:-1]), ("step", prefix), "")
    # A final state shows what sets it apart; what every final state shares is said once.
    shared = set.intersection(*(set(o.changes) for o in report.outcomes)) if paths else set()
    if len(report.outcomes) > 1 and shared:
        common = [c for c in report.outcomes[0].changes if c in shared]
        graph.notes.append(_lines(["In every final state:", *common]))
    else:
        shared = set()
    for index, witness in paths:
        outcome = report.outcomes[index - 1]
        courses = f"{outcome.courses} course{'' if outcome.courses == 1 else 's'}"
        own = [c for c in outcome.changes if c not in shared] or ["nothing else changed"]
        label = _lines([f"Final state {index} ({courses})", *own])
        graph.node(("final", index), label, "final")
        graph.edge(("step", tuple(witness)), ("final", index), "", True)
    # A tree deeper than it is wide reads top to bottom (a linear course is a long chain).
    depth = max((len(w) for _, w in paths), default=0)
    graph.direction = "TB" if depth > len(paths) else "LR"
    if report.hit_horizon:
        graph.notes.append(
            f"TRUNCATED: some course was still going after {report.horizon} resolution steps."
        )
    return graph
