"""The effect language's templates (issue 25): real cards of the corpus (their Oracle text as in
``card-corpus.json``, 2023 wording, and today's), the facts they compile to, and near misses that
must fail closed (the whole paragraph not modelled)."""

from __future__ import annotations

import pytest

from mtgasp.cards.oracle import compile_card
from mtgasp.cards.record import CardRecord


def _card(name: str, text: str, *types: str) -> CardRecord:
    return CardRecord(name=name, types=types or ("Instant",), text=text)


def _facts(record: CardRecord) -> set[str]:
    return {str(f) for f in compile_card(record).facts}


@pytest.mark.parametrize(
    ("name", "text", "facts"),
    [
        # 120.1, 609.7a, 115.4: Lightning Bolt (2023 wording; today's "any target").
        (
            "Lightning Bolt",
            "Lightning Bolt deals 3 damage to target creature or player.",
            {
                'effect_part("Lightning Bolt",0,damage(target(1),3))',
                'ability_target("Lightning Bolt",0,1,creature_or_player,1)',
            },
        ),
        (
            "Lightning Bolt",
            "Lightning Bolt deals 3 damage to any target.",
            {
                'effect_part("Lightning Bolt",0,damage(target(1),3))',
                'ability_target("Lightning Bolt",0,1,any,1)',
            },
        ),
        # 701.8a: Murder.
        (
            "Murder",
            "Destroy target creature.",
            {
                'effect_part("Murder",0,destroy(target(1)))',
                'ability_target("Murder",0,1,creature,1)',
            },
        ),
        # 611.2a, 613.4c: Giant Growth.
        (
            "Giant Growth",
            "Target creature gets +3/+3 until end of turn.",
            {
                'effect_part("Giant Growth",0,pump(target(1),3,3))',
                'ability_target("Giant Growth",0,1,creature,1)',
            },
        ),
        # 400.6: Unsummon.
        (
            "Unsummon",
            "Return target creature to its owner's hand.",
            {
                'effect_part("Unsummon",0,bounce(target(1)))',
                'ability_target("Unsummon",0,1,creature,1)',
            },
        ),
        # 608.2c: Pyroclasm ("each creature"); 121.2: Divination.
        (
            "Pyroclasm",
            "Pyroclasm deals 2 damage to each creature.",
            {'effect_part("Pyroclasm",0,damage(each(creature),2))'},
        ),
        ("Divination", "Draw two cards.", {'effect_part("Divination",0,draw(you,2))'}),
        # 121.1, 115.1: Ancestral Recall (a player target).
        (
            "Ancestral Recall",
            "Target player draws three cards.",
            {
                'effect_part("Ancestral Recall",0,draw(target(1),3))',
                'ability_target("Ancestral Recall",0,1,player,1)',
            },
        ),
        # 611.2c: Shrivel, Warrior's Honor ("each" creature, fixed as the effect begins).
        (
            "Shrivel",
            "All creatures get -1/-1 until end of turn.",
            {'effect_part("Shrivel",0,pump(each(creature),-1,-1))'},
        ),
        (
            "Warrior's Honor",
            "Creatures you control get +1/+1 until end of turn.",
            {'effect_part("Warrior\'s Honor",0,pump(each(creature_you_control),1,1))'},
        ),
        # 406.1: Path of Peace's relative, an unconditional exile (Journey's shape, a sorcery).
        (
            "Exile Spell",
            "Exile target creature.",
            {
                'effect_part("Exile Spell",0,exile(target(1)))',
                'ability_target("Exile Spell",0,1,creature,1)',
            },
        ),
    ],
)
def test_a_spell_compiles_to_the_effect_language(name: str, text: str, facts: set[str]) -> None:
    compiled = compile_card(_card(name, text))
    assert {str(f) for f in compiled.facts} == facts
    assert compiled.status == "full"


