"""Every answer that could depend on an ability not modelled says so (issue 24): the one relation
``could_depend(A, S, N)`` of rules/604-could-depend.lp, read by each query, on the boards of the
issue's table (Elvish Archdruid, Urborg, Chromatic Lantern) and its JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp import parse_board
from mtgasp.answers.activations import activations
from mtgasp.answers.attackers import attackers
from mtgasp.answers.castable import castable
from mtgasp.answers.creatures import creatures
from mtgasp.answers.mana import could_produce
from mtgasp.cli import main

ROOT = Path(__file__).parents[1]


def _board(*permanents: str, hand: str = "[]") -> str:
    lines = "".join(f"  - {p}\n" for p in permanents)
    return (
        f"players: [{{name: alice}}, {{name: bob}}]\nhand: {{alice: {hand}}}\nbattlefield:\n{lines}"
    )


ARCHDRUID = _board(
    "{id: druid, card: Elvish Archdruid, controller: alice}",
    "{id: elves, card: Llanowar Elves, controller: alice}",
)


@pytest.mark.quick
def test_a_lords_static_not_modelled_is_a_caveat_on_power_and_toughness() -> None:
    # Elvish Archdruid: "Other Elf creatures you control get +1/+1" (613.4c) is not modelled: the
    # Elves are 2/2, and the answer 1/1 must not be given as certain.
    found = {c.permanent: c for c in creatures(parse_board(ARCHDRUID)).creatures}
    assert (found["elves"].power, found["elves"].toughness) == (1, 1)
    assert found["elves"].depends_on == (("druid", 1),)


def test_every_answer_of_the_board_names_the_static(capsys: pytest.CaptureFixture[str]) -> None:
    # 604.1: a static ability can change any answer: the activation of Elves' mana ability, the
    # attack, what the Elves could produce.
    board = parse_board(ARCHDRUID)
    (elves_mana,) = [a for a in activations(board).activations if a.permanent == "elves"]
    assert (elves_mana.status, elves_mana.depends_on) == ("legal", (("druid", 1),))
    attacks = {c.permanent: c.depends_on for c in attackers(board).creatures}
    assert attacks == {"druid": (("druid", 1),), "elves": (("druid", 1),)}
    produce = {p.permanent: p for p in could_produce(board).permanents}
    assert (produce["elves"].types, produce["elves"].depends_on) == (("g",), (("druid", 1),))
    board_file = ROOT / "examples" / "could-depend.yaml"
    assert main(["check", str(board_file)]) == 0
    text = capsys.readouterr().out
    assert "elves (Llanowar Elves, alice): 1/1 (printed 1/1; could depend on: druid #1" in text
    assert main(["check", str(board_file), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (elves,) = [c for c in data["creatures"] if c["permanent"] == "elves"]
    assert elves["depends_on"] == [
        {"permanent": "druid", "ability": 1},
        {"permanent": "urborg", "ability": 1},
    ]


def test_urborg_makes_what_lands_could_produce_unknown() -> None:
    # Urborg, Tomb of Yawgmoth: "Each land is a Swamp in addition to its other land types" (305.7:
    # each land then has "{T}: Add {B}"): not modelled, so the Forest's {G} is not all it could
    # produce, and Urborg's "none" is not an answer.
    board = parse_board(
        _board(
            "{id: urborg, card: 'Urborg, Tomb of Yawgmoth', controller: alice}",
            "{id: forest, card: Forest, controller: alice}",
        )
    )
    produce = {p.permanent: (p.types, p.depends_on) for p in could_produce(board).permanents}
    assert produce == {"urborg": ((), (("urborg", 1),)), "forest": (("g",), (("urborg", 1),))}


def test_chromatic_lantern_makes_what_lands_could_produce_unknown() -> None:
    # Chromatic Lantern: "Lands you control have '{T}: Add one mana of any color.'" is not
    # modelled: the Forest could produce {W}{U}{B}{R}{G}, so {G} alone is marked unknown.
    board = parse_board(
        _board(
            "{id: lantern, card: Chromatic Lantern, controller: alice}",
            "{id: forest, card: Forest, controller: alice}",
        )
    )
    produce = {p.permanent: (p.types, p.depends_on) for p in could_produce(board).permanents}
    assert produce["forest"] == (("g",), (("lantern", 1),))


def test_a_static_makes_a_no_unproved_and_a_yes_caveated() -> None:
    # 601.2f, 604.1: a static not modelled could change a cost (or forbid casting): Grizzly
    # Bears' "yes" names it; Order of Whiteclay's "no" ({1}{W}{W}, no white source) is unproved.
    board = parse_board(
        _board(
            "{id: druid, card: Elvish Archdruid, controller: alice}",
            "{id: forest, card: Forest, controller: alice}",
            "{id: forest2, card: Forest, controller: alice}",
            hand="[Grizzly Bears, Order of Whiteclay]",
        )
    )
    found = {p.question.card: p for p in castable(board).payments}
    bears, order = found["Grizzly Bears"], found["Order of Whiteclay"]
    assert (bears.payable, bears.not_modelled) == (True, (("druid", 1),))
    assert (order.payable, order.unproved, order.not_modelled) == (
        False,
        True,
        (("druid", 1), ("druid", 2)),
    )


def test_a_board_of_modelled_cards_has_no_caveat() -> None:
    # Every answer of a board whose abilities are all modelled is certain: no depends_on.
    board = parse_board(
        _board(
            "{id: elves, card: Llanowar Elves, controller: alice}",
            "{id: forest, card: Forest, controller: alice}",
            hand="[Grizzly Bears]",
        )
    )
    assert all(not c.depends_on for c in creatures(board).creatures)
    assert all(not p.depends_on for p in could_produce(board).permanents)
    assert all(not p.not_modelled for p in castable(board).payments)
    assert all(not a.depends_on for a in activations(board).activations)
