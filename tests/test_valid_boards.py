"""Valid boards only (issue 9): instant and sorcery cards can't be on the battlefield (CR 110.4,
304.4, 307.4), neither in a board file nor in the boards ``prove`` searches."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgasp.cli import main
from mtgasp.prove.asp import Bounds, prove

BOARD = """\
players: [{name: alice}, {name: bob}]
turn: {active: alice}
battlefield:
  - {id: f, card: Forest, controller: alice}
  - {id: crack, card: Skullcrack, controller: alice}
  - {id: torment, card: Torment of Hailfire, controller: bob}
"""


def test_an_instant_or_sorcery_on_the_battlefield_is_a_board_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 304.4: instants can't enter the battlefield; 307.4: nor can sorceries.
    path = tmp_path / "board.yaml"
    path.write_text(BOARD, encoding="utf-8")
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 2
    assert f"{path}: battlefield[1].card: 'Skullcrack' is an instant card" in lines[0]
    assert "CR 304.4" in lines[0]
    assert f"{path}: battlefield[2].card: 'Torment of Hailfire' is a sorcery card" in lines[1]
    assert "CR 307.4" in lines[1]
    assert "`effects`" in lines[0]


def test_a_lasting_effect_of_an_instant_is_a_valid_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 611.2a: what a resolved Skullcrack leaves is a lasting effect, written under `effects`.
    path = tmp_path / "board.yaml"
    text = BOARD.replace("  - {id: crack, card: Skullcrack, controller: alice}\n", "")
    text = text.replace("  - {id: torment, card: Torment of Hailfire, controller: bob}\n", "")
    path.write_text(text + "effects:\n  - {id: crack, card: Skullcrack, controller: alice}\n")
    assert main(["activations", str(path)]) == 0
    assert capsys.readouterr().err == ""


def test_prove_never_puts_an_instant_or_sorcery_on_the_battlefield(tmp_path: Path) -> None:
    # 110.4: the board search chooses permanents among permanent cards only, so a property that
    # any permanent is an instant or sorcery card holds on every board within the bounds.
    prop = tmp_path / "no-spells.lp"
    prop.write_text(
        'counterexample("a spell on the battlefield") :- card_of(O, "Skullcrack").\n'
        'counterexample("a spell on the battlefield") :- card_of(O, "Torment of Hailfire").\n',
        encoding="utf-8",
    )
    cards = ("Forest", "Skullcrack", "Torment of Hailfire")
    assert prove(prop, Bounds(permanents=2, players=2, cards=cards)).holds
    # The same search finds a Forest: the bound cards are chosen from, only spells are left out.
    forest = tmp_path / "forest.lp"
    forest.write_text('counterexample("a forest") :- card_of(O, "Forest").\n', encoding="utf-8")
    assert not prove(forest, Bounds(permanents=2, players=2, cards=cards)).holds
