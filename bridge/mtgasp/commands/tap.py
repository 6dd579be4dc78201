"""``mtgasp tap``: activate one mana ability now and show every possible result."""

from __future__ import annotations

import argparse
from typing import Any

from ..answers.mana import TapOutcome, TapReport, tap, type_text
from ..board.values import MANA_TYPES
from ..output.format import dumps, table
from . import _common


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = """\
Activate a mana ability of PERMANENT now and show every possible result: for each type it may
choose, the mana added for each replacement ordering (grouped by outcome, with how many orderings
give it and one witness), and the triggered mana abilities that fire then (605.1b). 106.5: an
ability that would add mana of an undefined type adds no mana. 106.12a: "whenever ... tapped for
mana" triggers only when a mana ability with {T} in its cost resolves and produces mana; mana
added by a trigger is not "tapping for mana" (Mana Reflection ruling), so no "tapped for mana"
replacement modifies it. An illegal activation (107.5, 302.6, 602.2) is refused with its reasons.
The board holds no mana pool: mana costs of the ability (Doubling Cube's {3}) are not paid here.

example:
  mtgasp tap examples/mana-reflection-contamination.yaml forest"""
    _common.add_board(parser)
    parser.add_argument("permanent", metavar="PERMANENT", help="the id of the permanent")
    parser.add_argument(
        "--ability",
        type=_common.whole_number("the ability number", 1),
        metavar="N",
        help="the ability number (default: its first mana one)",
    )
    parser.add_argument(
        "--choice",
        metavar="TYPE",
        choices=MANA_TYPES,
        help="the type chosen as it resolves (w u b r g c); default: every allowed type",
    )
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    report = tap(_common.board(args), args.permanent, ability=args.ability, choice=args.choice)
    return dumps(to_json(report)) if args.json else to_text(report)


def _outcome_json(outcome: TapOutcome) -> dict[str, Any]:
    return {
        "value": outcome.value.to_json(),
        "orderings": outcome.orderings,
        "witness": list(outcome.witness),
        "triggers": [
            {
                "source": t.source,
                "card": t.card,
                "ability": t.ability,
                "options": [o.to_json() for o in t.options],
            }
            for t in outcome.triggers
        ],
    }


def to_json(report: TapReport) -> dict[str, Any]:
    return {
        "query": "tap",
        "schema": 1,
        "permanent": report.permanent,
        "card": report.card,
        "ability": report.ability,
        "cost": list(report.cost),
        "tapped_for_mana": report.tapped_for_mana,
        "undefined": report.undefined,
        "results": [
            {"choice": r.choice, "outcomes": [_outcome_json(o) for o in r.outcomes]}
            for r in report.results
        ],
        "undefined_triggers": list(report.undefined_triggers),
        "other_mana_abilities": [
            {"ability": n, "cost": list(cost)} for n, cost in report.other_abilities
        ],
    }


def _triggers_text(outcome: TapOutcome) -> str:
    if not outcome.triggers:
        return "none"
    return "; ".join(
        f"{t.source}#{t.ability} adds " + " or ".join(str(o) for o in t.options)
        for t in outcome.triggers
    )


def to_text(report: TapReport) -> str:
    head = (
        f"{report.permanent} ({report.card}) activates ability #{report.ability}, cost "
        f"{', '.join(report.cost) or 'none'}"
        + (" (tapping for mana, 106.12)" if report.tapped_for_mana else " (not tapping for mana)")
    )
    if report.undefined:
        return (
            f"{head}:\nno mana: no type of mana can be defined for it now, so it produces no mana "
            "(106.5); nothing triggers (106.12a)."
        )
    # The choice column only where the ability chooses a type as it resolves (106.7).
    chooses = any(result.choice for result in report.results)
    rows = []
    for result in report.results:
        chosen = [type_text(result.choice) if result.choice else "-"] if chooses else []
        for outcome in result.outcomes:
            order = ", ".join(outcome.witness) or "(none apply)"
            mana, count = str(outcome.value), str(outcome.orderings)
            rows.append([*chosen, mana, count, order, _triggers_text(outcome)])
    columns = ["mana added", "orderings", "e.g. order", "triggers"]
    lines = [f"{head}:", table(["choice", *columns] if chooses else columns, rows)]
    if report.other_abilities:
        others = "; ".join(
            f"#{n} (cost {', '.join(cost) or 'none'})" for n, cost in report.other_abilities
        )
        abilities = len(report.other_abilities) + 1
        lines.append(
            f"{report.card} has {abilities} mana abilities; this is the first, #{report.ability}. "
            f"The others: {others} (--ability N activates one)."
        )
    if report.kind == "double_pool":
        lines.append(
            "(the board holds no mana pool, so doubling unspent mana adds nothing here; "
            "`mtgasp castable` models the pool of its plans)"
        )
    if report.undefined_triggers:
        lines.append(
            "106.5: no color was chosen for "
            + ", ".join(report.undefined_triggers)
            + " (board key chosen_color), so it adds no mana."
        )
    return "\n".join(lines)
