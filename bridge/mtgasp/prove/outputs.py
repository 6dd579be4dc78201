"""The outputs of the normal queries on one board, as the facts a property reads
(prove/vocabulary.py).

Each query is asked as its command asks it, and its shown atoms of the vocabulary's signatures are
kept as they are: ``could_produce("s1", c)`` is what ``mtgasp could-produce --json`` decodes.
The board's own predicates are its input facts; ``orderings/3`` (how many orders give each
result) is counted by the replacement graph's reader (``answers/orderings/graph.py``), in exact
integers, as ``mtgasp orderings`` counts them; a count past the largest clingo number is capped (and
the cap is a number no property compares with a small bound).

The events the orderings vocabulary asks about: for each player, a gain and a loss of each of
``Bounds.amounts`` life, none with a known cause (docs/consistency.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any, Literal

from clingo import Function, Number, Symbol

from .._resources import query_path
from ..answers.orderings.graph import EventGraph
from ..answers.orderings.query import _PER_EFFECT
from ..board.events import LifeEvent
from ..board.model import Board
from ..board.values import decode_value
from ..cards.catalog import card_facts
from ..facts.board import board_cards, own_facts
from ..facts.requests import event_request, mana_check
from ..solve._ast_cache import ThreadCache
from ..solve.control import SolveStats
from ..solve.worlds import VOCABULARY_ATOM, WorldQuery
from .castable import castable_outputs
from .courses import course_outputs
from .vocabulary import VOCABULARY

__all__ = [
    "board_outputs",
    "chunk_facts",
    "chunk_outputs",
    "fused_models",
    "fused_query",
    "life_events",
]

_SIGNATURES: dict[str, frozenset[tuple[str, int]]] = {}
for _p in VOCABULARY:
    _SIGNATURES[_p.query] = _SIGNATURES.get(_p.query, frozenset()) | {(_p.name, _p.arity)}

#: The largest number clingo holds (2**31 - 1): an ordering count above it is capped there.
_CAP = 2**31 - 1


def life_events(board: Board, amounts: Sequence[int]) -> list[LifeEvent]:
    """The life events the orderings vocabulary asks about on ``board``."""
    kinds: tuple[Literal["gain", "lose"], ...] = ("gain", "lose")
    return [
        LifeEvent(kind, player.name, amount)
        for player, kind, amount in product(board.players, kinds, amounts)
    ]


def board_outputs(board: Board, queries: Sequence[str], amounts: Sequence[int]) -> list[Symbol]:
    """The facts a property reads on ``board``: the board's, then each query's in ``queries``."""
    (out,) = chunk_outputs([board], queries, amounts)
    return out


def chunk_outputs(
    boards: Sequence[Board],
    queries: Sequence[str],
    amounts: Sequence[int],
    courses: frozenset[str] | None = None,
) -> list[list[Symbol]]:
    """:func:`board_outputs` of many boards, each query asked of all of them in one grounding
    (``solve/worlds.py``) but castable's and courses' (board by board); ``courses``: the kinds of
    course asked (``Property.courses``; None: all)."""
    facts = chunk_facts(boards)
    outs = [[s for s in f if _signature(s) in _SIGNATURES["board"]] for f in facts]
    for query in queries:
        if query == "board":
            continue
        if query == "orderings":
            answers = _orderings(boards, facts, amounts)
        elif query == "castable":
            answers = [castable_outputs(board) for board in boards]
        elif query == "courses":
            answers = [
                course_outputs(
                    board, life_events(board, amounts), _SIGNATURES["board"], courses, amounts
                )
                for board in boards
            ]
        else:
            program, consts, extra = _PLAIN[query]
            inputs = [[*f, *extra] for f in facts]
            answers = _world_query(program, consts, _SIGNATURES[query], inputs)
        for out, answer in zip(outs, answers, strict=True):
            out.extend(answer)
    return outs


def chunk_facts(boards: Sequence[Board]) -> list[list[Symbol]]:
    """Each board's input facts (``board_facts``), the card database asked once per set of
    cards in the chunk (not once per board)."""
    cards: dict[frozenset[str], list[Symbol]] = {}
    out = []
    for board in boards:
        names = frozenset(board_cards(board))
        found = cards.get(names)
        if found is None:
            found = cards[names] = card_facts(names)
        out.append([*own_facts(board), *found])
    return out


def fused_query(queries: Sequence[str]) -> str | None:
    """The query a property reads, if it reads one query's vocabulary besides the board's and
    that query is asked as it is (its world program can hold the property too)."""
    asked = [q for q in queries if q != "board"]
    return asked[0] if len(asked) == 1 and asked[0] in _PLAIN else None


def fused_models(
    boards: Sequence[Board],
    query: str,
    reads: frozenset[tuple[str, int]],
    statements: Sequence[Any],
) -> list[list[Symbol]]:
    """The models of ``query``'s world program over ``boards`` with a property's world rules
    (``_prove_worlds.fused_statements``) added: one grounding for the query and the property.
    Each world's board facts of the signatures in ``reads`` are its ``_mtgasp_vocabulary``
    atoms, as the query's shown atoms of those signatures are."""
    program, consts, extra = _PLAIN[query]
    board_reads = reads & _SIGNATURES["board"]
    inputs = []
    for facts in chunk_facts(boards):
        mine = [Function(VOCABULARY_ATOM, [f]) for f in facts if _signature(f) in board_reads]
        inputs.append([*facts, *extra, *mine])
    world_query = _world_program(program, consts, _SIGNATURES[query], inputs)
    return world_query.evaluate(inputs, reads & _SIGNATURES[query], statements)


