"""A deterministic query asked of many boards in one grounding: each board is a world.

The entry program is rewritten once per process: every predicate that depends on the input
facts (the board's, its cards', the query's request) gets the world's number as a new first
argument, and every rule that names one the body literal ``_mtgasp_world(W)``; predicates that
depend on no input (the rules' own tables) stay shared. No rule can join two worlds, so each
world's atoms are exactly those of the query asked of that board alone; what the batch saves is
the cost every grounding pays whatever the board (creating a Control, adding the program,
grounding the shared part), which is most of a small board's cost. Only the vocabulary's
signatures are shown. ``tests/test_prove_enumerate.py`` checks that the outputs are those of
the query asked board by board.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

import clingo
import clingo.ast
from clingo import Function, Number, Symbol

from ..errors import EncodingError
from . import budget
from ._asp_atoms import signature as _signature
from ._asp_atoms import symbolic_atoms as _atoms
from .control import parse_once

__all__ = ["VOCABULARY_ATOM", "WorldQuery", "in_world", "world_literal"]

_WORLD = "_mtgasp_world"
#: ``_mtgasp_vocabulary(W, A)``: atom A of the property vocabulary holds in world W (a query's
#: shown atom, or a board fact given as the world's input ``_mtgasp_vocabulary(A)``).
VOCABULARY_ATOM = "_mtgasp_vocabulary"
_VARIABLE = "MtgaspWorld__"
_Signature = tuple[str, int]
#: The statements whose atoms may hold pools.
_POOLED = frozenset({clingo.ast.ASTType.Rule, clingo.ast.ASTType.External})


_PARTS: dict[Symbol, tuple[str, list[Symbol]]] = {}
#: Facts tagged with the index of their world, remembered: the boards of a search share most
#: facts (their cards', their players'), and worlds are numbered alike in every chunk.
_TAGGED: dict[tuple[Symbol, int], Symbol] = {}


def load_worlds(
    ctl: clingo.Control, worlds: Sequence[Sequence[Symbol]], statements: Sequence[Any]
) -> None:
    """Add to ``ctl`` each world's input facts (tagged with the world's index) with its world
    atom, then the world-rewritten ``statements``."""
    with ctl.backend() as backend:
        for index, facts in enumerate(worlds):
            world = Number(index)
            backend.add_rule([backend.add_atom(Function(_WORLD, [world]))])
            for fact in facts:
                tagged = _TAGGED.get((fact, index))
                if tagged is None:
                    if len(_TAGGED) > 200_000:
                        _TAGGED.clear()
                    tagged = _TAGGED[(fact, index)] = in_world(fact, world)
                backend.add_rule([backend.add_atom(tagged)])
    with clingo.ast.ProgramBuilder(ctl) as builder:
        for statement in statements:
            builder.add(statement)


def in_world(fact: Symbol, world: Symbol) -> Symbol:
    """``fact`` with ``world`` as its first argument (a fact's name and arguments remembered:
    boards share most facts, and reading them costs a call into clingo each)."""
    parts = _PARTS.get(fact)
    if parts is None:
        if len(_PARTS) > 100_000:
            _PARTS.clear()
        parts = _PARTS[fact] = (fact.name, fact.arguments)
    return Function(parts[0], [world, *parts[1]])


class _AddWorld(clingo.ast.Transformer):
    """Puts the world variable first in every atom of a worlded predicate."""

    def __init__(self, location: Any, worlded: set[_Signature]) -> None:
        self.variable = clingo.ast.Variable(location, _VARIABLE)
        self.worlded = worlded

    def visit_SymbolicAtom(self, node: Any) -> Any:
        signature = _signature(node)
        if signature is None or signature not in self.worlded:
            return node
        term = node.symbol
        if term.ast_type == clingo.ast.ASTType.Function:
            return node.update(symbol=term.update(arguments=[self.variable, *term.arguments]))
        function = clingo.ast.Function(term.location, signature[0], [self.variable], False)
        return node.update(symbol=function)


def _rewrite(
    statements: Sequence[Any], inputs: set[_Signature], shown: Sequence[_Signature]
) -> list[Any]:
    rules = [s for s in statements if s.ast_type == clingo.ast.ASTType.Rule]
    worlded = set(inputs)
    changed = True
    while changed:  # a predicate is worlded when some rule for it names a worlded predicate
        changed = False
        for rule in rules:
            named = {_signature(a) for a in _atoms(rule.body)} | {
                _signature(a) for a in _atoms(rule.head)
            }
            if named & worlded:
                for atom in _atoms(rule.head):
                    signature = _signature(atom)
                    if signature is not None and signature not in worlded:
                        worlded.add(signature)
                        changed = True
    out: list[Any] = []
    keep = set(shown)
    for statement in statements:
        kind = statement.ast_type
        if kind == clingo.ast.ASTType.ShowSignature:
            signature = (statement.name, statement.arity)
            if signature in keep:
                if signature not in worlded:
                    raise EncodingError(f"a world batch cannot show {statement}: it names no world")
                out.append(statement.update(arity=statement.arity + 1))
            continue
        if kind == clingo.ast.ASTType.ShowTerm:
            out.extend(_show_term(statement, keep, worlded))
            continue
        if kind == clingo.ast.ASTType.Defined:
            if (statement.name, statement.arity) in worlded:
                statement = statement.update(arity=statement.arity + 1)
            out.append(statement)
            continue
        if kind == clingo.ast.ASTType.External:
            if {_signature(a) for a in _atoms(statement)} & worlded:
                external = _AddWorld(statement.location, worlded)(statement)
                body = [_world_literal(statement.location), *external.body]
                statement = external.update(body=body)
            out.append(statement)
            continue
        if kind != clingo.ast.ASTType.Rule:
            if list(_atoms(statement)):
                raise EncodingError(f"a world batch cannot rewrite {statement}")
            out.append(statement)
            continue
        if not {_signature(a) for a in _atoms(statement)} & worlded:
            out.append(statement)
            continue
        rule = _AddWorld(statement.location, worlded)(statement)
        out.append(rule.update(body=[_world_literal(statement.location), *rule.body]))
    out.append(clingo.ast.ShowSignature(statements[0].location, "", 0, True))
    return out


def world_literal(location: Any) -> Any:
    """The body literal ``_mtgasp_world(W)`` that binds a rewritten rule's world variable."""
    return _world_literal(location)


