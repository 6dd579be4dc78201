"""``mtgasp cast``: cast a spell (with X) on top of the stack and resolve everything."""

from __future__ import annotations

import argparse

from ..answers.courses.query import cast
from . import _common, _courses
from .completion import card_completer


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = """\
Cast CARD for its controller (default: the active player) with X = N on top of the board's
stack and resolve the stack. A permanent spell enters; an enters ability or "enters with X
counters" replacement effect (614.1c) that refers to X uses the spell's X, while the
permanent's own X is 0: its mana value on the battlefield counts X as 0 (107.3m, 202.3e).
With --copy the permanent enters without having been that spell (e.g. a token copy): X is 0.

example:
  mtgasp cast examples/soul-warden.yaml "Hangarback Walker" --x 2"""
    _common.add_board(parser)
    card = parser.add_argument("card", metavar="CARD", help="the Oracle name of the spell")
    card.completer = card_completer  # type: ignore[attr-defined]
    x_value = _common.whole_number("X")
    parser.add_argument(
        "--x", type=x_value, default=0, metavar="N", help="the value of X (default 0)"
    )
    parser.add_argument("--controller", metavar="PLAYER", help="who casts it (default: active)")
    parser.add_argument("--id", metavar="ID", help="the id of the permanent it becomes")
    parser.add_argument(
        "--copy", action="store_true", help="it enters as a copy without having been cast (X = 0)"
    )
    _courses.add_options(parser)


def run(args: argparse.Namespace) -> str:
    report = cast(
        _common.board(args),
        args.card,
        x=args.x,
        controller=args.controller,
        copy=args.copy,
        permanent_id=args.id,
        max_courses=args.max_courses,
    )
    return _courses.output(report, args)
