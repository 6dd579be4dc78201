"""``mtgasp activations``: every activated ability, legal or illegal with its CR reasons."""

from __future__ import annotations

import argparse
from typing import Any

from ..answers.activations import ActivationReport, activations
from ..answers.not_modelled import NotModelled, depends_json, depends_text
from ..output.format import dumps, table
from . import _common


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "List every activated ability of every permanent (mana abilities included) and judge it: "
        "legal, or illegal with every reason and its CR rule: 602.2 (only the controller may "
        "activate), 107.5 ({T} and already tapped), 107.6 ({Q} and already untapped), 302.6 "
        "(summoning sickness; haste lifts it, 702.10c), 602.5 and 602.5d (activation "
        "restrictions, sorcery timing), 601.2c (no legal target), 118.3 and 119.4 (counters, "
        "life), 601.2h (its mana cost can't be paid with the mana available now, judged exactly "
        "as by `mtgasp castable`). Other costs are shown as not checked yet, never as paid."
    )
    parser.epilog = (
        "The exact mana check grounds the castable program as well, which is most of the time "
        "a board takes; --no-mana-check answers the other rules alone, several times faster, "
        "and reports every mana cost as not checked."
    )
    _common.add_board(parser)
    parser.add_argument(
        "--player",
        metavar="NAME",
        help="judge every ability as if NAME activated it (default: each by its controller)",
    )
    parser.add_argument(
        "--no-mana-check",
        dest="check_mana",
        action="store_false",
        help="leave mana costs unjudged (601.2h): shown as not checked, never as payable",
    )
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    report = activations(_common.board(args), player=args.player, check_mana=args.check_mana)
    return show(args, report)


def show(args: argparse.Namespace, report: ActivationReport) -> str:
    """What the command prints for ``report`` (``mtgasp batch`` asks many boards at once)."""
    return dumps(to_json(report)) if args.json else to_text(report)


def to_json(report: ActivationReport) -> dict[str, Any]:
    return {
        "query": "activations",
        "schema": 1,
        "player": report.player,
        "activations": [
            {
                "permanent": a.permanent,
                "card": a.card,
                "ability": a.ability,
                "controller": a.controller,
                "player": a.player,
                "cost": list(a.cost),
                "mana_ability": a.mana_ability,
                "status": a.status,
                "reasons": [{"rule": r.rule, "text": r.text} for r in a.reasons],
                "unchecked_costs": list(a.unchecked_costs),
                **({"text": a.not_modelled} if a.not_modelled is not None else {}),
                **({"depends_on": depends_json(a.depends_on)} if a.depends_on else {}),
            }
            for a in report.activations
        ],
        **({"not_modelled": not_modelled_json(report.not_modelled)} if report.not_modelled else {}),
    }


def not_modelled_json(found: tuple[NotModelled, ...]) -> list[dict[str, Any]]:
    return [
        {"object": n.object, "card": n.card, "ability": n.ability, "kind": n.kind, "text": n.text}
        for n in found
    ]


def not_modelled_text(found: tuple[NotModelled, ...]) -> str:
    """The list ``check`` prints: each ability on the board this version does not model."""
    lines = ["Not modelled (answers that could depend on these say so; docs/oracle-compiler.md):"]
    lines.extend(f"  {n.object} ({n.card} #{n.ability}, {n.kind}): {n.text}" for n in found)
    return "\n".join(lines)


def _cost(parts: tuple[str, ...]) -> str:
    """Card notation: mana symbols run together, other costs separated by commas."""
    mana = "".join(p for p in parts if p.startswith("{") and p not in ("{T}", "{Q}"))
    rest = [p for p in parts if not (p.startswith("{") and p not in ("{T}", "{Q}"))]
    return ", ".join([mana, *rest] if mana else rest)


def to_text(report: ActivationReport) -> str:
    who = f" for {report.player}" if report.player else " (each judged for its controller)"
    if not report.activations:
        return f"Activated abilities{who}: none on the battlefield."
    rows = []
    for a in report.activations:
        if a.status == "not_modelled":
            verdict = "not modelled (this version has no rule for its text)"
        elif a.status == "illegal":
            verdict = "illegal: " + "; ".join(f"{r.rule} {r.text}" for r in a.reasons)
        elif a.status == "unchecked":
            verdict = f"legal if {_cost(a.unchecked_costs)} can be paid (not checked yet)"
        else:
            verdict = "legal"
        if a.depends_on:
            verdict += f" ({depends_text(a.depends_on)})"
        kind = " (mana)" if a.mana_ability else ""
        cost = "?" if a.not_modelled is not None else _cost(a.cost)
        rows.append([a.permanent, f"{a.card} #{a.ability}{kind}", cost, verdict])
    return f"Activated abilities{who}:\n" + table(["id", "ability", "cost", "verdict"], rows)
