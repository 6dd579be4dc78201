"""The verdicts on mana costs the activations query reaches without the castable query
(``asp/rules/601-payment-bounds.lp``, issue 13: sound fast paths) agree with the castable query.

On random boards (hypothesis): every ability said surely payable is payable by the castable query,
every one said surely unpayable is a proved "no" of the castable query (not payable, not unproved),
and the activations answer with them equals the answer with the castable query's verdicts on every
mana cost. Fixed boards show that each kind of verdict is reached.
"""

from __future__ import annotations

from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgasp import activations, parse_board
from mtgasp.answers.castable import MAX_PAID, payments
from mtgasp.board.model import Board
from mtgasp.facts.board import board_facts
from mtgasp.facts.requests import mana_check
from mtgasp.solve.control import ground

#: Mana sources (fixed types, any color, a type a land could produce, amounts per creature, filters,
#: doubling), abilities with mana costs, and what changes mana or activation: replacement effects,
#: triggered mana abilities, type changes, haste.
CARDS = [
    "Forest",
    "Island",
    "Plains",
    "Swamp",
    "Mountain",
    "Wastes",
    "Birds of Paradise",
    "Llanowar Elves",
    "Reflecting Pool",
    "Exotic Orchard",
    "Fellwar Stone",
    "Gaea's Cradle",
    "Simic Signet",
    "Doubling Cube",
    "Order of Whiteclay",
    "Gilder Bairn",
    "Thousand-Year Elixir",
    "Raging Goblin",
]
RARE = [
    "Mana Reflection",
    "Contamination",
    "Mana Flare",
    "Vernal Bloom",
    "Blood Moon",
    "Fervor",
    "March of the Machines",
    "Concordant Crossroads",
    "Chromatic Orrery",
]
PLAYERS = ("alice", "bob", "carol")

_permanent = st.fixed_dictionaries(
    {
        "card": st.sampled_from(CARDS),
        "controller": st.sampled_from(PLAYERS),
        "tapped": st.booleans(),
        "recent": st.integers(0, 3),
    }
)


@st.composite
def _boards(draw: st.DrawFn) -> dict[str, Any]:
    perms = draw(st.lists(_permanent, min_size=1, max_size=9))
    rare = draw(st.lists(st.sampled_from(RARE), max_size=2, unique=True))
    battlefield: list[dict[str, Any]] = []
    for index, perm in enumerate(perms):
        entry = {"id": f"p{index}", "card": perm["card"], "controller": perm["controller"]}
        if perm["tapped"]:
            entry["tapped"] = True
        if perm["recent"] == 0:
            entry["since"] = "this_turn"
        battlefield.append(entry)
    for card in rare:
        owner = draw(st.sampled_from(PLAYERS))
        battlefield.append(
            {"id": card.lower().replace(" ", "-"), "card": card, "controller": owner}
        )
    return {
        "players": [{"name": name} for name in PLAYERS],
        "turn": {"active": draw(st.sampled_from(PLAYERS)), "step": "precombat_main"},
        "battlefield": battlefield,
    }


def _bounds(board: Board) -> tuple[set[tuple[str, int]], set[tuple[str, int]]]:
    """The abilities whose mana cost activations-checked.lp says is surely payable, unpayable."""
    grounding = ground(
        "activations-checked",
        board_facts(board),
        [],
        extra=[mana_check(True)],
        consts={"max_paid": MAX_PAID},
    )
    (model,) = grounding.solve().models
    found: dict[str, set[tuple[str, int]]] = {
        "mana_surely_payable": set(),
        "mana_surely_unpayable": set(),
    }
    for symbol in model:
        if symbol.name in found:
            permanent, ability = symbol.arguments
            found[symbol.name].add((permanent.string, ability.number))
    return found["mana_surely_payable"], found["mana_surely_unpayable"]


def _agree(board: Board) -> tuple[int, int]:
    """Assert the bounds agree with the castable query on ``board``; how many of each it found."""
    payable, unpayable = _bounds(board)
    controllers = sorted({p.controller for p in board.battlefield})
    exact = payments(board, controllers, cards=False)
    verdicts = {(p.question.permanent, p.question.ability): p for p in exact}
    for key in payable:
        assert verdicts[key].payable, f"{key} said surely payable, castable says no"
    for key in unpayable:
        assert not verdicts[key].payable, f"{key} said surely unpayable, castable pays it"
        assert not verdicts[key].unproved, f"{key} said surely unpayable, castable: not proved"
    fast = activations(board)
    slow = activations(board, known=exact)
    assert fast.activations == slow.activations
    assert fast.not_modelled == slow.not_modelled
    return len(payable), len(unpayable)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_boards())
def test_bounds_agree_with_the_castable_query(data: dict[str, Any]) -> None:
    _agree(parse_board(yaml.safe_dump(data), source="hypothesis"))


