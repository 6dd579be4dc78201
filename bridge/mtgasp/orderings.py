"""The orderings query: every order in which replacement effects apply to one event (616.1).

The encodings (``rules/614-replacement.lp``, ``rules/616-ordering.lp``) build the graph of the
replacement process: nodes are (effects applied so far, current value), edges apply one effect the
affected player may choose. This module reads that graph back and does the counting that needs
big integers: how many orderings lead to each outcome, one witness ordering per outcome, and, on
request, every ordering up to a bound.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from clingo import Symbol

from ._symbols import as_int, as_str
from .board import Board
from .errors import QueryError
from .events import Event, LifeEvent, TapEvent, parse_event
from .facts import board_facts
from .replacement_graph import GRAPH_SIGNATURES, Node, ReplacementGraphs
from .replacement_graph import effect_id as _effect_id
from .requests import life_event_cause, life_event_request, mana_event_request
from .solve import SolveStats, solve
from .tap_answer import check_tap_choice
from .values import Value, decode_value, value_sort_key

__all__ = [
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
class Effect:
    """A replacement effect that could modify the event."""

    id: str
    source: str
    card: str
    ability: int
    controller: str
    reason: str
    rule_class: int
    applies_now: bool
    kind: str = ""
    """The first effect of its kind: effects of one kind act alike on the event (same kind of
    condition, change and 616.1 class) and always commute."""
    independent: bool = False
    """Its order cannot matter: it commutes with every other effect and never makes one apply
    or stop applying, so it may stand anywhere in any ordering."""


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
        request = life_event_request(f"{event.kind}_life", event.player, event.amount)
        if event.cause is None:
            return [request]
        return [request, life_event_cause(request, event.cause)]
    if board.permanent(event.permanent) is None:
        ids = ", ".join(p.id for p in board.battlefield) or "none"
        raise QueryError(f"no permanent with id '{event.permanent}'; ids are: {ids}")
    return [mana_event_request(event.permanent, event.ability, event.choice)]


def orderings(
    board: Board,
    event: Event,
    *,
    list_all: bool = False,
    max_orderings: int = DEFAULT_MAX_ORDERINGS,
    check_choice: bool = True,
) -> OrderingsReport:
    """Every way the applicable replacement effects can modify ``event`` on ``board``.

    With ``list_all``, also every ordering itself, up to ``max_orderings`` (``truncated`` says
    when there are more). Counts are exact whatever the bound. A tap event's chosen type must be
    one its ability may choose now (106.5, 106.7), which the tap query is asked first unless
    ``check_choice`` is False (``mtgasp.tap`` passes False: it has asked already).

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
    graph = event_graph(board_facts(board), request, extra=cause)
    return _report(event, graph, list_all, max_orderings)


def life_orderings(board: Board, events: Sequence[LifeEvent]) -> tuple[OrderingsReport, ...]:
    """:func:`orderings` of several life events (none with a cause), all in one solve of the
    orderings query (what ``check`` asks: a gain and a loss of 1 life for each player). Every
    derived atom of the replacement engine names its event (616-ordering.lp), as for the many
    events of could-produce, so one model holds each event's graph; it is split by event."""
    requests = [_request(board, event) for event in events]
    if any(len(request) > 1 for request in requests):
        raise ValueError("life_orderings takes events without a cause")
    solution = solve(
        "orderings", board_facts(board), extra=[r for r, *_ in requests], consts=_CONSTS
    )
    (model,) = solution.models
    reports = []
    for event, (request, *_) in zip(events, requests, strict=True):
        (term,) = request.arguments
        mine = tuple(s for s in model if s.name in _PER_EFFECT or s.arguments[0] == term)
        graph = _checked(EventGraph.read(mine, solution.stats))
        reports.append(_report(event, graph, False, DEFAULT_MAX_ORDERINGS))
    return tuple(reports)


