"""The orderings query: every order in which replacement effects apply to one event (616.1).

The encodings (``rules/614-replacement.lp``, ``rules/616-ordering.lp``) build the graph of the
replacement process: nodes are (effects applied so far, current value), edges apply one effect the
affected player may choose. This module asks for it and reports; ``replacement_graph.EventGraph``
reads it back and does the counting that needs big integers: how many orderings lead to each
outcome, one witness ordering per outcome, and, on request, every ordering up to a bound.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from clingo import Function, Number, Symbol

from ..._text import nearest, quote
from ...board.events import (
    DamageEvent,
    DrawEvent,
    Event,
    LifeEvent,
    TapEvent,
    check_damage,
    check_draw,
    parse_event,
)
from ...board.model import Board
from ...board.values import MANA_TYPES, Draw, Value, decode_value, value_sort_key
from ...errors import QueryError
from ...facts.board import board_facts
from ...facts.requests import event_cause, event_request, mana_event_request
from ...solve.control import SolveStats, solve
from ..tap_answer import check_tap_choice
from .draws import combine_draws
from .effect import Effect
from .graph import EventGraph
from .summed import read_summed_graph

__all__ = [
    "DamageEvent",
    "DrawEvent",
    "Effect",
    "Event",
    "EventGraph",
    "LifeEvent",
    "OrderingsReport",
    "Outcome",
    "TapEvent",
    "event_graph",
    "life_orderings",
    "orderings",
    "parse_event",
]

DEFAULT_MAX_ORDERINGS = 1000


@dataclass(frozen=True)
class Outcome:
    """A distinct result, how many orderings give it, and one of them."""

    value: Value
    orderings: int
    witness: tuple[str, ...]


@dataclass(frozen=True)
class OrderingsReport:
    event: Event
    initial: Value
    chooser: str
    effects: tuple[Effect, ...]
    prohibitions: tuple[str, ...]
    outcomes: tuple[Outcome, ...]
    noncommuting: tuple[tuple[str, str], ...]
    total_orderings: int
    listed: tuple[tuple[str, ...], ...] | None
    max_orderings: int
    stats: SolveStats
    graph_nodes: int = 0
    graph_edges: int = 0
    prohibited: bool = False
    """The event gains (loses) life for a player who can't (119.7, 119.8): it won't happen."""
    graph: EventGraph | None = field(default=None, compare=False, repr=False)
    """The replacement graph the answer was read from (for pictures: ``mtgasp.output.pictures``);
    None for a draw of several cards, whose graphs are its ``parts``'."""
    parts: tuple[OrderingsReport, ...] = ()
    """A draw of several cards: the report on each individual draw, in order (121.2)."""

    @property
    def order_matters(self) -> bool:
        """False when every ordering gives the same result."""
        return len(self.outcomes) > 1

    @property
    def truncated(self) -> bool:
        """True when ``listed`` holds fewer orderings than exist."""
        return self.listed is not None and len(self.listed) < self.total_orderings


def _request(board: Board, event: Event) -> list[Symbol]:
    """The facts that ask for ``event``: the request, and what caused it if known."""
    players = {p.name for p in board.players}
    if isinstance(event, LifeEvent):
        for name in (event.player, event.cause):
            if name is not None and name not in players:
                raise QueryError(
                    f"no player named '{name}'; players are: {', '.join(sorted(players))}"
                )
        request = event_request(event)
        if event.cause is None:
            return [request]
        return [request, event_cause(request, event.cause)]
    if isinstance(event, DamageEvent):
        return [event_request(check_damage(board, event))]
    if isinstance(event, DrawEvent):
        return [event_request(check_draw(board, event))]
    if board.permanent(event.permanent) is None:
        raise QueryError(_no_permanent_message(board, event.permanent))
    return [mana_event_request(event.permanent, event.ability, event.choice)]


def _no_permanent_message(board: Board, permanent: str) -> str:
    """Which part of ``tap:PERMANENT[:ABILITY[:TYPE]]`` is wrong, when the id is not a permanent's
    but would be without its last part or two (``tap:forest:1:q``, ``tap:forest:one``)."""
    head, _, last = permanent.rpartition(":")
    base, _, ability = head.rpartition(":")
    if board.permanent(base) is not None and ability.isdigit():
        return (
            f"'tap:{permanent}': {quote(last)} is not a type of mana; "
            f"TYPE is one of {', '.join(MANA_TYPES)}"
        )
    if board.permanent(head) is not None:
        return f"'tap:{permanent}': {quote(last)} is neither an ability number nor a type of mana"
    known = [p.id for p in board.battlefield]
    near = nearest(permanent, known)
    return f"no permanent with id {quote(permanent)}{near}; ids are: {', '.join(known) or 'none'}"