def _world_literal(location: Any) -> Any:
    variable = clingo.ast.Variable(location, _VARIABLE)
    atom = clingo.ast.SymbolicAtom(clingo.ast.Function(location, _WORLD, [variable], False))
    return clingo.ast.Literal(location, clingo.ast.Sign.NoSign, atom)


def _show_term(statement: Any, keep: set[_Signature], worlded: set[_Signature]) -> list[Any]:
    """``#show F(...) : Body.`` of a kept signature, with the world first (and bound)."""
    term = statement.term
    if term.ast_type != clingo.ast.ASTType.Function:
        return []
    signature = (term.name, len(term.arguments))
    if signature not in keep:
        return []
    if not {_signature(a) for a in _atoms(statement.body)} & worlded:
        raise EncodingError(f"a world batch cannot show {statement}: it names no world")
    location = statement.location
    rewritten = _AddWorld(location, worlded)(statement)
    variable = clingo.ast.Variable(location, _VARIABLE)
    shown = term.update(arguments=[variable, *term.arguments])
    body = [_world_literal(location), *rewritten.body]
    return [rewritten.update(term=shown, body=body)]


class WorldQuery:
    """A deterministic query's entry program, rewritten to answer many boards at once."""

    def __init__(
        self,
        path: Path,
        inputs: frozenset[_Signature],
        shown: Sequence[_Signature],
        consts: Mapping[str, int],
    ):
        # Pools unfolded first: an atom ``p(a; b)`` is a pool, not a term with a signature.
        statements = [
            unpooled
            for statement in parse_once(path)
            for unpooled in (statement.unpool() if statement.ast_type in _POOLED else [statement])
        ]
        declared = {
            (s.name, s.arity) for s in statements if s.ast_type == clingo.ast.ASTType.Defined
        }
        self.inputs = frozenset(inputs | declared)
        self.statements = _rewrite(statements, set(self.inputs), shown)
        self.args = ["1"] + [f"-c{name}={value}" for name, value in sorted(consts.items())]
        shows = [s for s in self.statements if _shows(s)]
        self._hidden = [s for s in self.statements if not _shows(s)]
        self._vocabulary = dict(_vocabulary_rule(s) for s in shows)

    def evaluate(
        self,
        worlds: Sequence[Sequence[Symbol]],
        reads: Collection[_Signature],
        statements: Sequence[Any],
    ) -> list[list[Symbol]]:
        """Every model's shown atoms of the query's program with ``statements`` added (world
        rules that read ``_mtgasp_vocabulary(W, A)``): the query's shown atoms of the signatures
        ``reads`` become ``_mtgasp_vocabulary`` atoms, and only ``statements`` show atoms. One
        grounding answers the query and what is read from it, for every world at once."""
        rules = [self._vocabulary[s] for s in sorted(reads) if s in self._vocabulary]
        ctl = clingo.Control(["2", *self.args[1:]], logger=lambda code, message: None)
        load_worlds(ctl, worlds, [*self._hidden, *rules, *statements])
        budget.run(ctl, lambda: ctl.ground([("base", [])]))
        models: list[list[Symbol]] = []
        budget.run(
            ctl, lambda: ctl.solve(on_model=lambda m: models.append(list(m.symbols(shown=True))))
        )
        return models

    def answer(self, worlds: Sequence[Sequence[Symbol]]) -> list[list[Symbol]]:
        """Each world's shown atoms (without the world), given each world's input facts."""
        ctl = clingo.Control(self.args, logger=lambda code, message: None)
        load_worlds(ctl, worlds, self.statements)
        budget.run(ctl, lambda: ctl.ground([("base", [])]))
        out: list[list[Symbol]] = [[] for _ in worlds]
        models: list[None] = []

        def on_model(model: clingo.Model) -> None:
            models.append(None)
            for symbol in model.symbols(shown=True):
                world, *arguments = symbol.arguments
                out[world.number].append(Function(symbol.name, arguments))

        budget.run(ctl, lambda: ctl.solve(on_model=on_model))
        if len(models) != 1:
            raise EncodingError(f"a world batch of a deterministic query had {len(models)} models")
        return out


