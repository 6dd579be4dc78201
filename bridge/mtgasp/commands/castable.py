"""``mtgasp castable``: can each card in hand and each ability with a mana cost be paid now?"""

from __future__ import annotations

import argparse
from typing import Any

from ..answers.castable import MAX_PAID, CastableReport, Payment, castable
from ..output.format import dumps, table
from . import _common


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = """\
For each card in the player's hand and each activated ability of their permanents with a mana
cost: can that mana cost be paid right now? Exactly: each permanent tapped at most once (107.5),
each mana ability's own costs respected ({T}, summoning sickness, sacrificing a land, removing
counters, paying life, "Activate only if", mana costs of filters and Doubling Cube paid from other
mana, in an order the plan chooses), replacement
effects (any ordering the player picks, 616.1), triggered mana abilities (Mana Flare, Wild Growth,
605.1b), hybrid, generic and {C} symbols. Every yes comes with a witness plan; every no is a proof
that none exists (the solver found the question unsatisfiable). X is taken as 0; timing (sorcery
speed) and costs other than mana are not judged here.

example:
  mtgasp castable examples/castable.yaml"""
    _common.add_board(parser)
    parser.add_argument(
        "--player", metavar="NAME", help="whose hand and abilities (default: the active player)"
    )
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    report = castable(_common.board(args), player=args.player)
    return dumps(to_json(report)) if args.json else to_text(report)


def _what(payment: Payment) -> str:
    q = payment.question
    if q.kind == "card":
        return f"{q.card} (hand #{q.index})"
    return f"{q.permanent}: {q.card} #{q.ability}"


def to_json(report: CastableReport) -> dict[str, Any]:
    return {
        "query": "castable",
        "schema": 1,
        "player": report.player,
        "payments": [
            {
                "kind": p.question.kind,
                "card": p.question.card,
                "hand_index": p.question.index,
                "permanent": p.question.permanent,
                "ability": p.question.ability,
                "cost": p.cost,
                "payable": p.payable,
                "bounded": p.bounded,
                "plan": [
                    {
                        "stage": s.stage,
                        "permanent": s.permanent,
                        "ability": s.ability,
                        "choice": s.choice,
                        "sacrificed": s.sacrificed,
                        "paid": s.paid.to_json() if s.paid is not None else None,
                        "produced": s.produced.to_json(),
                        "doubling_factor": s.doubling_factor,
                        "triggers": [{"trigger": t, "mana": m.to_json()} for t, m in s.triggers],
                    }
                    for s in p.plan
                ],
                "hybrid": list(p.hybrid),
                "pool_after_plan": p.pool.to_json() if p.pool is not None else None,
                "unusable_sources": list(p.unusable),
                **(
                    {"not_modelled": [{"permanent": s, "ability": n} for s, n in p.not_modelled]}
                    if p.not_modelled and not p.payable
                    else {}
                ),
            }
            for p in report.payments
        ],
    }


def _verdict(payment: Payment) -> str:
    if payment.payable:
        return "yes"
    if payment.bounded:
        return f"no plan with at most {MAX_PAID} abilities with mana costs (bounded)"
    if payment.not_modelled:
        abilities = ", ".join(f"{p} #{n}" for p, n in payment.not_modelled)
        return f"no plan here; unknown: abilities not modelled could pay ({abilities})"
    return "no"


def to_text(report: CastableReport) -> str:
    if not report.payments:
        return (
            f"Castable for {report.player}: nothing in hand or on the battlefield has a mana cost."
        )
    rows = [[_what(p), p.cost, _verdict(p)] for p in report.payments]
    lines = [
        f"Castable for {report.player} (mana costs only; X = 0):",
        table(["spell or ability", "cost", "payable now"], rows),
    ]
    for p in report.payments:
        if not p.payable:
            continue
        lines.append("")
        lines.append(f"{_what(p)}: a plan for {p.cost}")
        for step in p.plan:
            lines.append(f"  {step}")
        for text in p.hybrid:
            lines.append(f"  {text}")
        lines.append(f"  then the pool holds {p.pool}, enough to pay {p.cost}")
    return "\n".join(lines)
