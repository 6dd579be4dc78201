"""The could-produce query: what each permanent could produce (106.7). (The tap query, every result
of activating one mana ability now, is in ``answers/tap.py`` and ``answers/tap_answer.py``;
re-exported here.)

could-produce is one deterministic solve: the encodings (``rules/106-could-produce.lp``) compute
the least fixed point. This module only reads it back and, on request, rebuilds a well-founded
witness for each type (the chain of permanents whose could-produce defined the choice, level by
level, as the fixed point was reached) with a replacement ordering read from the same solve's
replacement graphs.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from clingo import Symbol

from .._text import nearest
from ..board.model import Board
from ..board.values import MANA_TYPES
from ..errors import QueryError
from ..facts.board import board_facts
from ..solve._symbols import as_int, as_str, choice_name
from ..solve.control import SolveStats, solve
from .orderings.atoms import GRAPH_SIGNATURES, ReplacementGraphs
from .orderings.atoms import Node as _Node
from .tap import TapOutcome, TapReport, TapResult, TriggerAdd, tap
from .tap_answer import check_tap_choice, type_text

__all__ = [
    "CouldProduceReport",
    "PermanentMana",
    "TapOutcome",
    "TapReport",
    "TapResult",
    "TriggerAdd",
    "TypeWitness",
    "WitnessStep",
    "check_tap_choice",
    "could_produce",
    "tap",
    "type_text",
]


@dataclass(frozen=True)
class WitnessStep:
    """One link of a witness chain: ability ``ability`` of ``permanent`` resolving with ``choice``
    yields the type, the replacement effects applied in ``order`` (None when not computed)."""

    permanent: str
    ability: int
    choice: str | None
    order: tuple[str, ...] | None
    reflected_from: str | None  # the land whose could-produce made ``choice`` defined

    def how(self) -> str:
        """The choice made and the replacement order, as text: `` choosing {G} (replacements:
        ...)``; empty when neither applies."""
        text = f" choosing {type_text(self.choice)}" if self.choice else ""
        if self.order:
            text += f" (replacements: {', '.join(self.order)})"
        return text


@dataclass(frozen=True)
class TypeWitness:
    """Why a permanent could produce a type: a chain ending at an ability with a fixed choice."""

    type: str
    chain: tuple[WitnessStep, ...]


@dataclass(frozen=True)
class PermanentMana:
    permanent: str
    card: str
    controller: str
    types: tuple[str, ...]
    witnesses: tuple[TypeWitness, ...]
    depends_on: tuple[tuple[str, int], ...] = ()
    """Abilities not modelled (permanent, ability) the answer could depend on (its own mana
    abilities, a land's its choice reads, a static or an ability that speaks of mana of any
    permanent: rules/604-could-depend.lp): the answer is then ``types`` and possibly others
    (unknown), never "only these"."""


@dataclass(frozen=True)
class CouldProduceReport:
    permanents: tuple[PermanentMana, ...]
    why: bool
    stats: SolveStats
    mana_effects: tuple[tuple[str, int], ...] = ()
    """Abilities not modelled (permanent, ability) that speak of producing mana: every answer
    could depend on them."""


_Key = tuple[str, int, str | None]  # permanent, ability, choice

#: Shown atoms only the witnesses read (``why``).
_WITNESS_ONLY = frozenset({"choice_defined", "produces_via", "reflects_player", "land_of"})
#: Shown atoms no answer reads.
_UNREAD = frozenset({"land_could_produce", "mana_ability_of", "could_produce_unknown"})


def could_produce(
    board: Board, *, permanent: str | None = None, why: bool = False
) -> CouldProduceReport:
    """The types of mana each permanent could produce now (106.7), in W U B R G C order.

    With ``why``, each type gets a witness chain with a replacement order per link.
    """
    if permanent is not None and board.permanent(permanent) is None:
        known = [p.id for p in board.battlefield]
        raise QueryError(
            f"no permanent with id '{permanent}'{nearest(permanent, known)}; "
            f"ids are: {', '.join(known) or 'none'}"
        )
    # With why, witness orders walk the replacement graph effect by effect: build it over sets of
    # applied effects (no sharing between interchangeable effects, no partial-order reduction:
    # same outcomes, every effect on the path; see asp/README.md, replacement effects).
    plain = 0 if why else 1
    solution = solve(
        "could-produce",
        board_facts(board),
        consts={"why": int(why), "interchange": plain, "independence": plain},
        sort_symbols=False,  # read into sets: the order of the atoms does not matter
    )
    (model,) = solution.models
    graphs = _EventGraphs()
    types: dict[str, set[str]] = defaultdict(set)
    defined: set[_Key] = set()
    via: dict[_Key, set[str]] = defaultdict(set)
    readers: dict[str, list[tuple[str, int]]] = defaultdict(list)
    lands_of: dict[str, set[str]] = defaultdict(set)
    unknown: dict[str, set[tuple[str, int]]] = defaultdict(set)
    effects: set[tuple[str, int]] = set()
    for symbol in model:
        name = symbol.name  # each read of a symbol's name or arguments is a call into clingo
        if name == "could_produce":  # the bulk: a permanent's id (a string) and a type's name
            holder, mana_type = symbol.arguments
            types[holder.string].add(mana_type.name)
            continue
        if name in _UNREAD or (name in _WITNESS_ONLY and not why):
            continue
        if name in GRAPH_SIGNATURES:
            graphs.read(symbol)  # its arguments are read once, there
            continue
        args = symbol.arguments
        if name == "choice_defined":
            defined.add((as_str(args[0]), as_int(args[1]), choice_name(args[2])))
        elif name == "produces_via":
            via[(as_str(args[0]), as_int(args[1]), choice_name(args[2]))].add(as_str(args[3]))
        elif name == "reflects_player":
            readers[as_str(args[2])].append((as_str(args[0]), as_int(args[1])))
        elif name == "land_of":
            lands_of[as_str(args[0])].add(as_str(args[1]))
        elif name == "could_depend":  # rules/604-could-depend.lp; this query's answers: produce(O)
            if args[0].name == "produce":
                unknown[as_str(args[0].arguments[0])].add((as_str(args[1]), as_int(args[2])))
        elif name == "mana_effect_not_modelled":
            effects.add((as_str(args[0]), as_int(args[1])))
        else:
            raise ValueError(f"unexpected symbol in the could-produce answer: {symbol}")
    # The players whose lands each reflecting choice reads (106.7).
    players_read: dict[tuple[str, int], list[str]] = defaultdict(list)
    for player, abilities in readers.items():
        for ability in abilities:
            players_read[ability].append(player)
    witnesses = (
        _Witnesses(board, types, defined, via, players_read, lands_of, graphs).build()
        if why
        else {}
    )
    chosen = [p for p in board.battlefield if permanent is None or p.id == permanent]
    order = {p.id: i for i, p in enumerate(board.battlefield)}
    result = tuple(
        PermanentMana(
            permanent=p.id,
            card=p.card,
            controller=p.controller,
            types=tuple(t for t in MANA_TYPES if t in types[p.id]),
            witnesses=tuple(witnesses[(p.id, t)] for t in MANA_TYPES if (p.id, t) in witnesses),
            depends_on=_in_board_order(order, unknown[p.id]) if p.id in unknown else (),
        )
        for p in chosen
    )
    return CouldProduceReport(result, why, solution.stats, _in_board_order(order, effects))


def _in_board_order(
    order: dict[str, int], found: set[tuple[str, int]]
) -> tuple[tuple[str, int], ...]:
    """The (permanent, ability) pairs found, by the permanents' places on the battlefield."""
    return tuple(sorted(found, key=lambda k: (order.get(k[0], len(order)), k)))


