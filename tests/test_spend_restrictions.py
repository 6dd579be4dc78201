"""Spend restrictions (106.6, issue 24): the shapes "Spend this mana only ..." compiles to, on real
cards of the corpus and their near misses, and castable on a card that comes only from an import
(Delighted Halfling, 2023: after the bundled snapshot)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp import parse_board
from mtgasp.answers.castable import castable
from mtgasp.cards import database
from mtgasp.cards.oracle import compile_card
from mtgasp.cards.record import CardRecord
from mtgasp.cli import main


def _spend_facts(name: str, text: str) -> set[str]:
    record = CardRecord(name=name, types=("Land",), text=text)
    return {str(f) for f in compile_card(record).facts if f.name == "spend_only_on"}


@pytest.mark.quick
@pytest.mark.parametrize(
    ("name", "text", "use"),
    [
        # The shapes the rules judge (601-mana-payment.lp).
        (
            "Mishra's Workshop",
            "{T}: Add {C}{C}{C}. Spend this mana only to cast artifact spells.",
            "spells(artifact)",
        ),
        (
            "Ancient Ziggurat",
            "{T}: Add one mana of any color. Spend this mana only to cast a creature spell.",
            "spells(creature)",
        ),
        (
            "Untaidake, the Cloud Keeper",
            "{T}, Pay 2 life: Add {C}{C}. Spend this mana only to cast legendary spells.",
            "spells(legendary)",
        ),
        (
            "Shrine of the Forsaken Gods",
            "{T}: Add {C}{C}. Spend this mana only to cast colorless spells.",
            "spells(colorless)",
        ),
        (
            "Curious Homunculus",
            "{T}: Add {C}. Spend this mana only to cast an instant or sorcery spell.",
            "or(spells(instant),spells(sorcery))",
        ),
        (
            "Soldevi Machinist",
            "{T}: Add {C}{C}. Spend this mana only to activate abilities of artifacts.",
            "abilities_of(artifact)",
        ),
        (
            "Grand Architect",
            "{T}: Add {C}{C}. Spend this mana only to cast artifact spells or activate abilities "
            "of artifacts.",
            "or(spells(artifact),abilities_of(artifact))",
        ),
        (
            "Pillar of Origins",
            "{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the "
            "chosen type.",
            "creature_spells_of_chosen_type",
        ),
        (
            "Delighted Halfling",
            "{T}: Add one mana of any color. Spend this mana only to cast a legendary spell, and "
            "that spell can't be countered.",
            "uncounterable(spells(legendary))",
        ),
        # Near misses: similar words, shapes no rule judges (a "no" that depends on them is
        # unproved, never a "no").
        (
            "Elfhame Druid",
            "{T}: Add {G}{G}. Spend this mana only to cast kicked spells.",
            'other("to cast kicked spells")',
        ),
        (
            "Ally Encampment",
            "{T}: Add one mana of any color. Spend this mana only to cast an Ally spell.",
            'other("to cast an ally spell")',
        ),
        (
            "Cultivator Drone",
            "{T}: Add {C}. Spend this mana only to cast a colorless spell, activate an ability "
            "of a colorless permanent, or pay a cost that contains {C}.",
            'other("to cast a colorless spell, activate an ability of a colorless permanent, or '
            'pay a cost that contains {c}")',
        ),
        (
            "Altar of the Lost",
            "{T}: Add two mana in any combination of colors. Spend this mana only to cast spells "
            "with flashback from a graveyard.",
            None,
        ),
    ],
)
def test_spend_restriction_shapes(name: str, text: str, use: str | None) -> None:
    found = _spend_facts(name, text)
    if use is None:  # the mana part itself is not modelled: nothing is compiled
        assert found == set()
    else:
        assert found == {f'spend_only_on("{name}",1,{use})'}


_ATOMIC = {
    "meta": {"date": "2026-12-01", "version": "5.2.2+test"},
    "data": {
        "Delighted Halfling": [
            {
                "name": "Delighted Halfling",
                "layout": "normal",
                "manaCost": "{G}",
                "colors": ["G"],
                "supertypes": [],
                "types": ["Creature"],
                "subtypes": ["Halfling", "Citizen"],
                "power": "1",
                "toughness": "2",
                "text": "{T}: Add {C}.\n{T}: Add one mana of any color. Spend this mana only to "
                "cast a legendary spell, and that spell can't be countered.",
                "type": "Creature — Halfling Citizen",
            }
        ],
        "Rofellos, Llanowar Emissary": [
            {
                "name": "Rofellos, Llanowar Emissary",
                "layout": "normal",
                "manaCost": "{G}{G}",
                "colors": ["G"],
                "supertypes": ["Legendary"],
                "types": ["Creature"],
                "subtypes": ["Elf", "Druid"],
                "power": "2",
                "toughness": "1",
                "text": "{T}: Add {G} for each Forest you control.",
                "type": "Legendary Creature — Elf Druid",
            }
        ],
        "Grizzly Bears": [
            {
                "name": "Grizzly Bears",
                "layout": "normal",
                "manaCost": "{1}{G}",
                "colors": ["G"],
                "supertypes": [],
                "types": ["Creature"],
                "subtypes": ["Bear"],
                "power": "2",
                "toughness": "2",
                "text": "",
                "type": "Creature — Bear",
            }
        ],
    },
}


def test_two_delighted_halflings_cast_rofellos_a_legendary_spell(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """106.6; Delighted Halfling Oracle ("Spend this mana only to cast a legendary spell"):
    Rofellos ({G}{G}, legendary) is castable with two Halflings' restricted mana; Grizzly Bears
    ({1}{G}, not legendary) is not: one Halfling's {C} and no unrestricted {G}."""
    monkeypatch.setenv(database.DATA_DIR_VARIABLE, str(tmp_path / "data"))
    atomic = tmp_path / "AtomicCards.json"
    atomic.write_text(json.dumps(_ATOMIC), encoding="utf-8")
    assert main(["cards", "import", str(atomic)]) == 0
    board = parse_board(
        "players: [{name: alice}, {name: bob}]\n"
        "battlefield:\n"
        "  - {id: h1, card: Delighted Halfling, controller: alice}\n"
        "  - {id: h2, card: Delighted Halfling, controller: alice}\n"
        "hand: {alice: ['Rofellos, Llanowar Emissary', Grizzly Bears]}\n"
    )
    verdicts = {p.question.card: (p.payable, p.unproved) for p in castable(board).payments}
    assert verdicts == {
        "Rofellos, Llanowar Emissary": (True, False),
        "Grizzly Bears": (False, False),
    }
