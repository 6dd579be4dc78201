"""``mtgasp event``: apply a life event, with replacement effects and what it triggers."""

from __future__ import annotations

import argparse

from ..courses import life_event
from ..events import LIFE_KINDS, LifeEvent, parse_event
from . import _common, _courses

NAME = "event"
HELP = "apply a life event (gain, lose, set) and show the resulting boards"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = """\
Apply a life event to the board: the affected player orders the replacement effects (616.1)
and "can't gain life" wins (119.7, 614.17c); setting a life total is gaining or losing the
difference (119.5). The event is recorded in this turn's history, so a later `mtgasp step`
sees it (603.4: "if you gained life this turn"). Abilities it triggers ("whenever you gain
life") resolve too. --write-board saves the resulting board(s).

EVENT is gain:PLAYER:N, lose:PLAYER:N or set:PLAYER:N.

example:
  mtgasp event examples/witch-of-the-moors.yaml gain:alice:3 --write-board /tmp/after.yaml"""
    _common.add_board(parser)
    parser.add_argument(
        "event", metavar="EVENT", help="gain:PLAYER:N, lose:PLAYER:N or set:PLAYER:N"
    )
    _courses.add_options(parser)


def run(args: argparse.Namespace) -> str:
    event = parse_event(args.event, kinds=LIFE_KINDS)
    assert isinstance(event, LifeEvent)
    report = life_event(_common.board(args), event, max_courses=args.max_courses)
    return _courses.output(report, args)