def orderings(
    board: Board,
    event: Event,
    *,
    list_all: bool = False,
    max_orderings: int = DEFAULT_MAX_ORDERINGS,
    check_choice: bool = True,
    drawn: bool = False,
) -> OrderingsReport:
    """Every way the applicable replacement effects can modify ``event`` on ``board``.

    With ``list_all``, also every ordering itself, up to ``max_orderings`` (``truncated`` says
    when there are more). Counts are exact whatever the bound. A tap event's chosen type must be
    one its ability may choose now (106.5, 106.7), which the tap query is asked first unless
    ``check_choice`` is False (``mtgasp.tap`` passes False: it has asked already). With
    ``drawn``, the report's graph is the one its picture draws (no summarised "plus" effects).

    >>> report = orderings(load_board("examples/mana-reflection-contamination.yaml"),
    ...                    parse_event("tap:forest"))  # doctest: +SKIP
    >>> [(str(o.value), o.orderings) for o in report.outcomes]  # doctest: +SKIP
    [('{B}', 1), ('{B}{B}', 1)]
    """
    if max_orderings < 1:
        raise QueryError("--max-orderings must be at least 1")
    request, *cause = _request(board, event)
    if check_choice and isinstance(event, TapEvent):
        check_tap_choice(board, event)
    if isinstance(event, DrawEvent):
        return _draw_report(board, event, request, list_all, max_orderings)
    graph = event_graph(
        board_facts(board), request, extra=cause, summarise=False if list_all or drawn else None
    )
    return _report(event, graph, list_all, max_orderings)


def _draw_report(
    board: Board, event: DrawEvent, request: Symbol, list_all: bool, max_orderings: int
) -> OrderingsReport:
    """The orderings of each individual draw of ``event`` (121.2), all in one solve: every atom
    of a draw's replacement graph names its event ``one_draw(draw(P, N), K)``, which is its own
    context (121-drawing.lp); the reports are combined by ``draw_orderings``."""
    solution = solve("orderings", board_facts(board), extra=[request], consts=_CONSTS)
    (model,) = solution.models
    (term,) = request.arguments
    parts = []
    for index in range(1, event.count + 1):
        draw = Function("one_draw", [term, Number(index)])
        mine = tuple(s for s in model if s.name in _PER_EFFECT or s.arguments[0] == draw)
        graph = _checked(EventGraph.read(_handles(mine), solution.stats))
        parts.append(_report(DrawEvent(event.player, 1), graph, list_all, max_orderings))
    if len(parts) == 1:
        return replace(parts[0], event=event)
    combined = combine_draws(event.player, parts, list_all, max_orderings)
    return replace(
        parts[0],
        event=event,
        initial=Draw(event.player, event.count),
        effects=combined.effects,
        outcomes=tuple(Outcome(*outcome) for outcome in combined.outcomes),
        noncommuting=combined.noncommuting,
        total_orderings=combined.total_orderings,
        listed=combined.listed,
        graph_nodes=sum(part.graph_nodes for part in parts),
        graph_edges=sum(part.graph_edges for part in parts),
        graph=None,
        parts=tuple(parts),
    )


def life_orderings(board: Board, events: Sequence[LifeEvent]) -> tuple[OrderingsReport, ...]:
    """:func:`orderings` of several life events (none with a cause), all in one solve of the
    orderings query for life events (what ``check`` asks: a gain and a loss of 1 life for each
    player). Every derived atom of the replacement engine names its event (616-ordering.lp), as
    for the many events of could-produce, so one model holds each event's graph; it is split by
    event."""
    requests = [_request(board, event) for event in events]
    if any(len(request) > 1 for request in requests):
        raise ValueError("life_orderings takes events without a cause")
    solution = solve(
        "orderings-life",
        board_facts(board),
        extra=[r for r, *_ in requests],
        consts=_CONSTS,
        sort_symbols=False,  # (the graph reader does not depend on their order)
    )
    (model,) = solution.models
    reports = []
    for event, (request, *_) in zip(events, requests, strict=True):
        (term,) = request.arguments
        mine = tuple(s for s in model if s.name in _PER_EFFECT or s.arguments[0] == term)
        graph = _checked(EventGraph.read(_handles(mine), solution.stats))
        reports.append(_report(event, graph, False, DEFAULT_MAX_ORDERINGS))
    return tuple(reports)


#: The orderings query's shown atoms that name an effect, not an event (the rest name the event).
_PER_EFFECT = frozenset({"effect_card", "effect_controller", "effect_class", "effect_reason"})

#: The orderings query's switches as ``life_orderings`` and draws use them (see
#: :func:`event_graph`): their graphs may be drawn, so "plus" effects are not summarised.
_CONSTS = {"interchange": 1, "independence": 1, "summarise": 0}


def _report(event: Event, graph: EventGraph, list_all: bool, max_orderings: int) -> OrderingsReport:
    """The report on ``event`` from its replacement graph."""
    if graph.start is None:
        raise QueryError(_no_event_message(event))
    counts = graph.count_paths()
    outcomes = tuple(
        Outcome(value, counts[value], graph.witness(value))
        for value in sorted(counts, key=value_sort_key)
    )
    listed = tuple(graph.paths(max_orderings)) if list_all else None
    return OrderingsReport(
        event=event,
        initial=decode_value(graph.value_at(graph.start)),
        chooser=graph.chooser,
        effects=graph.effects(),
        prohibitions=graph.prohibitions() if isinstance(event, LifeEvent) else (),
        outcomes=outcomes,
        noncommuting=graph.noncommuting() if len(outcomes) > 1 else (),
        total_orderings=sum(counts.values()),
        listed=listed,
        max_orderings=max_orderings,
        graph_nodes=graph.node_count(),
        graph_edges=graph.edge_count(),
        stats=graph.stats,
        prohibited=graph.prohibited,
        graph=graph,
    )


