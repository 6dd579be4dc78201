"""The castable vocabulary of ``mtgasp prove`` on one board: what ``mtgasp castable`` answers.

Every player's questions are asked as the castable query asks them (``castable.payments``: each
card in a hand with a mana cost, each activated ability with one), on one grounding per board.
A question is ``card(P, I)`` (the I-th card of P's hand) or ``ability(O, N)``; a payable one
has a witness plan (which mana abilities it activates, with which choice, at which stage) and
the pool it leaves. The plan is a witness the solver found, not the only one: a property may
say that some plan exists (``castable/1``), not which.
"""

from __future__ import annotations

from clingo import Function, Number, String, Symbol

from ..answers.castable import payments
from ..board.model import Board
from ..board.values import MANA_TYPES, Mana

__all__ = ["castable_outputs"]


def castable_outputs(board: Board) -> list[Symbol]:
    """The castable vocabulary's atoms of ``board``: every player's questions and verdicts."""
    out: list[Symbol] = []
    for payment in payments(board, [player.name for player in board.players]):
        question = payment.question
        q = question.symbol()
        out.append(
            Function("castable_question", [q, String(question.player), String(question.card)])
        )
        out.append(Function("castable_cost", [q, String(payment.cost)]))
        if payment.unproved:
            out.append(Function("castable_unproved", [q]))
        if not payment.payable:
            continue
        out.append(Function("castable", [q]))
        for step in payment.plan:
            choice = Function(step.choice or "none")
            where = [String(step.permanent), Number(step.ability)]
            out.append(Function("castable_plan", [q, Number(step.stage), *where, choice]))
        if payment.pool is not None:
            out.append(Function("castable_pool", [q, _mana(payment.pool)]))
    return out


def _mana(mana: Mana) -> Symbol:
    return Function("mana", [Number(getattr(mana, t)) for t in MANA_TYPES])
