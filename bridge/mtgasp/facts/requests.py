"""Every request the bridge sends the encodings, as clingo symbols: what a query is asked besides
the board's facts (``facts/board.py``). One place, so each request's shape is written once; the
queries' headers (``asp/queries/*.lp``) document them.
"""

from __future__ import annotations

from clingo import Function, Number, String, Symbol

from ..board.events import MAX_DRAWS, DamageEvent, DrawEvent, LifeEvent
from ..board.numbers import number
from ..limits import MAX_NUMBER

__all__ = [
    "asker",
    "begin_next_step",
    "begin_step",
    "bound_facts",
    "cast_request",
    "copy_request",
    "event_cause",
    "event_request",
    "mana_check",
    "mana_event_request",
    "mana_verdict",
    "pay_for",
    "pay_request",
    "question",
    "step_through",
    "tap_request",
]

_LIFE_ACTS = {"gain": "gain_life", "lose": "lose_life", "set": "set_life"}


def asker(player: str) -> Symbol:
    """``asker(P)``: judge actions as player P would take them (602.2)."""
    return Function("asker", [String(player)])


def mana_check(checked: bool) -> Symbol:
    """``mana_checked`` or ``mana_unchecked``: whether the activations query judges mana costs."""
    return Function("mana_checked" if checked else "mana_unchecked", [])


def mana_verdict(payable: bool, permanent: str, ability: int) -> Symbol:
    """``mana_payable(O, N)`` (a plan pays the mana cost) or ``mana_unproved(O, N)`` (no plan within
    the castable query's bound): the castable query's verdict, for the activations query."""
    name = "mana_payable" if payable else "mana_unproved"
    return Function(name, [String(permanent), Number(ability)])


def mana_event_request(permanent: str, ability: int, choice: str | None) -> Symbol:
    """``mana_event_request(O, N, Choice)``: resolve ability N of O (choice ``none`` if fixed)."""
    return Function(
        "mana_event_request",
        [
            String(permanent),
            number(ability, "the ability number", 1),
            Function(choice if choice is not None else "none"),
        ],
    )


def event_request(event: LifeEvent | DamageEvent | DrawEvent) -> Symbol:
    """``event_request(E)``: the one shape of a requested event, for the orderings query (a board
    event at time 0) and the ``event`` course alike: E is ``gain_life(P, N)``, ``lose_life(P, N)``,
    ``set_life(P, N)``, ``damage(Source, Target, N, Kind)`` (Kind ``combat`` or ``noncombat``)
    or ``draw(P, N)`` (N individual draws, 121.2)."""
    if isinstance(event, DrawEvent):
        count = number(event.count, "the number of cards", 1, MAX_DRAWS)
        return Function("event_request", [Function("draw", [String(event.player), count])])
    if isinstance(event, DamageEvent):
        kind = Function("combat" if event.combat else "noncombat")
        amount = number(event.amount, "the amount of damage")
        damage = Function("damage", [String(event.source), String(event.target), amount, kind])
        return Function("event_request", [damage])
    amount = number(event.amount, "the amount of life", -MAX_NUMBER)
    act = Function(_LIFE_ACTS[event.kind], [String(event.player), amount])
    return Function("event_request", [act])


def event_cause(request: Symbol, player: str) -> Symbol:
    """``event_cause(E, P)``: a spell or ability P controls causes the requested event E."""
    (event,) = request.arguments
    return Function("event_cause", [event, String(player)])


def tap_request(permanent: str, ability: int | None) -> Symbol:
    """``tap_request(O, N)``: activate mana ability N of O now (``first``: its first one)."""
    wanted = (
        number(ability, "the ability number", 1) if ability is not None else Function("first", [])
    )
    return Function("tap_request", [String(permanent), wanted])


def question(player: str, index: int | None, permanent: str | None, ability: int | None) -> Symbol:
    """A castable question: ``card(P, I)`` (the I-th card of P's hand) or ``ability(O, N)``."""
    if index is not None:
        return Function("card", [String(player), Number(index)])
    assert permanent is not None
    assert ability is not None
    return Function("ability", [String(permanent), Number(ability)])


def pay_request(asked: Symbol) -> Symbol:
    """``pay_request(Q)``: can the mana cost of question Q be paid now?"""
    return Function("pay_request", [asked])


def pay_for(player: str) -> Symbol:
    """``pay_for(P)``: every question of P is a free external ``pay_request/1``."""
    return Function("pay_for", [String(player)])


def begin_step(step: str) -> Symbol:
    """``begin_step(S)``: step S begins."""
    return Function("begin_step", [Function(step)])


def step_through(step: str) -> Symbol:
    """``step_through(S)``: the course goes on through the following steps up to S (500.1)."""
    return Function("step_through", [Function(step)])


def begin_next_step() -> Symbol:
    """``begin_next_step``: the step after the board's begins (``next_step/1`` names it)."""
    return Function("begin_next_step", [])


def cast_request(new_id: str, card: str, player: str, x: int) -> Symbol:
    """``cast_request(O, C, P, X)``: P casts card C with X = x; its permanent would be O."""
    return Function("cast_request", [String(new_id), String(card), String(player), number(x, "X")])


def copy_request(new_id: str, card: str, player: str) -> Symbol:
    """``copy_request(O, C, P)``: a permanent O, a copy of card C, enters under P's control."""
    return Function("copy_request", [String(new_id), String(card), String(player)])


def bound_facts(permanents: int, players: list[str], cards: list[str]) -> list[Symbol]:
    """``prove``'s bounds: ``bound_permanents(K)``, ``bound_player(P, Seat)``, ``bound_card(C)``."""
    facts = [Function("bound_permanents", [Number(permanents)])]
    for seat, name in enumerate(players, start=1):
        facts.append(Function("bound_player", [String(name), Number(seat)]))
    for card in cards:
        facts.append(Function("bound_card", [String(card)]))
    return facts
