"""``mtgasp prove``: exhaustive search of the boards within bounds for a counterexample."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp import activations, parse_board
from mtgasp.cli import main
from mtgasp.prove.asp import Bounds, prove

PROPERTIES = Path(__file__).parents[1] / "examples" / "properties"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "property.lp"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "name", ["tapped-permanents", "summoning-sickness"], ids=["107.5", "302.6 and 702.10c"]
)
def test_the_rules_keep_their_invariants_on_every_small_board(name: str) -> None:
    # CR 107.5 (a tapped permanent can't pay {T}) and 302.6 with 702.10c (summoning sickness, and
    # haste lifting it), across layers (613: March of the Machines), for every board of up to three
    # permanents of every card and three players.
    report = prove(PROPERTIES / f"{name}.lp", Bounds(permanents=3, players=3))
    assert report.holds
    assert report.counterexample is None


def test_a_false_claim_gets_a_smallest_counterexample_that_the_rules_confirm() -> None:
    # "A creature that came under its controller's control this turn never has a legal {T}
    # ability" is false: haste (702.10c) or "as though it had haste" lifts 302.6.
    report = prove(PROPERTIES / "no-haste-for-new-creatures.lp")
    assert not report.holds
    assert report.reasons == (
        "a creature that came under its controller's control this turn can use {T}",
    )
    assert report.counterexample is not None
    board = parse_board(report.counterexample, source="counterexample")
    assert len(board.battlefield) == 2  # one permanent can't be both the creature and its haste
    recent = {p.id for p in board.battlefield if not p.since_turn_start}
    legal_taps = [
        a
        for a in activations(board).activations
        if a.permanent in recent and "{T}" in a.cost and a.status == "legal"
    ]
    assert legal_taps


def test_the_bounds_are_exhaustive_and_exact(tmp_path: Path) -> None:
    property_file = _write(tmp_path, 'counterexample("three permanents") :- permanent(s(3)).\n')
    assert prove(property_file, Bounds(permanents=2)).holds
    three = prove(property_file, Bounds(permanents=3, cards=("Forest",)))
    assert not three.holds
    assert three.counterexample is not None
    assert [p.card for p in parse_board(three.counterexample).battlefield] == ["Forest"] * 3


def test_cli_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(PROPERTIES / "no-haste-for-new-creatures.lp")
    # Exit code 1: a counterexample was found (issue 10: scripts can tell it from "holds", 0).
    assert main(["prove", path, "--permanents", "2"]) == 1
    text = capsys.readouterr().out
    assert "FAILS" in text
    assert main(["prove", path, "--permanents", "2"]) == 1
    assert capsys.readouterr().out == text  # the same answer every time
    assert main(["prove", path, "--permanents", "2", "--cards", "Forest,Llanowar Elves"]) == 0
    assert "HOLDS" in capsys.readouterr().out  # nothing gives haste among these cards
    assert main(["prove", path, "--permanents", "1"]) == 0
    assert "HOLDS" in capsys.readouterr().out  # Raging Goblin has haste, but no {T} ability
    assert main(["prove", path, "--json", "--permanents", "2"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {
        "query",
        "schema",
        "property",
        "bounds",
        "holds",
        "reasons",
        "counterexample",
    }
    assert data["holds"] is False
    assert parse_board(data["counterexample"]).battlefield


@pytest.mark.parametrize(
    ("program", "options", "message"),
    [
        ("counterexample(x) :- legal(.\n", [], "property.lp:1"),
        ("broken(X) :- legal(activate(X, 1)).\n", [], "defines no counterexample/1"),
        ("counterexample(x) :- legall(activate(O, N)).\n", [], "legall"),
        ("counterexample(x) :- orderings(E, O, N).\n", [], "can't ground orderings/3"),
        ("counterexample(x) :- could_produce(O, g).\n", [], "more than 10,000: name a smaller"),
        ("counterexample(x) :- tapped(O).\n", ["--cards", "Forrest"], "unknown card 'Forrest'"),
        ("counterexample(x) :- tapped(O).\n", ["--permanents", "99"], "--permanents must be"),
        ("counterexample(x) :- tapped(O).\n", ["--players", "0"], "--players must be"),
    ],
    ids=[
        "syntax",
        "no counterexample/1",
        "undefined predicate",
        "a predicate the asp engine can't ground",
        "too many casts",
        "card",
        "permanents",
        "players",
    ],
)
def test_bad_properties_and_bounds_are_usage_errors(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    program: str,
    options: list[str],
    message: str,
) -> None:
    path = _write(tmp_path, program)
    assert main(["prove", str(path), *options]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert "Traceback" not in err


def test_a_missing_property_file_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["prove", str(tmp_path / "nothing.lp")]) == 2
    assert "no such property file" in capsys.readouterr().err