_SEEN: dict[Symbol, tuple[str, int]] = {}


def _signature(symbol: Symbol) -> tuple[str, int]:
    """``symbol``'s name and arity, remembered (boards share most facts; reading a symbol's
    name and arguments costs a call into clingo each)."""
    found = _SEEN.get(symbol)
    if found is None:
        if len(_SEEN) > 100_000:
            _SEEN.clear()
        found = _SEEN[symbol] = (symbol.name, len(symbol.arguments))
    return found


#: The deterministic queries asked as they are: entry program, constants, request.
_PLAIN: dict[str, tuple[str, dict[str, int], list[Symbol]]] = {
    "characteristics": ("view-characteristics", {}, []),
    "could-produce": ("could-produce", {"why": 0, "interchange": 1, "independence": 1}, []),
    "tap": ("view-tap", {}, []),
    "activations": ("view-activations", {}, [mana_check(False)]),
}

#: The orderings query's shown signatures that the graph reader needs besides the vocabulary.
_GRAPH = frozenset(
    {
        ("candidate_index", 3),
        ("effect_kind", 3),
        ("kind_size", 3),
        ("kind_weight", 3),
        ("effect_class", 2),
        ("effect_reason", 2),
        ("independent", 2),
        ("applied_anyway", 2),
        ("too_many_effects", 1),
        ("result", 4),
        ("cant_happen", 2),
    }
)

#: Each thread's rewritten programs (they keep parsed statements: _ast_cache).
_QUERIES: ThreadCache[tuple[str, frozenset[tuple[str, int]]], WorldQuery] = ThreadCache()


def _world_query(
    program: str,
    consts: dict[str, int],
    shown: frozenset[tuple[str, int]],
    inputs: list[list[Symbol]],
) -> list[list[Symbol]]:
    """Each world's answer of ``program``."""
    return _world_program(program, consts, shown, inputs).answer(inputs)


def _world_program(
    program: str,
    consts: dict[str, int],
    shown: frozenset[tuple[str, int]],
    inputs: list[list[Symbol]],
) -> WorldQuery:
    """``program`` rewritten for worlds, kept for the thread (and rewritten again if a world
    has an input the last rewriting did not know)."""
    given = frozenset(_signature(s) for facts in inputs for s in facts)
    queries = _QUERIES.mine()
    query = queries.get((program, shown))
    if query is None or not given <= query.inputs:
        known = query.inputs if query is not None else frozenset()
        query = WorldQuery(query_path(program), known | given, sorted(shown), consts)
        queries[(program, shown)] = query
    return query


def _orderings(
    boards: Sequence[Board], facts: list[list[Symbol]], amounts: Sequence[int]
) -> list[list[Symbol]]:
    """The full replacement graph of each event (every effect applied one at a time: no sharing
    of nodes, no partial-order reduction, so that edge/6 is the graph of 616.1 as written), and
    how many orders give each result."""
    requests = [[event_request(e) for e in life_events(board, amounts)] for board in boards]
    consts = {"interchange": 0, "independence": 0}
    shown = _SIGNATURES["orderings"] - {("orderings", 3)} | _GRAPH
    inputs = [[*f, *r] for f, r in zip(facts, requests, strict=True)]
    answers = _world_query("orderings", consts, shown, inputs)
    keep = _SIGNATURES["orderings"]
    outs = []
    for model, mine_requests in zip(answers, requests, strict=True):
        out = [s for s in model if (s.name, len(s.arguments)) in keep]
        for request in mine_requests:
            (term,) = request.arguments
            mine = tuple(s for s in model if s.name in _PER_EFFECT or s.arguments[0] == term)
            outcomes = {
                decode_value(s.arguments[1]): s.arguments[1] for s in mine if s.name == "outcome"
            }
            graph = EventGraph.read([s._rep for s in mine], _NO_STATS)
            if graph.start is None:
                continue
            for value, count in graph.count_paths().items():
                out.append(Function("orderings", [term, outcomes[value], Number(min(count, _CAP))]))
        outs.append(out)
    return outs


_NO_STATS = SolveStats(0, 0, 0.0, 0.0, 0, 0, 0)
