"""The outputs of the normal queries on one board, as the facts a property reads (vocabulary.py).

Each query is asked as its command asks it, and its shown atoms of the vocabulary's signatures are
kept as they are: ``could_produce("s1", c)`` is what ``mtgasp could-produce --json`` decodes.
The board's own predicates are its input facts; ``orderings/3`` (how many orders give each
result) is counted by the replacement graph's reader (``replacement_graph.py``), in exact integers,
as ``mtgasp orderings`` counts them; a count past the largest clingo number is capped (and the
cap is a number no property compares with a small bound).

The events the orderings vocabulary asks about: for each player, a gain and a loss of each of
``Bounds.amounts`` life, none with a known cause (docs/consistency.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Literal

from clingo import Function, Number, Symbol

from .board import Board
from .events import LifeEvent
from .facts import board_facts
from .orderings import _PER_EFFECT
from .replacement_graph import EventGraph
from .requests import event_request, mana_check
from .solve import Solution, solve
from .values import decode_value
from .vocabulary import VOCABULARY

__all__ = ["board_outputs", "life_events"]

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
    facts = board_facts(board)
    out = [s for s in facts if (s.name, len(s.arguments)) in _SIGNATURES["board"]]
    for query in queries:
        if query != "board":
            out.extend(_ASK[query](facts, board, amounts))
    return out


def _kept(solution: Solution, query: str) -> list[Symbol]:
    (model,) = solution.models
    keep = _SIGNATURES[query]
    return [s for s in model if (s.name, len(s.arguments)) in keep]


def _characteristics(facts: list[Symbol], board: Board, amounts: Sequence[int]) -> list[Symbol]:
    return _kept(solve("view-characteristics", facts), "characteristics")


def _could_produce(facts: list[Symbol], board: Board, amounts: Sequence[int]) -> list[Symbol]:
    consts = {"why": 0, "interchange": 1, "independence": 1}
    return _kept(solve("could-produce", facts, consts=consts), "could-produce")


def _activations(facts: list[Symbol], board: Board, amounts: Sequence[int]) -> list[Symbol]:
    return _kept(solve("view-activations", facts, extra=[mana_check(False)]), "activations")


def _orderings(facts: list[Symbol], board: Board, amounts: Sequence[int]) -> list[Symbol]:
    """The full replacement graph of each event (every effect applied one at a time: no sharing
    of nodes, no partial-order reduction, so that edge/6 is the graph of 616.1 as written)."""
    requests = [event_request(event) for event in life_events(board, amounts)]
    solution = solve(
        "orderings", facts, extra=requests, consts={"interchange": 0, "independence": 0}
    )
    (model,) = solution.models
    out = _kept(solution, "orderings")
    for request in requests:
        (term,) = request.arguments
        mine = tuple(s for s in model if s.name in _PER_EFFECT or s.arguments[0] == term)
        outcomes = {
            decode_value(s.arguments[1]): s.arguments[1] for s in mine if s.name == "outcome"
        }
        graph = EventGraph.read(mine, solution.stats)
        if graph.start is None:
            continue
        for value, count in graph.count_paths().items():
            out.append(Function("orderings", [term, outcomes[value], Number(min(count, _CAP))]))
    return out


_ASK = {
    "characteristics": _characteristics,
    "could-produce": _could_produce,
    "activations": _activations,
    "orderings": _orderings,
}
