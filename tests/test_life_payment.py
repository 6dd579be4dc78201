"""Paying life as a cost (119.4, 119.4b, 119.8): the activations query's verdicts on a life cost,
for amounts no card of the bundled database prints (0 life): the card's facts are given here, as
a hand-written card file would state them."""

from __future__ import annotations

import pytest
from clingo import Function, Number, String, Symbol

from mtgasp import parse_board
from mtgasp.facts.board import board_facts
from mtgasp.solve.control import solve

BOARD = """
players: [{name: alice, life: 0}, {name: bob}]
battlefield:
  - {id: emperion, card: Platinum Emperion, controller: alice}
  - {id: zero, card: Wastes, controller: alice}
  - {id: one, card: Wastes, controller: bob}
"""


def _life_cost(card: str, amount: int) -> list[Symbol]:
    """Ability 2 of ``card``: "{T}, Pay ``amount`` life: Add {C}." (a mana ability, 605.1a)."""
    name, n = String(card), Number(2)
    return [
        Function("activated", [name, n]),
        Function("mana_ability", [name, n]),
        Function("cost", [name, n, Function("tap")]),
        Function("cost", [name, n, Function("pay_life", [Number(amount)])]),
        Function("produces", [name, n, Function("c"), Number(1)]),
    ]


def _violations(amount: int) -> dict[str, set[str]]:
    facts = board_facts(parse_board(BOARD))
    (model,) = solve(
        "activations", facts, extra=[*_life_cost("Wastes", amount), Function("mana_unchecked")]
    ).models
    found: dict[str, set[str]] = {}
    for symbol in model:
        if symbol.name == "violation":
            permanent, ability = symbol.arguments[0].arguments
            if ability.number == 2:
                found.setdefault(permanent.string, set()).add(symbol.arguments[1].string)
    return found


def test_paying_zero_life_is_always_allowed() -> None:
    # 119.4b: "Players can always pay 0 life, no matter what their (or their team's) life total
    # is, and even if an effect says players can't pay life": alice at 0 life under Platinum
    # Emperion (119.8) pays 0 life.
    assert _violations(0) == {}


@pytest.mark.quick
def test_paying_life_needs_that_much_life_and_the_ability_to_lose_it() -> None:
    # 119.4: alice at 0 life can't pay 1 life; 119.8: nor can a player who can't lose life
    # (Platinum Emperion, ruling 2018-12-07); bob (20 life, no Emperion) can.
    assert _violations(1) == {"zero": {"119.4", "119.8"}}
