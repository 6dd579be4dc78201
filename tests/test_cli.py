"""The mtgasp command end to end, in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp.cli import main

EXAMPLES = Path(__file__).parents[1] / "examples"


def test_check_prints_a_report(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXAMPLES / "summoning-sickness.yaml")]) == 0
    out = capsys.readouterr().out
    assert "302.6" in out
    assert "107.5" in out


def test_check_json_has_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXAMPLES / "summoning-sickness.yaml"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["query"] == "check"
    assert data["schema"] == 1
    first = data["activations"]["activations"][0]
    assert set(first) == {
        "permanent",
        "card",
        "ability",
        "controller",
        "player",
        "cost",
        "mana_ability",
        "status",
        "reasons",
        "unchecked_costs",
    }


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_runs(example: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(example)]) == 0
    assert capsys.readouterr().err == ""


def test_output_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    board = str(EXAMPLES / "summoning-sickness.yaml")
    main(["check", board, "--json"])
    first = capsys.readouterr().out
    main(["check", board, "--json"])
    assert capsys.readouterr().out == first


def test_facts_and_asp_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["facts", str(EXAMPLES / "summoning-sickness.yaml")]) == 0
    out = capsys.readouterr().out
    assert 'card_of("elves","Llanowar Elves").' in out
    assert main(["asp-path"]) == 0
    path = Path(capsys.readouterr().out.strip())
    assert (path / "queries" / "activations.lp").is_file()


def test_cards_lists_known_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--json"]) == 0
    assert "Llanowar Elves" in json.loads(capsys.readouterr().out)["cards"]


def test_help_teaches(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out
    assert "activations" in out
