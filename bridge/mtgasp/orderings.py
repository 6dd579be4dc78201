"""The orderings query: every order in which replacement effects apply to one event (616.1).

The encodings (``rules/614-replacement.lp``, ``rules/616-ordering.lp``) build the graph of the
replacement process: nodes are (effects applied so far, current value), edges apply one effect the
affected player may choose. This module reads that graph back and does the counting that needs
big integers: how many orderings lead to each outcome, one witness ordering per outcome, and, on
request, every ordering up to a bound.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Literal

from clingo import Symbol

from ._symbols import as_int, as_str
from .board import Board
from .errors import QueryError
from .facts import board_facts, life_event_request, mana_event_request
from .solve import SolveStats, solve
from .values import MANA_TYPES, Value, decode_value, value_sort_key

__all__ = [
    "Effect",
    "Event",
    "LifeEvent",
    "OrderingsReport",
    "Outcome",
    "TapEvent",
    "orderings",
    "parse_event",
]

DEFAULT_MAX_ORDERINGS = 1000


@dataclass(frozen=True)
class TapEvent:
    """A permanent's mana ability resolves (106.12b); ``choice`` is the type for "any color"."""

    permanent: str
    ability: int = 1
    choice: str | None = None

    def __str__(self) -> str:
        chosen = f" choosing {{{self.choice.upper()}}}" if self.choice else ""
        return f"{self.permanent} is tapped for mana (ability #{self.ability}{chosen})"


@dataclass(frozen=True)
class LifeEvent:
    """A player gains or loses life, or has their life total set (119.3, 119.5)."""

    kind: Literal["gain", "lose", "set"]
    player: str
    amount: int

    def __str__(self) -> str:
        if self.kind == "set":
            return f"{self.player}'s life total becomes {self.amount}"
        return f"{self.player} would {self.kind} {self.amount} life"


Event = TapEvent | LifeEvent

_EVENT_HELP = (
    "events are written tap:PERMANENT[:ABILITY[:TYPE]], gain:PLAYER:N, lose:PLAYER:N or "
    "set:PLAYER:N (e.g. tap:pool, tap:birds:1:g, gain:bob:3)"
)


def parse_event(text: str) -> Event:
    """Parse an event as the command line writes it (see ``mtgasp orderings --help``)."""
    kind, _, rest = text.partition(":")
    parts = rest.split(":") if rest else []
    if kind in ("gain", "lose", "set"):
        if len(parts) < 2 or not parts[-1].lstrip("-").isdigit():
            raise QueryError(f"'{text}': {kind} needs a player and an amount; {_EVENT_HELP}")
        amount = int(parts[-1])
        if amount < 0 and kind != "set":
            raise QueryError(f"'{text}': the amount must not be negative")
        return LifeEvent(kind, ":".join(parts[:-1]), amount)  # type: ignore[arg-type]
    if kind == "tap":
        if not parts or not parts[0]:
            raise QueryError(f"'{text}': tap needs a permanent id; {_EVENT_HELP}")
        choice = None
        if len(parts) >= 3 and parts[-1].lower() in MANA_TYPES and parts[-2].isdigit():
            choice = parts.pop().lower()
        ability = 1
        if len(parts) >= 2 and parts[-1].isdigit():
            ability = int(parts.pop())
        return TapEvent(":".join(parts), ability, choice)
    raise QueryError(f"unknown event '{text}'; {_EVENT_HELP}")


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

    @property
    def order_matters(self) -> bool:
        """False when every ordering gives the same result."""
        return len(self.outcomes) > 1

    @property
    def truncated(self) -> bool:
        """True when ``listed`` holds fewer orderings than exist."""
        return self.listed is not None and len(self.listed) < self.total_orderings


def _request(board: Board, event: Event) -> Symbol:
    players = {p.name for p in board.players}
    if isinstance(event, LifeEvent):
        if event.player not in players:
            raise QueryError(
                f"no player named '{event.player}'; players are: {', '.join(sorted(players))}"
            )
        return life_event_request(f"{event.kind}_life", event.player, event.amount)
    if board.permanent(event.permanent) is None:
        ids = ", ".join(p.id for p in board.battlefield) or "none"
        raise QueryError(f"no permanent with id '{event.permanent}'; ids are: {ids}")
    return mana_event_request(event.permanent, event.ability, event.choice)


def orderings(
    board: Board,
    event: Event,
    *,
    list_all: bool = False,
    max_orderings: int = DEFAULT_MAX_ORDERINGS,
) -> OrderingsReport:
    """Every way the applicable replacement effects can modify ``event`` on ``board``.

    With ``list_all``, also every ordering itself, up to ``max_orderings`` (``truncated`` says
    when there are more). Counts are exact whatever the bound.
    """
    if max_orderings < 1:
        raise QueryError("--max-orderings must be at least 1")
    solution = solve("orderings", board_facts(board), extra=[_request(board, event)])
    (model,) = solution.models
    graph = _Graph.read(model)
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
        noncommuting=tuple(sorted(graph.noncommuting)),
        total_orderings=sum(counts.values()),
        listed=listed,
        max_orderings=max_orderings,
        stats=solution.stats,
    )