#: The orderings query's shown atoms that name an effect, not an event (the rest name the event).
_PER_EFFECT = frozenset({"effect_card", "effect_controller", "effect_class", "effect_reason"})

#: The orderings query's switches as ``orderings`` uses them (see :func:`event_graph`).
_CONSTS = {"interchange": 1, "independence": 1}


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
        initial=decode_value(graph.start[1]),
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
    )


def event_graph(
    facts: Sequence[Symbol],
    request: Symbol,
    *,
    extra: Sequence[Symbol] = (),
    interchange: bool = True,
    independence: bool = True,
) -> EventGraph:
    """Solve the orderings query for one event request on ``facts`` and read its graph back.

    The lower-level entry point under :func:`orderings`, for programs that build their own facts
    (benchmarks, other queries). The answers never depend on the two switches, only the size of
    the graph: ``interchange=False`` stops sharing nodes between interchangeable effects and
    ``independence=False`` keeps effects whose order cannot matter in the graph
    (``#const interchange``, ``#const independence``), to measure what each saves.
    """
    solution = solve(
        "orderings",
        facts,
        extra=[request, *extra],
        consts={
            "interchange": 1 if interchange else 0,
            "independence": 1 if independence else 0,
        },
    )
    (model,) = solution.models
    return _checked(EventGraph.read(model, solution.stats))


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


_Node = Node


