"""The asp engine of ``mtgasp prove`` for every vocabulary it grounds: mana (could-produce),
replacement orderings and life (orderings), with the board, characteristics and activations.

**Why a grounding per cast.** With the cards of the board chosen by the solver too (as
``prove-activations.lp`` chooses them), the grounder has to consider every effect of every pooled
card on every slot, for every controller: the replacement graphs of 616 and the values they
compute (a gain doubled by effects the grounder cannot rule out, again and again) explode (8 GB
after 184 s at 2 permanents and 7 cards). Here each grounding is given a cast: each permanent's
card and controller, each lasting effect's card, controller and named player (``slot/3``,
``effect_slot/4``), so each graph is that of the effects actually there; everything else about
the board (tapped, recently controlled, life totals, the step, this turn's history) is chosen in
the program (``asp/queries/_boards.lp``) and searched by the solver: one solve covers every
board of the cast. Sizes go up from none; within a size, the casts go in a fixed order; the
first cast with a counterexample gives a smallest counterexample (the program's ``#minimize``
picks one board of it). HOLDS: no cast has one.

**The property's atoms are renamed** (``asp/queries/prove-world.lp``): an atom of the
vocabulary ``A`` becomes ``vocabulary(A)`` (the queries' outputs under the names
docs/consistency.md gives them) and each atom of the property's own, ``counterexample(Why)``
included, ``property(A)``: no helper of a property can meet a predicate of the rules.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import clingo.ast
from clingo import Function, Number, String, Symbol, SymbolType

from ..board.model import Board, History, LastingEffect, Permanent, Player, Team, Turn
from ..cards import catalog
from ..solve._symbols import shown_text
from ..solve.control import Solution, SolveStats, plus_stats, solve

__all__ = [
    "GROUNDED",
    "MAX_CASTS",
    "Cast",
    "Rename",
    "WorldSearch",
    "bound_facts",
    "cast_count",
    "casts",
    "rename",
    "search",
    "solve_cast",
]

#: The queries whose vocabulary this engine grounds ("step": prove-step.lp's).
GROUNDED = ("board", "characteristics", "could-produce", "tap", "activations", "orderings", "step")

#: Predicates of those queries it can't ground, with why.
_REFUSED = {
    ("orderings", 3): (
        "how many orders give each result is counted by the bridge from the replacement graph "
        "(exact integers), not derived by the rules"
    ),
}

#: Queries it can't ground, with why (the others: their rules are not in its programs).
_QUERY_REFUSED = {
    "castable": (
        "the castable query's no is a proof that no payment plan exists (clingo finds the "
        "program unsatisfiable), which a search whose models are boards can't state"
    ),
}

_VOCABULARY = "vocabulary"
_PROPERTY = "property"


def unsupported(reads: Iterable[tuple[str, int, str]]) -> str | None:
    """Why the asp engine can't ground a property that reads ``reads`` (name, arity, query), or
    None if it can."""
    for name, arity, query in sorted(reads):
        why = _REFUSED.get((name, arity))
        if why is None and query not in GROUNDED:
            why = _QUERY_REFUSED.get(
                query, f"the {query} query's rules are not ground by the asp engine"
            )
        if why is not None:
            return (
                f"the asp engine can't ground {name}/{arity} ({why}); use --engine enumerate, "
                "which asks the normal queries on every board"
            )
    return None


class Rename(clingo.ast.Transformer):
    """``A`` -> ``vocabulary(A)`` for a vocabulary atom, ``property(A)`` for any other (with
    ``names``, other wrappers; with ``before``, terms put before A, e.g. a world variable);
    records the vocabulary's signatures met."""

    def __init__(
        self,
        vocabulary: Collection[tuple[str, int]],
        names: tuple[str, str] = (_VOCABULARY, _PROPERTY),
        before: Sequence[Any] = (),
    ):
        self.vocabulary = vocabulary
        self.names = names
        self.before = list(before)
        self.read: set[tuple[str, int]] = set()

    def visit_SymbolicAtom(self, node: Any) -> Any:
        term = node.symbol
        if term.ast_type == clingo.ast.ASTType.SymbolicTerm:
            term = clingo.ast.Function(term.location, str(term.symbol), [], False)
        if term.ast_type != clingo.ast.ASTType.Function:
            return node
        signature = (term.name, len(term.arguments))
        wrapper = self.names[1]
        if signature in self.vocabulary:
            wrapper = self.names[0]
            self.read.add(signature)
        arguments = [*self.before, term]
        return node.update(symbol=clingo.ast.Function(term.location, wrapper, arguments, False))


