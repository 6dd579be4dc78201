"""The prove query: is there any board, within stated bounds, where a property of the rules fails?

A property is a user's ASP program that defines ``counterexample(Why)`` from the vocabulary of
the activations query (``asp/README.md``). ``asp/queries/prove-activations.lp`` derives the
board's input predicates by choices (``_boards.lp``: every board of up to N permanents of the
given cards, for the given players, each permanent tapped or not and long or recently controlled),
so one solve searches every board at once: a model is a counterexample board, and no model proves
that no board within the bounds is one. Bounds are stated in every answer.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import clingo.ast
import yaml
from clingo import Symbol

from . import requests
from ._symbols import as_str, value
from ._text import quote
from .cards import catalog
from .errors import QueryError
from .prove_types import MAX_PERMANENTS, MAX_PLAYERS, Bounds, ProveReport
from .solve import parse_program, solve

__all__ = ["Bounds", "ProveReport", "prove"]


def prove(property_file: str | Path, bounds: Bounds = Bounds()) -> ProveReport:
    """Search every board within ``bounds`` for a counterexample to the property."""
    path = Path(property_file)
    if not path.is_file():
        raise QueryError(f"{path}: no such property file")
    _check_bounds(bounds)
    _refuse_code(path)
    if not _defines_counterexample(path):
        raise QueryError(
            f"{path}: the property defines no counterexample/1; write a rule such as "
            'counterexample("why") :- legal(activate(O, N)), tapped(O), ability_cost(O, N, tap).'
        )
    # Every model improves on the last (#minimize); the last found is a smallest counterexample.
    try:
        solution = solve("prove-activations", _bound_facts(bounds), user_programs=[path])
    except QueryError as exc:
        if "does not occur in any rule head" not in str(exc):
            raise
        raise QueryError(
            f"{exc}\n(prove searches the rules of activation legality: a property may use the "
            "board predicates and those of the activations query, asp/README.md)"
        ) from None
    if not solution.models:
        return ProveReport(str(path), bounds, True, (), None, solution.stats)
    model = solution.models[-1]
    reasons = tuple(sorted(_text(s.arguments[0]) for s in model if s.name == "counterexample"))
    return ProveReport(
        str(path), bounds, False, reasons, _board_text(model, bounds), solution.stats
    )


def _check_bounds(bounds: Bounds) -> None:
    if not 0 <= bounds.permanents <= MAX_PERMANENTS:
        raise QueryError(f"--permanents must be between 0 and {MAX_PERMANENTS}")
    if not 1 <= bounds.players <= MAX_PLAYERS:
        raise QueryError(f"--players must be between 1 and {MAX_PLAYERS}")
    for card in bounds.cards:
        found = catalog.lookup(card)
        if found is None or found.name != card:
            raise QueryError(
                f"unknown card {quote(card)}; --cards takes the cards' Oracle names (a face's name "
                "for a multi-faced card), see `mtgasp cards --search WORD`"
            )


def _players(bounds: Bounds) -> list[str]:
    return [f"p{seat}" for seat in range(1, bounds.players + 1)]


def _bound_facts(bounds: Bounds) -> list[Symbol]:
    cards = sorted(bounds.cards or catalog.handwritten_names())
    facts = requests.bound_facts(bounds.permanents, _players(bounds), cards)
    return [*facts, *catalog.card_facts(cards)]


def _refuse_code(path: Path) -> None:
    """A property is rules only: no ``#script`` (code clingo would run) and no ``#include`` (a file
    the property does not show); either is the user's error, said before anything is ground."""
    for statement in parse_program(path):
        where = statement.location.begin
        if statement.ast_type == clingo.ast.ASTType.Script:
            raise QueryError(
                f"{where.filename}:{where.line}: a property may not contain #script: it is a "
                "set of rules (counterexample/1 and helpers), and mtgasp runs no code from it"
            )
        if Path(where.filename).resolve() != path.resolve():
            raise QueryError(
                f"{path}: a property may not #include other files ({where.filename} is "
                "included): write every rule of the property in one file"
            )


def _defines_counterexample(path: Path) -> bool:
    """Whether some rule of the property has ``counterexample/1`` in its head (else every search
    would "prove" it vacuously)."""
    return any(
        statement.ast_type == clingo.ast.ASTType.Rule and _names_counterexample(statement.head)
        for statement in parse_program(path)
    )


def _names_counterexample(node: Any) -> bool:
    """Whether the AST ``node`` holds the atom ``counterexample(_)``."""
    if isinstance(node, clingo.ast.AST):
        if node.ast_type == clingo.ast.ASTType.SymbolicAtom:
            term = node.symbol
            return (
                term.ast_type == clingo.ast.ASTType.Function
                and term.name == "counterexample"
                and len(term.arguments) == 1
            )
        return any(_names_counterexample(getattr(node, key)) for key in node.child_keys)
    if isinstance(node, (list, tuple, clingo.ast.ASTSequence)):
        return any(_names_counterexample(item) for item in node)
    return False


def _text(symbol: Symbol) -> str:
    shown = value(symbol)
    return shown if isinstance(shown, str) else str(symbol)


def _board_text(model: Sequence[Symbol], bounds: Bounds) -> str:
    """The counterexample as a board file: ``mtgasp activations`` on it shows the failure."""
    permanents: dict[Symbol, dict[str, Any]] = {}
    for symbol in model:
        if symbol.name == "permanent":
            permanents.setdefault(symbol.arguments[0], {})
    for symbol in model:
        args = symbol.arguments
        entry = permanents.get(args[0]) if args else None
        if entry is None:
            continue
        if symbol.name == "card_of":
            entry["card"] = as_str(args[1])
        elif symbol.name == "controller":
            entry["controller"] = as_str(args[1])
        elif symbol.name == "tapped":
            entry["tapped"] = True
        elif symbol.name == "recently_controlled":
            entry["since"] = "this_turn"
    battlefield = [
        {"id": f"s{obj.arguments[0].number}", **permanents[obj]}
        for obj in sorted(permanents, key=lambda o: o.arguments[0].number)
    ]
    players = _players(bounds)
    board = {
        "players": [{"name": name} for name in players],
        "turn": {"active": players[0], "number": 2, "step": "precombat_main"},
        "battlefield": [
            {
                key: entry[key]
                for key in ("id", "card", "controller", "tapped", "since")
                if key in entry
            }
            for entry in battlefield
        ],
    }
    return yaml.safe_dump(board, sort_keys=False, allow_unicode=True)
