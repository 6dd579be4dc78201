"""The shipped properties over damage, prevention, P/T, state-based actions and draws
(examples/properties, issue 30) and their results, as docs/consistency.md states them (there with
larger bounds): the damage and draw courses, marked_damage/2, power_now/2, toughness_now/2 and
printed_type/2."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgasp import parse_board
from mtgasp.errors import QueryError
from mtgasp.prove.asp import prove
from mtgasp.prove.bounds import Bounds
from mtgasp.prove.enumerate import prove_board, prove_enumerate
from mtgasp.prove.vocabulary import check_property

PROPERTIES = Path(__file__).parents[1] / "examples" / "properties"


def _board(*permanents: str) -> str:
    """A board of p1 and p2 at 20 life, p1's first main phase, with ``permanents`` (card names)
    controlled by p1."""
    lines = [
        "players: [{name: p1, life: 20}, {name: p2, life: 20}]",
        "turn: {active: p1, step: precombat_main, number: 2}",
        "battlefield:",
        *(f"- {{id: s{i}, card: {card}, controller: p1}}" for i, card in enumerate(permanents, 1)),
    ]
    return "\n".join(lines if permanents else [*lines[:2], "battlefield: []"]) + "\n"


@pytest.mark.parametrize(
    ("name", "bounds"),
    [
        # 121.4, 704.5b: a draw from an empty library loses the game (no board has a library).
        ("draw-empty-library-loses", Bounds(permanents=1, cards=("Platinum Emperion",))),
        # 615.1a, 615.5: Nine Lives prevents damage to its controller and gets a counter.
        ("nine-lives-prevents", Bounds(permanents=1, cards=("Nine Lives",), amounts=(3,))),
        # 120.3e: damage to a creature that stays is marked on it (indestructible Darksteel Myr).
        ("damage-is-marked", Bounds(permanents=1, cards=("Darksteel Myr",), amounts=(1,))),
        # 704.5f: Hangarback Walker without counters is 0/0 and dies.
        ("zero-toughness-dies", Bounds(permanents=1, cards=("Hangarback Walker",))),
        # 704.5a: a player at 1 life dealt or losing 1 is at 0 and has lost.
        (
            "zero-life-loses",
            Bounds(permanents=1, cards=("Grizzly Bears",), lives=(1,), amounts=(1,)),
        ),
        # 120.3e, 704.5g: Grizzly Bears (2/2) dealt 3 is destroyed.
        ("lethal-damage-destroys", Bounds(permanents=1, cards=("Grizzly Bears",), amounts=(3,))),
        # 613.4c: Glorious Anthem makes a 0/0 Hangarback Walker 1/1.
        ("anthem-power", Bounds(permanents=2, cards=("Glorious Anthem", "Hangarback Walker"))),
    ],
)
def test_true_properties_hold(name: str, bounds: Bounds) -> None:
    report = prove_enumerate(PROPERTIES / f"{name}.lp", bounds, jobs=1)
    assert report.holds, report.counterexample
    assert report.boards is not None
    assert report.boards > 1


def test_anthem_power_holds_with_the_asp_engine_too() -> None:
    bounds = Bounds(permanents=2, cards=("Glorious Anthem", "Hangarback Walker"))
    enumerated = prove_enumerate(PROPERTIES / "anthem-power.lp", bounds, jobs=1)
    solved = prove(PROPERTIES / "anthem-power.lp", bounds)
    assert solved.holds
    assert solved.boards == enumerated.boards


def test_platinum_emperion_keeps_life_though_damage_is_dealt() -> None:
    # 119.8 (Platinum Emperion, "Your life total can't change"): damage to its controller is dealt
    # (120.3a would make them lose life) but the life total stays.
    bounds = Bounds(permanents=1, cards=("Platinum Emperion", "Grizzly Bears"), amounts=(1,))
    report = prove_enumerate(PROPERTIES / "damage-costs-life.lp", bounds, jobs=1)
    assert not report.holds
    assert report.counterexample is not None
    board = parse_board(report.counterexample, source="counterexample")
    assert [p.card for p in board.battlefield] == ["Platinum Emperion"]
    player = board.battlefield[0].controller
    assert report.reasons == (f'life_unchanged("s1","{player}",1)',)


def test_drawing_loses_on_the_empty_board() -> None:
    bounds = Bounds(permanents=1, cards=("Grizzly Bears",))
    report = prove_enumerate(PROPERTIES / "drawing-never-loses.lp", bounds, jobs=1)
    assert not report.holds
    assert report.counterexample is not None
    board = parse_board(report.counterexample, source="counterexample")
    assert board.battlefield == ()
    assert report.reasons == ('loses_by_drawing("p1","704.5b")', 'loses_by_drawing("p2","704.5b")')


def test_an_indestructible_creature_dies_at_toughness_zero() -> None:
    # 704.5f beside 702.12b: March of the Machines makes Darksteel Relic (mana value 0) a 0/0
    # artifact creature; indestructible does not keep it.
    bounds = Bounds(permanents=2, cards=("Darksteel Relic", "March of the Machines"))
    report = prove_enumerate(PROPERTIES / "indestructible-stays.lp", bounds, jobs=1)
    assert not report.holds
    assert report.counterexample is not None
    board = parse_board(report.counterexample, source="counterexample")
    assert sorted(p.card for p in board.battlefield) == ["Darksteel Relic", "March of the Machines"]


def test_march_of_the_machines_makes_creatures_not_printed_so_with_both_engines() -> None:
    bounds = Bounds(permanents=2, cards=("Darksteel Relic", "March of the Machines"))
    path = PROPERTIES / "creature-printed-creature.lp"
    for report in (prove_enumerate(path, bounds, jobs=1), prove(path, bounds)):
        assert not report.holds
        assert report.counterexample is not None
        board = parse_board(report.counterexample, source="counterexample")
        cards = sorted(p.card for p in board.battlefield)
        assert cards == ["Darksteel Relic", "March of the Machines"]
        assert prove_board(path, board).reasons  # fails again on the saved board (--board)


def test_nine_lives_fails_under_leyline_of_punishment() -> None:
    # Leyline of Punishment: "Damage can't be prevented" (615.12); Nine Lives' prevention
    # does nothing, and its controller loses the life. Alone, Nine Lives prevents it.
    path = PROPERTIES / "nine-lives-no-loss.lp"
    bounds = Bounds(amounts=(1,))
    both = parse_board(_board("Nine Lives", "Leyline of Punishment"), source="board")
    failed = prove_board(path, both, bounds)
    assert 'loses_life("p1","s2",1)' in failed.reasons
    assert 'loses_life("p1","s1",1)' in failed.reasons
    alone = parse_board(_board("Nine Lives"), source="board")
    assert prove_board(path, alone, bounds).reasons == ()


def test_an_unknown_predicate_is_refused_with_its_line_and_near_names(tmp_path: Path) -> None:
    prop = tmp_path / "p.lp"
    prop.write_text("% power\ncounterexample(O) :- power(O, X), X < 0.\n")
    with pytest.raises(QueryError) as error:
        check_property(prop)
    assert f"{prop}:2" in str(error.value)
    assert "power_now/2" in str(error.value)
