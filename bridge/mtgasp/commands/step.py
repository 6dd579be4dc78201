"""``mtgasp step``: begin a step and follow every course until the stack is empty again."""

from __future__ import annotations

import argparse

from ..board import STEPS
from ..courses import step
from . import _common, _courses

NAME = "step"
HELP = "begin a step: what triggers, every course until the stack is empty, distinct outcomes"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = """\
Begin STEP of the board's turn (the board's active player or team): every "at the beginning of"
ability triggers or not (603.2b; intervening "if" clauses, 603.4, say why not); the triggered
abilities go on the stack in APNAP order, each player ordering their own (603.3b, 805.6); then
the stack resolves top first, with every choice players make (101.4), amounts computed on
resolution, targets and conditions checked again (608.2b, 603.4). Prints the distinct final
states with how many courses lead to each and one course for example.

example:
  mtgasp step examples/havoc-festival.yaml upkeep"""
    _common.add_board(parser)
    parser.add_argument("step", metavar="STEP", choices=STEPS, help="e.g. upkeep, end")
    _courses.add_options(parser)


def run(args: argparse.Namespace) -> str:
    report = step(_common.board(args), args.step, max_courses=args.max_courses)
    return _courses.output(report, args)
