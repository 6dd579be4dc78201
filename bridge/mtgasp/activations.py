"""The activations query: every activated ability on the board, legal or illegal with its reasons.

Answers "which abilities can be activated right now, and if not, which rule forbids it?"
(602, 107.5, 107.6, 302.6, 702.10c). Mana costs are checked exactly by the castable query
(601.2h: it can be paid now, or the rule forbids it); other costs are reported as not checked yet,
never silently as payable.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Literal

from clingo import Symbol

from ._symbols import as_int, as_str, cost_text
from .board import Board
from .errors import QueryError
from .facts import asker_fact, board_facts
from .solve import SolveStats, solve

__all__ = ["Activation", "ActivationReport", "Reason", "activations"]

Status = Literal["legal", "illegal", "unchecked"]


@dataclass(frozen=True)
class Reason:
    """One rule that forbids an action: its CR number and why it applies here."""

    rule: str
    text: str


@dataclass(frozen=True)
class Activation:
    """One activated ability of one permanent, judged for one player."""

    permanent: str
    card: str
    ability: int
    controller: str
    player: str
    cost: tuple[str, ...]
    mana_ability: bool
    reasons: tuple[Reason, ...]
    unchecked_costs: tuple[str, ...]

    @property
    def status(self) -> Status:
        """``illegal`` if any rule forbids it; ``unchecked`` if only unchecked costs remain."""
        if self.reasons:
            return "illegal"
        return "unchecked" if self.unchecked_costs else "legal"


@dataclass(frozen=True)
class ActivationReport:
    player: str | None
    activations: tuple[Activation, ...]
    stats: SolveStats


_COST_ORDER = {"mana": 0, "tap": 1, "untap": 2}


def _cost_key(cost: Symbol) -> tuple[int, str]:
    return (_COST_ORDER.get(cost.name, 3), str(cost))


def activations(
    board: Board, *, player: str | None = None, check_mana: bool = True
) -> ActivationReport:
    """Judge every activated ability on ``board``, for its controller or for ``player``.

    With ``check_mana`` (the default) every mana cost is judged exactly (601.2h) by the castable
    query; without it, mana costs are reported as not checked (``unchecked_costs``), never as
    payable: the rules of 602.2, 107.5, 107.6 and 302.6 alone, several times faster.

    >>> report = activations(load_board("examples/summoning-sickness.yaml"))  # doctest: +SKIP
    >>> [(a.card, a.status) for a in report.activations]  # doctest: +SKIP
    """
    extra: list[Symbol] = []
    if player is not None:
        if player not in {p.name for p in board.players}:
            names = ", ".join(p.name for p in board.players)
            raise QueryError(f"no player named '{player}'; players are: {names}")
        extra.append(asker_fact(player))
    solution = solve("activations", board_facts(board), extra=extra)
    (model,) = solution.models
    mana = {
        (as_str(s.arguments[0].arguments[0]), as_int(s.arguments[0].arguments[1]))
        for s in model
        if s.name == "needs_mana_payment"
    }
    decoded = _decode(board, player, tuple(s for s in model if s.name != "needs_mana_payment"))
    if check_mana:
        judged = _check_mana(board, decoded, mana)
    else:
        judged = tuple(
            _mana_unchecked(a) if (a.permanent, a.ability) in mana else a for a in decoded
        )
    return ActivationReport(player, judged, solution.stats)


def _mana_cost(activation: Activation) -> str:
    return "".join(c for c in activation.cost if c not in ("{T}", "{Q}") and c.startswith("{"))


def _mana_unchecked(activation: Activation) -> Activation:
    """The mana cost joins the costs not checked: the ability is never reported legal for it."""
    return replace(
        activation, unchecked_costs=(_mana_cost(activation), *activation.unchecked_costs)
    )


def _check_mana(
    board: Board, decoded: tuple[Activation, ...], mana: set[tuple[str, int]]
) -> tuple[Activation, ...]:
    """601.2h: join the castable query's exact verdict on every mana cost (all reasons listed)."""
    from .castable import payments  # castable builds on this module's neighbours

    to_check = [a for a in decoded if (a.permanent, a.ability) in mana]
    checked = {(a.permanent, a.ability) for a in to_check}
    payable: dict[tuple[str, int], bool] = {}
    bounded: set[tuple[str, int]] = set()
    controllers = sorted({a.controller for a in to_check})
    for p in payments(board, controllers, cards=False) if controllers else ():
        q = p.question
        assert q.permanent is not None
        assert q.ability is not None
        payable[(q.permanent, q.ability)] = p.payable
        if p.bounded:
            bounded.add((q.permanent, q.ability))
    result = []
    for a in decoded:
        key = (a.permanent, a.ability)
        if key in bounded:
            # No plan within castable's bound: not proved unpayable, so reported as not checked.
            a = _mana_unchecked(a)
        elif key in checked and not payable.get(key, False):
            reason = Reason(
                "601.2h",
                f"its mana cost {_mana_cost(a)} can't be paid with the mana available now",
            )
            a = replace(a, reasons=(*a.reasons, reason))
        result.append(a)
    return tuple(result)


def _decode(board: Board, player: str | None, model: tuple[Symbol, ...]) -> tuple[Activation, ...]:
    keys: set[tuple[str, int]] = set()
    mana: set[tuple[str, int]] = set()
    costs: dict[tuple[str, int], list[Symbol]] = defaultdict(list)
    reasons: dict[tuple[str, int], list[Reason]] = defaultdict(list)
    unchecked: dict[tuple[str, int], list[Symbol]] = defaultdict(list)
    for symbol in model:
        # Read each attribute once: every access to a clingo symbol is a call into C.
        name, args = symbol.name, symbol.arguments
        if name == "activation":
            keys.add((as_str(args[0]), as_int(args[1])))
        elif name == "is_mana_ability":
            mana.add((as_str(args[0]), as_int(args[1])))
        elif name == "ability_cost":
            costs[(as_str(args[0]), as_int(args[1]))].append(args[2])
        elif name in ("violation", "unchecked_cost"):
            action = args[0].arguments
            key = (as_str(action[0]), as_int(action[1]))
            if name == "violation":
                reasons[key].append(Reason(as_str(args[1]), as_str(args[2])))
            else:
                unchecked[key].append(args[1])
        else:
            raise ValueError(f"unexpected symbol in the activations answer: {symbol}")
    order = {perm.id: index for index, perm in enumerate(board.battlefield)}
    result = []
    for perm_id, number in sorted(keys, key=lambda k: (order[k[0]], k[1])):
        perm = board.battlefield[order[perm_id]]
        key = (perm_id, number)
        result.append(
            Activation(
                permanent=perm_id,
                card=perm.card,
                ability=number,
                controller=perm.controller,
                player=player or perm.controller,
                cost=tuple(cost_text(c) for c in sorted(costs[key], key=_cost_key)),
                mana_ability=key in mana,
                reasons=tuple(sorted(reasons[key], key=lambda r: (r.rule, r.text))),
                unchecked_costs=tuple(cost_text(c) for c in sorted(unchecked[key], key=_cost_key)),
            )
        )
    return tuple(result)