class EventGraph:
    """The replacement graph of one event, as the encodings derived it (616.1).

    A node is (counts of applied effects per kind in a mixed radix, current value); an edge
    applies one more effect of a kind. Effects of one kind are interchangeable, so an edge of a
    kind with ``S`` members of which ``A`` are applied stands for ``S - A`` distinct effects.
    """

    def __init__(self, stats: SolveStats) -> None:
        self.stats = stats
        self.start: _Node | None = None
        self.chooser = ""
        self.too_many = False
        self.edges: dict[_Node, list[tuple[str, _Node]]] = defaultdict(list)
        self.results: dict[_Node, Value] = {}
        self.index: dict[str, int] = {}
        self.kind_of: dict[str, str] = {}
        self.kind_size: dict[str, int] = {}
        self.kind_weight: dict[str, int] = {}
        self.cards: dict[str, str] = {}
        self.controllers: dict[str, str] = {}
        self.classes: dict[str, int] = {}
        self.reasons: dict[str, str] = {}
        self.now: set[str] = set()
        self.independent: set[str] = set()
        self.anyway: set[str] = set()
        self.cant: list[tuple[str, str, str, str]] = []  # rule, player, gain_life/lose_life, source
        self.prohibited = False
        self._memo: dict[_Node, dict[Value, int]] | None = None

    @staticmethod
    def read(model: tuple[Symbol, ...], stats: SolveStats) -> EventGraph:
        graph = EventGraph(stats)
        graphs = ReplacementGraphs()
        for symbol in model:
            name, args = symbol.name, symbol.arguments
            if name in GRAPH_SIGNATURES:
                graphs.read(symbol)
            elif name == "event_player":
                graph.chooser = as_str(args[1])
            elif name == "candidate_index":
                graph.index[_effect_id(args[1])] = as_int(args[2])
            elif name == "effect_kind":
                graph.kind_of[_effect_id(args[1])] = _effect_id(args[2])
            elif name == "kind_size":
                graph.kind_size[_effect_id(args[1])] = as_int(args[2])
            elif name == "kind_weight":
                graph.kind_weight[_effect_id(args[1])] = as_int(args[2])
            elif name == "effect_card":
                graph.cards[_effect_id(args[0])] = as_str(args[1])
            elif name == "effect_controller":
                graph.controllers[_effect_id(args[0])] = as_str(args[1])
            elif name == "effect_class":
                graph.classes[_effect_id(args[0])] = as_int(args[1])
            elif name == "effect_reason":
                graph.reasons[_effect_id(args[0])] = as_str(args[1])
            elif name == "applicable_now":
                graph.now.add(_effect_id(args[1]))
            elif name == "life_prohibition":
                graph.cant.append((as_str(args[1]), as_str(args[2]), args[3].name, as_str(args[4])))
            elif name == "event_prohibited":
                graph.prohibited = True
            elif name == "independent":
                graph.independent.add(_effect_id(args[1]))
            elif name == "applied_anyway":
                graph.anyway.add(_effect_id(args[1]))
            elif name == "too_many_effects":
                graph.too_many = True
            elif name not in ("event", "outcome", "cant_happen"):
                raise ValueError(f"unexpected symbol in the orderings answer: {symbol}")
        # One event was requested: its graph is the only one.
        for event, start in graphs.start.items():
            graph.edges = graphs.edges[event]
            graph.results = {node: decode_value(v) for node, v in graphs.results[event].items()}
            if not graph.too_many:
                graph.start = start
        for edges in graph.edges.values():
            edges.sort(key=lambda edge: graph.index[edge[0]])
        return graph

    def members(self, kind: str) -> list[str]:
        """The effects of ``kind``, by index: a path uses them in this order (its witness)."""
        return sorted((e for e, k in self.kind_of.items() if k == kind), key=self.index.__getitem__)

    def _applied(self, mask: int, kind: str) -> int:
        return (mask // self.kind_weight[kind]) % (self.kind_size[kind] + 1)

    def _free(self) -> list[str]:
        """The effects of independent kinds that apply, by index: in every ordering, anywhere."""
        return sorted(
            (e for e, k in self.kind_of.items() if k in self.anyway),
            key=self.index.__getitem__,
        )

    def _insertions(self, mask: int) -> int:
        """In how many ways the independent effects can join an ordering that ends at ``mask``:
        placing s distinct effects among L others gives (L+1)(L+2)...(L+s) orderings."""
        placed = sum(self._applied(mask, k) for k in self.kind_size if k not in self.independent)
        ways = 1
        for extra in range(1, len(self._free()) + 1):
            ways *= placed + extra
        return ways

    def node_count(self) -> int:
        nodes = set(self.edges) | set(self.results)
        for edges in self.edges.values():
            nodes.update(target for _, target in edges)
        return len(nodes)

    def edge_count(self) -> int:
        return sum(len(edges) for edges in self.edges.values())

    def count_paths(self) -> dict[Value, int]:
        """Orderings of distinct effects per outcome (exact integers).

        A path of kinds stands for the product, over its edges, of the effects of that kind not
        yet applied: each of them could be the one chosen there, and each leads to the same node.
        """
        assert self.start is not None
        return self._counts()[self.start]

    def _counts(self) -> dict[_Node, dict[Value, int]]:
        """For every node, the orderings from it to each outcome."""
        assert self.start is not None
        if self._memo is not None:
            return self._memo
        memo: dict[_Node, dict[Value, int]] = {}
        # Iterative post-order, so deep graphs do not hit Python's recursion limit.
        stack: list[tuple[_Node, bool]] = [(self.start, False)]
        while stack:
            node, expanded = stack.pop()
            if node in memo:
                continue
            if node in self.results:
                memo[node] = {self.results[node]: self._insertions(node[0])}
                continue
            if not expanded:
                stack.append((node, True))
                stack.extend((t, False) for _, t in self.edges[node] if t not in memo)
                continue
            total: dict[Value, int] = defaultdict(int)
            for kind, target in self.edges[node]:
                ways = self.kind_size[kind] - self._applied(node[0], kind)
                for value, count in memo[target].items():
                    total[value] += ways * count
            memo[node] = dict(total)
        self._memo = memo
        return memo

    def _reaching(self, value: Value) -> set[_Node]:
        """The nodes from which some path ends in ``value``."""
        assert self.start is not None
        parents: dict[_Node, list[_Node]] = defaultdict(list)
        for source, edges in self.edges.items():
            for _, target in edges:
                parents[target].append(source)
        found = {node for node, result in self.results.items() if result == value}
        todo = list(found)
        while todo:
            for parent in parents[todo.pop()]:
                if parent not in found:
                    found.add(parent)
                    todo.append(parent)
        return found

    def witness(self, value: Value) -> tuple[str, ...]:
        """The first ordering, effects compared by their index, that gives ``value``."""
        assert self.start is not None
        reaching = self._reaching(value)
        path: list[str] = []
        node = self.start
        while node not in self.results:
            kind, node = next((k, t) for k, t in self.edges[node] if t in reaching)
            path.append(self.members(kind)[self._applied(node[0], kind) - 1])
        return (*path, *self._free())

    def paths(self, limit: int) -> Iterator[tuple[str, ...]]:
        """Every ordering of distinct effects, in the order of effect indices, at most ``limit``.

        The effects of independent kinds may be chosen at any point (each once); the others
        follow the graph's edges.
        """
        assert self.start is not None
        members = {kind: self.members(kind) for kind in self.kind_size}
        free = self._free()
        count = 0
        stack: list[tuple[_Node, tuple[str, ...]]] = [(self.start, ())]
        while stack and count < limit:
            node, path = stack.pop()
            used = set(path)
            steps = [
                (effect, target)
                for kind, target in self.edges[node]
                for effect in members[kind]
                if effect not in used
            ]
            steps += [(effect, node) for effect in free if effect not in used]
            if not steps:
                count += 1
                yield path
                continue
            steps.sort(key=lambda step: self.index[step[0]])
            for effect, target in reversed(steps):
                stack.append((target, (*path, effect)))

    def noncommuting(self) -> tuple[tuple[str, str], ...]:
        """Pairs of effects whose relative order changes the result.

        Two effects A and B, both choosable at some node, do not commute there when applying A
        then B and B then A do not reach the same node (one of the orders may not even be
        possible, 616.1f) and choosing A first and choosing B first can lead to different sets
        of outcomes. Effects of one kind always commute.
        """
        assert self.start is not None
        reach = {node: frozenset(counts) for node, counts in self._counts().items()}
        step = {node: dict(edges) for node, edges in self.edges.items()}
        pairs: set[tuple[str, str]] = set()
        for choices in step.values():
            kinds = sorted(choices, key=self.index.__getitem__)
            for i, first in enumerate(kinds):
                for second in kinds[i + 1 :]:
                    if (first, second) in pairs:
                        continue
                    one = step.get(choices[first], {}).get(second)
                    other = step.get(choices[second], {}).get(first)
                    if (one is None or one != other) and (
                        reach[choices[first]] != reach[choices[second]]
                    ):
                        pairs.add((first, second))
        expanded = {
            (a, b) if self.index[a] < self.index[b] else (b, a)
            for first, second in pairs
            for a in self.members(first)
            for b in self.members(second)
        }
        return tuple(sorted(expanded, key=lambda p: (self.index[p[0]], self.index[p[1]])))

    def effects(self) -> tuple[Effect, ...]:
        result = []
        for effect_id in sorted(self.index, key=self.index.__getitem__):
            source, _, ability = effect_id.rpartition("#")
            result.append(
                Effect(
                    id=effect_id,
                    source=source,
                    card=self.cards[effect_id],
                    ability=int(ability),
                    controller=self.controllers[effect_id],
                    reason=self.reasons.get(effect_id, ""),
                    rule_class=self.classes[effect_id],
                    applies_now=effect_id in self.now,
                    kind=self.kind_of[effect_id],
                    independent=self.kind_of[effect_id] in self.independent,
                )
            )
        return tuple(result)

    def prohibitions(self) -> tuple[str, ...]:
        """The 119.7 and 119.8 prohibitions on the event's player (``life_prohibition/5``)."""
        return tuple(
            f"{rule}: {player} can't {what.removesuffix('_life')} life (because of {source})"
            for rule, player, what, source in sorted(set(self.cant))
        )
