"""Courses of events: ``step``, ``resolve``, ``event`` and ``cast`` (603, 608, 101.4, 119, 810).

A *course* is one way the game can go from a board until the stack is empty again: which
abilities trigger, the order they are put on the stack (APNAP, 603.3b), the targets chosen, then
each resolution with every choice players make (101.4), life events through the replacement
engine (614, 616). The encodings (``asp/queries/_course.lp``) give one stable model per course;
this module asks clingo for the distinct final states (projection, ``#project``) with one witness
course each, then has clingo count the courses per final state (up to a bound); or, for many
final states, counts the courses by independent parts when they fall apart (``_course_split``).

Identical cards and permanents are one choice (symmetry, see ``asp/rules/701-actions.lp``), so
"discard one of two Forests" is one course, not two.

This module is the public API and the horizon loop; the rest is in ``_course_split`` (the
distinct final states, by projection or by parts), ``_course_count`` (counting
courses per final state), ``_course_decode`` (models to outcomes), ``_course_names`` (naming),
``_course_board`` (the board a course ends on), ``_course_witness`` (witness text) and
``_course_model`` (the report's types). ``_count``, ``_final_key`` and ``_state_id`` are read from
here (tests wrap ``_count``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Literal

from clingo import Symbol

from ..._text import name_problem, quote
from ...board.events import DamageEvent, DrawEvent, LifeEvent, check_damage, check_draw
from ...board.model import STEPS, Board, Permanent
from ...board.steps import step_name as human_step
from ...board.write import board_to_data
from ...cards import catalog
from ...errors import QueryError
from ...facts import requests
from ...facts.board import board_facts
from ...solve._symbols import as_int, as_str
from ...solve.control import solve
from .count import Query, _py
from .count import _count as _count  # re-exported: tests wrap it
from .count import _final_key as _final_key
from .count import _state_id as _state_id
from .decode import _decode, _triggers
from .final_states import final_states
from .model import CourseReport, Outcome, TriggerVerdict
from .names import StackObject
from .state import FinalState

__all__ = [
    "DEFAULT_MAX_COURSES",
    "MAX_HORIZON",
    "CourseReport",
    "FinalState",
    "Outcome",
    "StackObject",
    "TriggerVerdict",
    "board_to_data",
    "cast",
    "life_event",
    "next_step_triggers",
    "resolve",
    "step",
    "triggers_at",
]

#: Courses are counted one by one up to this many (the distinct final states are always exact).
DEFAULT_MAX_COURSES = 100_000
#: The longest course (resolution steps) tried before giving up and saying so.
MAX_HORIZON = 64


def _player(board: Board, name: str) -> str:
    if name not in {p.name for p in board.players}:
        names = ", ".join(p.name for p in board.players)
        raise QueryError(f"no player named '{name}'; players are: {names}")
    return name


#: The steps a course may pass into (``step --through``): those without a turn-based action this
#: version does not make (502 untap, 508/509 declarations, 510 damage, 514 cleanup); the draw
#: step's draw (504.1) it makes.
PASSABLE_STEPS = (
    "upkeep",
    "draw",
    "precombat_main",
    "beginning_of_combat",
    "end_of_combat",
    "postcombat_main",
    "end",
)


def step(
    board: Board,
    step_name: str,
    *,
    through: str | None = None,
    max_courses: int = DEFAULT_MAX_COURSES,
) -> CourseReport:
    """Begin ``step_name`` (e.g. ``upkeep``, ``end``) on ``board`` and follow every course; with
    ``through``, the same course goes on through the following steps up to that one (500.1).

    >>> report = step(load_board("examples/havoc-festival.yaml"), "upkeep")  # doctest: +SKIP
    """
    if step_name not in STEPS:
        raise QueryError(f"unknown step '{step_name}'; steps are: {', '.join(STEPS)}")
    facts = [requests.begin_step(step_name)]
    text = f"beginning of the {human_step(step_name)}"
    last = step_name
    if through is not None and through != step_name:
        first, end = STEPS.index(step_name), STEPS.index(through) if through in STEPS else -1
        if end <= first:
            raise QueryError(
                f"--through {through}: the step must come after {step_name} in the turn; steps "
                f"are, in order: {', '.join(STEPS)}"
            )
        blocked = [s for s in STEPS[first + 1 : end + 1] if s not in PASSABLE_STEPS]
        if blocked:
            raise QueryError(
                f"--through {through}: the course would pass into {', '.join(blocked)}, whose "
                "turn-based actions this version does not make; it may pass into "
                f"{', '.join(PASSABLE_STEPS)}"
            )
        facts.append(requests.step_through(through))
        text += f", through the {human_step(through)}"
        last = through
    turn = replace(board.turn, step=last)
    return _run("step", replace(board, turn=turn), facts, text, max_courses)


def triggers_at(board: Board, step_name: str) -> tuple[TriggerVerdict, ...]:
    """Which "at the beginning of" abilities trigger as ``step_name`` begins, and why not.

    Cheap: no course is followed (the main job, ``mtgasp check``, uses it for the next step).
    """
    if step_name not in STEPS:
        raise QueryError(f"unknown step '{step_name}'; steps are: {', '.join(STEPS)}")
    turn = replace(board.turn, step=step_name)
    facts = board_facts(replace(board, turn=turn, stack=()))
    request = [requests.begin_step(step_name)]
    probe = solve("step", facts, extra=request, consts={"horizon": 0}, max_models=1)
    return _triggers(board, probe.models[0]) if probe.models else ()


def next_step_triggers(board: Board) -> tuple[str | None, tuple[TriggerVerdict, ...]]:
    """The step after the board's (``next_step/1``, 500.1; None after the cleanup step) and which
    "at the beginning of" abilities trigger as it begins (see :func:`triggers_at`)."""
    facts = board_facts(board.without_stack())
    request = [requests.begin_next_step()]
    probe = solve("step", facts, extra=request, consts={"horizon": 0}, max_models=1)
    for model in probe.models:
        for symbol in model:
            if symbol.name == "next_step":
                return symbol.arguments[0].name, _triggers(board, model)
    return None, ()


def resolve(board: Board, *, max_courses: int = DEFAULT_MAX_COURSES) -> CourseReport:
    """Resolve the board's stack, top first, with everything that triggers on the way. On an empty
    stack, the state-based actions are checked all the same (704.3: whenever a player would
    receive priority), and whatever they make trigger resolves."""
    text = "the stack resolves" if board.stack else "the stack is empty: state-based actions, 704.3"
    return _run("resolve", board, [], text, max_courses)


def life_event(
    board: Board,
    event: LifeEvent | DamageEvent | DrawEvent | Literal["gain", "lose", "set"],
    player: str | None = None,
    amount: int | None = None,
    *,
    max_courses: int = DEFAULT_MAX_COURSES,
) -> CourseReport:
    """Apply a life event to a player, a damage event (120) or a draw (121), through replacement
    and prevention effects, and what it triggers.

    ``event`` is a :class:`~mtgasp.board.events.LifeEvent`,
    :class:`~mtgasp.board.events.DamageEvent` or
    :class:`~mtgasp.board.events.DrawEvent` (as ``parse_event`` reads them, and as ``orderings``
    takes them), or a life event's kind with ``player`` and ``amount``.
    """
    if isinstance(event, DrawEvent):
        check_draw(board, event)
        facts = [requests.event_request(event)]
        plural = "" if event.count == 1 else "s"
        return _run(
            "event", board, facts, f"{event.player} draws {event.count} card{plural}", max_courses
        )
    if isinstance(event, DamageEvent):
        check_damage(board, event)
        facts = [requests.event_request(event)]
        kind = "combat damage" if event.combat else "damage"
        text = f"{event.source} deals {event.amount} {kind} to {event.target}"
        return _run("event", board, facts, text, max_courses)
    if not isinstance(event, LifeEvent):
        if player is None or amount is None:
            raise QueryError("a life event needs a player and an amount")
        event = LifeEvent(event, player, amount)
    _player(board, event.player)
    if event.amount < 0 and event.kind != "set":
        raise QueryError("the amount of life gained or lost must not be negative")
    facts = [requests.event_request(event)]
    text = {"gain": "gains", "lose": "loses", "set": "has their life total set to"}[event.kind]
    return _run("event", board, facts, f"{event.player} {text} {event.amount} life", max_courses)


def cast(
    board: Board,
    card: str,
    *,
    x: int = 0,
    controller: str | None = None,
    copy: bool = False,
    permanent_id: str | None = None,
    max_courses: int = DEFAULT_MAX_COURSES,
) -> CourseReport:
    """Cast ``card`` with X = ``x`` on top of the board's stack and resolve everything.

    With ``copy=True`` the permanent enters without having been that spell (e.g. a token copy):
    X is 0 for its enters abilities (107.3m).
    """
    found = catalog.lookup(card)
    if found is None:
        near = " or ".join(quote(n) for n in catalog.nearest(card))
        raise QueryError(
            f"unknown card {quote(card)}{f' (did you mean {near}?)' if near else ''}; "
            "see `mtgasp cards --search WORD`"
        )
    card = found.name
    if x < 0:
        raise QueryError("X must not be negative")
    who = _player(board, controller or board.turn.active)
    taken = {p.id for p in board.battlefield} | {s.id for s in board.stack}
    if permanent_id == "":
        raise QueryError("the id of the permanent is empty; give a name, or leave --id out")
    new_id = _fresh_id(card, taken) if permanent_id is None else permanent_id
    if (problem := name_problem(new_id)) is not None:
        raise QueryError(f"the id {quote(new_id)} {problem}")
    if new_id in taken:
        raise QueryError(f"id '{new_id}' is already used on the board")
    if copy:
        facts = [requests.copy_request(new_id, card, who), *catalog.card_facts([card])]
        text = f"{who}'s {card} enters as a copy, not cast (X = 0 for it)"
        new = Permanent(new_id, card, who, who, since_turn_start=False)
    else:
        facts = [requests.cast_request(new_id, card, who, x), *catalog.card_facts([card])]
        text = f"{who} casts {card} with X = {x}"
        new = Permanent(new_id, card, who, who, since_turn_start=False, x=x)
    return _run("cast", board, facts, text, max_courses, new)


def _fresh_id(card: str, taken: set[str]) -> str:
    base = "".join(ch if ch.isalnum() else "-" for ch in card.lower()).strip("-")
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


# --- solving --------------------------------------------------------------------------------


def _run(
    query: Query,
    board: Board,
    extra: list[Symbol],
    request: str,
    max_courses: int,
    new: Permanent | None = None,
) -> CourseReport:
    if max_courses < 1:
        raise QueryError("--max-courses must be at least 1")
    facts = board_facts(board)
    # Horizon: the objects on the stack at time 0 and their repetitions, doubled while a course
    # needs more (abilities triggered on the way).
    probe = solve(query, facts, extra=extra, consts={"horizon": 0}, max_models=1)
    if not probe.models:
        raise QueryError("no course: the request is impossible on this board")
    for symbol in probe.models[0]:
        if symbol.name == "cast_problem":
            rule, text = (as_str(a) for a in symbol.arguments)
            raise QueryError(f"{request}: impossible ({rule}: {text})")
    horizon = max(1, sum(as_int(s.arguments[1]) for s in probe.models[0] if s.name == "rounds"))
    stats = [probe.stats]
    while True:
        found = final_states(query, facts, extra, horizon, max_courses)
        stats.append(found.stats)
        hit = any(_py(s) == ("hit_horizon",) for key in found.keys for s in key)
        if not hit or horizon >= MAX_HORIZON:
            break
        horizon = min(MAX_HORIZON, horizon * 2)
    if found.counts is not None:
        counts = Counter({_state_id(k): n for k, n in zip(found.keys, found.counts, strict=True)})
        counted = True
    else:
        counts, counted, counting_stats = _count(query, facts, extra, horizon, max_courses)
        stats.append(counting_stats)
    return _decode(
        query,
        board,
        request,
        found.models,
        found.keys,
        counts,
        counted,
        max_courses,
        horizon,
        hit,
        stats,
        new,
    )