def rename(
    statements: Sequence[Any], vocabulary: Collection[tuple[str, int]]
) -> tuple[tuple[Any, ...], frozenset[tuple[str, int]]]:
    """The property's rules (and ``#const`` definitions), their atoms renamed; and the
    signatures of the vocabulary it names."""
    renamer = Rename(vocabulary)
    out = []
    for statement in statements:
        if statement.ast_type == clingo.ast.ASTType.Definition:
            out.append(statement)
        elif statement.ast_type == clingo.ast.ASTType.Rule:
            out.append(renamer(statement))
    return tuple(out), frozenset(renamer.read)


#: A board's cast: each permanent's card and controller; each lasting effect's card, controller
#: and the player it names (players by seat, from 0).
Cast = tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int, int], ...]]


def casts(
    size: int,
    permanent_cards: Sequence[str],
    effect_cards: Sequence[str],
    players: int,
    most: tuple[int, int],
) -> Iterator[Cast]:
    """Every cast of ``size`` things: up to ``most[0]`` permanents of ``permanent_cards`` and
    ``most[1]`` lasting effects of ``effect_cards``, fewer effects first, each a multiset (in
    sorted order: a board and its renumberings are one board)."""
    seats = range(players)
    perm_kinds = list(itertools.product(permanent_cards, seats))
    effect_kinds = list(itertools.product(effect_cards, seats, seats))
    for effects in range(min(size, most[1]) + 1):
        if size - effects > most[0]:
            continue
        for perms in itertools.combinations_with_replacement(perm_kinds, size - effects):
            for spells in itertools.combinations_with_replacement(effect_kinds, effects):
                yield perms, spells


#: The most casts a search may ground (about 25 ms of CPU each): more is refused before
#: anything is ground, naming the count, rather than left to the time limit.
MAX_CASTS = 10_000


def cast_count(
    permanent_cards: Sequence[str], effect_cards: Sequence[str], players: int, most: tuple[int, int]
) -> int:
    """How many casts :func:`casts` lists, of every size up to ``most[0] + most[1]``."""
    perm_kinds, effect_kinds = len(permanent_cards) * players, len(effect_cards) * players**2
    return sum(
        _multisets(perm_kinds, perms) * _multisets(effect_kinds, effects)
        for perms in range(most[0] + 1)
        for effects in range(most[1] + 1)
    )


def _multisets(kinds: int, size: int) -> int:
    return math.comb(kinds + size - 1, size) if kinds else int(size == 0)


@cache
def _card_facts(names: tuple[str, ...]) -> tuple[Symbol, ...]:
    return tuple(catalog.card_facts(names))


def solve_cast(
    query: str,
    cast: Cast,
    players: Sequence[str],
    around: Sequence[Symbol],
    program: tuple[Path, tuple[Any, ...]],
    consts: dict[str, int],
) -> Solution:
    """Every board with this cast (the rest chosen: ``around`` are the bounds' facts), the
    property's counterexamples as models, each better than the last."""
    perms, spells = cast
    slots = [
        Function("slot", [String(f"s{i}"), String(card), String(players[seat])])
        for i, (card, seat) in enumerate(perms, start=1)
    ]
    slots += [
        Function(
            "effect_slot",
            [String(f"e{i}"), String(card), String(players[seat]), String(players[named])],
        )
        for i, (card, seat, named) in enumerate(spells, start=1)
    ]
    names = {card for card, _ in perms} | {card for card, _, _ in spells}
    facts = [*around, *slots, *_card_facts(tuple(sorted(names)))]
    return solve(query, facts, consts=consts, user_statements=[program])


