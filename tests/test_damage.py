"""Damage (120) through whole courses: what a damage event leaves for later queries.

The data-driven cases (tests/cases/damage.yaml) check one query each; these chain two, as a
turn does: the board a damage event ends on is the board of the next step.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from mtgasp import parse_board
from mtgasp.answers.courses.query import cast, life_event, step
from mtgasp.answers.orderings.query import orderings
from mtgasp.board.events import DamageEvent
from mtgasp.board.write import board_to_data
from mtgasp.cli import main
from mtgasp.errors import QueryError

_BOARD = {
    "players": [{"name": "alice"}, {"name": "bob"}],
    "turn": {"active": "alice", "step": "postcombat_main"},
    "battlefield": [
        {"id": "rhox", "card": "Rhox Faithmender", "controller": "alice"},
        {"id": "witch", "card": "Witch of the Moors", "controller": "alice"},
        {"id": "bears", "card": "Colossal Dreadmaw", "controller": "bob"},
    ],
}


def test_witch_of_the_moors_sees_a_lifelink_gain_of_this_turn() -> None:
    """Witch of the Moors ruling 2020-06-23 (the whole turn counts) with 120.3f: a lifelink gain
    earlier in the turn makes the Witch trigger at the end step; the opponent sacrifices."""
    board = parse_board(yaml.safe_dump(_BOARD), source="witch")
    (after,) = life_event(board, DamageEvent("rhox", "bob", 1, combat=True)).outcomes
    assert dict(after.state.gained) == {"alice": 2}  # Rhox Faithmender doubles its own lifelink
    report = step(after.board, "end")
    assert [t.permanent for t in report.triggers if t.triggered] == ["witch"]
    assert all("bears" not in o.state.battlefield for o in report.outcomes)


def test_without_the_lifelink_gain_the_witch_does_not_trigger() -> None:
    """The same board without the damage: no life gained this turn, no trigger (603.4)."""
    board = parse_board(yaml.safe_dump(_BOARD), source="witch")
    report = step(board, "end")
    assert [t.rule for t in report.triggers if not t.triggered] == ["603.4"]


def test_the_board_written_after_damage_keeps_marked_damage() -> None:
    """120.3e, 120.6: the resulting board states the damage marked (board key ``damage``; a 6/6,
    so that 704.5g leaves it there)."""
    board = parse_board(yaml.safe_dump(_BOARD), source="marked")
    (after,) = life_event(board, DamageEvent("rhox", "bears", 1)).outcomes
    (bears,) = [p for p in after.board.battlefield if p.id == "bears"]
    assert bears.damage == 1
    again = parse_board(yaml.safe_dump(board_to_data(after.board)), source="again")
    (twice,) = life_event(again, DamageEvent("rhox", "bears", 1)).outcomes
    assert dict(twice.state.damage) == {"bears": 2}


def test_a_damage_event_names_a_permanent_source_and_a_player_or_permanent() -> None:
    """120.1: damage is dealt to a player or a permanent, by an object (here, a permanent)."""

    board = parse_board(yaml.safe_dump(_BOARD), source="errors")
    with pytest.raises(QueryError, match="source of damage must be a permanent"):
        orderings(board, DamageEvent("carol", "bob", 1))
    with pytest.raises(QueryError, match="neither"):
        orderings(board, DamageEvent("rhox", "nobody", 1))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("orderings", "damage:carol:bob:1"), "source of damage must be a permanent"),
        (("orderings", "damage:rhox:bob"), "damage needs a source, a target and an amount"),
        (("event", "damage:rhox:nobody:2"), "is neither"),
        (("event", "tap:rhox"), "unknown event"),
    ],
)
def test_bad_damage_events_exit_2_with_nothing_on_stdout(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, str], message: str
) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(_BOARD), encoding="utf-8")
    code = main([argv[0], str(path), argv[1]])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert message in err
    assert "Traceback" not in err


def test_json_of_a_damage_outcome(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(_BOARD), encoding="utf-8")
    assert main(["orderings", str(path), "damage:rhox:bears:2:combat", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["event"] == "rhox would deal 2 combat damage to bears"
    assert data["chooser"] == "bob"
    assert [o["value"] for o in data["outcomes"]] == [
        {
            "kind": "damage",
            "source": "rhox",
            "target": "bears",
            "amount": 2,
            "text": "rhox deals 2 damage to bears",
        }
    ]


@pytest.mark.parametrize(
    "event", ["damage:rhox:bob:1:combat", "damage:lasher:bears:1"], ids=lambda e: e
)
def test_docs_turns_damage_examples_are_real_output(
    event: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    root = Path(__file__).parents[1]
    monkeypatch.chdir(root)
    assert main(["event", "examples/damage-lifelink.yaml", event]) == 0
    out = capsys.readouterr().out
    assert out in (root / "docs" / "turns.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("library", "empty"), [([], True), (["Forest"], False)])
def test_drawing_from_an_empty_library_is_exposed_for_704_5b(
    library: list[str], empty: bool
) -> None:
    """121.4: Zendikar Resurgent's draw from an empty library draws nothing and the attempt is
    shown (``drew_from_empty/2``) for the state-based action 704.5b."""
    data = {
        "players": [{"name": "alice"}, {"name": "bob"}],
        "battlefield": [{"id": "resurgent", "card": "Zendikar Resurgent", "controller": "alice"}],
        "library": {"alice": library},
    }
    board = parse_board(yaml.safe_dump(data), source="draw")
    report = cast(board, "Grizzly Bears")
    assert report.outcomes
    for outcome in report.outcomes:
        found = [str(s) for s in outcome._model if s.name == "drew_from_empty"]
        assert found == (['drew_from_empty(1,"alice")'] if empty else [])
