"""The shipped properties (examples/properties) and their results with the enumerate engine, as
docs/consistency.md states them (there with larger bounds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgasp import parse_board
from mtgasp.answers.orderings.query import LifeEvent, orderings
from mtgasp.prove.bounds import Bounds
from mtgasp.prove.enumerate import prove_board, prove_enumerate

PROPERTIES = Path(__file__).parents[1] / "examples" / "properties"


@pytest.mark.parametrize(
    ("name", "bounds"),
    [
        # 119.7: whatever doubles a gain, a player who can't gain life gains none.
        (
            "cant-gain-life",
            Bounds(permanents=1, effects=1, cards=("Rhox Faithmender", "Skullcrack")),
        ),
        # 616.1: effects that commute at every node give one result.
        ("commuting-effects", Bounds(permanents=2, cards=("Rhox Faithmender", "Boon Reflection"))),
        # 119.3: no effect turns a loss into a gain.
        ("loss-never-gain", Bounds(permanents=1, cards=("Rhox Faithmender", "Boon Reflection"))),
        # 810.9: in Two-Headed Giant a life event keeps its player.
        (
            "team-events-stay",
            Bounds(permanents=1, players=4, teams=True, cards=("Rhox Faithmender",)),
        ),
        # 106.7, 605.1a: mana comes from a permanent's own mana ability.
        ("mana-needs-ability", Bounds(permanents=2, cards=("Forest", "Reflecting Pool"))),
        # 302.6 across layers.
        (
            "only-creatures-are-sick",
            Bounds(permanents=2, cards=("March of the Machines", "Darksteel Relic")),
        ),
    ],
)
def test_true_properties_hold(name: str, bounds: Bounds) -> None:
    report = prove_enumerate(PROPERTIES / f"{name}.lp", bounds, jobs=1)
    assert report.holds, report.counterexample
    assert report.boards is not None
    assert report.boards > 1


def test_two_faithmenders_turn_a_gain_of_3_into_12() -> None:
    # Rhox Faithmender: "If you would gain life, you gain twice that much life instead"; two of
    # them apply one after the other (616.1): 3 -> 6 -> 12.
    bounds = Bounds(permanents=2, cards=("Rhox Faithmender", "Forest"))
    report = prove_enumerate(PROPERTIES / "gain-at-most-double.lp", bounds, jobs=1)
    assert not report.holds
    assert report.counterexample is not None
    board = parse_board(report.counterexample, source="counterexample")
    assert [p.card for p in board.battlefield] == ["Rhox Faithmender"] * 2
    player = board.battlefield[0].controller
    assert board.battlefield[1].controller == player
    (outcome,) = orderings(board, LifeEvent("gain", player, 3)).outcomes
    assert str(outcome.value) == f"{player} gains 12 life"


def test_contamination_keeps_a_forest_from_green() -> None:
    # Contamination (614.1a): a land tapped for mana produces {B} instead, a Forest too.
    bounds = Bounds(permanents=2, cards=("Forest", "Contamination"))
    report = prove_enumerate(PROPERTIES / "basic-land-color.lp", bounds, jobs=1)
    assert not report.holds
    assert report.counterexample is not None
    board = parse_board(report.counterexample, source="counterexample")
    assert sorted(p.card for p in board.battlefield) == ["Contamination", "Forest"]


_WITCH_BOARD = """
players: [{name: p1, life: 20}, {name: p2, life: 20}]
turn: {active: p1, step: end, number: 2}
battlefield:
  - {id: s1, card: Witch of the Moors, controller: p1}
  - {id: s2, card: Grizzly Bears, controller: p2}
GAINED
"""


def test_witch_of_the_moors_makes_an_opponent_sacrifice_only_after_a_life_gain() -> None:
    # Witch of the Moors (603.4): "At the beginning of your end step, if you gained life this
    # turn, each opponent sacrifices a creature": the courses vocabulary's end step course.
    gained = parse_board(
        _WITCH_BOARD.replace("GAINED", "this_turn: {gained_life: {p1: 1}}"), source="gained"
    )
    plain = parse_board(_WITCH_BOARD.replace("GAINED", ""), source="plain")
    bounds = Bounds(amounts=(1,))
    claim = PROPERTIES / "witch-of-the-moors.lp"
    report = prove_board(claim, gained, bounds)
    assert not report.holds
    assert report.reasons == (
        "an opponent sacrificed a creature as Witch of the Moors's end step began",
    )
    assert prove_board(claim, plain, bounds).holds
    for board in (gained, plain):
        assert prove_board(PROPERTIES / "witch-needs-life-gain.lp", board, bounds).holds


def test_platinum_emperion_keeps_its_controllers_life_in_every_course() -> None:
    # Platinum Emperion (119.10): "Your life total can't change"; Rhox Faithmender doubles the
    # gain, Sanguine Bond triggers on it: no course changes p1's life.
    board = parse_board(
        """
players: [{name: p1, life: 20}, {name: p2, life: 20}]
turn: {active: p1, step: precombat_main, number: 2}
battlefield:
  - {id: s1, card: Platinum Emperion, controller: p1}
  - {id: s2, card: Sanguine Bond, controller: p2}
""",
        source="emperion",
    )
    report = prove_board(PROPERTIES / "emperion-life-never-changes.lp", board, Bounds(amounts=(3,)))
    assert report.holds, report.reasons


def test_course_properties_are_searched_over_boards() -> None:
    # Sanguine Bond (603.2): "Whenever you gain life, target opponent loses that much life": the
    # search over boards of one permanent finds it on board 2 (p1's untapped Sanguine Bond).
    bounds = Bounds(permanents=1, cards=("Sanguine Bond",), amounts=(1,))
    report = prove_enumerate(PROPERTIES / "gain-changes-only-gainer.lp", bounds, jobs=1)
    assert not report.holds
    assert report.boards == 2
    assert report.counterexample is not None
    board = parse_board(report.counterexample, source="counterexample")
    assert [(p.card, p.controller) for p in board.battlefield] == [("Sanguine Bond", "p1")]


def test_only_the_courses_a_property_can_read_are_asked() -> None:
    from mtgasp.prove.vocabulary import check_property

    kinds = {
        name: check_property(PROPERTIES / f"{name}.lp").courses
        for name in ("witch-of-the-moors", "gain-changes-only-gainer", "reflecting-pool")
    }
    assert kinds == {
        "witch-of-the-moors": frozenset({"begin_step"}),
        "gain-changes-only-gainer": frozenset({"gain_life"}),
        "reflecting-pool": frozenset(),
    }
    # final(E, K, ...) with E a variable can read any course.
    assert check_property(PROPERTIES / "emperion-life-never-changes.lp").courses is None
