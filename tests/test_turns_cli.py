"""The course commands end to end (step, resolve, event, cast): output, JSON, boards written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp import load_board
from mtgasp.answers.courses.query import step
from mtgasp.cli import main

EXAMPLES = Path(__file__).parents[1] / "examples"


def test_step_text_names_the_triggers_and_the_final_life(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["step", str(EXAMPLES / "havoc-festival.yaml"), "upkeep"]) == 0
    out = capsys.readouterr().out
    assert "triggers for alice" in out
    assert "alice: life 20 -> 5" in out
    assert "2 courses; 1 distinct final state." in out


def test_step_json_has_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["step", str(EXAMPLES / "witch-of-the-moors.yaml"), "end", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["query"] == "step"
    assert data["schema"] == 1
    assert data["truncated"] is False
    assert data["distinct_final_states"] == len(data["outcomes"])
    assert sum(o["courses"] for o in data["outcomes"]) == data["total_courses"]
    first = data["outcomes"][0]
    assert set(first) >= {"courses", "life", "battlefield", "zones", "witness", "board", "changes"}


def test_event_writes_the_board_a_later_step_sees(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    after = tmp_path / "after.yaml"
    witch = EXAMPLES / "witch-target-gone.yaml"
    board = load_board(witch)
    assert main(["event", str(witch), "gain:alice:2", "--write-board", str(after)]) == 0
    capsys.readouterr()
    written = load_board(after)
    assert written.this_turn.gained_life == {"alice": 3}
    assert written.players[0].life == 22
    assert written.stack == ()
    assert board.this_turn.gained_life == {"alice": 1}


def test_write_board_numbers_several_final_boards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "end.yaml"
    assert (
        main(["step", str(EXAMPLES / "witch-of-the-moors.yaml"), "end", "--write-board", str(out)])
        == 0
    )
    capsys.readouterr()
    files = sorted(tmp_path.glob("end-*.yaml"))
    assert len(files) == len(step(load_board(EXAMPLES / "witch-of-the-moors.yaml"), "end").outcomes)
    for path in files:
        load_board(path)


def test_max_courses_marks_the_count_truncated(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["step", str(EXAMPLES / "witch-of-the-moors.yaml"), "end", "--max-courses", "3"]) == 0
    )
    assert "TRUNCATED" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["event", "havoc-festival.yaml", "gain:alice"],
        ["event", "havoc-festival.yaml", "gain:zed:3"],
        ["cast", "havoc-festival.yaml", "Forrest"],
        ["cast", "havoc-festival.yaml", "Endless One", "--x", "-1"],
        ["cast", "havoc-festival.yaml", "Forest"],
        ["cast", "havoc-festival.yaml", "Grizzly Bears", "--x", "2"],
        # 500.1: --through names a later step, and one the course can pass into.
        ["step", "witch-lifelink.yaml", "combat_damage", "--through", "upkeep"],
        ["step", "witch-lifelink.yaml", "upkeep", "--through", "end"],
        ["event", "archive-draws.yaml", "draw:zed"],
    ],
)
def test_bad_requests_exit_2_with_nothing_on_stdout(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [argv[0], str(EXAMPLES / argv[1]), *argv[2:]]
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors (--x -1)
        code = exc.code  # type: ignore[assignment]
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "error" in captured.err


def test_hangarback_dies_trigger_creates_its_thopters() -> None:
    """Issue 12 (111.1, 603.10a): the dies trigger of a sacrificed Hangarback Walker, once
    reported as not modelled, resolves: a Thopter per +1/+1 counter it had."""
    from mtgasp.board.load import parse_board

    board = parse_board(
        json.dumps(
            {
                "players": [{"name": "alice"}, {"name": "bob"}],
                "turn": {"active": "alice"},
                "battlefield": [
                    {"id": "witch", "card": "Witch of the Moors", "controller": "alice"},
                    {
                        "id": "walker",
                        "card": "Hangarback Walker",
                        "controller": "bob",
                        "counters": {"+1/+1": 2},
                    },
                ],
                "this_turn": {"gained_life": {"alice": 1}},
            }
        )
    )
    report = step(board, "end")
    assert not report.unmodelled
    (outcome,) = report.outcomes
    assert {"walker-token-1", "walker-token-2"} <= set(outcome.state.battlefield)
    assert "walker" not in outcome.state.battlefield


def test_check_names_what_triggers_at_the_beginning_of_the_next_step(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", str(EXAMPLES / "witch-of-the-moors.yaml")]) == 0
    out = capsys.readouterr().out
    assert "At the beginning of the next step, the end step" in out
    assert "witch (Witch of the Moors #1): triggers for alice" in out
    assert main(["check", str(EXAMPLES / "witch-of-the-moors.yaml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["next_step"]["step"] == "end"
    assert [t["permanent"] for t in data["next_step"]["triggers"]] == ["witch", "artist"]


def test_output_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for _ in range(2):
        assert main(["step", str(EXAMPLES / "two-headed-giant.yaml"), "upkeep", "--json"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]


def test_a_gain_applied_by_event_makes_the_witch_trigger_at_end_of_turn() -> None:
    from mtgasp.answers.courses.query import life_event
    from mtgasp.board.load import parse_board

    board = parse_board(
        json.dumps(
            {
                "players": [{"name": "alice"}, {"name": "bob"}],
                "turn": {"active": "alice", "step": "postcombat_main"},
                "battlefield": [
                    {"id": "witch", "card": "Witch of the Moors", "controller": "alice"},
                    {"id": "bears", "card": "Grizzly Bears", "controller": "bob"},
                ],
            }
        )
    )
    assert not [t for t in step(board, "end").triggers if t.triggered]
    (after,) = life_event(board, "gain", "alice", 1).outcomes
    verdicts = step(after.board, "end").triggers
    assert [(t.permanent, t.triggered) for t in verdicts] == [("witch", True)]


def test_show_prints_the_first_final_states_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["step", str(EXAMPLES / "witch-of-the-moors.yaml"), "end", "--show", "2"]) == 0
    out = capsys.readouterr().out
    assert "Final state 2 " in out
    assert "Final state 3 " not in out
    assert "TRUNCATED listing (--show 2): 10 more final states" in out
