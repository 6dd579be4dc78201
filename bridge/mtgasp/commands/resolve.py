"""``mtgasp resolve``: resolve the board's stack, with every course and distinct outcome."""

from __future__ import annotations

import argparse

from ..answers.courses.query import resolve
from . import _common, _courses


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = """\
Resolve the objects on the board's stack, top first, and whatever triggers on the way. A stack
item has a source (a card name for a spell, or a permanent id with its ability number), a
controller, its chosen targets and X. If all its targets are illegal as it resolves, it does
nothing (608.2b); an intervening "if" is checked again (603.4).

example:
  mtgasp resolve examples/witch-target-gone.yaml"""
    _common.add_board(parser)
    _courses.add_options(parser)


def run(args: argparse.Namespace) -> str:
    report = resolve(_common.board(args), max_courses=args.max_courses)
    return _courses.output(report, args)
