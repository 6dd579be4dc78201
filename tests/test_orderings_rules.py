"""Rule tests of the replacement engine on synthetic effects (not cards).

Some rules have no card among those mtgasp knows yet: self-replacement effects (616.1a, 614.15,
614.17c) and an effect that turns a loss into a gain, making gain effects applicable (616.2). These
tests give the rules synthetic cards as facts (``"Test ..."`` names, never real cards) and check
the graph the engine builds, exactly as the orderings query does for real boards.
"""

from __future__ import annotations

import math

import pytest
from clingo import Function, Number, String, Symbol

from mtgasp.answers.orderings.query import event_graph
from mtgasp.board.events import LifeEvent
from mtgasp.errors import EncodingError, QueryError
from mtgasp.facts.board import event_request

pytestmark = pytest.mark.quick


def _f(name: str, *args: Symbol) -> Symbol:
    return Function(name, list(args))


def _facts(permanents: list[tuple[str, str, str]], cards: list[Symbol]) -> list[Symbol]:
    """Two players, the given (id, card, controller) permanents and synthetic card facts."""
    facts = []
    for seat, player in enumerate(["alice", "bob"], start=1):
        facts += [
            _f("player", String(player)),
            _f("seat", String(player), Number(seat)),
            _f("life", String(player), Number(20)),
        ]
    for perm, card, controller in permanents:
        facts += [
            _f("permanent", String(perm)),
            _f("card_of", String(perm), String(card)),
            _f("controller", String(perm), String(controller)),
            _f("owner", String(perm), String(controller)),
        ]
    return facts + cards


def _replacement(card: str, condition: Symbol, change: Symbol, rule_class: int = 5) -> list[Symbol]:
    facts = [
        _f("card", String(card)),
        _f("replacement", String(card), Number(1), condition, change),
    ]
    if rule_class != 5:
        facts.append(_f("replacement_class", String(card), Number(1), Number(rule_class)))
    return facts


YOU = Function("you")
GAIN_YOU = _f("would_gain_life", YOU)
LOSE_YOU = _f("would_lose_life", YOU)


def _outcomes(facts: list[Symbol], kind: str, player: str, amount: int) -> dict[str, int]:
    graph = event_graph(facts, event_request(LifeEvent(kind, player, amount)))
    assert graph.stats.choices == 0
    return {str(value): count for value, count in graph.count_paths().items()}


def test_616_1a_a_self_replacement_effect_must_be_chosen_first() -> None:
    cards = _replacement("Test Self Triple", GAIN_YOU, _f("multiply", Number(3)), rule_class=1)
    cards += _replacement("Test Plus", GAIN_YOU, _f("plus", Number(1)))
    perms = [("self", "Test Self Triple", "alice"), ("plus", "Test Plus", "alice")]
    # Only "triple, then plus one": (1 * 3) + 1; the other order, (1 + 1) * 3 = 6, is not allowed.
    assert _outcomes(_facts(perms, cards), "gain", "alice", 1) == {"alice gains 4 life": 1}


def test_616_1e_without_the_class_either_order_may_be_chosen() -> None:
    cards = _replacement("Test Triple", GAIN_YOU, _f("multiply", Number(3)))
    cards += _replacement("Test Plus", GAIN_YOU, _f("plus", Number(1)))
    perms = [("triple", "Test Triple", "alice"), ("plus", "Test Plus", "alice")]
    assert _outcomes(_facts(perms, cards), "gain", "alice", 1) == {
        "alice gains 4 life": 1,
        "alice gains 6 life": 1,
    }


def test_614_17c_only_a_self_replacement_effect_modifies_an_event_that_cant_happen() -> None:
    cards = _replacement("Test Self Lose", GAIN_YOU, Function("lose_instead"), rule_class=1)
    cards += _replacement("Test Other Lose", GAIN_YOU, Function("lose_instead"))
    cards += [
        _f("card", String("Test Cant Gain")),
        _f(
            "static", String("Test Cant Gain"), Number(1), _f("cant_gain_life", Function("players"))
        ),
    ]
    perms = [("cant", "Test Cant Gain", "bob"), ("self", "Test Self Lose", "alice")]
    assert _outcomes(_facts(perms, cards), "gain", "alice", 2) == {"alice loses 2 life": 1}
    perms = [("cant", "Test Cant Gain", "bob"), ("other", "Test Other Lose", "alice")]
    assert _outcomes(_facts(perms, cards), "gain", "alice", 2) == {"nothing happens": 1}


