"""``mtgasp castable``: can each card in hand and each ability with a mana cost be paid now?"""

from __future__ import annotations

import argparse
from typing import Any

from ..answers.castable import MAX_PAID, CastableReport, Payment, castable
from ..answers.not_modelled import depends_json, depends_text
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
                "timing": _timing_json(p),
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
                **({"unproved": True} if p.unproved and not p.bounded else {}),
                **({"depends_on": depends_json(p.not_modelled)} if p.not_modelled else {}),
            }
            for p in report.payments
        ],
    }


def _timing_json(payment: Payment) -> dict[str, Any] | None:
    """May the card be cast now (117.1a, 307.1, 702.8a); None for an ability (602.5)."""
    timing = payment.question.timing
    if timing is None:
        return None
    return {
        "now": timing.now,
        "rules": [{"rule": r, "text": t} for r, t in timing.rules],
        "unknown": [{"object": o, "ability": n} for o, n in timing.unknown],
    }


def _verdict(payment: Payment) -> str:
    if payment.payable:
        caveat = depends_text(payment.not_modelled)
        return f"yes ({caveat})" if caveat else "yes"
    if payment.bounded:
        return f"no plan with at most {MAX_PAID} abilities with mana costs (bounded)"
    if payment.not_modelled:
        return f"unproved: no plan here, but the answer {depends_text(payment.not_modelled)}"
    return "no"


def _when(payment: Payment) -> str:
    timing = payment.question.timing
    return "see activations" if timing is None else timing.text()


def to_text(report: CastableReport, *, timing: bool = False) -> str:
    """The table and a plan for each yes; ``timing`` adds whether each card may be cast now
    (117.1a, 307.1, 702.8a; ``check`` shows it, the castable command judges mana alone)."""
    if not report.payments:
        return (
            f"Castable for {report.player}: nothing in hand or on the battlefield has a mana cost."
        )
    if timing:
        head = (
            f"Castable for {report.player} now (timing 117.1a, 307.1, 702.8a; mana costs, X = 0; "
            "targets and other costs not judged):"
        )
        rows = [[_what(p), p.cost, _when(p), _verdict(p)] for p in report.payments]
        columns = ["spell or ability", "cost", "timing", "payable now"]
    else:
        head = f"Castable for {report.player} (mana costs only; X = 0):"
        rows = [[_what(p), p.cost, _verdict(p)] for p in report.payments]
        columns = ["spell or ability", "cost", "payable now"]
    lines = [head, table(columns, rows)]
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