@pytest.mark.parametrize(
    "text",
    [
        # Terror: a qualified target ("nonartifact, nonblack") and a second sentence.
        "Destroy target nonartifact, nonblack creature. It can't be regenerated.",
        # Wrath of God: "They can't be regenerated" (regeneration is not modelled).
        "Destroy all creatures. They can't be regenerated.",
        # Forked Bolt: divided damage among one or two targets.
        "Forked Bolt deals 2 damage divided as you choose among one or two targets.",
        # Fireball: X and a division.
        "Fireball deals X damage divided evenly, rounded down, among any number of targets.",
        # Electrolyze-like: two targets named in one spell (each would be target 1).
        "C deals 1 damage to any target and C deals 1 damage to target creature.",
        # Searing Spear's cousin with a rider on the creature ("can't be regenerated").
        "Incinerate deals 3 damage to any target. A creature dealt damage this way can't be "
        "regenerated this turn.",
        # Healing Salve: a mode ("Choose one -").
        "Choose one —",
        # "Each player draws two cards": each player (no template reads "each player draws").
        "Each player draws two cards.",
    ],
)
def test_a_near_miss_is_not_modelled(text: str) -> None:
    compiled = compile_card(_card("C", text))
    assert compiled.status == "characteristics"
    assert not any(f.name == "effect_part" for f in compiled.facts)


def test_two_paragraphs_with_targets_are_not_both_target_one() -> None:
    compiled = compile_card(_card("C", "Destroy target artifact.\nDestroy target creature."))
    assert [a.modelled for a in compiled.abilities] == [True, False]
    assert sum(f.name == "ability_target" for f in compiled.facts) == 1


@pytest.mark.parametrize(
    ("name", "text", "facts"),
    [
        # 602.1, 120.1: Prodigal Pyromancer ("{T}: ... deals 1 damage to target creature or
        # player").
        (
            "Prodigal Pyromancer",
            "{T}: Prodigal Pyromancer deals 1 damage to target creature or player.",
            {
                'activated("Prodigal Pyromancer",1)',
                'cost("Prodigal Pyromancer",1,tap)',
                'effect_part("Prodigal Pyromancer",1,damage(target(1),1))',
                'ability_target("Prodigal Pyromancer",1,1,creature_or_player,1)',
            },
        ),
        # 611.2a: Shivan Dragon's firebreathing (its ability 1 here: the text has no Flying).
        (
            "Shivan Dragon",
            "{R}: Shivan Dragon gets +1/+0 until end of turn.",
            {
                'activated("Shivan Dragon",1)',
                'cost("Shivan Dragon",1,mana(r,1))',
                'effect_part("Shivan Dragon",1,pump(this,1,0))',
            },
        ),
        # 701.19a: Drudge Skeletons' regeneration shield.
        (
            "Drudge Skeletons",
            "{B}: Regenerate Drudge Skeletons.",
            {
                'activated("Drudge Skeletons",1)',
                'cost("Drudge Skeletons",1,mana(b,1))',
                'effect_part("Drudge Skeletons",1,regenerate(this))',
            },
        ),
        # 701.26a: Opposition's tap.
        (
            "Opposition",
            "Tap an untapped creature you control: Tap target artifact, creature, or land.",
            {
                'activated("Opposition",1)',
                'cost("Opposition",1,tap_untapped(creature))',
                'effect_part("Opposition",1,tap(target(1)))',
                'ability_target("Opposition",1,1,artifact_creature_or_land,1)',
            },
        ),
        # 400.6: Stormbound Geist's relative: "{U}: Return ~ to its owner's hand."
        (
            "C",
            "{U}: Return C to its owner's hand.",
            {'activated("C",1)', 'cost("C",1,mana(u,1))', 'effect_part("C",1,bounce(this))'},
        ),
        # 602.5d with an effect: Grasping Dunes.
        (
            "Grasping Dunes",
            "{1}, {T}, Sacrifice Grasping Dunes: Put a -1/-1 counter on target creature. "
            "Activate only as a sorcery.",
            {
                'activated("Grasping Dunes",1)',
                'cost("Grasping Dunes",1,mana(generic,1))',
                'cost("Grasping Dunes",1,tap)',
                'cost("Grasping Dunes",1,sacrifice(this))',
                'effect_part("Grasping Dunes",1,put_counters(target(1),"-1/-1",1))',
                'ability_target("Grasping Dunes",1,1,creature,1)',
                'activation_timing("Grasping Dunes",1,sorcery)',
            },
        ),
    ],
)
def test_an_activated_ability_compiles_whole(name: str, text: str, facts: set[str]) -> None:
    compiled = compile_card(_card(name, text, "Creature"))
    assert {str(f) for f in compiled.facts} == facts
    assert compiled.status == "full"


