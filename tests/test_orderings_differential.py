"""Differential test: the engine's orderings equal a brute force over every ordering (616.1).

For random small boards of real cards (hypothesis), the outcomes, the number of orderings per
outcome and the orderings themselves from ``mtgasp.orderings`` must equal those of the
independent brute force in ``orderings_reference.py``, which knows the cards from its own table.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgasp import parse_board
from mtgasp.answers.orderings.query import LifeEvent, TapEvent, event_graph, orderings
from mtgasp.facts.board import board_facts, event_request, mana_event_request
from orderings_reference import careful_counts, from_board, value_text
from orderings_reference import orderings as reference_orderings

PLAYERS = ["alice", "bob", "carol"]
MANA_CARDS = [
    "Mana Reflection",
    "Nyxbloom Ancient",
    "Contamination",
    "Pale Moon",
    "Ritual of Subdual",
]
LIFE_CARDS = [
    "Tainted Remedy",
    "Rhox Faithmender",
    "Boon Reflection",
    "Alhammarret's Archive",
    "Sulfuric Vortex",
    "Leyline of Hope",
    "Angel of Vitality",
    "Heron of Hope",
]
PROHIBITION_CARDS = ["Havoc Festival", "Erebos, God of the Dead", "Platinum Emperion", "Skullcrack"]
LASTING = {"Pale Moon", "Skullcrack"}

_settings = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _board(cards: list[tuple[str, str]], extra: list[dict[str, Any]], lives: list[int]) -> Any:
    battlefield = list(extra)
    effects = []
    for index, (card, controller) in enumerate(cards):
        entry = {"id": f"e{index}", "card": card, "controller": controller}
        (effects if card in LASTING else battlefield).append(entry)
    data = {
        "players": [{"name": p, "life": life} for p, life in zip(PLAYERS, lives, strict=True)],
        "battlefield": battlefield,
        "effects": effects,
    }
    return parse_board(yaml.safe_dump(data), source="differential")


def _compare(board: Any, event: Any) -> None:
    report = orderings(board, event, list_all=True, max_orderings=10_000)
    effects, ref_event = from_board(board, event)
    ref = list(reference_orderings(effects, ref_event))
    expected = Counter(value_text(value) for _, value in ref)
    found = {str(o.value): o.orderings for o in report.outcomes}
    assert found == dict(expected)
    assert report.listed is not None
    assert sorted(report.listed) == sorted(path for path, _ in ref)
    assert report.order_matters == (len(expected) > 1)
    # The benchmark's brute force (written as a careful plain program) counts as the reference.
    assert careful_counts(effects, ref_event) == Counter(value for _, value in ref)
    # Sharing nodes between interchangeable effects and leaving out effects whose order cannot
    # matter change the graph, never the counts.
    if isinstance(event, TapEvent):
        request = mana_event_request(event.permanent, event.ability, event.choice)
    else:
        request = event_request(event)
    plain = event_graph(board_facts(board), request, interchange=False, independence=False)
    assert {str(v): n for v, n in plain.count_paths().items()} == found
    assert plain.node_count() >= report.graph_nodes


@_settings
@given(
    land=st.sampled_from(["Forest", "Grasping Dunes"]),
    land_controller=st.sampled_from(PLAYERS[:2]),
    cards=st.lists(
        st.tuples(st.sampled_from(MANA_CARDS), st.sampled_from(PLAYERS[:2])), max_size=6
    ),
)
def test_mana_orderings_equal_brute_force(
    land: str, land_controller: str, cards: list[tuple[str, str]]
) -> None:
    land_entry = {"id": "land", "card": land, "controller": land_controller}
    board = _board(cards, [land_entry], [20, 20, 20])
    _compare(board, TapEvent("land"))


@_settings
@given(
    kind=st.sampled_from(["gain", "lose", "set"]),
    player=st.sampled_from(PLAYERS),
    amount=st.integers(0, 30),
    lives=st.lists(st.integers(1, 30), min_size=3, max_size=3),
    cards=st.lists(st.tuples(st.sampled_from(LIFE_CARDS), st.sampled_from(PLAYERS)), max_size=6),
    prohibitions=st.lists(
        st.tuples(st.sampled_from(PROHIBITION_CARDS), st.sampled_from(PLAYERS)), max_size=1
    ),
)
def test_life_orderings_equal_brute_force(
    kind: str,
    player: str,
    amount: int,
    lives: list[int],
    cards: list[tuple[str, str]],
    prohibitions: list[tuple[str, str]],
) -> None:
    board = _board(cards + prohibitions, [], lives)
    _compare(board, LifeEvent(kind, player, amount))  # type: ignore[arg-type]
