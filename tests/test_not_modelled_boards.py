"""Real corpus cards on boards (issue 11, points 2, 3 and 7): abilities compiled from their Oracle
text give the rules' real answers, and every answer that could depend on an ability not modelled
says so (examples/not-modelled.yaml: Dreadship Reef, Reflecting Pool, Karplusan Forest, City of
Brass; Diregraf Ghoul in hand)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp import load_board, parse_board
from mtgasp.answers.activations import activations
from mtgasp.answers.castable import castable
from mtgasp.answers.check import check
from mtgasp.answers.mana import could_produce
from mtgasp.cli import main

ROOT = Path(__file__).parents[1]
BOARD = ROOT / "examples" / "not-modelled.yaml"


def test_could_produce_is_unknown_beyond_what_is_derived() -> None:
    # 106.7: Dreadship Reef's "Remove X storage counters: Add X mana in any combination of {U}
    # and/or {B}" is not modelled: the land could produce {C} and maybe more, never "only {C}";
    # Reflecting Pool reads alice's lands, so its answer depends on it too. Karplusan Forest's
    # "Add {R} or {G}" is compiled (106.1): it could produce {R}, {G} and {C}.
    # Fertile Ground's static "Enchant land" and its mana trigger are not modelled either: every
    # answer could depend on them (604.1, 605.1b; rules/604-could-depend.lp).
    fertile = (("fertile", 1), ("fertile", 2))
    report = {p.permanent: p for p in could_produce(load_board(BOARD)).permanents}
    assert (report["reef"].types, report["reef"].depends_on) == (("c",), (("reef", 3), *fertile))
    assert (report["pool"].types, report["pool"].depends_on) == (
        ("r", "g", "c"),
        (("reef", 3), *fertile),
    )
    assert (report["karplusan"].types, report["karplusan"].depends_on) == (("r", "g", "c"), fertile)
    assert report["brass"].types == ("w", "u", "b", "r", "g")


def test_a_mana_effect_not_modelled_is_a_caveat_on_every_answer() -> None:
    # 605.1b: Fertile Ground's "Whenever enchanted land is tapped for mana, its controller adds
    # one mana of any color" is not modelled: every could-produce answer could depend on it.
    assert could_produce(load_board(BOARD)).mana_effects == (("fertile", 2),)


def test_activations_not_modelled_are_neither_legal_nor_illegal() -> None:
    found = {(a.permanent, a.ability): a for a in activations(load_board(BOARD)).activations}
    storage = found[("reef", 3)]
    assert (storage.status, storage.mana_ability) == ("not_modelled", True)
    assert storage.not_modelled is not None
    assert "storage counters" in storage.not_modelled
    # "{1}, {T}: Put a storage counter on Dreadship Reef.": its cost is compiled, so its
    # activation is judged (601.2h: Reflecting Pool pays {1}); its effect is not modelled.
    assert found[("reef", 2)].status == "legal"
    assert found[("karplusan", 2)].status == "legal"


def test_a_payment_an_ability_not_modelled_could_make_is_unknown() -> None:
    # Diregraf Ghoul costs {B}: no plan here pays it, but the storage ability could add {B}.
    (ghoul,) = [
        p for p in castable(load_board(BOARD)).payments if p.question.card == "Diregraf Ghoul"
    ]
    assert (ghoul.payable, ghoul.unproved) == (False, True)
    assert ghoul.not_modelled == (("reef", 3), ("fertile", 1), ("fertile", 2))


def test_check_lists_every_ability_not_modelled(capsys: pytest.CaptureFixture[str]) -> None:
    listed = check(load_board(BOARD)).activations.not_modelled
    assert [(n.object, n.card, n.ability, n.kind) for n in listed] == [
        ("reef", "Dreadship Reef", 2, "effect"),
        ("reef", "Dreadship Reef", 3, "mana"),
        ("brass", "City of Brass", 1, "triggered"),
        ("fertile", "Fertile Ground", 1, "static"),
        ("fertile", "Fertile Ground", 2, "mana_effect"),
    ]
    assert main(["check", str(BOARD)]) == 0
    text = capsys.readouterr().out
    assert "Not modelled (answers that could depend on these say so" in text
    assert (
        "brass (City of Brass #1, triggered): Whenever City of Brass becomes tapped, it deals 1 "
        "damage to you." in text
    )
    assert main(["check", str(BOARD), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [n["ability"] for n in data["not_modelled"]] == [2, 3, 1, 1, 2]
    unknown = [p for p in data["could_produce"]["permanents"] if p.get("unknown")]
    assert [p["permanent"] for p in unknown] == ["reef", "pool", "karplusan", "brass", "fertile"]


def test_a_board_of_modelled_cards_prints_no_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(ROOT / "examples" / "summoning-sickness.yaml"), "--json"]) == 0
    assert "not_modelled" not in json.loads(capsys.readouterr().out)


def test_a_course_names_the_abilities_it_could_depend_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 614.1c: "Diregraf Ghoul enters the battlefield tapped."; City of Brass's trigger is not
    # modelled, and is named.
    assert main(["cast", str(BOARD), "Diregraf Ghoul"]) == 0
    text = capsys.readouterr().out
    assert "diregraf-ghoul (Diregraf Ghoul) entered tapped" in text
    assert "Not modelled: brass: Whenever City of Brass becomes tapped" in text


def test_tapping_a_mana_ability_not_modelled_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tap", str(BOARD), "reef", "--ability", "3"]) == 2
    assert "a mana ability this version does not model" in capsys.readouterr().err


_MANA_CONFLUENCE = """
players: [{name: alice, life: 0}, {name: bob, life: 20}]
turn: {active: alice, step: precombat_main}
battlefield:
  - {id: confluence, card: Mana Confluence, controller: alice}
  - {id: ring, card: Sol Ring, controller: alice}
  - {id: signet, card: Golgari Signet, controller: alice}
  - {id: birds, card: Birds of Paradise, controller: alice}
  - {id: goblin, card: Raging Goblin, controller: alice, since: this_turn}
