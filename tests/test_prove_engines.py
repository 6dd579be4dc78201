"""Both engines of ``mtgasp prove`` agree (issue 14 point 2): on shared properties and the same
bounds, the asp engine (one solve, or one solve per cast) and the enumerate engine (the normal
queries on every canonical board) give the same verdict and counterexamples of the same size, and
the asp engine's counterexample fails the property on the enumerate engine's evaluation of that
one board.

Sources: the issue's examples (two Rhox Faithmenders turn a gain of 3 into 12; Reflecting Pool
with Pale Moon makes {C}), 119.7 and Platinum Emperion's rulings (2018-12-07), 810.9g-h; the tap
vocabulary: 106.7, 106.12b and Mana Reflection (614.1a).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgasp import parse_board
from mtgasp.prove.asp import prove
from mtgasp.prove.bounds import Bounds
from mtgasp.prove.enumerate import prove_board, prove_enumerate

PROPERTIES = {
    "faithmenders": """\
counterexample(more_than_double(E, Out)) :-
    outcome(E, Out), E = gain_life(P, N), Out = gain_life(P, M), M > 2 * N.
""",
    "reflecting-pool": """\
counterexample("Reflecting Pool could produce a type no other land of its controller could") :-
    card_of(O, "Reflecting Pool"), controller(O, P), could_produce(O, T), not _other(O, P, T).
_other(O, P, T) :- card_of(O, "Reflecting Pool"), land_of(P, L), L != O, could_produce(L, T).
""",
    "cant-gain": """\
counterexample(gains_anyway(P, E)) :-
    life_prohibition(E, "119.7", P, gain_life, _), outcome(E, gain_life(P, N)), N > 0.
""",
    "emperion": """\
counterexample(changes(Q, Out)) :-
    card_of(O, "Platinum Emperion"), controller(O, P), _mine(P, Q), outcome(_, Out),
    Out = gain_life(Q, N), N > 0.
counterexample(changes(Q, Out)) :-
    card_of(O, "Platinum Emperion"), controller(O, P), _mine(P, Q), outcome(_, Out),
    Out = lose_life(Q, N), N > 0.
_mine(P, P) :- player(P).
_mine(P, Q) :- team(P, T), team(Q, T).
""",
    "sick-taps": """\
counterexample(taps(O)) :- legal(activate(O, N)), ability_cost(O, N, tap), summoning_sick(O).
""",
    "tap-doubled": """\
counterexample(doubled(O, Out)) :-
    tapped_for_mana(O, N), tap_outcome(O, N, _, Out), Out = mana(W, U, B, R, G, C),
    W + U + B + R + G + C > 1.
""",
    "tap-could-produce": """\
counterexample(adds(O, T)) :- _adds(O, T), not could_produce(O, T).
_adds(O, g) :- tap_outcome(O, _, _, mana(_, _, _, _, G, _)), G > 0.
_adds(O, b) :- tap_outcome(O, _, _, mana(_, _, B, _, _, _)), B > 0.
_adds(O, c) :- tap_outcome(O, _, _, mana(_, _, _, _, _, C)), C > 0.
""",
    "gain-needs-untapped": """\
counterexample(untapped_gain(E)) :-
    outcome(E, gain_life(P, M)), E = gain_life(P, N), M > N, not _tapped_faithmender(P).
_tapped_faithmender(P) :- card_of(O, "Rhox Faithmender"), controller(O, P), tapped(O).
""",
}

# (property, bounds, whether it holds)
CASES = [
    ("faithmenders", Bounds(permanents=2, cards=("Forest", "Rhox Faithmender")), False),
    (
        "reflecting-pool",
        Bounds(permanents=2, effects=1, cards=("Forest", "Pale Moon", "Reflecting Pool")),
        False,
    ),
    (
        "cant-gain",
        Bounds(
            permanents=1,
            effects=1,
            cards=("Erebos, God of the Dead", "Rhox Faithmender", "Skullcrack"),
        ),
        True,
    ),
    ("emperion", Bounds(permanents=2, cards=("Platinum Emperion", "Rhox Faithmender")), True),
    ("emperion", Bounds(permanents=1, players=4, teams=True, cards=("Platinum Emperion",)), True),
    ("sick-taps", Bounds(permanents=2, cards=("Llanowar Elves", "Fervor")), True),
    # 106.12b, 614.1a: Mana Reflection doubles what a Forest's {T}: Add {G} adds.
    ("tap-doubled", Bounds(permanents=2, cards=("Forest", "Mana Reflection")), False),
    # 106.7: what one activation adds is among what the permanent could produce.
    (
        "tap-could-produce",
        Bounds(permanents=2, cards=("Forest", "Reflecting Pool", "Contamination")),
        True,
    ),
    (
        "gain-needs-untapped",
        Bounds(permanents=1, cards=("Rhox Faithmender",), lives=(1, 20)),
        False,
    ),
]


@pytest.mark.parametrize(
    ("name", "bounds", "holds"), CASES, ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(CASES)]
)
def test_both_engines_agree(name: str, bounds: Bounds, holds: bool, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.lp"
    path.write_text(PROPERTIES[name])
    by_asp = prove(path, bounds)
    by_enumeration = prove_enumerate(path, bounds, jobs=1)
    assert by_asp.holds == by_enumeration.holds == holds
    if by_asp.holds:
        return
    assert by_asp.counterexample is not None
    assert by_enumeration.counterexample is not None
    asp_board = parse_board(by_asp.counterexample)
    enum_board = parse_board(by_enumeration.counterexample)
    size = len(asp_board.battlefield) + len(asp_board.effects)
    assert size == len(enum_board.battlefield) + len(enum_board.effects)
    assert not prove_board(path, asp_board, bounds).holds
