"""``mtgasp event``: apply a life or damage event, with replacement effects and what it triggers."""

from __future__ import annotations

import argparse

from ..answers.courses.query import life_event
from ..board.events import COURSE_KINDS, DamageEvent, DrawEvent, LifeEvent, parse_event
from . import _common, _courses


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = """\
Apply a life event to the board: the affected player orders the replacement effects (616.1)
and "can't gain life" wins (119.7, 614.17c); setting a life total is gaining or losing the
difference (119.5). The event is recorded in this turn's history, so a later `mtgasp step`
sees it (603.4: "if you gained life this turn"). Abilities it triggers ("whenever you gain
life") resolve too. Damage (120) goes through prevention and replacement effects (615, 616.1),
then has its results: life loss for a player (120.3a; the team's total in Two-Headed Giant),
damage marked on a creature (120.3e) or -1/-1 counters from wither or infect (120.3d), and
lifelink's gain (120.3f). Drawing N cards is N draws (121.2), each through draw replacement
effects (121.6), the cards from the top of the library; drawing from an empty library loses the
game (121.4, 704.5b). --write-board saves the resulting board(s).

EVENT is gain:PLAYER:N, lose:PLAYER:N, set:PLAYER:N, damage:SOURCE:TARGET:N[:combat]
(SOURCE a permanent's id, TARGET a player or a permanent's id; combat damage if :combat) or
draw:PLAYER[:N] (N cards, default 1).

example:
  mtgasp event examples/witch-of-the-moors.yaml gain:alice:3 --write-board /tmp/after.yaml"""
    _common.add_board(parser)
    parser.add_argument(
        "event",
        metavar="EVENT",
        help="gain:PLAYER:N, lose:PLAYER:N, set:PLAYER:N, damage:SOURCE:TARGET:N[:combat] or "
        "draw:PLAYER[:N]",
    )
    _courses.add_options(parser)


def run(args: argparse.Namespace) -> str:
    event = parse_event(args.event, kinds=COURSE_KINDS)
    assert isinstance(event, LifeEvent | DamageEvent | DrawEvent)
    report = life_event(_common.board(args), event, max_courses=args.max_courses)
    return _courses.output(report, args)