class _Witnesses:
    """Rebuilds the fixed point level by level, keeping the first derivation of each type."""

    def __init__(
        self,
        board: Board,
        types: dict[str, set[str]],
        defined: set[_Key],
        via: dict[_Key, set[str]],
        players_read: dict[tuple[str, int], list[str]],
        lands_of: dict[str, set[str]],
        graphs: _EventGraphs,
    ) -> None:
        self.graphs = graphs
        self.types = types
        self.defined = defined
        self.via = via
        self.players_read = players_read
        self.order = {p.id: i for i, p in enumerate(board.battlefield)}
        self.land_player = {land: player for player, lands in lands_of.items() for land in lands}

    def build(self) -> dict[tuple[str, str], TypeWitness]:
        found: dict[tuple[str, str], tuple[_Key, str | None]] = {}
        # For each (player, type), the first land in board order found to produce it at an
        # earlier level: a reflecting choice's source is the first of its players' (106.7).
        first: dict[tuple[str, str], str] = {}
        keys = sorted(self.defined, key=lambda k: (k[0], k[1], k[2] or ""))
        changed = True
        while changed:
            changed = False
            level: dict[tuple[str, str], tuple[_Key, str | None]] = {}
            for key in keys:
                players = self.players_read.get((key[0], key[1]))
                source: str | None = None
                if players is not None:
                    choice = key[2] or ""
                    lands = [first[(p, choice)] for p in players if (p, choice) in first]
                    if not lands:
                        continue
                    source = min(lands, key=self.order.__getitem__)
                for mana_type in self.via.get(key, ()):
                    if (key[0], mana_type) not in found and (key[0], mana_type) not in level:
                        level[(key[0], mana_type)] = (key, source)
            if level:
                found.update(level)
                changed = True
                for perm, mana_type in level:
                    player = self.land_player.get(perm)
                    if player is not None:
                        known = first.get((player, mana_type))
                        if known is None or self.order[perm] < self.order[known]:
                            first[(player, mana_type)] = perm
        expected = {(o, t) for o, ts in self.types.items() for t in ts}
        if set(found) != expected:
            raise ValueError("could-produce witnesses disagree with the fixed point")
        result = {}
        for (perm, mana_type), _ in sorted(found.items()):
            chain = []
            current: tuple[str, str] | None = (perm, mana_type)
            while current is not None:
                key, source = found[current]
                chain.append(
                    WitnessStep(key[0], key[1], key[2], self.graphs.order(key, current[1]), source)
                )
                current = (source, key[2]) if source is not None and key[2] else None
            result[(perm, mana_type)] = TypeWitness(mana_type, tuple(chain))
        return result


