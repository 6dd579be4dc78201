"""Counting courses per final state (``count_models``) equals a straightforward enumeration.

``mtgasp.answers.courses.query`` counts the courses per final state without copying each course out
(clingo counts them: ``mtgasp.solve.count.count_models``). These tests count again the plain way,
enumerating every course of ``asp/queries/courses.lp`` and grouping by its shown atoms, on every
course case of ``tests/cases`` and on a benchmark board (three cost levels of final-state atoms),
and check a small program with more atoms than one cost level holds, a fact among them and an atom
of arity 0.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from checks._courses import run
from mtgasp import parse_board
from mtgasp.answers.courses import final_states as _course_split
from mtgasp.answers.courses import query as courses_module
from mtgasp.answers.courses.query import step
from mtgasp.errors import EncodingError
from mtgasp.solve.control import solve
from mtgasp.solve.count import count_models

CASES_DIR = Path(__file__).parent / "cases"
COURSE_QUERIES = {"step", "resolve", "event", "cast"}
OPPONENTS = ("bob", "carol", "dan")
# The board "identical" of benchmarks/step.py: issue 5's end step, 8 748 courses, 432 final states.
BENCHMARK_BOARD = {
    "players": [{"name": n} for n in ("alice", *OPPONENTS)],
    "turn": {"active": "alice", "step": "postcombat_main", "number": 7},
    "battlefield": [
        {"id": "witch", "card": "Witch of the Moors", "controller": "alice"},
        {"id": "artist1", "card": "Perforating Artist", "controller": "alice"},
        {"id": "artist2", "card": "Perforating Artist", "controller": "alice"},
    ]
    + [
        {"id": f"{p}-{i}", "card": "Grizzly Bears", "controller": p}
        for p in OPPONENTS
        for i in range(1, 6)
    ],
    "hand": {p: ["Forest"] * 5 for p in OPPONENTS},
    "graveyard": {"alice": ["Grizzly Bears"]},
    "this_turn": {"gained_life": {"alice": 1}, "attacked_with": {"alice": ["Raging Goblin"]}},
}


def _course_cases() -> list[Any]:
    params = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            if case["query"] in COURSE_QUERIES:
                params.append(pytest.param(case, id=f"{path.stem}: {case['name']}"))
    return params


def _enumerated(
    facts: list[Any], extra: list[Any], horizon: int, limit: int = 0
) -> Counter[frozenset[int]]:
    """Every course (or the first ``limit``), one by one, grouped by its shown atoms."""
    models = solve("courses", facts, extra=extra, consts={"horizon": horizon}).models
    return Counter(courses_module._state_id(m) for m in (models[:limit] if limit else models))


class _Recorder:
    """Wraps ``courses._count`` and ``courses.final_states`` (the two ways a course query counts
    its courses: the plain way, or by independent parts): keeps the facts, request and horizon of
    each count, and which way it went."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[list[Any], list[Any], int, bool]] = []
        count, states = courses_module._count, courses_module.final_states

        def counted(query: Any, facts: Any, extra: Any, horizon: int, limit: int) -> Any:
            self.calls.append((facts, extra, horizon, False))
            return count(query, facts, extra, horizon, limit)

        def by_parts(query: Any, facts: Any, extra: Any, horizon: int, limit: int) -> Any:
            result = states(query, facts, extra, horizon, limit)
            if result.counts is not None:
                self.calls.append((facts, extra, horizon, True))
            return result

        monkeypatch.setattr(courses_module, "_count", counted)
        monkeypatch.setattr(courses_module, "final_states", by_parts)

    @property
    def split(self) -> bool:
        """Whether the last count was put together from independent parts."""
        return self.calls[-1][3]


def _check_counts(recorder: _Recorder, report: Any) -> None:
    """The report's courses per final state are those of enumerating every course."""
    assert recorder.calls, "the courses were counted"
    facts, extra, horizon, _ = recorder.calls[-1]
    assert report.counted
    assert horizon == report.horizon
    found = {
        courses_module._state_id(courses_module._final_key(o._model)): o.courses
        for o in report.outcomes
    }
    assert len(found) == len(report.outcomes)
    assert found == dict(_enumerated(facts, extra, horizon))


@pytest.mark.parametrize("case", _course_cases())
def test_counts_per_final_state_equal_enumeration(
    case: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Parts looked for whatever the number of final states: counted by parts where they split.
    monkeypatch.setattr(_course_split, "SPLIT_AFTER", 0)
    recorder = _Recorder(monkeypatch)
    board = parse_board(yaml.safe_dump(case["board"]), source=case["name"])
    report = run(case["query"], board, case.get("args", {}))
    _check_counts(recorder, report)
    assert report.total_courses == sum(o.courses for o in report.outcomes)


def test_counts_on_a_benchmark_board_equal_enumeration(monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = _Recorder(monkeypatch)
    board = parse_board(yaml.safe_dump(BENCHMARK_BOARD), source="identical")
    report = step(board, "end")
    assert recorder.split  # each opponent's choices are a part of their own
    _check_counts(recorder, report)
    assert (report.total_courses, len(report.outcomes)) == (8748, 432)
    # Cut by --max-courses: the counts of the first courses clingo enumerates, as before.
    cut = step(board, "end", max_courses=1000)
    assert not recorder.split
    facts, extra, horizon, _ = recorder.calls[-1]
    assert not cut.counted
    assert cut.truncated
    assert cut.total_courses == 1000
    first = _enumerated(facts, extra, horizon, limit=1000)
    assert {
        courses_module._state_id(courses_module._final_key(o._model)): o.courses
        for o in cut.outcomes
        if o.courses
    } == dict(first)


def test_count_models_decodes_several_cost_levels(tmp_path: Path) -> None:
    program = tmp_path / "many.lp"
    # 70 atoms a/1 (three cost levels): a(0) a fact, one or two of a(1..69) chosen; z/0 and the
    # hidden h/0 free: 2 * 2 * (69 + 69 * 68 / 2) models.
    program.write_text(
        "a(0).\n1 { a(1..69) } 2.\n{ z }.\n{ h }.\n#show.\n#show a/1.\n#show z/0.\n",
        encoding="utf-8",
    )
    counted = count_models(program, [], [("a", 1), ("z", 0)])
    plain = Counter(solve(program, []).models)
    assert counted.exhausted
    assert counted.counts == dict(plain)
    assert counted.total == 4 * (69 + 69 * 68 // 2)
    assert set(counted.counts.values()) == {2}
    cut = count_models(program, [], [("a", 1), ("z", 0)], max_models=10)
    assert not cut.exhausted
    assert cut.total == 10


def test_count_models_refuses_a_program_that_optimizes(tmp_path: Path) -> None:
    program = tmp_path / "optimizes.lp"
    program.write_text("{ a }.\n{ b }.\n:~ b. [1@7]\n#show a/0.\n", encoding="utf-8")
    with pytest.raises(EncodingError, match="optimizes"):
        count_models(program, [], [("a", 0)])