def _no_event_message(event: Event) -> str:
    if isinstance(event, TapEvent):
        return (
            f"ability #{event.ability} of '{event.permanent}' produces no mana event: it is not a "
            "mana ability with a fixed type, or it adds mana of any color and needs a chosen type "
            f"(tap:{event.permanent}:{event.ability}:g), or the choice is not allowed"
        )
    return f"{event} is not an event mtgasp can build"


_Node = tuple[int, Symbol]


class _Graph:
    """The replacement graph of one event, as the encodings derived it."""

    def __init__(self) -> None:
        self.start: _Node | None = None
        self.chooser = ""
        self.edges: dict[_Node, list[tuple[str, _Node]]] = defaultdict(list)
        self.results: dict[_Node, Value] = {}
        self.index: dict[str, int] = {}
        self.cards: dict[str, str] = {}
        self.controllers: dict[str, str] = {}
        self.classes: dict[str, int] = {}
        self.reasons: dict[str, str] = {}
        self.applies: set[str] = set()
        self.noncommuting: set[tuple[str, str]] = set()
        self.cant: list[tuple[str, str, str]] = []

    @staticmethod
    def read(model: tuple[Symbol, ...]) -> _Graph:
        graph = _Graph()
        initial: Symbol | None = None
        for symbol in model:
            name, args = symbol.name, symbol.arguments
            if name == "event_value":
                initial = args[1]
            elif name == "event_player":
                graph.chooser = as_str(args[1])
            elif name == "edge":
                source = (as_int(args[1]), args[2])
                target = (as_int(args[4]), args[5])
                graph.edges[source].append((_effect_id(args[3]), target))
            elif name == "result":
                graph.results[(as_int(args[1]), args[2])] = decode_value(args[3])
            elif name == "candidate_index":
                graph.index[_effect_id(args[1])] = as_int(args[2])
            elif name == "effect_card":
                graph.cards[_effect_id(args[0])] = as_str(args[1])
            elif name == "effect_controller":
                graph.controllers[_effect_id(args[0])] = as_str(args[1])
            elif name == "effect_class":
                graph.classes[_effect_id(args[0])] = as_int(args[1])
            elif name == "effect_reason":
                graph.reasons[_effect_id(args[0])] = as_str(args[1])
            elif name == "applies":
                graph.applies.add(_effect_id(args[1]))
            elif name == "noncommuting":
                graph.noncommuting.add((_effect_id(args[1]), _effect_id(args[2])))
            elif name in ("cant_gain_life", "cant_lose_life"):
                graph.cant.append((name, as_str(args[0]), as_str(args[1])))
            elif name not in ("event", "outcome", "cant_happen"):
                raise ValueError(f"unexpected symbol in the orderings answer: {symbol}")
        if initial is not None:
            graph.start = (0, initial)
        for edges in graph.edges.values():
            edges.sort(key=lambda edge: graph.index[edge[0]])
        return graph

    def count_paths(self) -> dict[Value, int]:
        """Orderings per outcome: paths from the start to each final node (exact integers)."""
        assert self.start is not None

        @cache
        def ways(node: _Node) -> tuple[tuple[Value, int], ...]:
            if node in self.results:
                return ((self.results[node], 1),)
            total: dict[Value, int] = defaultdict(int)
            for _, target in self.edges[node]:
                for value, count in ways(target):
                    total[value] += count
            return tuple(total.items())

        return dict(ways(self.start))

    def witness(self, value: Value) -> tuple[str, ...]:
        """The first ordering, effects compared by their index, that gives ``value``."""
        assert self.start is not None

        @cache
        def reaches(node: _Node) -> bool:
            if node in self.results:
                return self.results[node] == value
            return any(reaches(target) for _, target in self.edges[node])

        path: list[str] = []
        node = self.start
        while node not in self.results:
            effect, node = next((e, t) for e, t in self.edges[node] if reaches(t))
            path.append(effect)
        return tuple(path)

    def paths(self, limit: int) -> Iterator[tuple[str, ...]]:
        """Every ordering, in the order of effect indices, at most ``limit`` of them."""
        assert self.start is not None
        count = 0
        stack: list[tuple[_Node, tuple[str, ...]]] = [(self.start, ())]
        while stack and count < limit:
            node, path = stack.pop()
            if node in self.results:
                count += 1
                yield path
                continue
            for effect, target in reversed(self.edges[node]):
                stack.append((target, (*path, effect)))

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
                    applies_now=any(effect_id == e for e, _ in self.edges.get(self.start, []))
                    if self.start is not None
                    else False,
                )
            )
        return tuple(result)

    def prohibitions(self) -> tuple[str, ...]:
        texts = []
        for name, player, source in sorted(set(self.cant)):
            if player != self.chooser:
                continue
            verb = "gain" if name == "cant_gain_life" else "lose"
            texts.append(f"119.7/119.8: {player} can't {verb} life (because of {source})")
        return tuple(texts)


def _effect_id(symbol: Symbol) -> str:
    """``effect("mr", 1)`` -> ``"mr#1"``: the source's id and the ability's number."""
    source, number = symbol.arguments
    return f"{as_str(source)}#{as_int(number)}"
