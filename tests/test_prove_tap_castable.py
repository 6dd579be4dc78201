"""The tap and castable vocabularies of ``mtgasp prove`` (issue 14 point 1): what the tap query
answers for every mana ability of every permanent, and what the castable query answers for every
player's questions, as properties read them; and the shipped properties that read them.

Sources: 106.7 and 106.12 (what tapping for mana produces), Mana Reflection (614.1a: "it
produces twice as much of that mana instead"), 601.2g-h and 605.1a (Llanowar Elves's mana
ability pays a spell's cost with no land).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgasp import parse_board
from mtgasp.answers.castable import castable
from mtgasp.answers.tap import tap
from mtgasp.cli import main
from mtgasp.prove.bounds import Bounds
from mtgasp.prove.enumerate import prove_enumerate
from mtgasp.prove.outputs import board_outputs

PROPERTIES = Path(__file__).parents[1] / "examples" / "properties"

_BOARD = parse_board(
    """
players: [{name: p1, life: 20}, {name: p2, life: 20}]
turn: {active: p1, step: precombat_main, number: 2}
battlefield:
  - {id: s1, card: Forest, controller: p1}
  - {id: s2, card: Reflecting Pool, controller: p1, tapped: true}
  - {id: s3, card: Mana Reflection, controller: p1}
  - {id: s4, card: Llanowar Elves, controller: p2, since: this_turn}
hand:
  p1: [Llanowar Elves, Grizzly Bears]
  p2: [Llanowar Elves]
""",
    source="tap-castable",
)


def _atoms(name: str, outputs: list[object]) -> set[str]:
    return {str(s) for s in outputs if getattr(s, "name", None) == name}


def test_the_tap_vocabulary_is_the_tap_query_of_every_mana_ability() -> None:
    out = board_outputs(_BOARD, ("tap",), (1,))
    assert _atoms("tap_ability", out) == {
        'tap_ability("s1",1)',
        'tap_ability("s2",1)',
        'tap_ability("s4",1)',
    }
    # Mana Reflection doubles the Forest's {G} (106.12b), as `mtgasp tap` shows it.
    ((outcome,),) = (result.outcomes for result in tap(_BOARD, "s1").results)
    assert str(outcome.value) == "{G}{G}"
    outcomes = _atoms("tap_outcome", out)
    assert 'tap_outcome("s1",1,none,mana(0,0,0,0,2,0))' in outcomes
    # Reflecting Pool may choose {G} (106.7: the Forest could produce it), then doubled.
    assert 'tap_choice("s2",1,g)' in _atoms("tap_choice", out)
    assert 'tap_outcome("s2",1,g,mana(0,0,0,0,2,0))' in outcomes
    # 107.5 and 302.6: the tapped Pool and the summoning-sick Elves can't activate now.
    violations = {v.split(",")[0] + v.split(",")[2] for v in _atoms("tap_violation", out)}
    assert violations == {'tap_violation("s2""107.5"', 'tap_violation("s4""302.6"'}
    assert _atoms("tapped_for_mana", out) == {
        'tapped_for_mana("s1",1)',
        'tapped_for_mana("s2",1)',
        'tapped_for_mana("s4",1)',
    }


def test_the_castable_vocabulary_is_the_castable_query_of_every_player() -> None:
    out = board_outputs(_BOARD, ("castable",), (1,))
    assert _atoms("castable_question", out) == {
        'castable_question(card("p1",1),"p1","Llanowar Elves")',
        'castable_question(card("p1",2),"p1","Grizzly Bears")',
        'castable_question(card("p2",1),"p2","Llanowar Elves")',
    }
    # p1's Forest adds {G}{G} (Mana Reflection): it pays {G} and {1}{G}; p2 has only a
    # summoning-sick Elves (302.6): no plan pays its {G}. As `mtgasp castable` says:
    assert [p.payable for p in castable(_BOARD).payments] == [True, True]
    assert [p.payable for p in castable(_BOARD, player="p2").payments] == [False]
    assert _atoms("castable", out) == {'castable(card("p1",1))', 'castable(card("p1",2))'}
    assert 'castable_cost(card("p1",2),"{1}{G}")' in _atoms("castable_cost", out)
    assert 'castable_plan(card("p1",1),0,"s1",1,none)' in _atoms("castable_plan", out)
    assert not _atoms("castable_unproved", out)


@pytest.mark.parametrize(
    ("name", "bounds", "holds", "cards"),
    [
        # 106.12b, 614.1a: Mana Reflection doubles a Forest's {G}: board 42 is Forest and Mana
        # Reflection, both p1's.
        (
            "tap-adds-one-mana",
            Bounds(permanents=2, cards=("Forest", "Llanowar Elves", "Mana Reflection")),
            False,
            ["Forest", "Mana Reflection"],
        ),
        # 106.7: what one activation adds is among what the permanent could produce.
        (
            "tap-within-could-produce",
            Bounds(permanents=2, cards=("Reflecting Pool", "Contamination")),
            True,
            None,
        ),
        # 605.1a: an untapped Llanowar Elves pays {G}, with no land.
        (
            "only-lands-pay",
            Bounds(permanents=1, cards=("Llanowar Elves",), hand=("Llanowar Elves",)),
            False,
            ["Llanowar Elves"],
        ),
        # 601.2g-h: a land that taps for {G} now pays a {G} spell.
        (
            "land-pays-its-color",
            Bounds(permanents=1, cards=("Forest", "Reflecting Pool"), hand=("Llanowar Elves",)),
            True,
            None,
        ),
    ],
)
def test_shipped_tap_and_castable_properties(
    name: str, bounds: Bounds, holds: bool, cards: list[str] | None
) -> None:
    report = prove_enumerate(PROPERTIES / f"{name}.lp", bounds, jobs=1)
    assert report.holds == holds, report.counterexample
    if cards is not None:
        assert report.counterexample is not None
        board = parse_board(report.counterexample, source="counterexample")
        assert [p.card for p in board.battlefield] == cards


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('counterexample("x") :- tap_outcom(O, N, Ch, Out).', "did you mean tap_outcome/4"),
        ('counterexample("x") :- castable(Q, P).', "did you mean castable/1"),
    ],
)
def test_unknown_tap_and_castable_predicates_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = tmp_path / "property.lp"
    path.write_text(text + "\n", encoding="utf-8")
    assert main(["prove", str(path), "--engine", "enumerate", "--permanents", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"{path}:1: the property reads" in captured.err
    assert message in captured.err


def test_the_asp_engine_refuses_castable_and_takes_no_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["prove", str(PROPERTIES / "only-lands-pay.lp"), "--permanents", "1"]
    assert main([*argv, "--cards", "Forest"]) == 2
    assert "the asp engine can't ground castable/1" in capsys.readouterr().err
    assert main([*argv, "--hand", "Forest", "--engine", "asp"]) == 2
    assert "--hand: the asp engine does not take this option" in capsys.readouterr().err
