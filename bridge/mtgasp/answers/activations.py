"""The activations query: every activated ability on the board, legal or illegal with its reasons.

Answers "which abilities can be activated right now, and if not, which rule forbids it?"
(602, 107.5, 107.6, 302.6, 702.10c). Mana costs are checked exactly (601.2h: it can be paid now,
or the rule forbids it): by the activations query itself where one distinct simple source per
symbol pays it, or too few sources could (``rules/601-payment-bounds.lp``), by the castable query
otherwise; other costs are reported as not checked yet, never silently as payable.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple

from clingo import Function, Number, String, Symbol, SymbolType

from ..board.model import Board
from ..errors import QueryError
from ..facts import requests
from ..facts.board import board_facts
from ..solve._symbols import as_int, as_str, cost_text
from ..solve.control import SolveStats, ground, plus_stats
from .castable import MAX_PAID, Payment, payments
from .not_modelled import Depends, NotModelled, decode_could_depend, decode_not_modelled

__all__ = [
    "Activation",
    "ActivationReport",
    "Reason",
    "activations",
    "castable_verdicts",
    "mana_needs",
    "mana_verdicts",
    "payers",
    "query_name",
    "report",
    "request",
]

Status = Literal["legal", "illegal", "unchecked", "not_modelled"]


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
    not_modelled: str | None = None
    """The ability's Oracle text if this version does not model it (neither legal nor illegal)."""
    depends_on: Depends = ()
    """Abilities not modelled the verdict could depend on (a static of any permanent: 604.1)."""

    @property
    def status(self) -> Status:
        """``not_modelled`` for an ability this version does not model; ``illegal`` if any rule
        forbids it; ``unchecked`` if only unchecked costs remain."""
        if self.not_modelled is not None:
            return "not_modelled"
        if self.reasons:
            return "illegal"
        return "unchecked" if self.unchecked_costs else "legal"


@dataclass(frozen=True)
class ActivationReport:
    player: str | None
    activations: tuple[Activation, ...]
    stats: SolveStats
    not_modelled: tuple[NotModelled, ...] = ()
    """Every ability of the board's objects this version does not model (``check`` lists them)."""


_COST_ORDER = {"mana_cost": -1, "mana": 0, "tap": 1, "untap": 2}


def _cost_key(cost: Symbol) -> tuple[int, str]:
    return (_COST_ORDER.get(cost.name, 3), str(cost))


def activations(
    board: Board,
    *,
    player: str | None = None,
    check_mana: bool = True,
    known: Sequence[Payment] | None = None,
) -> ActivationReport:
    """Judge every activated ability on ``board``, for its controller or for ``player``.

    With ``check_mana`` (the default) every mana cost is judged exactly (601.2h) by the castable
    query; without it, mana costs are reported as not checked (``unchecked_costs``), never as
    payable: the rules of 602.2, 107.5, 107.6 and 302.6 alone, several times faster. ``known``
    are the castable query's answers on the abilities of every permanent's controller, if already
    asked (``check`` shares them with its castable report).

    >>> report = activations(load_board("examples/summoning-sickness.yaml"))  # doctest: +SKIP
    >>> [(a.card, a.status) for a in report.activations]  # doctest: +SKIP
    """
    extra = request(board, player, check_mana=check_mana)
    query = query_name(check_mana=check_mana, known=known is not None)
    consts = {"max_paid": MAX_PAID} if query == "activations-checked" else None
    with ground(query, board_facts(board), _VERDICTS, extra=extra, consts=consts) as grounding:
        solution = grounding.solve()  # no verdicts yet: which abilities need mana
        (model,) = solution.models
        verdicts = mana_verdicts(board, model, known) if check_mana else []
        if verdicts:  # with none, the first solve (every verdict false) is already the answer
            judged = grounding.solve(*verdicts)
            (model,) = judged.models
            solution = replace(judged, stats=plus_stats(judged.stats, solution.stats))
    return report(board, player, model, solution.stats)


def request(board: Board, player: str | None, *, check_mana: bool) -> list[Symbol]:
    """What the activations query is asked besides the board: whether it judges mana costs, and
    for whom (a QueryError if ``board`` has no player ``player``)."""
    extra = [requests.mana_check(check_mana)]
    if player is not None:
        if player not in {p.name for p in board.players}:
            names = ", ".join(p.name for p in board.players)
            raise QueryError(f"no player named '{player}'; players are: {names}")
        extra.append(requests.asker(player))
    return extra


