"""The main job: run every query mtgasp knows on a board and collect one report."""

from __future__ import annotations

from dataclasses import dataclass

from .activations import ActivationReport, activations
from .board import Board
from .castable import CastableReport, castable
from .mana import CouldProduceReport, could_produce

__all__ = ["CheckReport", "check"]


@dataclass(frozen=True)
class CheckReport:
    """Everything the rules say about one board, one section per query."""

    board: Board
    activations: ActivationReport
    could_produce: CouldProduceReport
    castable: CastableReport


def check(board: Board) -> CheckReport:
    """Run every query on ``board``."""
    return CheckReport(
        board=board,
        activations=activations(board),
        could_produce=could_produce(board),
        castable=castable(board),
    )
