"""Distinct "plus" effects summarised by what they add up to (616.1, 616.1f, 614.5; issue 13).

"You gain that much life plus K instead" effects commute, so when several differ (Leyline of Hope's
+1 beside synthetic "+2", "+3" ... effects) the orderings query keeps only how many were applied and
their sum (616-ordering.lp's ``grouped/1``). These tests check that the summarised graph gives
exactly what the graph of every subset gives: outcomes, orderings per outcome, every outcome's
witness and the pairs that do not commute, against the memoised reference counter
(tests/orderings_reference.py, written independently of the ASP) on random small events.
"""

from __future__ import annotations

import math
from collections import Counter

from clingo import Function, Number, String, Symbol
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgasp.answers.orderings.query import EventGraph, event_graph
from mtgasp.answers.orderings.summed import SummedGraph
from mtgasp.board.events import LifeEvent
from mtgasp.cards.catalog import card_facts
from mtgasp.facts.board import event_request
from orderings_reference import RefEffect, RefEvent, memo_counts, value_text

#: Real cards that stand between "plus" effects (pivots): (card, ability, condition, change).
PIVOTS = {
    "Tainted Remedy": (1, ("gain", "opponents"), ("lose_instead",)),
    "Sulfuric Vortex": (2, ("gain", "players"), ("nothing",)),
    "Rhox Faithmender": (1, ("gain", "you"), ("multiply", 2)),
    "Boon Reflection": (1, ("gain", "you"), ("multiply", 2)),
}


def _f(name: str, *args: Symbol) -> Symbol:
    return Function(name, list(args))


def _event(
    pluses: list[int], pivots: list[tuple[str, str]], cant_gain: bool = False
) -> tuple[list[Symbol], Symbol, tuple[RefEffect, ...], RefEvent]:
    """alice gains 1 life with "plus K" effects of hers (K in ``pluses``: Leyline of Hope for 1,
    synthetic cards for the others) and the ``pivots`` (card, controller), and with ``cant_gain``
    Havoc Festival (119.7: no player can gain life): the facts, the request and the reference's
    view."""
    facts: list[Symbol] = []
    for seat, player in enumerate(["alice", "bob"], start=1):
        facts += [
            _f("player", String(player)),
            _f("seat", String(player), Number(seat)),
            _f("life", String(player), Number(20)),
        ]
    effects = []
    permanents = []
    cards = {card for card, _ in pivots}
    for i, amount in enumerate(pluses):
        if amount == 1:
            cards.add("Leyline of Hope")
            permanents.append((f"p{i:02d}", "Leyline of Hope", "alice"))
            effects.append(RefEffect(f"p{i:02d}#2", "alice", ("gain", "you"), ("plus", 1)))
            continue
        card = f"Test Plus {amount}"
        facts += [
            _f("card", String(card)),
            _f(
                "replacement",
                String(card),
                Number(1),
                _f("would_gain_life", Function("you")),
                _f("plus", Number(amount)),
            ),
        ]
        permanents.append((f"p{i:02d}", card, "alice"))
        effects.append(RefEffect(f"p{i:02d}#1", "alice", ("gain", "you"), ("plus", amount)))
    for i, (card, controller) in enumerate(pivots):
        ability, condition, change = PIVOTS[card]
        permanents.append((f"q{i:02d}", card, controller))
        effects.append(RefEffect(f"q{i:02d}#{ability}", controller, condition, change))
    if cant_gain:
        cards.add("Havoc Festival")
        permanents.append(("festival", "Havoc Festival", "bob"))
    facts += card_facts(sorted(cards))
    for perm, card, controller in permanents:
        facts += [
            _f("permanent", String(perm)),
            _f("card_of", String(perm), String(card)),
            _f("controller", String(perm), String(controller)),
        ]
    request = event_request(LifeEvent("gain", "alice", 1))
    return facts, request, tuple(effects), RefEvent(("gain", "alice", 1), "alice", cant_gain)


def _answers(graph: EventGraph) -> tuple[dict[str, int], dict[str, tuple[str, ...]], object]:
    """The orderings per outcome, every outcome's witness, the non-commuting pairs and which
    effects apply to the unmodified event (616.1f)."""
    counts = graph.count_paths()
    witnesses = {str(value): graph.witness(value) for value in counts}
    now = tuple(effect.id for effect in graph.effects() if effect.applies_now)
    return {str(v): n for v, n in counts.items()}, witnesses, (graph.noncommuting(), now)