def mana_verdicts(
    board: Board, model: Sequence[Symbol], known: Sequence[Payment] | None = None
) -> list[Symbol]:
    """The verdicts on mana costs (601.2h) to assume in the activations query's second solve,
    given its first model (every verdict false): those it decided itself
    (601-payment-bounds.lp), or the castable query's (``known``, or asked now) when it left a
    cost open. Empty when no ability needs mana."""
    needs, payable, unpayable = mana_needs(model)
    if not needs:
        return []
    # 601.2h: the castable query judges each mana cost the encodings could not decide at once
    # (601-payment-bounds.lp); the verdicts go back as externals.
    if known is not None:
        return castable_verdicts(board, known, needs)
    sure = [requests.mana_verdict(True, *key) for key in sorted(payable)]
    left = needs - payable - unpayable
    # The castable query is asked only about the costs left open: on the others it agrees with
    # the bounds (tests/test_payment_bounds.py), "no" being no verdict atom.
    return sure + castable_verdicts(board, None, left) if left else sure


_Ability = tuple[str, int]


def mana_needs(model: Sequence[Symbol]) -> tuple[set[_Ability], set[_Ability], set[_Ability]]:
    """From the activations query's first model: the abilities whose mana cost is to be judged,
    those it found surely payable, and those surely unpayable (601-payment-bounds.lp)."""
    needs: set[_Ability] = set()
    sure: dict[str, set[_Ability]] = {name: set() for name in _BOUNDS}
    for symbol in model:
        name = _decoded(symbol)[0]
        if name == "needs_mana_payment":
            action = symbol.arguments[0].arguments
            needs.add((as_str(action[0]), as_int(action[1])))
        elif name in _BOUNDS:
            sure[name].add((as_str(symbol.arguments[0]), as_int(symbol.arguments[1])))
    return needs, sure["mana_surely_payable"], sure["mana_surely_unpayable"]


def payers(board: Board, abilities: set[tuple[str, int]]) -> list[str]:
    """The players the castable query is asked about for ``abilities``: their controllers."""
    permanents = {permanent for permanent, _ in abilities}
    return sorted({p.controller for p in board.battlefield if p.id in permanents})


def report(
    board: Board, player: str | None, model: Sequence[Symbol], stats: SolveStats
) -> ActivationReport:
    """The report of the activations query's (last) model on ``board``."""
    order = {perm.id: index for index, perm in enumerate(board.battlefield)}
    names = [_decoded(symbol)[0] for symbol in model]
    objects = [s for s, name in zip(model, names, strict=True) if name == "object_not_modelled"]
    listed = decode_not_modelled(objects, order)
    depends = decode_could_depend(
        (s for s, name in zip(model, names, strict=True) if name == "could_depend"), order
    )
    shown = [s for s, name in zip(model, names, strict=True) if name not in _NOT_ACTIVATIONS]
    return ActivationReport(player, _decode(board, player, shown, depends), stats, listed)


def query_name(*, check_mana: bool, known: bool) -> str:
    """The entry program of an activations query: with the mana check and no castable answers at
    hand, ``activations-checked`` (it also decides the mana costs it can at once, 601.2h)."""
    return "activations-checked" if check_mana and not known else "activations"


#: The free externals of the activations query: the castable query's verdicts on mana costs.
_VERDICTS = (("mana_payable", 2), ("mana_unproved", 2))
#: The verdicts on mana costs the activations query reaches without the castable query.
_BOUNDS = ("mana_surely_payable", "mana_surely_unpayable")
#: The shown atoms that are not part of an activation.
_NOT_ACTIVATIONS = frozenset(
    {"needs_mana_payment", "object_not_modelled", "could_depend", *_BOUNDS}
)


def castable_verdicts(
    board: Board, known: Sequence[Payment] | None, abilities: set[tuple[str, int]]
) -> list[Symbol]:
    """``mana_payable(O, N)`` for each of ``abilities`` whose mana cost can be paid now, and
    ``mana_unproved(O, N)`` for each with no plan within the castable query's bound: from the
    castable query's answers ``known``, or asked now of ``abilities`` alone."""
    result = []
    found = known
    if found is None:
        found = payments(board, payers(board, abilities), cards=False, abilities=abilities)
    for p in found:
        q = p.question
        key = (q.permanent, q.ability)
        if q.permanent is None or q.ability is None or key not in abilities:
            continue
        if p.payable or p.unproved:
            result.append(requests.mana_verdict(p.payable, q.permanent, q.ability))
    return result


class _Cost(NamedTuple):
    """One part of an ability's cost: its place in the cost's order, its text, its kind."""

    order: tuple[int, str]
    text: str
    name: str


def _cost(cost: Symbol) -> _Cost:
    return _Cost(_cost_key(cost), cost_text(cost), cost.name)


