"""``mtgasp check``: the main job, every query on one board in one report."""

from __future__ import annotations

import argparse
from typing import Any

from .._output import dumps
from ..check import CheckReport, check
from . import _common, activations, orderings

NAME = "check"
HELP = "run every query on a board and print one report (the main job)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = "Run every query mtgasp knows on BOARD and print one report."
    _common.add_board(parser)
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    report = check(_common.board(args))
    return dumps(to_json(report)) if args.json else to_text(report)


def to_json(report: CheckReport) -> dict[str, Any]:
    board = report.board
    return {
        "query": "check",
        "schema": 1,
        "board": board.source,
        "turn": {"active": board.turn.active, "step": board.turn.step, "number": board.turn.number},
        "activations": activations.to_json(report.activations),
        "life_events": [orderings.to_json(r) for r in report.life_events],
    }


def to_text(report: CheckReport) -> str:
    board = report.board
    header = (
        f"Board {board.source}: {len(board.players)} players, {len(board.battlefield)} permanents; "
        f"turn {board.turn.number}, {board.turn.active}'s {board.turn.step.replace('_', ' ')} step."
    )
    sections = [header, activations.to_text(report.activations)]
    if report.life_events:
        sections.append(orderings.summary_text(report.life_events))
    return "\n\n".join(sections)
