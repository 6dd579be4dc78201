"""The courses vocabulary of ``mtgasp prove`` on one board: what ``mtgasp event`` and ``step`` show.

The courses asked about (docs/consistency.md): each life event of the orderings vocabulary
(``gain_life(P, N)``, ``lose_life(P, N)``, through replacement effects and what they trigger);
``damage(S, X, N)``, each permanent S dealing each amount N of noncombat damage to each player
and each permanent X (120, through prevention and replacement effects, then state-based
actions); ``draw(P)``, each player drawing a card (121; from an empty library: 704.5b); and
``begin_step(S)``, the board's step beginning (its "at the beginning of" triggers, 603.4's
intervening if clauses); or those of them a property can read. Each course is asked as its
command asks it (``answers/courses/query.py``); the final states are numbered 1, 2, ... in the
report's order, and each is described by the board atoms (the board vocabulary) of the board the
course ends on, ``final(E, K, life("p1", 17))``.
"""

from __future__ import annotations

from collections.abc import Sequence

from clingo import Function, Number, String, Symbol

from ..answers.courses import query as courses
from ..answers.courses.model import CourseReport
from ..board.events import DamageEvent, DrawEvent, LifeEvent
from ..board.model import Board
from ..facts.board import board_facts
from ..facts.requests import event_request

__all__ = ["MAX_COURSES", "course_events", "course_outputs"]

#: Courses counted per final state before the count is cut (``course_truncated/1`` says so).
MAX_COURSES = 1000


def course_events(
    board: Board, life_events: Sequence[LifeEvent], amounts: Sequence[int]
) -> list[tuple[Symbol, LifeEvent | DamageEvent | DrawEvent]]:
    """(course term, event) of every event course of ``board``: the life events, then each
    permanent dealing each amount of noncombat damage to each player and permanent (itself
    too), then each player drawing a card."""
    out: list[tuple[Symbol, LifeEvent | DamageEvent | DrawEvent]] = []
    for life in life_events:
        (term,) = event_request(life).arguments
        out.append((term, life))
    targets = [p.name for p in board.players] + [p.id for p in board.battlefield]
    for source in board.battlefield:
        for target in targets:
            for amount in amounts:
                term = Function("damage", [String(source.id), String(target), Number(amount)])
                out.append((term, DamageEvent(source.id, target, amount)))
    for player in board.players:
        out.append((Function("draw", [String(player.name)]), DrawEvent(player.name)))
    return out


def course_outputs(
    board: Board,
    events: Sequence[LifeEvent],
    board_signatures: frozenset[tuple[str, int]],
    kinds: frozenset[str] | None = None,
    amounts: Sequence[int] = (),
) -> list[Symbol]:
    """The courses vocabulary's atoms of ``board``: the courses of ``events``, of damage of
    each of ``amounts`` and of draws (:func:`course_events`), then of the board's step
    beginning; only those of ``kinds`` (``gain_life``, ``lose_life``, ``damage``, ``draw``,
    ``begin_step``), the courses a property can read, when given."""
    out: list[Symbol] = []
    for term, event in course_events(board, events, amounts):
        if kinds is not None and term.name not in kinds:
            continue
        report = courses.life_event(board, event, max_courses=MAX_COURSES)
        out.extend(_report(term, report, board_signatures))
    if kinds is not None and "begin_step" not in kinds:
        return out
    step = board.turn.step
    term = Function("begin_step", [Function(step)])
    report = courses.step(board, step, max_courses=MAX_COURSES)
    out.extend(_report(term, report, board_signatures))
    for verdict in report.triggers:
        where = [String(verdict.permanent), Number(verdict.ability)]
        if verdict.triggered:
            out.append(Function("step_trigger", [term, *where, String(verdict.player or "")]))
        else:
            rule = String(verdict.rule or "")
            out.append(Function("step_trigger_fails", [term, *where, rule]))
    return out


def _report(
    term: Symbol, report: CourseReport, board_signatures: frozenset[tuple[str, int]]
) -> list[Symbol]:
    out = [Function("course", [term])]
    if report.truncated:
        out.append(Function("course_truncated", [term]))
    for k, outcome in enumerate(report.outcomes, start=1):
        state = Number(k)
        out.append(Function("final_courses", [term, state, Number(outcome.courses)]))
        for fact in board_facts(outcome.board):
            if (fact.name, len(fact.arguments)) in board_signatures:
                out.append(Function("final", [term, state, fact]))
        for player, rule in outcome.state.lost_game:
            out.append(Function("lost_game", [term, state, String(player), String(rule)]))
    return out