def _decode_symbol(symbol: Symbol) -> tuple[Any, ...]:
    """One symbol of the answer as (name, (permanent, ability), what else it says); a symbol that
    is not part of an activation as (name, None)."""
    name, args = symbol.name, symbol.arguments
    if name in _NOT_ACTIVATIONS:
        return (name, None)
    if name in ("violation", "unchecked_cost"):
        action = args[0].arguments
        key = (as_str(action[0]), as_int(action[1]))
        if name == "unchecked_cost":
            return (name, key, _cost(args[1]))
        reason = args[2]
        if reason.type == SymbolType.String:
            return (name, key, as_str(args[1]), reason.string)
        if reason.name == "mana_cost_unpayable":
            return (name, key, as_str(args[1]), None)
        raise ValueError(f"unexpected reason in the activations answer: {reason}")
    if name not in ("activation", "is_mana_ability", "activation_not_modelled", "ability_cost"):
        raise ValueError(f"unexpected symbol in the activations answer: {symbol}")
    key = (as_str(args[0]), as_int(args[1]))
    if name == "activation_not_modelled":
        return (name, key, as_str(args[2]), as_str(args[3]))
    if name == "ability_cost":
        return (name, key, _cost(args[2]))
    return (name, key)


#: The answer's symbols decoded in this process, by clingo's handle (symbols are interned: the same
#: abilities and costs recur from board to board); emptied when it holds _DECODED_LIMIT.
_DECODED: dict[int, tuple[Any, ...]] = {}
_DECODED_LIMIT = 100_000


def _decoded(symbol: Symbol) -> tuple[Any, ...]:
    handle: int = symbol._rep
    found = _DECODED.get(handle)
    if found is None:
        if len(_DECODED) >= _DECODED_LIMIT:
            _DECODED.clear()
        found = _DECODED[handle] = _decode_symbol(symbol)
    return found


def _decode(
    board: Board, player: str | None, model: Sequence[Symbol], depends: dict[Symbol, Depends]
) -> tuple[Activation, ...]:
    keys: set[tuple[str, int]] = set()
    mana: set[tuple[str, int]] = set()
    costs: dict[tuple[str, int], list[_Cost]] = defaultdict(list)
    reasons: dict[tuple[str, int], list[tuple[str, str | None]]] = defaultdict(list)
    unchecked: dict[tuple[str, int], list[_Cost]] = defaultdict(list)
    texts: dict[tuple[str, int], str] = {}
    for symbol in model:
        name, key, *rest = _decoded(symbol)
        if name == "activation":
            keys.add(key)
        elif name == "is_mana_ability":
            mana.add(key)
        elif name == "activation_not_modelled":
            keys.add(key)
            texts[key] = rest[1]
            if rest[0] == "mana":
                mana.add(key)
        elif name == "ability_cost":
            costs[key].append(rest[0])
        elif name == "violation":
            reasons[key].append((rest[0], rest[1]))
        else:
            unchecked[key].append(rest[0])
    order = {perm.id: index for index, perm in enumerate(board.battlefield)}
    result = []
    for perm_id, number in sorted(keys, key=lambda k: (order[k[0]], k[1])):
        perm = board.battlefield[order[perm_id]]
        key = (perm_id, number)
        cost = sorted(costs[key])
        result.append(
            Activation(
                permanent=perm_id,
                card=perm.card,
                ability=number,
                controller=perm.controller,
                player=player or perm.controller,
                cost=tuple(c.text for c in cost),
                mana_ability=key in mana,
                reasons=_reasons(reasons[key], cost),
                unchecked_costs=tuple(
                    _mana_text(cost) if c.name == "mana_cost" else c.text
                    for c in sorted(unchecked[key])
                ),
                not_modelled=texts.get(key),
                depends_on=depends.get(
                    Function("activation", [String(perm_id), Number(number)]), ()
                ),
            )
        )
    return tuple(result)


def _answer(permanent: str, ability: int) -> Symbol:
    """The answer term of the verdict on an activation (rules/604-could-depend.lp)."""
    return Function("activation", [String(permanent), Number(ability)])


def _mana_text(cost: list[_Cost]) -> str:
    """The mana part of an ability's cost in card notation (``{1}{G}``)."""
    return "".join(c.text for c in cost if c.name == "mana")


def _reasons(found: list[tuple[str, str | None]], cost: list[_Cost]) -> tuple[Reason, ...]:
    """The violations of one ability, by rule and text; the mana cost's (601.2h) last."""
    texts = []
    for rule, reason in found:
        if reason is not None:
            texts.append((False, Reason(rule, reason)))
        else:
            text = f"its mana cost {_mana_text(cost)} can't be paid with the mana available now"
            texts.append((True, Reason(rule, text)))
    return tuple(r for _, r in sorted(texts, key=lambda t: (t[0], t[1].rule, t[1].text)))
