"""The castable query: can each card in a player's hand, and each activated ability with a mana
cost, be paid for right now? Exact: a witness plan for every yes, unsatisfiability for every no.

One solve per question (``asp/queries/castable.lp``, rules in ``rules/601-mana-payment.lp``). The
plan says which permanent activates which mana ability with which choice, which replacement
outcome the player picks (616.1), what each triggered mana ability adds, the order of abilities
with mana costs (filters, Doubling Cube) and what pays them, and how hybrid symbols are paid.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence, Set
from dataclasses import dataclass, replace
from typing import Literal

from clingo import Function, Symbol

from ..board.model import Board
from ..board.values import MANA_TYPES, Mana
from ..errors import QueryError
from ..facts import requests
from ..facts.board import board_facts
from ..solve._symbols import as_int, as_str, cost_text
from ..solve.control import Grounding, Solution, SolveStats, ground, plus_stats, solve
from .cast_timing import CastTiming, read_timings
from .castable_plan import Plan, PlanStep
from .not_modelled import Depends, decode_could_depend

__all__ = [
    "MAX_PAID",
    "CastableReport",
    "Payment",
    "Question",
    "castable",
    "castable_report",
    "listed_questions",
    "payment",
    "payment_caveats",
    "payments",
    "questions",
]


@dataclass(frozen=True)
class Question:
    """What is to be paid: a card in hand (``index`` in the hand, 1-based) or an ability."""

    kind: Literal["card", "ability"]
    player: str
    card: str
    index: int | None = None
    permanent: str | None = None
    ability: int | None = None
    excludes: str | None = None  # the mana source (or its kind) that can't tap: 107.5
    paid_abilities: int = 0  # the player's mana abilities with a mana cost (see MAX_PAID)
    timing: CastTiming | None = None  # a card: may it be cast now (117.1a, 307.1, 702.8a)

    def symbol(self) -> Symbol:
        return requests.question(self.player, self.index, self.permanent, self.ability)


@dataclass(frozen=True)
class Payment:
    """The verdict on one question; ``plan`` is a witness when ``payable``."""

    question: Question
    cost: str
    payable: bool
    plan: tuple[PlanStep, ...]
    hybrid: tuple[str, ...]  # e.g. "{G/U} paid with {U} x1"
    pool: Mana | None  # the mana after the plan (amounts capped at ``cap``)
    unusable: tuple[str, ...]  # mana abilities the plan could not use, and why
    stats: SolveStats
    spend_any_color: bool = False  # mana may be spent as though it were any color (Orrery)
    not_modelled: Depends = ()
    """Abilities not modelled (permanent, ability) the answer could depend on: for a "no", those
    that could pay what no plan here pays (the "no" is then unproved); for a "yes", statics that
    could change the cost or forbid the payment (rules/604-could-depend.lp)."""

    @property
    def bounded(self) -> bool:
        """A "no" found within the bound: plans used at most MAX_PAID abilities with mana costs
        while the player has more (a plan with more of them was not searched)."""
        return not self.payable and self.question.paid_abilities > MAX_PAID

    @property
    def unproved(self) -> bool:
        """A "no" that is not proved: bounded, or it could depend on an ability not modelled."""
        return not self.payable and (self.bounded or bool(self.not_modelled))


@dataclass(frozen=True)
class CastableReport:
    player: str
    payments: tuple[Payment, ...]
    stats: SolveStats  # summed over the solves


#: A plan activates at most this many mana abilities with mana costs (filters, Doubling Cube):
#: the #const max_paid of rules/601-mana-payment.lp. A "no" beyond it is marked ``bounded``.
MAX_PAID = 3

_COST_ORDER = ("generic", "hybrid", "w", "u", "b", "r", "g", "c")


def _cost_sort(symbol: Symbol) -> tuple[int, str]:
    return (_COST_ORDER.index(symbol.name) if symbol.name in _COST_ORDER else 9, str(symbol))


def payment(board: Board, question: Question, cost: str) -> Payment:
    """One exact solve: can ``question`` (whose cost is ``cost``) be paid now, and how."""
    request = requests.pay_request(question.symbol())
    solution = solve(
        "castable", board_facts(board), max_models=1, extra=[request], consts={"max_paid": MAX_PAID}
    )
    return _decode(board, question, cost, solution)


def _decode(board: Board, question: Question, cost: str, solution: Solution) -> Payment:
    if not solution.models:
        # Unsatisfiable: no plan exists (clasp proved it), so the cost can't be paid now.
        return Payment(question, cost, False, (), (), None, (), solution.stats)
    (model,) = solution.models
    plan = Plan()
    for symbol in model:
        if symbol.name not in _QUESTION_SYMBOLS:
            plan.read(symbol)
    return Payment(
        question,
        cost,
        True,
        plan.steps(board),
        tuple(sorted(plan.hybrid)),
        Mana(**{t: plan.final.get(t, 0) for t in MANA_TYPES}),
        tuple(sorted(plan.unusable)),
        solution.stats,
        plan.spend_any,
    )


def questions(board: Board, players: str | Sequence[str]) -> list[tuple[Question, str]]:
    """Every card in each player's hand with a mana cost, then every activated ability of their
    permanents with a mana cost (one deterministic solve), each with its cost in card notation."""
    names = [players] if isinstance(players, str) else list(players)
    with _grounding(board, names) as grounding:
        listing = grounding.solve()
    return listed_questions(board, names, listing.models[0])


def payments(
    board: Board,
    players: Sequence[str],
    *,
    cards: bool | Sequence[str] = True,
    abilities: Set[tuple[str, int]] | None = None,
) -> tuple[Payment, ...]:
    """Every question of these players (see :func:`questions`), all on one grounding: one solve
    lists the questions, then one solve answers each kind of question. ``cards`` False leaves out
    the cards in hand (abilities only); a list of players asks about the cards of those alone.
    ``abilities`` (permanent, number), if given: of the abilities, only those are asked about."""
    names = list(players)
    with _grounding(board, names) as grounding:
        listing = grounding.solve()  # every pay_request false: the questions alone
        card_players = set(names if cards is True else cards or ())
        asked = [
            (q, c)
            for q, c in listed_questions(board, names, listing.models[0])
            if (
                q.kind == "ability" and (abilities is None or (q.permanent, q.ability) in abilities)
            )
            or (q.kind == "card" and q.player in card_players)
        ]
        # A question depends only on its payer, its cost and the source it excludes: alike questions
        # are solved once (601-payment-questions.lp says what they depend on).
        groups: dict[tuple[str, str, str | None], Question] = {}
        for q, cost in asked:
            groups.setdefault((q.player, cost, q.excludes), q)
        decoded: dict[tuple[str, str, str | None], Payment] = {}
        for key, q in groups.items():
            solution = grounding.solve(requests.pay_request(q.symbol()))
            if not decoded:  # the first answer also bears the grounding and the listing
                solution = replace(solution, stats=plus_stats(solution.stats, listing.stats))
            decoded[key] = _decode(board, q, key[1], solution)
    caveats = payment_caveats(board, listing.models[0])
    return tuple(
        replace(
            answer,
            question=q,
            not_modelled=caveats.get((answer.payable, q.player), ()),
        )
        for q, cost in asked
        for answer in [decoded[(q.player, cost, q.excludes)]]
    )


def payment_caveats(board: Board, model: Sequence[Symbol]) -> dict[tuple[bool, str], Depends]:
    """The abilities not modelled each answer could depend on (the listing solve's
    ``could_depend/3``, rules/604-could-depend.lp), keyed by (payable, player): a "yes" reads
    ``pays(P)``, a "no" ``cannot_pay(P)``; in board order (none: not a key)."""
    order = {p.id: i for i, p in enumerate(board.battlefield)}
    result: dict[tuple[bool, str], Depends] = {}
    for answer, depends in decode_could_depend(model, order).items():
        if answer.name in _ANSWERS and depends:
            result[(_ANSWERS[answer.name], as_str(answer.arguments[0]))] = depends
    return result


#: The answer terms of could_depend/3 a payment reads: a "yes" (payable) and a "no".
_ANSWERS = {"pays": True, "cannot_pay": False}


def _grounding(board: Board, players: Sequence[str]) -> Grounding:
    """The castable program on ``board`` with every question of ``players`` a free external."""
    return ground(
        "castable",
        board_facts(board),
        [("pay_request", 1)],
        extra=[requests.pay_for(name) for name in players],
        options=["--heuristic=Domain"],
        consts={"max_paid": MAX_PAID},
    )


_QUESTION_SYMBOLS = frozenset(
    {
        "question",
        "question_cost",
        "question_excludes",
        "paid_mana_abilities",
        "payment_not_modelled",
        "could_depend",
        "cast_timing",
        "cast_timing_violation",
        "cast_timing_unknown",
    }
)


def listed_questions(
    board: Board, names: Sequence[str], model: Sequence[Symbol]
) -> list[tuple[Question, str]]:
    """The questions of ``names`` in the listing solve's ``model`` (see :func:`questions`)."""
    cards: dict[Symbol, str] = {}
    costs: dict[Symbol, list[Symbol]] = defaultdict(list)
    excludes: dict[Symbol, str] = {}
    paid: dict[str, int] = {}
    for symbol in model:
        args = symbol.arguments
        if symbol.name == "question":
            cards[args[0]] = as_str(args[1])
        elif symbol.name == "question_excludes":
            excludes[args[0]] = str(args[1])
        elif symbol.name == "paid_mana_abilities":
            paid[as_str(args[0])] = as_int(args[1])
        elif symbol.name == "question_cost":
            costs[args[0]].append(Function("mana", [args[1], args[2]]))
    order = {p.id: i for i, p in enumerate(board.battlefield)}
    controller = {p.id: p.controller for p in board.battlefield}
    timings = read_timings(model)
    result = []
    for q, card in cards.items():
        if q.name == "card":
            who, index = as_str(q.arguments[0]), as_int(q.arguments[1])
            timing = timings[(who, index)]
            question = Question("card", who, card, index, paid_abilities=paid[who], timing=timing)
        else:
            perm, number = as_str(q.arguments[0]), as_int(q.arguments[1])
            question = Question(
                "ability",
                controller[perm],
                card,
                permanent=perm,
                ability=number,
                excludes=excludes.get(q),
                paid_abilities=paid[controller[perm]],
            )
        text = "".join(
            cost_text(c) for c in sorted(costs[q], key=lambda c: _cost_sort(c.arguments[0]))
        )
        result.append((question, text))
    result.sort(
        key=lambda qt: (
            names.index(qt[0].player),
            qt[0].kind != "card",
            qt[0].index or 0,
            order.get(qt[0].permanent or "", 0),
            qt[0].ability or 0,
        )
    )
    return result


def castable(board: Board, *, player: str | None = None) -> CastableReport:
    """For each card in ``player``'s hand (default: the active player) and each of their activated
    abilities with a mana cost: can its mana cost be paid right now? (X is taken as 0.)"""
    who = player or board.turn.active
    if who not in {p.name for p in board.players}:
        names = ", ".join(p.name for p in board.players)
        raise QueryError(f"no player named '{who}'; players are: {names}")
    return castable_report(who, payments(board, [who]))


def castable_report(player: str, found: Sequence[Payment]) -> CastableReport:
    """The castable report of ``player`` from answers that include theirs (``check`` shares one
    grounding between it and the activations query's mana costs)."""
    mine = tuple(p for p in found if p.question.player == player)
    total = SolveStats(
        atoms=max((p.stats.atoms for p in mine), default=0),
        rules=max((p.stats.rules for p in mine), default=0),
        ground_seconds=sum(p.stats.ground_seconds for p in mine),
        solve_seconds=sum(p.stats.solve_seconds for p in mine),
        choices=sum(p.stats.choices for p in mine),
        conflicts=sum(p.stats.conflicts for p in mine),
        models=sum(p.stats.models for p in mine),
    )
    return CastableReport(player, mine, total)
