"""Property: random and mutated board files load or raise BoardError; they never crash."""

from __future__ import annotations

import json
from typing import Any

from benchmarks._hostile import paths
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgasp import BoardError, parse_board

VALID: dict[str, Any] = {
    "players": [{"name": "alice", "life": 20}, {"name": "bob"}],
    "turn": {"active": "alice", "step": "end", "number": 2},
    "battlefield": [
        {"id": "f", "card": "Forest", "controller": "alice", "tapped": True},
        {"id": "e", "card": "Llanowar Elves", "controller": "bob", "since": "this_turn"},
    ],
    "hand": {"bob": ["Forest"]},
    "this_turn": {"gained_life": {"alice": 2}, "tapped_for_mana": ["f"]},
}

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 40),
    st.text(max_size=8),
    st.sampled_from(["alice", "bob", "Forest", "f", "end", "this_turn"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=10,
)


def _load(text: str) -> None:
    problems: tuple[object, ...] = ("loaded",)
    try:
        parse_board(text)
    except BoardError as exc:
        problems = exc.problems
    assert problems, "a BoardError always says what is wrong"


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_random_text_never_crashes(text: str) -> None:
    _load(text)


@settings(max_examples=200, deadline=None)
@given(values)
def test_random_structures_never_crash(data: Any) -> None:
    _load(json.dumps(data))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_valid_boards_never_crash(data: st.DataObject) -> None:
    board = json.loads(json.dumps(VALID))
    path = data.draw(st.sampled_from(paths(board)[1:]))
    parent = board
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(values)
    _load(json.dumps(board))