def _shows(statement: Any) -> bool:
    """Whether ``statement`` shows atoms or terms (``#show.`` alone shows none)."""
    if statement.ast_type == clingo.ast.ASTType.ShowTerm:
        return True
    return statement.ast_type == clingo.ast.ASTType.ShowSignature and bool(statement.name)


def _vocabulary_rule(show: Any) -> tuple[_Signature, Any]:
    """A rewritten show statement (its atoms or terms with the world first) as the rule
    ``_mtgasp_vocabulary(W, A) :- ...`` for each A it shows in world W; and A's signature."""
    location = show.location
    variable = clingo.ast.Variable(location, _VARIABLE)
    if show.ast_type == clingo.ast.ASTType.ShowTerm:
        _world, *arguments = show.term.arguments
        atom = show.term.update(arguments=arguments)
        body = list(show.body)
    else:  # #show p/n. of a worlded predicate (the world is its first argument)
        arguments = [clingo.ast.Variable(location, f"MtgaspA{i}__") for i in range(show.arity - 1)]
        atom = clingo.ast.Function(location, show.name, arguments, False)
        shown = clingo.ast.Function(location, show.name, [variable, *arguments], False)
        body = [
            clingo.ast.Literal(location, clingo.ast.Sign.NoSign, clingo.ast.SymbolicAtom(shown))
        ]
    head = clingo.ast.Function(location, VOCABULARY_ATOM, [variable, atom], False)
    literal = clingo.ast.Literal(location, clingo.ast.Sign.NoSign, clingo.ast.SymbolicAtom(head))
    return (atom.name, len(arguments)), clingo.ast.Rule(location, literal, body)