"""


def test_compiled_mana_abilities_on_a_board() -> None:
    board = parse_board(_MANA_CONFLUENCE, source="<test>")
    found = {a.permanent: a for a in activations(board).activations}
    # 119.4: Mana Confluence's "Pay 1 life" can't be paid with 0 life.
    assert [r.rule for r in found["confluence"].reasons] == ["119.4"]
    # 106.1: Sol Ring adds {C}{C}; Birds of Paradise any color (Birds is hand-written).
    types = {p.permanent: p.types for p in could_produce(board).permanents}
    assert types["ring"] == ("c",)
    assert types["signet"] == ("b", "g")  # "{1}, {T}: Add {B}{G}." (its {1} ignored: 106.7)
    # 302.6, 702.10: Raging Goblin (corpus text "Haste") has no activated ability to judge, and
    # is a creature with haste (keyword compiled).
    assert "goblin" not in found


def test_a_compiled_upkeep_trigger_resolves(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Drana's Emissary (corpus): "At the beginning of your upkeep, each opponent loses 1 life and
    # you gain 1 life." (603.2, 608.2c: each opponent of its controller).
    board = tmp_path / "emissary.yaml"
    board.write_text(
        "players: [{name: alice}, {name: bob}, {name: carol}]\n"
        "turn: {active: alice, step: untap}\n"
        "battlefield:\n"
        '  - {id: emissary, card: "Drana\'s Emissary", controller: alice}\n'
    )
    assert main(["step", str(board), "upkeep"]) == 0
    text = capsys.readouterr().out
    for change in ("alice: life 20 -> 21", "bob: life 20 -> 19", "carol: life 20 -> 19"):
        assert change in text