@pytest.mark.parametrize(
    "text",
    [
        # A cost no template derives (Discard a card): the effect is kept as not modelled.
        "{T}, Discard a card: Draw a card.",
        # An effect the language does not read (Howling Mine's cousin: each player draws).
        "{4}, {T}: Each player draws a card.",
        # Half the effect is read, half not (a sentence after it).
        "{R}: C gets +1/+0 until end of turn. C can't block this turn.",
    ],
)
def test_an_activated_near_miss_keeps_its_effect_not_modelled(text: str) -> None:
    compiled = compile_card(_card("C", text, "Creature"))
    assert not any(f.name == "effect_part" for f in compiled.facts)
    assert compiled.status != "full"


@pytest.mark.quick
def test_when_this_enters_you_gain_life() -> None:
    # 603.6a: Lone Missionary (2023 wording "enters the battlefield", today's "enters").
    for text in (
        "When Lone Missionary enters the battlefield, you gain 4 life.",
        "When Lone Missionary enters, you gain 4 life.",
    ):
        facts = _facts(_card("Lone Missionary", text, "Creature"))
        assert facts == {
            'triggered("Lone Missionary",1)',
            'trigger_event("Lone Missionary",1,self_enters)',
            'effect_part("Lone Missionary",1,gain_life(you,4))',
        }


def test_hexproof_and_shroud_are_keywords_the_rules_know() -> None:
    # 702.11b, 702.18a: 115-targets.lp reads them.
    assert _facts(_card("Gladecover Scout", "Hexproof", "Creature")) == {
        'keyword("Gladecover Scout",hexproof)'
    }
    assert _facts(_card("Troll", "Shroud", "Creature")) == {'keyword("Troll",shroud)'}


@pytest.mark.quick
def test_a_modal_spell_compiles_each_mode() -> None:
    # 700.2: Abrade ("Choose one —" and two modes, each with its own target).
    text = "Choose one —\n• Abrade deals 3 damage to target creature.\n• Destroy target artifact."
    compiled = compile_card(_card("Abrade", text))
    assert {str(f) for f in compiled.facts} == {
        'modal("Abrade",0)',
        'mode("Abrade",0,1)',
        'mode_part("Abrade",0,1,damage(target(1),3))',
        'mode_target("Abrade",0,1,1,creature,1)',
        'mode("Abrade",0,2)',
        'mode_part("Abrade",0,2,destroy(target(1)))',
        'mode_target("Abrade",0,2,1,artifact,1)',
    }
    assert compiled.status == "full"


@pytest.mark.parametrize(
    "text",
    [
        # Healing Salve: its second mode (a prevention shield) has no template: no mode is taken.
        "Choose one —\n• Target player gains 3 life.\n• Prevent the next 3 damage that would be "
        "dealt to target creature or player this turn.",
        # "Choose one or both" (700.2d: more than one mode) is not read.
        "Choose one or both —\n• Destroy target artifact.\n• Destroy target enchantment.",
    ],
)
def test_a_modal_near_miss_is_not_modelled(text: str) -> None:
    compiled = compile_card(_card("C", text))
    assert compiled.status == "characteristics"
    assert not any(f.name in ("modal", "mode_part") for f in compiled.facts)
