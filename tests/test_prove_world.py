"""The asp engine's search by casts (prove/world.py, asp/queries/prove-world.lp): mana,
replacement orderings and life ground one cast at a time, the rest of the board chosen.

Sources: the issue's examples (two Rhox Faithmenders turn a gain of 3 into 12: 614.5, 616.1;
Reflecting Pool with Pale Moon makes {C}: 106.7 and Pale Moon's Oracle text), Platinum Emperion's
rulings (2018-12-07: "Spells and abilities that would normally cause you to gain or lose life
still resolve, but the life-gain or life-loss part simply has no effect") and 810.9g, 810.9h.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from clingo import Function, Number, String, Symbol

from mtgasp import parse_board
from mtgasp.board.model import Board
from mtgasp.board.write import board_to_data
from mtgasp.cards.permanence import nonpermanent_cards
from mtgasp.cli import main
from mtgasp.prove import vocabulary
from mtgasp.prove import world as prove_world
from mtgasp.solve.control import parse_program

VOCABULARY = frozenset(
    (p.name, p.arity) for p in (*vocabulary.VOCABULARY, *vocabulary.STEP_VOCABULARY)
)
EXAMPLES = Path(__file__).parents[1] / "examples" / "properties"
CONSTS = {"interchange": 0, "independence": 0}


def _events(players: tuple[str, ...]) -> list[Symbol]:
    return [
        Function(kind, [String(p), Number(n)])
        for p in players
        for kind in ("gain_life", "lose_life")
        for n in (1, 3)
    ]


def _search(
    tmp_path: Path,
    rules: str,
    pool: tuple[str, ...],
    most: tuple[int, int],
    players: tuple[str, ...] = ("p1", "p2"),
    teams: bool = False,
    step: bool = False,
) -> prove_world.WorldSearch:
    path = tmp_path / "property.lp"
    path.write_text(rules)
    program = (path, prove_world.rename(parse_program(path), VOCABULARY)[0])
    life = 30 if teams else 20
    around = prove_world.bound_facts(
        players, [life], ["precombat_main"], teams, False, _events(players), step
    )
    spells = nonpermanent_cards(pool)
    pools = ([c for c in pool if c not in spells], [c for c in pool if c in spells])
    query, consts = ("prove-step", {"horizon": 4}) if step else ("prove-world", CONSTS)
    return prove_world.search(query, program, pools, players, most, around, teams, consts)


def test_casts_are_multisets_of_card_and_controller() -> None:
    sizes = [len(list(prove_world.casts(n, ["A", "B"], [], 2, (2, 0)))) for n in range(3)]
    assert sizes == [1, 4, 10]  # 4 kinds (card, controller): 1, 4, C(4 + 1, 2) multisets
    with_effects = list(prove_world.casts(1, ["A"], ["S"], 2, (1, 1)))
    assert with_effects == [
        ((("A", 0),), ()),
        ((("A", 1),), ()),
        *[((), (("S", seat, named),)) for seat in range(2) for named in range(2)],
    ]


def test_two_faithmenders_turn_a_gain_of_3_into_12(tmp_path: Path) -> None:
    found = _search(
        tmp_path,
        "counterexample(more_than_double(E, Out)) :-\n"
        "    outcome(E, Out), E = gain_life(P, N), Out = gain_life(P, M), M > 2 * N.\n",
        ("Forest", "Rhox Faithmender"),
        (2, 0),
    )
    assert 'more_than_double(gain_life("p1",3),gain_life("p1",12))' in found.reasons
    assert found.board is not None
    assert [(p.card, p.controller) for p in found.board.battlefield] == [
        ("Rhox Faithmender", "p1"),
        ("Rhox Faithmender", "p1"),
    ]
    # The smallest: every cast of up to one permanent was searched first (1 + 2 cards x 2
    # players), then the two-permanent casts in order up to two Faithmenders of p1.
    assert found.casts == 1 + 4 + 8
    assert found.stats is not None
    assert found.stats.atoms < 5000  # the cards chosen too, this ran out of memory
    assert _reloaded(found.board) == found.board


def test_reflecting_pool_with_pale_moon_makes_colorless(tmp_path: Path) -> None:
    found = _search(
        tmp_path,
        "counterexample(pool_makes(T)) :-\n"
        '    card_of(O, "Reflecting Pool"), controller(O, P), could_produce(O, T),\n'
        "    not _other(O, P, T).\n"
        '_other(O, P, T) :- card_of(O, "Reflecting Pool"), land_of(P, L), L != O,\n'
        "    could_produce(L, T).\n",
        ("Forest", "Pale Moon", "Reflecting Pool"),
        (2, 1),
    )
    assert found.reasons == ("pool_makes(c)",)
    assert found.board is not None
    assert [p.card for p in found.board.battlefield] == ["Forest", "Reflecting Pool"]
    assert [e.card for e in found.board.effects] == ["Pale Moon"]
    assert _reloaded(found.board) == found.board


def _reloaded(board: Board) -> Board:
    """The board written as a board file and read back (the loader validates it)."""
    text = yaml.safe_dump(board_to_data(board), sort_keys=False)
    return parse_board(text, source=board.source)


EMPERION = """\
counterexample(life_changes(Q, Out)) :-
    card_of(O, "Platinum Emperion"), controller(O, P), _mine(P, Q), outcome(_, Out),
    Out = gain_life(Q, N), N > 0.