def bound_facts(
    players: Sequence[str],
    lives: Sequence[int],
    steps: Sequence[str],
    teams: bool,
    history: bool,
    events: Sequence[Symbol],
    step: bool = False,
) -> list[Symbol]:
    """The facts of the bounds the program chooses the board within (``_boards.lp``), and the
    life events asked about (prove-world.lp: each; prove-step.lp with ``step``: one of them)."""
    facts = [
        Function("bound_player", [String(name), Number(seat)])
        for seat, name in enumerate(players, start=1)
    ]
    facts += [Function("bound_life", [Number(n), Number(i)]) for i, n in enumerate(lives, 1)]
    facts += [Function("bound_step", [Function(s), Number(i)]) for i, s in enumerate(steps, 1)]
    facts.append(Function("mana_unchecked"))
    if teams:
        facts.append(Function("bound_teams"))
    if history:
        facts.append(Function("bound_history"))
    if step:
        return [*facts, *(Function("bound_event", [e, Number(i)]) for i, e in enumerate(events, 1))]
    return [*facts, *(Function("event_request", [event]) for event in events)]


def board_of(model: Sequence[Symbol], players: Sequence[str], teams: bool) -> Board:
    """The counterexample board of a model of prove-world.lp."""
    atoms: dict[str, list[tuple[Any, ...]]] = {}
    for symbol in model:
        atoms.setdefault(symbol.name, []).append(tuple(_plain(a) for a in symbol.arguments))

    def table(name: str) -> dict[Any, Any]:
        return {args[0]: args[1] if len(args) > 1 else True for args in atoms.get(name, [])}

    cards, controllers, named = table("card_of"), table("controller"), table("effect_player")
    tapped, recent, lives = table("tapped"), table("recently_controlled"), table("life")
    battlefield = tuple(
        Permanent(
            id=key,
            card=cards[key],
            controller=controllers[key],
            owner=controllers[key],
            tapped=key in tapped,
            since_turn_start=key not in recent,
        )
        for key in sorted(table("permanent"))
    )
    effects = tuple(
        LastingEffect(id=key, card=cards[key], controller=controllers[key], player=named.get(key))
        for key in sorted(table("lasting_effect"))
    )
    ((step,),) = atoms["step"]
    return Board(
        players=tuple(
            Player(name, lives[name], f"t{1 + seat // 2}" if teams else None)
            for seat, name in enumerate(players)
        ),
        turn=Turn(active=players[0], step=step, number=2),
        teams=tuple(Team(name, life) for name, life in sorted(table("team_life").items())),
        battlefield=battlefield,
        effects=effects,
        this_turn=History(
            gained_life=table("gained_life_this_turn"), lost_life=table("lost_life_this_turn")
        ),
        source="<counterexample>",
    )


def _plain(symbol: Symbol) -> Any:
    """A string, number or constant's name as Python's; ``s(3)`` (prove-activations.lp's ids) as
    ``"s3"``."""
    if symbol.type == SymbolType.String:
        return symbol.string
    if symbol.type == SymbolType.Number:
        return symbol.number
    if symbol.arguments:
        return f"{symbol.name}{''.join(str(a) for a in symbol.arguments)}"
    return symbol.name


@dataclass(frozen=True)
class WorldSearch:
    """What a search by casts found: the reasons and board of a smallest counterexample (none:
    the property holds), how many casts were ground, and the cost."""

    reasons: tuple[str, ...]
    board: Board | None
    casts: int
    stats: SolveStats | None
    step: Symbol | None = None  # prove-step.lp: the event of the step


def search(
    query: str,
    program: tuple[Path, tuple[Any, ...]],
    pools: tuple[Sequence[str], Sequence[str]],
    players: Sequence[str],
    most: tuple[int, int],
    around: Sequence[Symbol],
    teams: bool,
    consts: dict[str, int],
) -> WorldSearch:
    """Every cast within the bounds, by size, in a fixed order: the first with a counterexample
    gives a smallest one (the last, optimal model of its solve)."""
    grounded = 0
    stats: SolveStats | None = None
    for size in range(most[0] + most[1] + 1):
        for cast in casts(size, pools[0], pools[1], len(players), most):
            solution = solve_cast(query, cast, players, around, program, consts)
            grounded += 1
            stats = solution.stats if stats is None else plus_stats(stats, solution.stats)
            if solution.models:
                model = solution.models[-1]
                reasons = tuple(
                    sorted(shown_text(s.arguments[0]) for s in model if s.name == "counterexample")
                )
                board = board_of(model, players, teams)
                step = next((s.arguments[0] for s in model if s.name == "event_request"), None)
                return WorldSearch(reasons, board, grounded, stats, step)
    return WorldSearch((), None, grounded, stats)
