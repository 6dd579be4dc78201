"""Distinct "plus" effects summarised by what they add up to (616.1, 616.1f, 614.5; issue 13).

"You gain that much life plus K instead" effects commute, so when several differ (Leyline of Hope's
+1 beside synthetic "+2", "+3" ... effects) the orderings query keeps only how many were applied and
their sum (616-ordering.lp's ``grouped/1``). These tests check that the summarised graph gives
exactly what the graph of every subset gives: outcomes, orderings per outcome, every outcome's
witness and the pairs that do not commute, against the memoised reference counter
(tests/orderings_reference.py, written independently of the ASP) on random small events.
"""

from __future__ import annotations

from collections import Counter

from clingo import Function, Number, String, Symbol
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgasp.cards.catalog import card_facts
from mtgasp.events import LifeEvent
from mtgasp.facts import event_request
from mtgasp.orderings import event_graph
from mtgasp.summed_graph import SummedGraph
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
    pluses: list[int], pivots: list[tuple[str, str]]
) -> tuple[list[Symbol], Symbol, tuple[RefEffect, ...], RefEvent]:
    """alice gains 1 life with synthetic "plus K" effects of hers (K in ``pluses``) and the
    ``pivots`` (card, controller): the facts, the request and the reference's view."""
    facts: list[Symbol] = []
    for seat, player in enumerate(["alice", "bob"], start=1):
        facts += [
            _f("player", String(player)),
            _f("seat", String(player), Number(seat)),
            _f("life", String(player), Number(20)),
        ]
    effects = []
    permanents = []
    for i, amount in enumerate(pluses):
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
    facts += card_facts(sorted({card for card, _ in pivots}))
    for perm, card, controller in permanents:
        facts += [
            _f("permanent", String(perm)),
            _f("card_of", String(perm), String(card)),
            _f("controller", String(perm), String(controller)),
        ]
    request = event_request(LifeEvent("gain", "alice", 1))
    return facts, request, tuple(effects), RefEvent(("gain", "alice", 1), "alice")


def _answers(graph: object) -> tuple[dict[str, int], dict[str, tuple[str, ...]], object]:
    from mtgasp.orderings import EventGraph

    assert isinstance(graph, EventGraph)
    counts = graph.count_paths()
    witnesses = {str(value): graph.witness(value) for value in counts}
    return {str(v): n for v, n in counts.items()}, witnesses, graph.noncommuting()


def test_616_1_distinct_plus_effects_before_tainted_remedy_are_summed() -> None:
    """Three different "plus" effects, then an opponent's Tainted Remedy turns the gain into a
    loss (616.1f: after it no gain effect applies): the loss is 1 plus the sum of the plus effects
    applied before it, each subset in every order (Tainted Remedy's ruling: the player loses
    "that much life", the amount as modified so far)."""
    facts, request, effects, event = _event([1, 2, 4], [("Tainted Remedy", "bob")])
    graph = event_graph(facts, request)
    assert isinstance(graph, SummedGraph)
    counts, witnesses, pairs = _answers(graph)
    # Subsets of {1, 2, 4} have sums 0..7, each once; a subset of c effects in c! orders.
    assert counts == {
        f"alice loses {1 + s} life": n for s, n in enumerate([1, 1, 1, 2, 1, 2, 2, 6])
    }
    assert counts == {value_text(v): n for v, n in memo_counts(effects, event).items()}
    assert witnesses["alice loses 8 life"] == ("p00#1", "p01#1", "p02#1", "q00#1")
    assert witnesses["alice loses 1 life"] == ("q00#1",)
    assert pairs == tuple((f"p0{i}#1", "q00#1") for i in range(3))


def test_616_1_a_doubler_counts_the_plus_effects_before_it_twice() -> None:
    """Rhox Faithmender ("twice that much") with "plus 1" and "plus 2": each plus effect applied
    before the doubler counts twice (616.1: each ordering applies the effects one at a time)."""
    facts, request, effects, event = _event([1, 2], [("Rhox Faithmender", "alice")])
    graph = event_graph(facts, request)
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
    assert witnesses["alice gains 7 life"] == ("p01#1", "q00#1", "p00#1")


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
    pluses=st.lists(st.integers(min_value=1, max_value=4), min_size=2, max_size=5),
    pivots=_pivot_sets,
)
def test_summed_graph_gives_what_every_subset_gives(
    pluses: list[int], pivots: list[tuple[str, str]]
) -> None:
    """Whatever the plus effects and pivots, summing (or falling back to the graph of subsets
    where a context does not allow it) changes no count, witness or non-commuting pair."""
    facts, request, effects, event = _event(pluses, pivots)
    summed = _answers(event_graph(facts, request))
    plain = _answers(event_graph(facts, request, summarise=False))
    assert summed == plain
    assert summed[0] == {value_text(v): n for v, n in memo_counts(effects, event).items()}
    assert Counter(summed[0]).total() > 0