def event_graph(
    facts: Sequence[Symbol],
    request: Symbol,
    *,
    extra: Sequence[Symbol] = (),
    interchange: bool = True,
    independence: bool = True,
    summarise: bool | None = None,
) -> EventGraph:
    """Solve the orderings query for one event request on ``facts`` and read its graph back.

    The lower-level entry point under :func:`orderings`, for programs that build their own facts
    (benchmarks, other queries). The answers never depend on the two switches, only the size of
    the graph: ``interchange=False`` stops sharing nodes between interchangeable effects and
    ``independence=False`` keeps effects whose order cannot matter in the graph
    (``#const interchange``, ``#const independence``), to measure what each saves;
    ``summarise=False`` keeps distinct "plus" effects one by one (``#const summarise``: a
    summarised graph counts and gives witnesses but lists no orderings and draws no picture);
    ``True`` asks the summing program for any life event; ``None`` where it pays (see
    :func:`_query`).
    """
    # (616-summed.lp sums only where effects of a kind share nodes: #const interchange.)
    query = _query(request, facts, summarise if interchange else False)
    solution = solve(
        query,
        facts,
        extra=[request, *extra],
        consts={
            "interchange": 1 if interchange else 0,
            "independence": 1 if independence else 0,
            "summarise": 0 if summarise is False else 1,  # (orderings-summed.lp's)
        },
        handles=True,  # read by handles (graph_atoms), no clingo.Symbol made per atom
    )
    (model,) = solution.handles
    if query != "orderings-summed":
        return _checked(EventGraph.read(model, solution.stats))
    summed = read_summed_graph(model, solution.stats)
    if summed is None:
        # Its context cannot sum its "plus" effects (616-summed.lp's grouped/1): the program
        # that sums has no other graph, so the graph of kinds is asked for (616-graph.lp).
        return event_graph(
            facts,
            request,
            extra=extra,
            interchange=interchange,
            independence=independence,
            summarise=False,
        )
    return _checked(summed)


def _handles(model: Sequence[Symbol]) -> list[int]:
    """The handles of symbols, as the graph reader takes them."""
    return [symbol._rep for symbol in model]


#: The requested events the life-only entry program answers (the rest need ``orderings.lp``).
_LIFE_EVENTS = frozenset({"gain_life", "lose_life", "set_life"})


def _query(request: Symbol, facts: Sequence[Symbol], summarise: bool | None) -> str:
    """The entry program for ``request``: ``orderings-life.lp`` for a life event and
    ``orderings-mana.lp`` for a mana event (fewer rules to ground), ``orderings.lp`` for a damage
    event or a draw. For a life event, ``orderings-summed.lp`` when ``summarise`` is True, or
    when it is None and ``facts`` have "plus" abilities of at least :data:`_SUMMED_FROM`
    different amounts and another replacement ability (616-summed.lp decides where they are
    summed, the same answers either way; its rules cost about 3 ms of grounding, more than a
    graph of subsets of fewer such effects does)."""
    if request.name == "event_request" and request.arguments[0].name in _LIFE_EVENTS:
        if summarise or (summarise is None and _worth_summing(facts)):
            return "orderings-summed"
        return "orderings-life"
    if request.name == "mana_event_request":
        return "orderings-mana"
    return "orderings"


#: Summing pays from this many different "plus" amounts on (benchmarks/orderings.py:
#: distinct+remedy and distinct+doubler, measured in docs/benchmarks.md).
_SUMMED_FROM = 6


def _worth_summing(facts: Sequence[Symbol]) -> bool:
    """Whether ``facts`` have "plus K" replacement abilities of at least :data:`_SUMMED_FROM`
    different amounts K, and a replacement ability of another change (summing needs one)."""
    changes = [f.arguments[3] for f in facts if f.name == "replacement" and len(f.arguments) == 4]
    amounts = {change.arguments[0] for change in changes if change.name == "plus"}
    return len(amounts) >= _SUMMED_FROM and any(change.name != "plus" for change in changes)


def _checked(graph: EventGraph) -> EventGraph:
    """``graph``, unless its counts of applied effects overflow (a QueryError then)."""
    if graph.too_many:
        raise QueryError(
            "too many distinct replacement effects apply to this event: the counts of applied "
            "effects do not fit a 31-bit number (616.1 orderings are not enumerated)"
        )
    return graph


def _no_event_message(event: Event) -> str:
    if isinstance(event, TapEvent):
        return (
            f"ability #{event.ability} of '{event.permanent}' produces no mana event: it is not a "
            "mana ability with a fixed type, or it adds mana of any color and needs a chosen type "
            f"(tap:{event.permanent}:{event.ability}:g), or the choice is not allowed"
        )
    return f"{event} is not an event mtgasp can build"
