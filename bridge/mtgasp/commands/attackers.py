"""``mtgasp attackers``: which creatures could be declared as attackers now, and why not."""

from __future__ import annotations

import argparse
from typing import Any

from ..answers.attackers import AttackerReport, attackers
from ..answers.not_modelled import depends_json, depends_text
from ..output.format import dumps, table
from . import _common


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "List every creature on the battlefield and judge whether the active player could "
        "declare it as an attacker now, with every reason it could not and its CR rule: 508.1a "
        "(not the active player's; tapped), 302.6 (not controlled continuously since the turn "
        "began, without haste; 702.10b), 702.3b (defender), 508.1c (an effect says it can't "
        "attack). Also shows each creature's power and toughness (613.4) and the attacks and "
        "blocks the board declares."
    )
    _common.add_board(parser)
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    report = attackers(_common.board(args))
    return dumps(to_json(report)) if args.json else to_text(report)


def to_json(report: AttackerReport) -> dict[str, Any]:
    return {
        "query": "attackers",
        "schema": 1,
        "active_player": report.active_player,
        "creatures": [
            {
                "permanent": c.permanent,
                "card": c.card,
                "controller": c.controller,
                "power": c.power,
                "toughness": c.toughness,
                "status": c.status,
                "reasons": [{"rule": r.rule, "text": r.text} for r in c.reasons],
                "attacking": c.attacking,
                "blocking": c.blocking,
                **({"depends_on": depends_json(c.depends_on)} if c.depends_on else {}),
            }
            for c in report.creatures
        ],
    }


def to_text(report: AttackerReport, *, head: str | None = None) -> str:
    """The table of creatures; ``head`` replaces the heading (``check`` names its step)."""
    head = head or f"Attackers {report.active_player} could declare now (508.1a):"
    if not report.creatures:
        return f"{head} no creature on the battlefield."
    rows = []
    for c in report.creatures:
        if c.reasons:
            verdict = "no: " + "; ".join(f"{r.rule} {r.text}" for r in c.reasons)
        else:
            verdict = "can attack"
        if c.depends_on:
            verdict += f" ({depends_text(c.depends_on)})"
        combat = []
        if c.attacking is not None:
            combat.append(f"attacking {c.attacking}")
        if c.blocking is not None:
            combat.append(f"blocking {c.blocking}")
        rows.append(
            [
                c.permanent,
                c.card,
                c.controller,
                f"{c.power}/{c.toughness}",
                verdict,
                ", ".join(combat) or "-",
            ]
        )
    return f"{head}\n" + table(["id", "card", "controller", "P/T", "verdict", "in combat"], rows)
