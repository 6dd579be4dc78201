"""The main job: run every query mtgasp knows on a board and collect one report."""

from __future__ import annotations

from dataclasses import dataclass

from .activations import ActivationReport, activations
from .board import STEPS, Board
from .castable import CastableReport, castable
from .courses import TriggerVerdict, triggers_at
from .mana import CouldProduceReport, could_produce

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


def check(board: Board) -> CheckReport:
    """Run every query on ``board``."""
    index = STEPS.index(board.turn.step)
    next_step = STEPS[index + 1] if index + 1 < len(STEPS) else None
    triggers = triggers_at(board, next_step) if next_step is not None else ()
    return CheckReport(
        board=board,
        activations=activations(board),
        could_produce=could_produce(board),
        castable=castable(board),
        next_step=next_step,
        next_step_triggers=triggers,
    )