class _EventGraphs:
    """The replacement graphs of the defined hypothetical events (616.1), to find, for a type, an
    ordering of the replacement effects whose result has mana of that type."""

    def __init__(self) -> None:
        self.graphs = ReplacementGraphs()
        self._events: dict[_Key, Symbol] = {}

    def read(self, symbol: Symbol) -> None:
        self.graphs.read(symbol)

    def _event(self, key: _Key) -> Symbol:
        """The event ``tap(O, N, Ch)`` of a key (permanent, ability, choice)."""
        if not self._events:
            for event in self.graphs.start:
                o, n, ch = event.arguments
                self._events[(as_str(o), as_int(n), choice_name(ch))] = event
        return self._events[key]

    def order(self, key: _Key, mana_type: str) -> tuple[str, ...]:
        """The first ordering (effects by id) whose result has mana of ``mana_type``."""
        event = self._event(key)
        edges, results = self.graphs.edges[event], self.graphs.results[event]
        index = MANA_TYPES.index(mana_type)
        memo: dict[_Node, bool] = {}

        def reaches(node: _Node) -> bool:
            if node not in memo:
                if node in results:
                    out = results[node]
                    memo[node] = out.name == "mana" and as_int(out.arguments[index]) > 0
                else:
                    memo[node] = any(reaches(target) for _, target in edges.get(node, ()))
            return memo[node]

        path: list[str] = []
        node = self.graphs.start[event]
        while node not in results:
            effect, node = min((e for e in edges[node] if reaches(e[1])), key=lambda e: e[0])
            path.append(effect)
        return tuple(path)
