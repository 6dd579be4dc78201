"""The asp engine of ``mtgasp prove``: is there any board, within stated bounds, where a property
of the rules fails? Answered by clingo alone: a model is a counterexample board, and no model
proves that no board within the bounds is one. Bounds are stated in every answer.

A property defines ``counterexample(Why)`` from the property vocabulary (``prove/vocabulary.py``,
docs/consistency.md), as for the enumerate engine. Two programs, chosen by what it reads:

- the board, characteristics and activations vocabularies only (and no lasting effects):
  ``asp/queries/prove-activations.lp`` derives every board of up to N permanents of the given
  cards by choices (``_boards.lp``), so one solve searches every board at once;
- could-produce or orderings too: ``asp/queries/prove-world.lp``, one solve per cast (each
  permanent's card and controller, each lasting effect's card, controller and named player,
  given; the rest of the board chosen), because the replacement graphs of 616 ground only when
  the effects on the board and their controllers are known (``prove/world.py`` says why).

``prove_step`` is the one-step inductive check (``asp/queries/prove-step.lp``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml
from clingo import Function, Number, String, Symbol

from ..board.model import Board
from ..board.write import board_to_data
from ..cards import catalog
from ..errors import QueryError
from ..facts import requests
from ..solve._symbols import shown_text
from ..solve.control import SolveStats, solve
from . import world as prove_world
from .boards import BoardSpace, board_space
from .bounds import Bounds, ProveReport
from .vocabulary import STEP_VOCABULARY, VOCABULARY, Property, check_property

__all__ = ["Bounds", "ProveReport", "prove", "prove_step"]

#: The vocabularies prove-activations.lp's one solve grounds (its rules ground over chosen cards).
_ONE_SOLVE = frozenset({"board", "characteristics", "activations"})

#: The horizon of a step's course (prove-step.lp): enough for a life event, the abilities it
#: triggers and their resolution.
STEP_HORIZON = 6

_NO_STATS = SolveStats(0, 0, 0.0, 0.0, 0, 0, 0)


def prove(property_file: str | Path, bounds: Bounds = Bounds()) -> ProveReport:
    """Search every board within ``bounds`` for a counterexample to the property."""
    prop = check_property(Path(property_file))
    space = board_space(bounds)
    program, _ = _program(prop)
    if set(prop.queries) <= _ONE_SOLVE and bounds.effects == 0:
        return _one_solve(prop, space)
    consts = {"interchange": 0, "independence": 0}  # edge/6: 616.1's graph as written
    return _by_casts(prop, space, program, "prove-world", consts, step=False)


def prove_step(property_file: str | Path, bounds: Bounds = Bounds()) -> ProveReport:
    """The one-step inductive check: from every state within ``bounds``, one of the bounds' life
    events and its whole course; a counterexample is a state and a step after which the
    property (over the step vocabulary too: life_before/2, life_after/2, ...) fails."""
    path = Path(property_file)
    prop = check_property(path, extra=STEP_VOCABULARY)
    space = board_space(bounds)
    program, _ = _program(prop)
    return _by_casts(prop, space, program, "prove-step", {"horizon": STEP_HORIZON}, step=True)


def _program(prop: Property) -> tuple[tuple[Path, tuple[Any, ...]], frozenset[tuple[str, int]]]:
    """The property renamed for prove-world.lp and prove-step.lp, and what it reads; a
    QueryError if the asp engine can't ground that."""
    vocabulary = {(p.name, p.arity): p.query for p in (*VOCABULARY, *STEP_VOCABULARY)}
    statements, read = prove_world.rename(prop.statements, vocabulary)
    why = prove_world.unsupported((name, arity, vocabulary[name, arity]) for name, arity in read)
    if why is not None:
        raise QueryError(f"{prop.path}: {why}")
    return (prop.path, statements), read


def _covered(space: BoardSpace) -> int:
    return sum(space.count(size) for size in space.sizes)


def _around(space: BoardSpace, events: Sequence[Symbol], step: bool) -> list[Symbol]:
    bounds = space.bounds
    return prove_world.bound_facts(
        space.players, space.lives, space.steps, bounds.teams, bounds.history, events, step
    )


def _events(space: BoardSpace) -> list[Symbol]:
    """The life events asked about: each player gains and loses each of the bounds' amounts
    (docs/consistency.md)."""
    return [
        Function(kind, [String(player), Number(amount)])
        for player in space.players
        for kind in ("gain_life", "lose_life")
        for amount in space.bounds.amounts
    ]


def one_solve_facts(space: BoardSpace) -> list[Symbol]:
    """The facts of prove-activations.lp's search: the bounds, every pooled card's facts (the
    cards are chosen in the program, instants and sorceries never as permanents)."""
    cards = sorted(space.bounds.cards or catalog.handwritten_names())
    return [
        *requests.bound_facts(space.bounds.permanents, [], cards),
        *_around(space, [], step=False),
        *catalog.card_facts(cards),
    ]


def _one_solve(prop: Property, space: BoardSpace) -> ProveReport:
    """prove-activations.lp: every board at once, the property as written."""
    bounds = space.bounds
    facts = one_solve_facts(space)
    # Every model improves on the last (#minimize); the last found is a smallest counterexample.
    solution = solve("prove-activations", facts, user_programs=[prop.path])
    report = ProveReport(
        str(prop.path),
        bounds,
        not solution.models,
        (),
        None,
        solution.stats,
        queries=prop.queries,
        boards=_covered(space) if not solution.models else None,
    )
    if not solution.models:
        return report
    model = solution.models[-1]
    board = prove_world.board_of(model, space.players, bounds.teams)
    return replace(
        report,
        reasons=tuple(
            sorted(shown_text(s.arguments[0]) for s in model if s.name == "counterexample")
        ),
        counterexample=_board_text(board),
    )


def _by_casts(
    prop: Property,
    space: BoardSpace,
    program: tuple[Path, tuple[Any, ...]],
    query: str,
    consts: dict[str, int],
    *,
    step: bool,
) -> ProveReport:
    """prove-world.lp or prove-step.lp, one solve per cast."""
    bounds = space.bounds
    most = (bounds.permanents, bounds.effects)
    count = prove_world.cast_count(
        space.permanent_cards, space.effect_cards, len(space.players), most
    )
    if count > prove_world.MAX_CASTS:
        read = ", ".join(q for q in prop.queries if q not in _ONE_SOLVE)
        raise QueryError(
            f"{prop.path}: the property reads the {read} vocabulary, which the "
            f"asp engine grounds one cast at a time (each permanent's card and controller); "
            f"these bounds have {count:,} casts, more than {prove_world.MAX_CASTS:,}: name a "
            "smaller pool with --cards (or fewer --permanents), or use --engine enumerate"
        )
    found = prove_world.search(
        query,
        program,
        (space.permanent_cards, space.effect_cards),
        space.players,
        most,
        _around(space, _events(space), step),
        space.bounds.teams,
        consts,
    )
    return ProveReport(
        str(prop.path),
        space.bounds,
        found.board is None,
        found.reasons,
        None if found.board is None else _board_text(found.board),
        found.stats or _NO_STATS,
        queries=prop.queries,
        boards=_covered(space) if found.board is None else None,
        casts=found.casts,
        step=None if found.step is None else str(found.step),
    )


def _board_text(board: Board) -> str:
    return yaml.safe_dump(board_to_data(board), sort_keys=False, allow_unicode=True)
