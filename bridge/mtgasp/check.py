"""The main job: run every query mtgasp knows on a board and collect one report."""

from __future__ import annotations

from dataclasses import dataclass

from .activations import ActivationReport, activations
from .board import Board
from .orderings import LifeEvent, OrderingsReport, orderings

__all__ = ["CheckReport", "check"]


@dataclass(frozen=True)
class CheckReport:
    """Everything the rules say about one board, one section per query."""

    board: Board
    activations: ActivationReport
    life_events: tuple[OrderingsReport, ...] = ()
    """For each player, gaining and losing 1 life, where a replacement or "can't" effect bears
    on it (614, 616, 119.7, 119.8); empty when none does."""


def check(board: Board) -> CheckReport:
    """Run every query on ``board``."""
    return CheckReport(board=board, activations=activations(board), life_events=_life_events(board))


def _life_events(board: Board) -> tuple[OrderingsReport, ...]:
    """A 1-life gain and loss of each player where an effect applies or a "can't" bears on it."""
    reports = []
    for player in board.players:
        for kind in ("gain", "lose"):
            report = orderings(board, LifeEvent(kind, player.name, 1))
            barred = any(f"can't {kind} life" in text for text in report.prohibitions)
            if barred or any(e.applies_now for e in report.effects):
                reports.append(report)
    return tuple(reports)
