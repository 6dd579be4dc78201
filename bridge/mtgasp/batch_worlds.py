"""The activations query asked of many boards in one grounding, each board a world (batch).

A small board's query costs mostly what every grounding costs whatever the board (a Control, the
program, clingo's preparation of each rule: about 5 ms), so a batch grounds a chunk of boards
together. The entry program is rewritten as ``_prove_batch.WorldQuery`` rewrites it: every
predicate that depends on the input gets the world's number first and no rule can join two
worlds, so each world's atoms are those of the query asked of that board alone. The facts go in
without a call into clingo per fact: each board's own facts come from the grounding's context
(``@mtgasp_facts(W)``), each card's facts once per chunk (``@mtgasp_card_facts(C)``), linked to
the worlds of the boards that name the card (a board's card facts are the union of its cards'),
and two rules per input predicate copy them to it. The mana costs are judged as ``activations``
judges them (601.2h): a first solve with every verdict false, the castable query on each board
that leaves a cost open, then one solve with every world's verdicts assumed.

``tests/test_batch_worlds.py`` checks that the reports equal ``activations``' board by board.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import clingo
import clingo.ast
from clingo import Function, Number, Symbol

from . import _fired, budget
from ._prove_batch import _WORLD, WorldQuery, in_world
from ._resources import query_path
from .activations import ActivationReport, mana_verdicts, query_name, report, request
from .board import Board
from .cards.catalog import card_facts
from .castable import MAX_PAID
from .errors import EncodingError, QueryError
from .facts import board_cards, own_facts
from .solve import SolveStats, parse_once

__all__ = ["ChunkFailed", "activations_many"]

_FACT = "_mtgasp_fact"
_CARD = "_mtgasp_card"
_NAMED = "_mtgasp_named"
_CARD_FACT = "_mtgasp_card_fact"
#: The castable query's verdicts: free externals of the activations query (activations.lp).
_VERDICTS = (("mana_payable", 3), ("mana_unproved", 3))

_Signature = tuple[str, int, bool]
#: The input signatures a program knows: of the boards' own facts, of the cards' facts.
_Given = tuple[frozenset[_Signature], frozenset[_Signature]]


class ChunkFailed(Exception):
    """The chunk could not be answered as one grounding (clingo's messages, a number past the
    bound, coverage's record on): ask its boards one by one."""


def activations_many(
    boards: Sequence[Board], *, player: str | None = None, check_mana: bool = True
) -> list[ActivationReport | QueryError]:
    """``activations(board, player=player, check_mana=check_mana)`` of each board, in one
    grounding: each board's report, or the QueryError that board's own query raises. Each
    report's ``stats`` are the chunk's (its grounding and solves). Raises ChunkFailed, or the
    time limit's, the memory limit's or an internal error, when the chunk as a whole could not
    be answered: its boards must then be asked one by one."""
    if _fired.recording():
        raise ChunkFailed("coverage's record is on")
    out: list[ActivationReport | QueryError | None] = [None] * len(boards)
    worlds: list[int] = []
    inputs: list[list[Symbol]] = []
    for index, board in enumerate(boards):
        try:
            extra = request(board, player, check_mana=check_mana)
        except QueryError as exc:
            out[index] = exc
            continue
        worlds.append(index)
        inputs.append([*own_facts(board), *extra])
    if worlds:
        chunk = [boards[index] for index in worlds]
        for index, answer in zip(worlds, _answer(chunk, inputs, player, check_mana), strict=True):
            out[index] = answer
    return [answer for answer in out if answer is not None]


def _answer(
    boards: Sequence[Board], inputs: list[list[Symbol]], player: str | None, check_mana: bool
) -> list[ActivationReport]:
    names = [sorted(board_cards(board)) for board in boards]
    program = _program(check_mana, _signatures(inputs, names))
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
    externals = {
        atom.symbol: atom.literal
        for name, arity in _VERDICTS
        for atom in ctl.symbolic_atoms.by_signature(name, arity)
        if atom.is_external
    }
    models = _solve(ctl, len(boards), [-literal for literal in externals.values()])
    if check_mana:
        chosen: set[int] = set()
        for index, (board, model) in enumerate(zip(boards, models, strict=True)):
            for verdict in mana_verdicts(board, model):
                literal = externals.get(in_world(verdict, Number(index)))
                if literal is None:
                    raise EncodingError(f"{verdict} is not a free external atom of world {index}")
                chosen.add(literal)
        if chosen:
            assumptions = [lit if lit in chosen else -lit for lit in externals.values()]
            models = _solve(ctl, len(boards), assumptions)
    stats = _stats(ctl)
    return [
        report(board, player, model, stats) for board, model in zip(boards, models, strict=True)
    ]


def _solve(ctl: clingo.Control, count: int, assumptions: list[int]) -> list[list[Symbol]]:
    """Each world's shown atoms (without the world) in the one model of the chunk."""
    out: list[list[Symbol]] = [[] for _ in range(count)]
    models: list[None] = []

    def on_model(model: clingo.Model) -> None:
        models.append(None)
        for symbol in model.symbols(shown=True):
            world, atom = _split(symbol)
            out[world].append(atom)

    budget.run(ctl, lambda: ctl.solve(assumptions=assumptions, on_model=on_model))
    if len(models) != 1:
        raise EncodingError(f"a world batch of the activations query had {len(models)} models")
    return out


#: Shown atoms of a chunk split into world and atom, by clingo's handle (the same atoms recur
#: from chunk to chunk); emptied when it holds _LIMIT.
_SPLIT: dict[int, tuple[int, Symbol]] = {}
_LIMIT = 100_000


def _split(symbol: Symbol) -> tuple[int, Symbol]:
    handle: int = symbol._rep
    found = _SPLIT.get(handle)
    if found is None:
        if len(_SPLIT) >= _LIMIT:
            _SPLIT.clear()
        world, *arguments = symbol.arguments
        found = _SPLIT[handle] = (world.number, Function(symbol.name, arguments, symbol.positive))
    return found


def _stats(ctl: clingo.Control) -> SolveStats:
    summary = ctl.statistics["summary"]
    lp = ctl.statistics["problem"]["lp"]
    solvers = ctl.statistics["solving"]["solvers"]
    return SolveStats(
        atoms=int(lp["atoms"]),
        rules=int(lp["rules"]),
        ground_seconds=0.0,
        solve_seconds=float(summary["times"]["solve"]),
        choices=int(solvers["choices"]),
        conflicts=int(solvers["conflicts"]),
        models=int(summary["models"]["enumerated"]),
    )


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


#: Each card's name as a symbol and its facts, by name.
_CARDS: dict[str, tuple[Symbol, tuple[Symbol, ...], frozenset[_Signature]]] = {}


def _card(name: str) -> tuple[Symbol, tuple[Symbol, ...], frozenset[_Signature]]:
    found = _CARDS.get(name)
    if found is None:
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
    """The rewritten entry program of one mode, with the rules that copy the facts in."""

    def __init__(self, query: str, consts: Mapping[str, int], given: _Given):
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
        self.args = world.args
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


#: The programs of this process, by mode (mana check or not); made again with more input
#: signatures when a chunk has facts of one the last did not know.
_PROGRAMS: dict[bool, _Program] = {}


def _program(check_mana: bool, given: _Given) -> _Program:
    program = _PROGRAMS.get(check_mana)
    if program is None or not (given[0] <= program.given[0] and given[1] <= program.given[1]):
        if program is not None:
            given = (given[0] | program.given[0], given[1] | program.given[1])
        query = query_name(check_mana=check_mana, known=False)
        consts = {"max_paid": MAX_PAID} if check_mana else {}
        program = _PROGRAMS[check_mana] = _Program(query, consts, given)
    return program
