"""What a course query answers: trigger verdicts, final states, outcomes and the report."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from clingo import Symbol

from ...board.model import Board, Permanent
from ...solve.control import SolveStats
from .count import Query
from .end_board import _changes, _final_board
from .names import _items, _Names
from .state import FinalState
from .witness import _witness


@dataclass(frozen=True)
class TriggerVerdict:
    """An "at the beginning of" ability as the step begins: triggered (for whom) or why not."""

    permanent: str
    card: str
    ability: int
    controller: str
    triggered: bool
    player: str | None = None
    rule: str | None = None
    reason: str | None = None


@dataclass(frozen=True)
class Outcome:
    """A distinct final state, how many courses lead to it, and one of them (the witness).

    The board it ends on and the list of what changed are worked out from the final state when
    first asked for (a report may have thousands of outcomes and print a few: ``--show``)."""

    state: FinalState
    courses: int
    _model: tuple[Symbol, ...] = field(repr=False, compare=False, default=())
    _source: Board | None = field(repr=False, compare=False, default=None)
    _new: Permanent | None = field(repr=False, compare=False, default=None)

    @cached_property
    def board(self) -> Board:
        """The board the courses end on (stack empty, this turn's history brought up to date)."""
        assert self._source is not None
        return _final_board(self._source, self.state, self._new)

    @cached_property
    def changes(self) -> tuple[str, ...]:
        """What changed from the board, a line each."""
        assert self._source is not None
        return tuple(_changes(self._source, self.board, self.state))

    @property
    def witness(self) -> tuple[str, ...]:
        """One course that ends in this state, step by step (decoded when asked for)."""
        assert self._source is not None
        model = tuple(sorted(self._model))
        return tuple(_witness(model, _Names(self._source, _items(model))))


@dataclass(frozen=True)
class CourseReport:
    """Every course from a board until the stack is empty again, grouped by final state."""

    query: Query
    board: Board
    request: str
    triggers: tuple[TriggerVerdict, ...]
    outcomes: tuple[Outcome, ...]
    total_courses: int
    counted: bool
    max_courses: int
    horizon: int
    hit_horizon: bool
    unmodelled: tuple[str, ...]
    mana_values: tuple[tuple[str, str, int], ...] = ()
    stats: tuple[SolveStats, ...] = field(default=())

    @property
    def truncated(self) -> bool:
        """True when some count or course was cut by a bound (courses counted, horizon)."""
        return not self.counted or self.hit_horizon
