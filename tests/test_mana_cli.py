"""The mana commands end to end: could-produce, tap, castable (text, JSON, errors)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp.cli import main

pytestmark = pytest.mark.quick

EXAMPLES = Path(__file__).parents[1] / "examples"


def _json(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, object]:
    assert main([*argv, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, dict)
    return data


def test_could_produce_one_permanent_with_witness(capsys: pytest.CaptureFixture[str]) -> None:
    board = str(EXAMPLES / "exotic-orchard.yaml")
    data = _json(capsys, ["could-produce", board, "--permanent", "their-pool", "--why"])
    assert data["query"] == "could-produce"
    assert data["schema"] == 1
    (perm,) = data["permanents"]  # type: ignore[misc]
    assert perm["types"] == ["b", "g", "c"]
    g = next(w for w in perm["witnesses"] if w["type"] == "g")
    assert [s["permanent"] for s in g["chain"]] == ["their-pool", "their-orchard", "forest"]


def test_could_produce_witness_names_the_replacement_order(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["could-produce", str(EXAMPLES / "mana-flare.yaml"), "--why"]) == 0
    out = capsys.readouterr().out
    assert "forest {B}: forest #1 (replacements: contamination#2, reflection#1)" in out


def test_tap_groups_outcomes_and_lists_triggers(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, ["tap", str(EXAMPLES / "mana-flare.yaml"), "forest"])
    assert data["query"] == "tap"
    (result,) = data["results"]  # type: ignore[misc]
    texts = {o["value"]["text"]: o["orderings"] for o in result["outcomes"]}
    assert texts == {"{B}": 1, "{B}{B}": 1}
    triggers = {t["source"] for t in result["outcomes"][0]["triggers"]}
    assert triggers == {"flare", "growth"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["tap", "mana-flare.yaml", "nope"], "no permanent with id 'nope'"),
        (["tap", "mana-flare.yaml", "flare"], "has no mana ability"),
        (["tap", "mana-flare.yaml", "forest", "--choice", "g"], "chooses no type"),
        (["tap", "mana-flare.yaml", "forest", "--ability", "2"], "not a mana ability"),
        (["could-produce", "mana-flare.yaml", "--permanent", "x"], "no permanent with id 'x'"),
        (["castable", "castable.yaml", "--player", "carol"], "no player named 'carol'"),
    ],
)
def test_mana_commands_refuse_bad_questions(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [argv[0], str(EXAMPLES / argv[1]), *argv[2:]]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err


def test_castable_json_plan(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, ["castable", str(EXAMPLES / "castable.yaml")])
    assert data["query"] == "castable"
    payments = {p["card"]: p for p in data["payments"]}  # type: ignore[attr-defined]
    assert payments["Nyxbloom Ancient"]["payable"] is True
    assert payments["Nyxbloom Ancient"]["plan"]
    assert payments["Order of Whiteclay"]["payable"] is False
    assert payments["Order of Whiteclay"]["plan"] == []
    cube = [s for s in payments["Nyxbloom Ancient"]["plan"] if s["permanent"] == "cube"]
    assert cube[0]["doubling_factor"] == 2


def test_check_includes_the_mana_sections(capsys: pytest.CaptureFixture[str]) -> None:
    data = _json(capsys, ["check", str(EXAMPLES / "castable.yaml")])
    assert data["could_produce"]["query"] == "could-produce"  # type: ignore[index]
    assert data["castable"]["player"] == "alice"  # type: ignore[index]
