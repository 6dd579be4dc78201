"""``mtgasp prove``: is there any board, within stated bounds, where a property fails?"""

from __future__ import annotations

import argparse
from typing import Any

from .._output import dumps
from ..prove import MAX_PERMANENTS, MAX_PLAYERS, Bounds, ProveReport, prove
from . import _common

NAME = "prove"
#: The exit code when a counterexample is found (0: the property holds; 2: a bad question).
EXIT_COUNTEREXAMPLE = 1
HELP = "search every board within bounds for a counterexample to a property of the rules"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = """\
Rule consistency: is there any board, within the bounds, where a property fails? PROPERTY is an
ASP file that defines counterexample(Why) from the vocabulary of the activations query
(asp/README.md: legal/1, violation/3, ability_cost/3, summoning_sick/1, is_type/2, has_keyword/2,
and the board predicates permanent/1, card_of/2, controller/2, tapped/1, recently_controlled/1).
One solve searches every board at once: up to N permanents, each any of the cards, controlled by
any player, tapped or not, under its controller's control since the turn began or not (players
p1, p2, ...; p1 active; turn 2, first main phase). The answer is exhaustive within the bounds:
either no board is a counterexample (clingo proved it), or a smallest one is printed as a board
file, which `mtgasp activations` reads. legal/1 here leaves mana costs unjudged (601.2h is the
castable query's, not searched): use needs_mana_payment/1 to set such abilities apart.
Exit code 0: the property holds; 1: a counterexample was found; 2: a bad property or bound.

example:
  mtgasp prove examples/properties/summoning-sickness.lp --permanents 3"""
    parser.add_argument("property", metavar="PROPERTY", help="the property (an ASP file)")
    parser.add_argument(
        "--permanents",
        type=int,
        default=3,
        metavar="N",
        help=f"boards of up to N permanents (default %(default)s, at most {MAX_PERMANENTS})",
    )
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        metavar="N",
        help=f"N players (default %(default)s, at most {MAX_PLAYERS})",
    )
    parser.add_argument(
        "--cards",
        metavar="NAME,NAME,...",
        help="the cards a permanent may be, by Oracle name, comma-separated (default: every card)",
    )
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    cards = tuple(name.strip() for name in args.cards.split(",")) if args.cards else ()
    bounds = Bounds(permanents=args.permanents, players=args.players, cards=cards)
    report = prove(args.property, bounds)
    args.exit_code = 0 if report.holds else EXIT_COUNTEREXAMPLE
    return dumps(to_json(report)) if args.json else to_text(report)


def to_json(report: ProveReport) -> dict[str, Any]:
    return {
        "query": "prove",
        "schema": 1,
        "property": report.property,
        "bounds": {
            "permanents": report.bounds.permanents,
            "players": report.bounds.players,
            "cards": list(report.bounds.cards) or None,
        },
        "holds": report.holds,
        "reasons": list(report.reasons),
        "counterexample": report.counterexample,
    }


def to_text(report: ProveReport) -> str:
    lines = [f"Property {report.property}, on every board of {report.bounds}:"]
    if report.holds:
        lines.append(
            "HOLDS: no board within these bounds is a counterexample (the search is exhaustive: "
            "clingo proved there is none)."
        )
        return "\n".join(lines)
    lines.append("FAILS. A smallest counterexample (save it, then `mtgasp activations FILE`):")
    lines.extend(f"  counterexample: {reason}" for reason in report.reasons)
    lines += ["", (report.counterexample or "").rstrip("\n")]
    return "\n".join(lines)
