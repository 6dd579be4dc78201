"""Issue 24, point 3: each template on real corpus cards that must compile to it, beside real
cards of similar wording that must not (a near miss compiles to something else, or is not
modelled at all, never to the template's facts). Cards and their Oracle text are the bundled
database's (the corpus, 2023 wording)."""

from __future__ import annotations

import re

import pytest

from mtgasp.cards import database
from mtgasp.cards.audit import ParagraphAudit, audit


def _paragraph(card: str, index: int) -> ParagraphAudit:
    row = database.Database(database.BUNDLED, "bundled").row(card)
    assert row is not None, card
    (found,) = [p for p in audit(row.record) if p.index == index]
    return found


def _facts(card: str, index: int) -> set[str]:
    """The facts of the paragraph's modelled abilities, card and number (0: a spell's) left out."""
    prefix = re.compile(rf'\("{re.escape(card)}",(?:{index}|0),')
    facts = {
        prefix.sub("(", str(f), count=1)
        for a in _paragraph(card, index).abilities
        if a.modelled
        for f in a.facts
    }
    return facts


def _not_modelled(card: str, index: int) -> bool:
    return _paragraph(card, index).status == "not modelled"


# 106.1: "{T}: Add [mana]." ... must not swallow a rider that changes the mana.
def test_fixed_mana_and_its_near_misses() -> None:
    assert "produces(c,2)" in _facts("Sol Ring", 1)
    assert _facts("Urza's Mine", 1) >= {"produces(c,1)", "mana_instead(c,2)"}
    assert _not_modelled("River of Tears", 1)  # "If you played a land this turn, add {B} instead."
    assert _not_modelled("Witch Engine", 2)  # "Target opponent gains control of ~" (605.1a)


# 106.1: "Add {R} or {G}." with a closed-list rider, and one off the list.
def test_one_of_and_riders() -> None:
    assert {"produces(one_of(r,r),1)", "effect_part(damage(you,1))"} <= _facts(
        "Karplusan Forest", 2
    )
    cinder = _paragraph("Cinder Marsh", 2)
    assert cinder.status == "partly"
    assert [a.kind for a in cinder.abilities if not a.modelled] == ["mana_rider"]
    assert _not_modelled("Avid Reclaimer", 1)  # "If you control a Nissa planeswalker, ..."


# 106.1b: "Add one mana of any color." / "instead add one mana of any color" with its condition.
def test_any_color_and_instead() -> None:
    assert "produces(any_color,1)" in _facts("Birds of Paradise", 2)
    assert _facts("Gemstone Caverns", 2) >= {
        "produces(c,1)",
        'mana_instead_if(counter_on_this("luck"))',
        "mana_instead(any_color,1)",
    }
    assert "produces(any_color,1)" not in _facts("Gemstone Caverns", 2)


# 106.4: "Add {G} for each creature you control." / "... for each Elf you control."
def test_for_each() -> None:
    assert "produces(g,per(creatures_you_control))" in _facts("Gaea's Cradle", 1)
    assert _not_modelled("Elvish Archdruid", 2)


# 106.7: "Add one mana of any type that a land you control could produce."
def test_reflected() -> None:
    assert "produces(type_a_land_could_produce(you),1)" in _facts("Reflecting Pool", 1)


# 602.2: "Any player may activate this ability." / "Only any opponent may ..." / with a timing
# rider no rule derives.
def test_who_may_activate() -> None:
    assert "activation_by(any_player)" in _facts("Mercenaries", 1)
    assert "activation_by(opponent)" in _facts("Clergy of the Holy Nimbus", 2)
    assert _not_modelled("Well of Knowledge", 1)  # "... but only during his or her draw step."
    assert _not_modelled("Mana Cache", 2)


# 602.2, 601.2f, 113.6: a cost modifier or a zone of activation no rule derives.
def test_cost_modifiers_and_zones_are_refused() -> None:
    assert _not_modelled("Loreseeker's Stone", 1)  # "This ability costs {1} more to activate"
    assert _not_modelled("Command Beacon", 2)  # "from the command zone"
    assert _not_modelled("Torrent Elemental", 3)  # "from exile"


# 601.2c, 115.1c: targets quantified exactly.
@pytest.mark.parametrize(
    ("card", "index", "target"),
    [
        ("Serendib Sorcerer", 1, "ability_target(1,another(creature),1)"),  # other than ~
        ("Unbender Tine", 1, "ability_target(1,another(permanent),1)"),  # another target
        ("Key to the City", 1, "ability_target(1,creature,0)"),  # up to one
        ("Soltari Guerrillas", 2, "ability_target(1,creature,1)"),  # one, required
    ],
)
def test_targets_compiled_exactly(card: str, index: int, target: str) -> None:
    assert target in _facts(card, index)


