"""Courses put together from independent parts (``mtgasp.answers.courses.final_states``).

When the choices after the first ones fall into groups that share no atom (each opponent's own
choices in issue 5's end step), each group's courses are enumerated alone and the courses of the
whole are their product. These tests check the result against enumerating every model: on small
programs (two parts, and programs that must not be split), and on a board of course queries,
where each final state's witness must be a whole course that ends in it. (Every course case of
tests/cases is also counted both ways in test_courses_counting.py.)
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtgasp import parse_board
from mtgasp.answers.courses import query as courses_module
from mtgasp.answers.courses.final_states import final_states
from mtgasp.solve.control import solve

#: A first choice (not shown), then two groups of choices that depend on it: a and b can't both
#: be left; c on its own. 1 course without the first choice, 3 * 2 with it.
TWO_PARTS = """
{ first }.
{ end_left(a); end_left(b) } :- first.
:- end_left(a), end_left(b).
{ end_left(c) } :- first.
#show end_left/1.
"""


def _program(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "program.lp"
    path.write_text(text, encoding="utf-8")
    return path


def _by_final_state(models: Any) -> Counter[frozenset[str]]:
    return Counter(frozenset(str(s) for s in model) for model in models)


def test_two_independent_parts_count_as_every_model(tmp_path: Path) -> None:
    path = _program(tmp_path, TWO_PARTS)
    split = final_states(path, [], [], 0, 1000, split_after=0)
    assert split.counts is not None
    found = {
        frozenset(str(s) for s in key): n for key, n in zip(split.keys, split.counts, strict=True)
    }
    assert found == dict(_by_final_state(solve(path, []).models))
    assert found == {
        frozenset(): 2,  # no first choice; or the first choice and nothing left
        frozenset({"end_left(a)"}): 1,
        frozenset({"end_left(b)"}): 1,
        frozenset({"end_left(c)"}): 1,
        frozenset({"end_left(a)", "end_left(c)"}): 1,
        frozenset({"end_left(b)", "end_left(c)"}): 1,
    }
    assert sum(split.counts) == 7
    # Each witness is a model of the program that ends in its final state.
    every = {frozenset(model) for model in solve(path, []).models}
    assert all(frozenset(model) in every for model in split.models)


@pytest.mark.parametrize(
    "coupling",
    [
        ":- end_left(a), end_left(c).",  # a constraint joins the two groups
        "end_left(d) :- end_left(b), end_left(c).",  # so does a rule
        "end_left(e) | end_left(f) :- first.",  # a disjunction is not read
    ],
)
def test_what_is_not_split(tmp_path: Path, coupling: str) -> None:
    path = _program(tmp_path, TWO_PARTS + coupling)
    plain = final_states(path, [], [], 0, 1000, split_after=0)
    assert plain.counts is None  # to be counted the plain way
    # one witness per final state, by projection
    assert len(plain.models) == len(_by_final_state(solve(path, []).models))


def test_few_final_states_are_not_split(tmp_path: Path) -> None:
    path = _program(tmp_path, TWO_PARTS)
    assert final_states(path, [], [], 0, 1000, split_after=6).counts is None
    assert final_states(path, [], [], 0, 1000, split_after=5).counts is not None


def test_more_courses_than_the_bound_are_not_split(tmp_path: Path) -> None:
    path = _program(tmp_path, TWO_PARTS)
    assert final_states(path, [], [], 0, 7, split_after=0).counts is not None
    cut = final_states(path, [], [], 0, 6, split_after=0)
    assert cut.counts is None
    assert len(cut.models) == 6  # the distinct final states all the same


# issue 5's end step with two opponents (Witch of the Moors, Perforating Artist): 2 stack orders,
# the Witch's target or none, each opponent's choices.
BOARD = {
    "players": [{"name": "alice"}, {"name": "bob"}, {"name": "carol"}],
    "turn": {"active": "alice", "step": "postcombat_main", "number": 7},
    "battlefield": [
        {"id": "witch", "card": "Witch of the Moors", "controller": "alice"},
        {"id": "artist", "card": "Perforating Artist", "controller": "alice"},
        {"id": "bob-bears", "card": "Grizzly Bears", "controller": "bob"},
        {"id": "bob-relic", "card": "Darksteel Relic", "controller": "bob"},
        {"id": "carol-bears", "card": "Grizzly Bears", "controller": "carol"},
    ],
    "hand": {"bob": ["Forest", "Island"], "carol": ["Forest"]},
    "graveyard": {"alice": ["Grizzly Bears"]},
    "this_turn": {"gained_life": {"alice": 1}, "attacked_with": {"alice": ["Raging Goblin"]}},
}


def test_witnesses_are_whole_courses(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []

    def spy(query: Any, facts: Any, extra: Any, horizon: int, limit: int) -> Any:
        result = final_states(query, facts, extra, horizon, limit, split_after=0)
        calls.append((query, facts, extra, horizon, result.counts is not None))
        return result

    monkeypatch.setattr(courses_module, "final_states", spy)
    report = courses_module.step(parse_board(yaml.safe_dump(BOARD), source="two"), "end")
    query, facts, extra, horizon, split = calls[-1]
    assert split
    assert horizon == report.horizon
    every = solve(query, facts, extra=extra, consts={"horizon": horizon}).models
    assert report.total_courses == len(every)
    by_state = Counter(frozenset(courses_module._final_key(model)) for model in every)
    courses = {frozenset(model) for model in every}
    assert len(report.outcomes) == len(by_state)
    for outcome in report.outcomes:
        assert frozenset(outcome._model) in courses  # the witness is one course...
        assert by_state[frozenset(courses_module._final_key(outcome._model))] == outcome.courses