def test_616_2_an_effect_becomes_applicable_after_another_and_614_5_each_applies_once() -> None:
    cards = _replacement("Test Gain Instead", LOSE_YOU, Function("gain_instead"))
    perms = [
        ("turn", "Test Gain Instead", "alice"),
        ("rhox", "Rhox Faithmender", "alice"),
        ("remedy", "Tainted Remedy", "bob"),
    ]
    cards += [  # the two real cards' facts, as asp/cards states them
        _f("card", String("Rhox Faithmender")),
        _f(
            "replacement",
            String("Rhox Faithmender"),
            Number(1),
            GAIN_YOU,
            _f("multiply", Number(2)),
        ),
        _f("card", String("Tainted Remedy")),
        _f(
            "replacement",
            String("Tainted Remedy"),
            Number(1),
            _f("would_gain_life", Function("opponents")),
            Function("lose_instead"),
        ),
    ]
    # lose 2 -> (turn) gain 2; then Rhox: gain 4 -> Remedy: lose 4; or Remedy: lose 2 (and Rhox
    # no longer applies). Turn has been applied and does not apply again (614.5): no loop.
    assert _outcomes(_facts(perms, cards), "lose", "alice", 2) == {
        "alice loses 2 life": 1,
        "alice loses 4 life": 1,
    }


def _many(count: int, change: str) -> tuple[list[tuple[str, str, str]], list[Symbol]]:
    perms, cards = [], []
    for i in range(1, count + 1):
        card = f"Test {change} {i}"
        cards += _replacement(card, GAIN_YOU, _f(change, Number(i)))
        perms.append((f"{change}{i:02d}", card, "alice"))
    return perms, cards


def test_independent_effects_need_no_graph_and_keep_exact_counts() -> None:
    perms, cards = _many(40, "plus")  # 40 effects "that much plus i": their order cannot matter
    graph = event_graph(_facts(perms, cards), event_request(LifeEvent("gain", "alice", 1)))
    assert graph.node_count() == 1
    assert {str(v): n for v, n in graph.count_paths().items()} == {
        f"alice gains {1 + sum(range(1, 41))} life": math.factorial(40)
    }


def test_too_many_distinct_effects_is_a_query_error() -> None:
    plus, plus_cards = _many(16, "plus")
    times, times_cards = _many(16, "multiply")  # plus and multiply do not commute: 32 kinds
    with pytest.raises(QueryError, match="too many distinct replacement effects"):
        event_graph(
            _facts(plus + times, plus_cards + times_cards),
            event_request(LifeEvent("gain", "alice", 1)),
        )


@pytest.mark.parametrize("rule_class", [5, 1])  # an edge straight from its node; a choice by class
def test_an_effect_that_applies_with_no_change_is_an_internal_error(rule_class: int) -> None:
    # 614.1a: no rule says what "loses that much life instead" does to a loss (it turns gains
    # into losses). The graph would take the effect for one that does not apply; that must stop
    # mtgasp, never give orderings without it (616-ordering.lp's no_change/3).
    cards = _replacement("Test Lose Instead", LOSE_YOU, Function("lose_instead"))
    cards += _replacement("Test Double", LOSE_YOU, _f("multiply", Number(2)), rule_class)
    perms = [("odd", "Test Lose Instead", "alice"), ("double", "Test Double", "alice")]
    with pytest.raises(EncodingError, match=r"no change defined: no_change\(.*\"odd\""):
        _outcomes(_facts(perms, cards), "lose", "alice", 1)


def test_615_7_a_shield_prevents_that_much_and_two_shields_add_up() -> None:
    """615.7: "prevent the next 3 damage" prevents 3 of 5; a second such shield the rest (the
    first, alone, leaves 2 dealt). Synthetic effects: no card of the database has such a shield."""
    you = _f("would_deal_damage", YOU, _f("any"))
    cards = _replacement("Test Shield", you, _f("prevent", Number(3)))
    cards.append(_f("card", String("Test Source")))
    request = _f(
        "event_request",
        _f("damage", String("src"), String("alice"), Number(5), _f("noncombat")),
    )
    one = [("s1", "Test Shield", "alice"), ("src", "Test Source", "bob")]
    graph = event_graph(_facts(one, cards), request)
    assert {str(v): n for v, n in graph.count_paths().items()} == {"src deals 2 damage to alice": 1}
    two = [*one, ("s2", "Test Shield", "alice")]
    graph = event_graph(_facts(two, cards), request)
    assert {str(v): n for v, n in graph.count_paths().items()} == {
        "all damage src would deal to alice is prevented": 2
    }
