"""The main job: run every query mtgasp knows on a board and collect one report."""

from __future__ import annotations

from dataclasses import dataclass

from .activations import ActivationReport, activations
from .board import Board

__all__ = ["CheckReport", "check"]


@dataclass(frozen=True)
class CheckReport:
    """Everything the rules say about one board, one section per query."""

    board: Board
    activations: ActivationReport


def check(board: Board) -> CheckReport:
    """Run every query on ``board``."""
    return CheckReport(board=board, activations=activations(board))
