"""The main job: run every query mtgasp knows on a board and collect one report."""

from __future__ import annotations

from dataclasses import dataclass

from .activations import ActivationReport, activations
from .board import Board
from .castable import CastableReport, castable
from .courses import TriggerVerdict, next_step_triggers
from .mana import CouldProduceReport, could_produce
from .orderings import LifeEvent, OrderingsReport, orderings

__all__ = ["CheckReport", "check"]


@dataclass(frozen=True)
class CheckReport:
    """Everything the rules say about one board, one section per query."""

    board: Board
    activations: ActivationReport
    could_produce: CouldProduceReport
    castable: CastableReport
    next_step: str | None = None
    next_step_triggers: tuple[TriggerVerdict, ...] = ()
    life_events: tuple[OrderingsReport, ...] = ()
    """For each player, gaining and losing 1 life, where a replacement or "can't" effect bears
    on it (614, 616, 119.7, 119.8); empty when none does."""


def check(board: Board) -> CheckReport:
    """Run every query on ``board``."""
    next_step, triggers = next_step_triggers(board)
    return CheckReport(
        board=board,
        activations=activations(board),
        could_produce=could_produce(board),
        castable=castable(board),
        next_step=next_step,
        next_step_triggers=triggers,
        life_events=_life_events(board),
    )


def _life_events(board: Board) -> tuple[OrderingsReport, ...]:
    """A 1-life gain and loss of each player where an effect applies or a "can't" bears on it."""
    reports = []
    for player in board.players:
        for kind in ("gain", "lose"):
            report = orderings(board, LifeEvent(kind, player.name, 1))
            if report.prohibited or any(e.applies_now for e in report.effects):
                reports.append(report)
    return tuple(reports)