@pytest.mark.parametrize(
    ("card", "index"),
    [
        ("Twigwalker", 1),  # "Two target creatures"
        ("Cauldron of Souls", 1),  # "any number of target creatures"
        ("Wave Elemental", 1),  # "up to three target creatures without flying"
        ("Dogged Hunter", 1),  # "target creature token"
        ("Goblin Snowman", 2),  # "target creature it's blocking"
        ("Echo Chamber", 1),  # "target creature he or she controls"
    ],
)
def test_targets_of_other_quantifiers_are_refused(card: str, index: int) -> None:
    assert _not_modelled(card, index)


# 702, 711.2a: a keyword line is compiled; the same keyword inside a leveler's level is not.
def test_keywords_and_levels() -> None:
    assert _facts("Youthful Knight", 1) == {'keyword("Youthful Knight",first_strike)'}
    assert _not_modelled("Student of Warfare", 4)  # "First strike" under LEVEL 2-6
    assert _not_modelled("Enclave Cryptologist", 4)  # "{T}: Draw a card, then discard a card."


# 614.1c: "~ enters the battlefield tapped." / "... tapped with two charge counters on it."
def test_enters_tapped() -> None:
    assert _facts("Hall of the Bandit Lord", 1) == {'enters_tapped("Hall of the Bandit Lord")'}
    assert _not_modelled("Vivid Crag", 1)


# 613.4c: "Creatures you control get +1/+1." / "Other Elf creatures you control get +1/+1."
def test_anthems() -> None:
    assert "static(modify_pt(1,1,creatures_you_control))" in _facts("Glorious Anthem", 1)
    assert _not_modelled("Elvish Archdruid", 1)


# 614.1a: "If you would gain life, you gain twice that much life instead." / Rain of Gore's
# "If a spell or ability would cause its controller to gain life".
def test_life_replacements() -> None:
    assert "replacement(would_gain_life(you),multiply(2))" in _facts("Rhox Faithmender", 2)
    assert _not_modelled("Rain of Gore", 1)


# 605.1b: "its controller adds {G}" / "... adds one mana of any color" (no template).
def test_triggered_mana_abilities() -> None:
    assert "mana_trigger(enchanted,mana(g,1))" in _facts("Wild Growth", 2)
    assert _not_modelled("Fertile Ground", 2)


# 613.1f: "Creatures you control have first strike." / "Other creatures you control have haste."
def test_granted_keywords() -> None:
    assert "static(grant_keyword(first_strike,creatures_you_control))" in _facts(
        "Archetype of Courage", 1
    )
    assert _not_modelled("Dragonlord Kolaghan", 2)
    assert _not_modelled("Heliod, God of the Sun", 3)


# 119.7: "Players can't gain life." / Stigma Lasher's "that player can't gain life for the rest of
# the game" (a trigger, no template).
def test_cant_gain_life() -> None:
    assert "static(cant_gain_life(players))" in _facts("Havoc Festival", 1)
    assert _not_modelled("Stigma Lasher", 2)


# 603.2, 503.1: "At the beginning of your upkeep, you lose 2 life." / "each player's upkeep,
# that player loses half ...".
def test_upkeep_triggers() -> None:
    assert {
        "trigger_event(beginning_of(upkeep,you))",
        "effect_part(lose_life(you,2))",
    } <= _facts("Benthic Djinn", 2)
    assert "effect_part(lose_life(that_player,half_life_rounded_up))" in _facts("Havoc Festival", 2)


# 113.3a, 115.1: a sorcery's "You gain 5 life." / "Target player gains 8 life." (a spell's one
# target, issue 25); near misses that must not read as a fixed gain: "... for each creature on the
# battlefield" (Congregate), "... gains control of target permanent" (Donate), "..., then gains 4
# life for each card named ..." (Life Burst).
def test_spells() -> None:
    assert "effect_part(gain_life(you,5))" in _facts("Chaplain's Blessing", 1)
    assert _facts("Natural Spring", 1) >= {
        "effect_part(gain_life(target(1),8))",
        "ability_target(1,player,1)",
    }
    assert _not_modelled("Congregate", 1)
    assert _not_modelled("Donate", 1)
    assert _not_modelled("Life Burst", 1)