counterexample(life_changes(Q, Out)) :-
    card_of(O, "Platinum Emperion"), controller(O, P), _mine(P, Q), outcome(_, Out),
    Out = lose_life(Q, N), N > 0.
_mine(P, P) :- controller(_, P).
_mine(P, Q) :- team(P, T), team(Q, T).
"""


def test_platinum_emperions_controller_never_gains_or_loses_life(tmp_path: Path) -> None:
    found = _search(tmp_path, EMPERION, ("Platinum Emperion", "Rhox Faithmender"), (2, 0))
    assert found.board is None
    assert found.casts == 1 + 4 + 10


def test_in_two_headed_giant_the_whole_team_keeps_its_life(tmp_path: Path) -> None:
    players = ("p1", "p2", "p3", "p4")
    found = _search(tmp_path, EMPERION, ("Platinum Emperion",), (1, 0), players=players, teams=True)
    assert found.board is None  # 810.9g, 810.9h: nor the teammate
    assert found.casts == 1 + 4


STEP = """\
counterexample(changes(H, L, L2)) :-
    card_of(O, "Platinum Emperion"), controller(O, P), life_holder(P, H),
    life_before(H, L), life_after(H, L2), L != L2.
"""


def test_one_step_from_any_state_keeps_platinum_emperions_life(tmp_path: Path) -> None:
    # The inductive step of "Platinum Emperion's controller's life never changes": from every
    # state within the bounds (any life total, any other permanent), one life event and its
    # whole course leave it as it was.
    found = _search(tmp_path, STEP, ("Platinum Emperion", "Rhox Faithmender"), (2, 0), step=True)
    assert found.board is None
    assert found.casts == 1 + 4 + 10


def test_the_step_check_finds_a_life_that_changes(tmp_path: Path) -> None:
    rules = STEP.replace("Platinum Emperion", "Rhox Faithmender")
    found = _search(tmp_path, rules, ("Rhox Faithmender",), (1, 0), step=True)
    assert found.reasons == ('changes("p1",20,22)',)  # a gain of 1, doubled (614.1a)
    assert found.step == Function("gain_life", [String("p1"), Number(1)])


def test_the_step_check_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["prove", str(EXAMPLES / "emperion-step.lp"), "--step", "--permanents", "1"]
    cards = ["--cards", "Platinum Emperion,Rhox Faithmender"]
    assert main([*argv, *cards, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["holds"], data["casts"]) == (True, 1 + 4)
    assert main([*argv, *cards, "--engine", "enumerate"]) == 2
    assert "--step" in capsys.readouterr().err


def test_the_step_check_holds_for_the_whole_team_in_two_headed_giant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 810.9g, 810.9h: neither teammate's gain or loss changes the team's shared life total.
    argv = ["prove", str(EXAMPLES / "emperion-step.lp"), "--step", "--permanents", "1"]
    teams = ["--players", "4", "--teams", "--cards", "Platinum Emperion,Rhox Faithmender"]
    assert main([*argv, *teams]) == 0
    assert "HOLDS" in capsys.readouterr().out


def test_a_step_counterexample_names_its_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "faithmender-step.lp"
    path.write_text(STEP.replace("Platinum Emperion", "Rhox Faithmender"))
    argv = ["prove", str(path), "--step", "--permanents", "1", "--cards", "Rhox Faithmender"]
    assert main(argv) == 1
    out = capsys.readouterr().out
    assert '  step: gain_life("p1",1)' in out
    assert 'counterexample: changes("p1",20,22)' in out
