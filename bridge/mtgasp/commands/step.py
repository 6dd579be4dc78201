"""``mtgasp step``: begin a step and follow every course until the stack is empty again."""

from __future__ import annotations

import argparse

from ..answers.courses.query import step
from ..board.model import STEPS
from . import _common, _courses


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = """\
Begin STEP of the board's turn (the board's active player or team): every "at the beginning of"
ability triggers or not (603.2b; intervening "if" clauses, 603.4, say why not); the triggered
abilities go on the stack in APNAP order, each player ordering their own (603.3b, 805.6); then
the stack resolves top first, with every choice players make (101.4), amounts computed on
resolution, targets and conditions checked again (608.2b, 603.4). Prints the distinct final
states with how many courses lead to each and one course for example.

With --through LATER the same course goes on: once the stack is empty and nothing is left to do,
the next step begins (500.1, 500.2) and its "at the beginning of" abilities trigger, up to LATER
(one of upkeep, draw, precombat_main, beginning_of_combat, end_of_combat, postcombat_main, end:
steps whose turn-based actions this version does not make can't be passed into). The draw step
begins with the active player's draw (504.1; skipped on turn 1 of a two-player or Two-Headed Giant
game, 103.8); the cleanup step with discarding down to seven cards (514.1). So lifelink's gain
in the combat damage step counts for "if you gained life this turn" at the end step (603.4).

examples:
  mtgasp step examples/havoc-festival.yaml upkeep
  mtgasp step examples/witch-lifelink.yaml combat_damage --through end"""
    _common.add_board(parser)
    parser.add_argument("step", metavar="STEP", choices=STEPS, help="e.g. upkeep, end")
    parser.add_argument(
        "--through",
        metavar="LATER",
        choices=STEPS,
        help="go on through the following steps of the turn up to LATER, in the same course",
    )
    _courses.add_options(parser)


def run(args: argparse.Namespace) -> str:
    report = step(
        _common.board(args), args.step, through=args.through, max_courses=args.max_courses
    )
    return _courses.output(report, args)