def test_616_1_distinct_plus_effects_before_tainted_remedy_are_summed() -> None:
    """Three different "plus" effects, then an opponent's Tainted Remedy turns the gain into a
    loss (616.1f: after it no gain effect applies): the loss is 1 plus the sum of the plus effects
    applied before it, each subset in every order (Tainted Remedy's ruling: the player loses
    "that much life", the amount as modified so far)."""
    facts, request, effects, event = _event([2, 3, 5], [("Tainted Remedy", "bob")])
    graph = event_graph(facts, request, summarise=True)
    assert isinstance(graph, SummedGraph)
    counts, witnesses, pairs = _answers(graph)
    # Subsets of {2, 3, 5}: sums 0, 2, 3, 5 (twice: {5}, {2, 3}), 7, 8, 10; c effects: c! orders.
    sums = {0: 1, 2: 1, 3: 1, 5: 1 + 2, 7: 2, 8: 2, 10: 6}
    assert counts == {f"alice loses {1 + s} life": n for s, n in sums.items()}
    assert counts == {value_text(v): n for v, n in memo_counts(effects, event).items()}
    assert witnesses["alice loses 11 life"] == ("p00#1", "p01#1", "p02#1", "q00#1")
    # {2, 3} before {5}: the first ordering by effect number.
    assert witnesses["alice loses 6 life"] == ("p00#1", "p01#1", "q00#1")
    assert witnesses["alice loses 1 life"] == ("q00#1",)
    assert pairs[0] == tuple((f"p0{i}#1", "q00#1") for i in range(3))
    # A node keeps a run's sum, not how many effects it applied: after the Remedy, the runs {5}
    # and {2, 3} share one node. The start, 7 first-run nodes (one per subset), the Remedy
    # first, and after a run the Remedy at sums 2, 3, 5, 7, 8, 10: 15 nodes (16 if the runs'
    # sizes were kept).
    assert graph.node_count() == 15


def test_616_1_a_doubler_counts_the_plus_effects_before_it_twice() -> None:
    """Rhox Faithmender ("twice that much") with Leyline of Hope ("plus 1") and a "plus 2": each
    plus effect applied before the doubler counts twice (616.1: the effects apply one at a time,
    each to the event as modified so far)."""
    facts, request, effects, event = _event([1, 2], [("Rhox Faithmender", "alice")])
    graph = event_graph(facts, request, summarise=True)
    assert isinstance(graph, SummedGraph)
    counts, witnesses, _ = _answers(graph)
    # (1 + before) * 2 + after: none before 5; +1 before 6; +2 before 7; both before 8 (2 orders).
    assert counts == {
        "alice gains 5 life": 2,
        "alice gains 6 life": 1,
        "alice gains 7 life": 1,
        "alice gains 8 life": 2,
    }
    assert counts == {value_text(v): n for v, n in memo_counts(effects, event).items()}
    assert witnesses["alice gains 7 life"] == ("p01#1", "q00#1", "p00#2")


_pivot_sets = st.sampled_from(
    [
        [("Tainted Remedy", "bob")],
        [("Sulfuric Vortex", "bob")],
        [("Rhox Faithmender", "alice")],
        [("Tainted Remedy", "bob"), ("Sulfuric Vortex", "alice")],
        [("Tainted Remedy", "bob"), ("Tainted Remedy", "bob")],
        [("Rhox Faithmender", "alice"), ("Tainted Remedy", "bob")],
        [("Rhox Faithmender", "alice"), ("Boon Reflection", "alice")],
        [("Sulfuric Vortex", "alice")],
    ]
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    pluses=st.lists(st.integers(min_value=1, max_value=6), min_size=2, max_size=5, unique=True),
    pivots=_pivot_sets,
    cant_gain=st.booleans(),
)
def test_summed_graph_gives_what_every_subset_gives(
    pluses: list[int], pivots: list[tuple[str, str]], cant_gain: bool
) -> None:
    """Whatever the plus effects and pivots, summing (or falling back to the graph of subsets
    where a context does not allow it) changes no count, witness or non-commuting pair."""
    facts, request, effects, event = _event(pluses, pivots, cant_gain)
    summed = _answers(event_graph(facts, request, summarise=True))
    plain = _answers(event_graph(facts, request, summarise=False))
    assert summed == plain
    assert summed[0] == {value_text(v): n for v, n in memo_counts(effects, event).items()}
    assert Counter(summed[0]).total() > 0


def test_the_query_sums_where_it_pays_and_the_counts_stay_exact() -> None:
    """By default the bridge grounds the summing rules for six or more different "plus" amounts
    beside another replacement effect (fewer are cheaper as subsets): 6 plus effects and Tainted
    Remedy, summed, count every subset of them in every order before the loss (616.1f)."""
    facts, request, effects, event = _event([1, 2, 3, 4, 5, 6], [("Tainted Remedy", "bob")])
    graph = event_graph(facts, request)
    assert isinstance(graph, SummedGraph)
    counts = {str(v): n for v, n in graph.count_paths().items()}
    assert counts == {value_text(v): n for v, n in memo_counts(effects, event).items()}
    # Orderings: sum over subsets of k of the 6 effects of k! (then the Remedy): 1957.
    assert sum(counts.values()) == sum(math.perm(6, k) for k in range(7))
    few = _event([1, 2], [("Tainted Remedy", "bob")])
    assert not isinstance(event_graph(few[0], few[1]), SummedGraph)


def test_a_context_that_cannot_sum_is_asked_of_the_graph_of_kinds() -> None:
    """Two doublers beside the "plus" effects: a pivot that keeps their condition must be the only
    other effect (616-summed.lp's grouped/1), so the context is not summed. The summing program has
    no graph of kinds (616-graph.lp is not in it): the bridge asks the plain program, and the
    counts are the reference's (616.1: every order of the five effects, 5! = 120)."""
    facts, request, effects, event = _event(
        [1, 2, 3], [("Rhox Faithmender", "alice"), ("Boon Reflection", "alice")]
    )
    graph = event_graph(facts, request, summarise=True)
    assert not isinstance(graph, SummedGraph)
    counts = {str(v): n for v, n in graph.count_paths().items()}
    assert counts == {value_text(v): n for v, n in memo_counts(effects, event).items()}
    assert sum(counts.values()) == 120
