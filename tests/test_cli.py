"""The mtgasp command end to end, in-process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp.cli import main

pytestmark = pytest.mark.quick

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


def test_no_mana_check_leaves_mana_costs_unchecked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # docs/commands.md's mana-costs.yaml: three lands pay the Cube's {3} and the Order's {1}{W}{W}.
    board = tmp_path / "mana-costs.yaml"
    board.write_text(
        "players: [{name: alice}, {name: bob}]\n"
        "battlefield:\n"
        "  - {id: order, card: Order of Whiteclay, controller: alice, tapped: true}\n"
        "  - {id: cube, card: Doubling Cube, controller: alice}\n"
        "  - {id: plains1, card: Plains, controller: alice}\n"
        "  - {id: plains2, card: Plains, controller: alice}\n"
        "  - {id: forest, card: Forest, controller: alice}\n",
        encoding="utf-8",
    )

    def verdicts(*options: str) -> dict[str, tuple[str, list[str]]]:
        assert main(["activations", str(board), "--json", *options]) == 0
        found = json.loads(capsys.readouterr().out)["activations"]
        return {a["permanent"]: (a["status"], a["unchecked_costs"]) for a in found}

    assert verdicts()["cube"] == ("legal", [])
    unchecked = verdicts("--no-mana-check")
    assert unchecked["cube"] == ("unchecked", ["{3}"])
    assert unchecked["order"] == ("unchecked", ["{1}{W}{W}"])
    assert unchecked["forest"] == ("legal", [])