def _fixed(battlefield: list[dict[str, Any]]) -> Board:
    data = {
        "players": [{"name": "alice"}, {"name": "bob"}],
        "turn": {"active": "alice", "step": "precombat_main"},
        "battlefield": battlefield,
    }
    return parse_board(yaml.safe_dump(data), source="fixed")


def test_a_cost_paid_by_distinct_untapped_sources_is_surely_payable() -> None:
    # 601.2h: Thousand-Year Elixir's {1} by the Forest; Doubling Cube's {3} (the Cube taps for
    # its own cost, 107.5) by the Forest, Birds of Paradise and the Reflecting Pool, which could
    # produce {G} like the Forest (106.7).
    board = _fixed(
        [
            {"id": "forest", "card": "Forest", "controller": "alice"},
            {"id": "birds", "card": "Birds of Paradise", "controller": "alice"},
            {"id": "pool", "card": "Reflecting Pool", "controller": "alice"},
            {"id": "cube", "card": "Doubling Cube", "controller": "alice"},
            {"id": "elixir", "card": "Thousand-Year Elixir", "controller": "alice"},
        ]
    )
    assert _bounds(board) == ({("cube", 1), ("elixir", 1)}, set())
    assert _agree(board) == (2, 0)


def test_a_cost_beyond_the_sources_is_surely_unpayable() -> None:
    # 601.2h: bob's Plains makes no {W}{W} for Order of Whiteclay's {1}{W}{W}; alice's Forest and
    # Island make two mana, not the Doubling Cube's three (the Cube taps for its own cost, 107.5),
    # and none of her sources adds {W} for her Order (the Cube only doubles what is there, 106.4).
    board = _fixed(
        [
            {"id": "forest", "card": "Forest", "controller": "alice"},
            {"id": "island", "card": "Island", "controller": "alice"},
            {"id": "cube", "card": "Doubling Cube", "controller": "alice"},
            {"id": "order", "card": "Order of Whiteclay", "controller": "alice", "tapped": True},
            {"id": "plains", "card": "Plains", "controller": "bob"},
            {"id": "order2", "card": "Order of Whiteclay", "controller": "bob", "tapped": True},
        ]
    )
    assert _bounds(board) == (set(), {("cube", 1), ("order", 1), ("order2", 1)})
    assert _agree(board) == (0, 3)


def test_a_replacement_effect_leaves_every_cost_to_the_castable_query() -> None:
    # 614.1, 616.1: Contamination could change what the Forest adds: no verdict without castable.
    board = _fixed(
        [
            {"id": "forest", "card": "Forest", "controller": "alice"},
            {"id": "elixir", "card": "Thousand-Year Elixir", "controller": "alice"},
            {"id": "contamination", "card": "Contamination", "controller": "bob"},
        ]
    )
    assert _bounds(board) == (set(), set())
    assert _agree(board) == (0, 0)


def test_a_land_that_could_produce_nothing_now_lends_no_type() -> None:
    # 106.7: Reflecting Pool adds a type a land you control could produce; Gaea's Cradle adds {G}
    # for each creature you control, and alice controls none: neither can pay Simic Signet's {1}
    # (found by this file's property test).
    board = _fixed(
        [
            {"id": "pool", "card": "Reflecting Pool", "controller": "alice"},
            {"id": "cradle", "card": "Gaea's Cradle", "controller": "alice"},
            {"id": "signet", "card": "Simic Signet", "controller": "alice"},
        ]
    )
    assert _bounds(board) == (set(), set())
    assert _agree(board) == (0, 0)
    assert activations(board).activations[-1].reasons[-1].rule == "601.2h"


def test_a_land_adding_one_per_creature_may_lend_its_type() -> None:
    # 106.7: Exotic Orchard adds a color a land an opponent controls could produce. alice's
    # Gaea's Cradle adds {G} for each creature she controls, and she controls Birds of Paradise:
    # the Cradle could produce {G}, so bob's Orchard may pay the {G/U} of Gilder Bairn's
    # {2}{G/U} (with his two Plains). Not surely unpayable: the castable query pays it. (Found by
    # this file's property test: the bound counted only lands adding a fixed amount.)
    board = _fixed(
        [
            {"id": "birds", "card": "Birds of Paradise", "controller": "alice"},
            {"id": "cradle", "card": "Gaea's Cradle", "controller": "alice"},
            {"id": "plains", "card": "Plains", "controller": "bob"},
            {"id": "plains2", "card": "Plains", "controller": "bob"},
            {"id": "orchard", "card": "Exotic Orchard", "controller": "bob"},
            {"id": "bairn", "card": "Gilder Bairn", "controller": "bob"},
        ]
    )
    assert ("bairn", 1) not in _bounds(board)[1]
    payment = next(
        p for p in payments(board, ["bob"], cards=False) if p.question.permanent == "bairn"
    )
    assert payment.payable
    _agree(board)
