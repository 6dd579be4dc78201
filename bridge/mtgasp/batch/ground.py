"""One grounding of an entry program for many boards, each board a world (``mtgasp batch``).

A small board's query costs mostly what every grounding costs whatever the board (a Control, the
program, clingo's preparation of each rule: about 5 ms), so a batch grounds a chunk of boards
together. The entry program is rewritten as ``_prove_batch.WorldQuery`` rewrites it: every
predicate that depends on the input gets the world's number first and no rule can join two
worlds, so each world's atoms are those of the query asked of that board alone. The facts go in
without a call into clingo per fact: each board's own facts (and its request) come from the
grounding's context (``@mtgasp_facts(W)``), each card's facts once per chunk
(``@mtgasp_card_facts(C)``), linked to the worlds of the boards that name the card (a board's
card facts are the union of its cards'), and two rules per input predicate copy them to it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import clingo
import clingo.ast
from clingo import Function, Number, Symbol

from .._resources import query_path
from ..board.model import Board
from ..cards.catalog import card_facts
from ..facts.board import board_cards, own_facts
from ..solve import _fired, budget
from ..solve._ast_cache import ThreadCache
from ..solve.control import parse_once
from ..solve.worlds import _WORLD, WorldQuery

__all__ = ["ChunkFailed", "ground_worlds", "split"]

_FACT = "_mtgasp_fact"
_CARD = "_mtgasp_card"
_NAMED = "_mtgasp_named"
_CARD_FACT = "_mtgasp_card_fact"

_Signature = tuple[str, int, bool]
#: The input signatures a program knows: of the boards' own facts, of the cards' facts.
_Given = tuple[frozenset[_Signature], frozenset[_Signature]]
#: Objects made once per process, each cache emptied when it holds _LIMIT.
_LIMIT = 100_000


class ChunkFailed(Exception):
    """The chunk could not be answered as one grounding (clingo's messages, a number past the
    bound, coverage's record on): ask its boards one by one."""


def ground_worlds(
    query: str,
    boards: Sequence[Board],
    requests: Sequence[Sequence[Symbol]],
    *,
    consts: Mapping[str, int],
    options: Sequence[str] = (),
) -> clingo.Control:
    """``query`` ground on each of ``boards`` (world W: ``boards[W]``'s facts and its
    ``requests[W]``), in one Control. Raises ChunkFailed when clingo reports anything, or a
    result passes the largest number (``number_overflow``)."""
    if _fired.recording():
        raise ChunkFailed("coverage's record is on")
    inputs = [
        [*own_facts(board), *request] for board, request in zip(boards, requests, strict=True)
    ]
    names = [sorted(board_cards(board)) for board in boards]
    program = _program(query, consts, tuple(options), _signatures(inputs, names))
    messages: list[str] = []
    with budget.shielded():
        ctl = clingo.Control(program.args, logger=lambda code, text: messages.append(text))
    with ctl.backend() as backend:
        for index in range(len(boards)):
            backend.add_rule([backend.add_atom(Function(_WORLD, [Number(index)]))])
    with clingo.ast.ProgramBuilder(ctl) as builder:
        for statement in program.statements:
            builder.add(statement)
    context = _Context(inputs, names)
    budget.run(ctl, lambda: ctl.ground([("base", [])], context=context))
    if messages:
        raise ChunkFailed("clingo: " + "; ".join(messages))
    if any(True for _ in ctl.symbolic_atoms.by_signature("number_overflow", 2)):
        raise ChunkFailed("a number past the bound")
    return ctl


#: Shown atoms of a chunk split into world and atom, by clingo's handle (the same atoms recur
#: from chunk to chunk).
_SPLIT: dict[int, tuple[int, Symbol]] = {}


def split(symbol: Symbol) -> tuple[int, Symbol]:
    """A world's atom as its world's number and the atom the board alone would have."""
    handle: int = symbol._rep
    found = _SPLIT.get(handle)
    if found is None:
        if len(_SPLIT) >= _LIMIT:
            _SPLIT.clear()
        world, *arguments = symbol.arguments
        found = _SPLIT[handle] = (world.number, Function(symbol.name, arguments, symbol.positive))
    return found


class _Context:
    """The grounding's context: each world's own facts, each world's cards, each card's facts."""

    def __init__(self, inputs: list[list[Symbol]], names: list[list[str]]) -> None:
        self.inputs = inputs
        self.names = names

    def mtgasp_facts(self, world: Symbol) -> list[Symbol]:
        return self.inputs[world.number]

    def mtgasp_cards(self, world: Symbol) -> list[Symbol]:
        return [_card(name)[0] for name in self.names[world.number]]

    def mtgasp_card_facts(self, card: Symbol) -> Sequence[Symbol]:
        return _card(card.string)[1]


#: Each card's name as a symbol, its facts and their signatures, by name.
_CARDS: dict[str, tuple[Symbol, tuple[Symbol, ...], frozenset[_Signature]]] = {}


def _card(name: str) -> tuple[Symbol, tuple[Symbol, ...], frozenset[_Signature]]:
    found = _CARDS.get(name)
    if found is None:
        if len(_CARDS) >= _LIMIT:
            _CARDS.clear()
        facts = tuple(card_facts([name]))
        signatures = frozenset(_signature(fact) for fact in facts)
        found = _CARDS[name] = (clingo.String(name), facts, signatures)
    return found


#: Each input fact's signature, by clingo's handle.
_SIGNATURES: dict[int, _Signature] = {}


def _signature(symbol: Symbol) -> _Signature:
    handle: int = symbol._rep
    found = _SIGNATURES.get(handle)
    if found is None:
        if len(_SIGNATURES) >= _LIMIT:
            _SIGNATURES.clear()
        found = _SIGNATURES[handle] = (symbol.name, len(symbol.arguments), symbol.positive)
    return found


def _signatures(inputs: list[list[Symbol]], names: list[list[str]]) -> _Given:
    """The signatures of the boards' own facts, and of their cards' facts."""
    own: set[_Signature] = set()
    for facts in inputs:
        own.update(map(_signature, facts))
    cards: set[_Signature] = set()
    for board in names:
        for name in board:
            cards |= _card(name)[2]
    return frozenset(own), frozenset(cards)


class _Program:
    """An entry program rewritten for worlds, with the rules that copy the facts in."""

    def __init__(
        self, query: str, consts: Mapping[str, int], options: tuple[str, ...], given: _Given
    ):
        path = query_path(query)
        parsed = parse_once(path)
        shown = [
            (s.name, s.arity)
            for s in parsed
            if s.ast_type == clingo.ast.ASTType.ShowSignature and s.name
        ]
        self.given = given
        inputs = frozenset((name, arity) for name, arity, _ in given[0] | given[1])
        world = WorldQuery(path, inputs, shown, consts)
        self.args = [*world.args, *options]
        self.statements = [*_glue(*given), *world.statements]


def _glue(own: frozenset[_Signature], cards: frozenset[_Signature]) -> list[Any]:
    """The rules that give each world its facts (see the module's docstring)."""
    lines = [
        f"{_FACT}(W, F) :- {_WORLD}(W), F = @mtgasp_facts(W).",
        f"{_CARD}(W, C) :- {_WORLD}(W), C = @mtgasp_cards(W).",
        f"{_NAMED}(C) :- {_CARD}(_, C).",
        f"{_CARD_FACT}(C, F) :- {_NAMED}(C), F = @mtgasp_card_facts(C).",
    ]
    for signature in sorted(own | cards):
        name, arity, positive = signature
        sign = "" if positive else "-"
        xs = "".join(f", X{i}" for i in range(arity))
        term = f"{sign}{name}({xs[2:]})" if arity else f"{sign}{name}"
        head = f"{sign}{name}(W{xs})"
        if signature in own:
            lines.append(f"{head} :- {_FACT}(W, {term}).")
        if signature in cards:
            lines.append(f"{head} :- {_CARD_FACT}(C, {term}), {_CARD}(W, C).")
    statements: list[Any] = []
    clingo.ast.parse_string("\n".join(lines), statements.append)
    return [s for s in statements if s.ast_type == clingo.ast.ASTType.Rule]


#: Each thread's programs (they keep parsed statements: _ast_cache), by query, constants and
#: options; made again with more input signatures when a chunk has facts of one the last did not
#: know.
_PROGRAMS: ThreadCache[tuple[str, tuple[tuple[str, int], ...], tuple[str, ...]], _Program] = (
    ThreadCache()
)


def _program(
    query: str, consts: Mapping[str, int], options: tuple[str, ...], given: _Given
) -> _Program:
    key = (query, tuple(sorted(consts.items())), options)
    programs = _PROGRAMS.mine()
    program = programs.get(key)
    if program is None or not (given[0] <= program.given[0] and given[1] <= program.given[1]):
        if program is not None:
            given = (given[0] | program.given[0], given[1] | program.given[1])
        program = programs[key] = _Program(query, consts, options, given)
    return program
