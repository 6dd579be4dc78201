"""Evaluating a property on many boards in one grounding: each board is a world.

Every atom of the property gets the world's number as a new first argument, and every rule the
body literal ``_mtgasp_world(W)``, so that one grounding holds the property on every board of a
chunk, and no rule can join two boards. The facts of board W are the query outputs with W in
front. A property is normal rules (prove/vocabulary.py), so the program has one answer per board; a
property whose negation is not stratified may have none or many, which is the property's error.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import clingo
import clingo.ast
from clingo import Symbol

from ..errors import QueryError
from ..solve import budget
from ..solve._ast_cache import ThreadCache
from ..solve._symbols import shown_text
from ..solve.worlds import _WORLD, VOCABULARY_ATOM, load_worlds, world_literal
from .vocabulary import Property
from .world import Rename

__all__ = ["Worlds", "fused_statements", "verdicts"]

_VARIABLE = "MtgaspWorld__"


class _AddWorld(clingo.ast.Transformer):
    """Puts the world variable first in every atom."""

    def __init__(self, location: Any) -> None:
        self.variable = clingo.ast.Variable(location, _VARIABLE)

    def visit_SymbolicAtom(self, node: Any) -> Any:
        term = node.symbol
        if term.ast_type == clingo.ast.ASTType.Function:
            arguments = [self.variable, *term.arguments]
            return node.update(symbol=term.update(arguments=arguments))
        if term.ast_type == clingo.ast.ASTType.SymbolicTerm:
            name = str(term.symbol)
            function = clingo.ast.Function(term.location, name, [self.variable], False)
            return node.update(symbol=function)
        return node


def _worlded(statements: Sequence[Any]) -> list[Any]:
    """The property's rules (and #const definitions), each with the world argument."""
    out: list[Any] = []
    for statement in statements:
        if statement.ast_type == clingo.ast.ASTType.Definition:
            out.append(statement)
        if statement.ast_type != clingo.ast.ASTType.Rule:
            continue
        location = statement.location
        rule = _AddWorld(location)(statement)
        world = clingo.ast.Literal(
            location,
            clingo.ast.Sign.NoSign,
            clingo.ast.SymbolicAtom(
                clingo.ast.Function(
                    location, _WORLD, [clingo.ast.Variable(location, _VARIABLE)], False
                )
            ),
        )
        out.append(rule.update(body=[world, *rule.body]))
    return out


class Worlds:
    """A property, ready to be evaluated on chunks of boards."""

    def __init__(self, prop: Property):
        self.property = prop
        self.statements = _worlded(prop.statements)
        location = prop.statements[0].location
        self.show = clingo.ast.ShowSignature(location, "counterexample", 2, True)
        self.fused = fused_statements(prop)

    def failures(self, boards: Sequence[Sequence[Symbol]]) -> dict[int, tuple[str, ...]]:
        """The boards (by index) where the property finds a counterexample, with its reasons,
        given each board's vocabulary facts."""
        ctl = clingo.Control(["2"], logger=lambda code, message: None)
        load_worlds(ctl, boards, [*self.statements, self.show])
        budget.run(ctl, lambda: ctl.ground([("base", [])]))
        models: list[list[Symbol]] = []
        budget.run(
            ctl,
            lambda: ctl.solve(
                on_model=lambda m: models.append(
                    [a for a in m.symbols(shown=True) if a.name == "counterexample"]
                )
            ),
        )
        return verdicts(self.property, models)


def verdicts(prop: Property, models: Sequence[Sequence[Symbol]]) -> dict[int, tuple[str, ...]]:
    """The failing worlds and their reasons, from the one model of a world program whose shown
    atoms are ``counterexample(W, Why)`` (none or many models: the property's negation is not
    stratified)."""
    if len(models) != 1:
        raise QueryError(
            f"{prop.path}: the property has {'no' if not models else 'more than one'}"
            " answer on a board: its negation must be stratified (no predicate may depend "
            "on its own negation), so that it states one verdict per board"
        )
    found: dict[int, set[str]] = {}
    for atom in models[0]:
        world, why = atom.arguments
        found.setdefault(world.number, set()).add(shown_text(why))
    return {index: tuple(sorted(reasons)) for index, reasons in found.items()}


_PROPERTY = "_mtgasp_property"


def fused_statements(prop: Property) -> list[Any] | None:
    """The property's rules for the world program of the query it reads
    (``WorldQuery.evaluate``): its vocabulary atoms read ``_mtgasp_vocabulary(W, A)``, and it
    shows ``_mtgasp_counterexample(W, Why)`` alone. None for a property with ``#const``
    definitions (which could change the query's constants): it is evaluated apart."""
    if any(s.ast_type == clingo.ast.ASTType.Definition for s in prop.statements):
        return None
    out: list[Any] = []
    for statement in prop.statements:
        if statement.ast_type == clingo.ast.ASTType.Rule:
            variable = clingo.ast.Variable(statement.location, _VARIABLE)
            renamer = Rename(prop.reads, (VOCABULARY_ATOM, _PROPERTY), [variable])
            rule = renamer(statement)
            out.append(rule.update(body=[world_literal(statement.location), *rule.body]))
    out.extend(_FUSED_SHOW.get(None, _fused_show))
    return out


def _parsed(text: str) -> tuple[Any, ...]:
    found: list[Any] = []
    clingo.ast.parse_string(text, found.append)
    return tuple(s for s in found if s.ast_type != clingo.ast.ASTType.Program)


def _fused_show() -> tuple[Any, ...]:
    return _parsed(
        f"_mtgasp_counterexample({_VARIABLE}, Why) :- "
        f"{_PROPERTY}({_VARIABLE}, counterexample(Why)).\n#show _mtgasp_counterexample/2."
    )


#: Each thread's parsed show statements of a fused program (_ast_cache).
_FUSED_SHOW: ThreadCache[None, tuple[Any, ...]] = ThreadCache()
