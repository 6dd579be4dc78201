"""The Oracle-text compiler (issue 11): each template on real cards of the corpus (their Oracle text
as in ``card-corpus.json``, 2023 wording, and today's), asserting the facts it compiles to."""

from __future__ import annotations

import pytest

from mtgasp.cards.oracle import compile_card
from mtgasp.cards.record import CardRecord


def _card(name: str, text: str, *types: str, subtypes: tuple[str, ...] = ()) -> CardRecord:
    return CardRecord(name=name, types=types or ("Artifact",), subtypes=subtypes, text=text)


def _facts(record: CardRecord) -> set[str]:
    return {str(f) for f in compile_card(record).facts}


def _mana(name: str, n: int, *rest: str) -> set[str]:
    return {f'activated("{name}",{n})', f'mana_ability("{name}",{n})', *rest}


# 605.1a: an activated ability without a target that could add mana is a mana ability; 106.1:
# "Add {G}{U}" adds both; 602.1: the cost is everything before the colon.
def test_sol_ring_adds_two_colorless() -> None:
    assert _facts(_card("Sol Ring", "{T}: Add {C}{C}.")) == _mana(
        "Sol Ring", 1, 'cost("Sol Ring",1,tap)', 'produces("Sol Ring",1,c,2)'
    )


def test_a_signet_has_a_mana_cost_and_adds_two_types() -> None:
    assert _facts(_card("Simic Signet", "{1}, {T}: Add {G}{U}.")) == _mana(
        "Simic Signet",
        1,
        'cost("Simic Signet",1,mana(generic,1))',
        'cost("Simic Signet",1,tap)',
        'produces("Simic Signet",1,g,1)',
        'produces("Simic Signet",1,u,1)',
    )


def test_mana_confluence_pays_life_for_any_color() -> None:
    # 119.4: paying life is a cost; 106.1b: one mana of any color, chosen as it resolves.
    facts = _facts(_card("Mana Confluence", "{T}, Pay 1 life: Add one mana of any color.", "Land"))
    assert facts == _mana(
        "Mana Confluence",
        1,
        'cost("Mana Confluence",1,tap)',
        'cost("Mana Confluence",1,pay_life(1))',
        'produces("Mana Confluence",1,any_color,1)',
    )


def test_city_of_brass_mana_ability_is_compiled_and_its_trigger_is_not_modelled() -> None:
    compiled = compile_card(
        _card(
            "City of Brass",
            "Whenever City of Brass becomes tapped, it deals 1 damage to you.\n"
            "{T}: Add one mana of any color.",
            "Land",
        )
    )
    facts = {str(f) for f in compiled.facts}
    assert 'produces("City of Brass",2,any_color,1)' in facts
    assert (
        'not_modelled("City of Brass",1,triggered,'
        '"Whenever City of Brass becomes tapped, it deals 1 damage to you.")' in facts
    )
    assert compiled.status == "partial"
    assert [(a.index, a.kind, a.modelled) for a in compiled.abilities] == [
        (1, "triggered", False),
        (2, "mana", True),
    ]


def test_a_two_color_painland_chooses_one_of_two_types_and_deals_damage() -> None:
    # 106.1: "Add {R} or {G}" adds one mana of one of the two types, chosen as it resolves.
    facts = _facts(
        _card(
            "Karplusan Forest",
            "{T}: Add {C}.\n{T}: Add {R} or {G}. Karplusan Forest deals 1 damage to you.",
            "Land",
        )
    )
    assert {
        'produces("Karplusan Forest",1,c,1)',
        'produces("Karplusan Forest",2,one_of(r,r),1)',
        'produces("Karplusan Forest",2,one_of(g,g),1)',
        'effect_part("Karplusan Forest",2,damage(you,1))',
    } <= facts


def test_a_filter_land_chooses_one_of_three_pairs() -> None:
    # 106.1: "Add {W}{W}, {W}{B}, or {B}{B}": one option, all of its mana.
    facts = _facts(_card("Fetid Heath", "{W/B}, {T}: Add {W}{W}, {W}{B}, or {B}{B}.", "Land"))
    assert {
        'cost("Fetid Heath",1,mana(hybrid(w,b),1))',
        'produces("Fetid Heath",1,one_of(ww,w),2)',
        'produces("Fetid Heath",1,one_of(wb,w),1)',
        'produces("Fetid Heath",1,one_of(wb,b),1)',
        'produces("Fetid Heath",1,one_of(bb,b),2)',
    } <= facts


def test_three_options() -> None:
    facts = _facts(_card("Abzan Banner", "{T}: Add {W}, {B}, or {G}."))
    assert {f'produces("Abzan Banner",1,one_of({t},{t}),1)' for t in "wbg"} <= facts


def test_birds_of_paradise_keyword_then_mana_ability() -> None:
    facts = _facts(
        _card("Birds of Paradise", "Flying\n{T}: Add one mana of any color.", "Creature")
    )
    assert facts == {
        'keyword("Birds of Paradise",flying)',
        *_mana(
            "Birds of Paradise",
            2,
            'cost("Birds of Paradise",2,tap)',
            'produces("Birds of Paradise",2,any_color,1)',
        ),
    }


@pytest.mark.parametrize(
    ("text", "what"),
    [
        # 106.7: the reflecting abilities.
        (
            "{T}: Add one mana of any type that a land you control could produce.",
            "type_a_land_could_produce(you)",
        ),
        (
            "{T}: Add one mana of any color that a land an opponent controls could produce.",
            "color_a_land_could_produce(opponents)",
        ),
        ("{T}: Add {G} for each creature you control.", "g,per(creatures_you_control)"),
        ("{T}: Add {U} for each artifact you control.", "u,per(artifacts_you_control)"),
        ("{T}: Add three mana of any one color.", "any_color,3"),
        ("{T}: Add one mana of the chosen color.", "chosen_color,1"),
    ],
)
def test_what_a_mana_ability_adds(text: str, what: str) -> None:
    facts = _facts(_card("Card", text, "Land"))
    assert any(f.startswith('produces("Card",1,') and what in f for f in facts), facts


def test_squandered_resources_sacrifices_a_land() -> None:
    facts = _facts(
        _card(
            "Squandered Resources",
            "Sacrifice a land: Add one mana of any type the sacrificed land could produce.",
            "Enchantment",
        )
    )
    assert 'cost("Squandered Resources",1,sacrifice(land))' in facts
    assert 'produces("Squandered Resources",1,type_sacrificed_land_could_produce,1)' in facts


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        # 602.5: "Activate only if you control ..." (old wording "Activate this ability only").
        (
            "{T}, Pay 1 life: Add one mana of any color. Activate this ability only if you control "
            "an artifact.",
            'activation_restriction("Spire",1,you_control(artifact))',
        ),
        (
            "{T}: Add {U} or {B}. Activate only if you control a Swamp.",
            'activation_restriction("Spire",1,you_control(swamp))',
        ),
        # 106.6: a spend restriction.
        (
            "{T}: Add {C}{C}{C}{C}. Spend this mana only on costs that contain {X}.",
            'spend_only_on("Spire",1,costs_with_x)',
        ),
        (
            "{T}: Add one mana of any color. Spend this mana only to cast a creature spell.",
            'spend_only_on("Spire",1,spells(creature))',
        ),
        # A depletion land: its rider is an effect in the vocabulary.
        (
            "{T}: Add {W} or {U}. Put a depletion counter on Spire.",
            'effect_part("Spire",1,put_counters(this,"depletion",1))',
        ),
        (
            "{T}, Remove a charge counter from Spire: Add one mana of any color.",
            'cost("Spire",1,remove_counter("charge",1))',
        ),
    ],
)
def test_riders_and_extra_costs(text: str, fact: str) -> None:
    assert fact in _facts(_card("Spire", text, "Land"))


def test_a_rider_no_template_covers_leaves_the_mana_ability_modelled() -> None:
    compiled = compile_card(
        _card(
            "Cinder Marsh",
            "{T}: Add {C}.\n{T}: Add {B} or {R}. Cinder Marsh doesn't untap during your next "
            "untap step.",
            "Land",
        )
    )
    facts = {str(f) for f in compiled.facts}
    assert 'produces("Cinder Marsh",2,one_of(b,b),1)' in facts
    assert (
        'not_modelled("Cinder Marsh",2,mana_rider,'
        '"Cinder Marsh doesn\'t untap during your next untap step.")' in facts
    )
    assert [(a.index, a.kind, a.modelled) for a in compiled.abilities][1:] == [
        (2, "mana", True),
        (2, "mana_rider", False),
    ]


def test_an_unknown_restriction_leaves_the_whole_ability_not_modelled() -> None:
    compiled = compile_card(
        _card("Card", "{T}: Add {C}{C}. Activate only if you control seven or more lands.", "Land")
    )
    assert [str(f) for f in compiled.facts] == [
        'not_modelled("Card",1,mana,'
        '"{T}: Add {C}{C}. Activate only if you control seven or more lands.")'
    ]


@pytest.mark.parametrize(
    ("name", "subtypes", "text", "expected"),
    [
        # 305.6: a basic land type gives the intrinsic "{T}: Add [mana]" (corpus: no text).
        ("Forest", ("Forest",), "", [("g", 1)]),
        ("Tropical Island", ("Forest", "Island"), "", [("u", 1), ("g", 2)]),
        ("Dryad Arbor", ("Forest", "Dryad"), "", [("g", 1)]),
        # Today's Oracle text: the reminder text of the intrinsic ability.
        ("Forest", ("Forest",), "({T}: Add {G}.)", [("g", 1)]),
    ],
)
def test_basic_land_types(
    name: str, subtypes: tuple[str, ...], text: str, expected: list[tuple[str, int]]
) -> None:
    compiled = compile_card(_card(name, text, "Land", subtypes=subtypes))
    for mana, n in expected:
        assert f'produces("{name}",{n},{mana},1)' in {str(f) for f in compiled.facts}
    assert compiled.status == "full"


def test_breeding_pool_numbers_its_text_after_its_intrinsic_abilities() -> None:
    compiled = compile_card(
        _card(
            "Breeding Pool",
            "As Breeding Pool enters the battlefield, you may pay 2 life. If you don't, Breeding "
            "Pool enters the battlefield tapped.",
            "Land",
            subtypes=("Forest", "Island"),
        )
    )
    assert [(a.index, a.modelled) for a in compiled.abilities] == [(1, True), (2, True), (3, False)]


@pytest.mark.parametrize(
    "text",
    [
        "Shivan Oasis enters the battlefield tapped.",  # 2023 wording
        "Shivan Oasis enters tapped.",  # today's
        "This land enters tapped.",
    ],
)
def test_enters_tapped_both_wordings(text: str) -> None:
    facts = _facts(_card("Shivan Oasis", text + "\n{T}: Add {R} or {G}.", "Land"))
    assert 'enters_tapped("Shivan Oasis")' in facts


def test_enters_tapped_unless_is_not_modelled() -> None:
    compiled = compile_card(
        _card(
            "Sulfur Falls",
            "Sulfur Falls enters the battlefield tapped unless you control an Island or a "
            "Mountain.\n{T}: Add {U} or {R}.",
            "Land",
        )
    )
    # 614.1c: how Sulfur Falls itself enters (kind ``enters``), not a static ability of the land.
    assert [(a.kind, a.modelled) for a in compiled.abilities] == [
        ("enters", False),
        ("mana", True),
    ]


@pytest.mark.parametrize(
    "text", ["Flying, vigilance", "Flying; vigilance", "Flying, vigilance (reminder.)"]
)
def test_keyword_lists(text: str) -> None:
    assert _facts(_card("Abbey Griffin", text, "Creature")) == {
        'keyword("Abbey Griffin",flying)',
        'keyword("Abbey Griffin",vigilance)',
    }


def test_keywords_the_rules_know() -> None:
    text = (
        "Haste\nDefender\nFlying\nVigilance\nLifelink\nFirst strike\nDouble strike\nTrample\n"
        "Deathtouch\nIndestructible\nWither\nReach\nFlash"
    )
    compiled = compile_card(_card("All", text, "Creature"))
    assert compiled.status == "full"
    assert len(compiled.facts) == 13
    assert 'keyword("All",first_strike)' in {str(f) for f in compiled.facts}


def test_an_unknown_keyword_in_a_list_is_not_modelled_alone() -> None:
    compiled = compile_card(_card("Abbey Gargoyles", "Flying, protection from red", "Creature"))
    assert {str(f) for f in compiled.facts} == {
        'keyword("Abbey Gargoyles",flying)',
        'not_modelled("Abbey Gargoyles",1,static,"protection from red")',
    }
    # 702.6a: equip is an activated ability.
    equip = compile_card(_card("Bonesplitter", "Equip {1}", "Artifact"))
    assert [a.kind for a in equip.abilities] == ["activated"]


@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Players can't gain life.", 'static("C",1,cant_gain_life(players))'),
        ("Your opponents can't gain life.", 'static("C",1,cant_gain_life(opponents))'),
        ("Your life total can't change.", 'static("C",1,life_cant_change(you))'),
        (
            "Creatures you control have haste.",
            'static("C",1,grant_keyword(haste,creatures_you_control))',
        ),
        ("All creatures have haste.", 'static("C",1,grant_keyword(haste,all_creatures))'),
        (
            "Nonbasic lands are Mountains.",
            'static("C",1,set_land_subtype(mountain,nonbasic_lands))',
        ),
        (
            "If you would gain life, you gain twice that much life instead.",
            'replacement("C",1,would_gain_life(you),multiply(2))',
        ),
        (
            "If you would gain life, you gain that much life plus 1 instead.",
            'replacement("C",1,would_gain_life(you),plus(1))',
        ),
        (
            "If an opponent would gain life, that player loses that much life instead.",
            'replacement("C",1,would_gain_life(opponents),lose_instead)',
        ),
        (
            "If a player would gain life, that player gains no life instead.",
            'replacement("C",1,would_gain_life(players),nothing_instead)',
        ),
        (
            "If you tap a permanent for mana, it produces twice as much of that mana instead.",
            'replacement("C",1,tapped_for_mana(permanents_you_control),multiply(2))',
        ),
        (
            "If a land is tapped for mana, it produces colorless mana instead of any other type.",
            'replacement("C",1,tapped_for_mana(lands),type_instead(c))',
        ),
        (
            "If a land is tapped for mana, it produces {B} instead of any other type and amount.",
            'replacement("C",1,tapped_for_mana(lands),one_mana_instead(b))',
        ),
        (
            "Whenever a player taps a land for mana, that player adds one mana of any type that "
            "land produced.",
            'mana_trigger("C",1,lands,type_produced(1))',
        ),
        (
            "Whenever enchanted land is tapped for mana, its controller adds {G}{G}.",
            'mana_trigger("C",1,enchanted,mana(g,2))',
        ),
        (
            "Whenever a Forest is tapped for mana, its controller adds an additional {G}.",
            'mana_trigger("C",1,forests,mana(g,1))',
        ),
        (
            "C enters the battlefield with X +1/+1 counters on it.",
            'enters_with_counters("C","+1/+1",x)',
        ),
        (
            "This creature enters with X +1/+1 counters on it.",
            'enters_with_counters("C","+1/+1",x)',
        ),
    ],
)
def test_static_replacement_and_mana_trigger_templates(text: str, fact: str) -> None:
    assert fact in _facts(_card("C", text, "Enchantment"))


@pytest.mark.parametrize(
    ("text", "facts"),
    [
        (
            "At the beginning of each player's upkeep, C deals 2 damage to that player.",
            {
                'trigger_event("C",1,beginning_of(upkeep,each_player))',
                'effect_part("C",1,damage(that_player,2))',
            },
        ),
        (
            "Whenever another creature enters the battlefield, you gain 1 life.",
            {'trigger_event("C",1,another_creature_enters)', 'effect_part("C",1,gain_life(you,1))'},
        ),
        (
            "Whenever you gain life, target opponent loses that much life.",
            {
                'ability_target("C",1,1,opponent,1)',
                'effect_part("C",1,lose_life(target(1),that_much))',
            },
        ),
        (
            # 207.2c: an ability word ("Raid") has no rules meaning.
            "Raid — At the beginning of your end step, if you attacked this turn, each opponent "
            "loses 3 life.",
            {
                'trigger_event("C",1,beginning_of(end,you))',
                'intervening_if("C",1,attacked_this_turn)',
                'effect_part("C",1,lose_life(each_opponent,3))',
            },
        ),
        (
            "At the beginning of your end step, if you attacked with a creature this turn, each "
            "opponent loses 3 life and you gain 3 life.",
            {
                'trigger_event("C",1,beginning_of(end,you))',
                'intervening_if("C",1,attacked_this_turn)',
                'effect_part("C",1,lose_life(each_opponent,3))',
                'effect_part("C",1,gain_life(you,3))',
            },
        ),
        (
            "At the beginning of each player's upkeep, that player loses half their life, rounded "
            "up.",
            {'effect_part("C",1,lose_life(that_player,half_life_rounded_up))'},
        ),
    ],
)
def test_triggered_templates(text: str, facts: set[str]) -> None:
    compiled = _facts(_card("C", text, "Enchantment"))
    assert facts <= compiled
    assert ('triggered("C",1)' in compiled) == bool(facts)


def test_that_player_needs_a_player_whose_step_it_is() -> None:
    assert _facts(_card("C", "At the beginning of your upkeep, that player loses 1 life.")) == {
        'not_modelled("C",1,triggered,"At the beginning of your upkeep, that player loses 1 life.")'
    }


def test_a_spell_effect_is_ability_zero() -> None:
    # 113.3a: an instant's or sorcery's text is its spell ability.
    assert _facts(_card("Chaplain's Blessing", "You gain 5 life.", "Sorcery")) == {
        'effect_part("Chaplain\'s Blessing",0,gain_life(you,5))'
    }
    # ... and an effect alone on a permanent is not an ability.
    compiled = compile_card(_card("Odd", "You gain 5 life.", "Enchantment"))
    assert [(a.kind, a.modelled) for a in compiled.abilities] == [("static", False)]


def test_a_spell_not_modelled_is_of_kind_spell() -> None:
    compiled = compile_card(
        _card(
            "Lightning Bolt",
            "Lightning Bolt deals 3 damage to target creature or player.",
            "Instant",
        )
    )
    assert compiled.status == "characteristics"
    assert [a.kind for a in compiled.abilities] == ["spell"]


def test_self_references_are_normalised() -> None:
    legendary = compile_card(
        _card("Erebos, God of the Dead", "Erebos enters the battlefield tapped.", "Creature")
    )
    assert [str(f) for f in legendary.facts] == ['enters_tapped("Erebos, God of the Dead")']


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("{T}: Add {C}. Activate only if you control seven or more lands.", "mana"),
        ("Whenever City of Brass becomes tapped, it deals 1 damage to you.", "triggered"),
        ("Whenever enchanted land is tapped for mana, its controller adds {B}{R}.", "mana_effect"),
        ('Enchanted land has "{T}: Add one mana of any color."', "mana_effect"),
        ("{2}, {T}: Draw a card. Activate only once each turn.", "activated"),
        ("{X}, {T}: Draw X cards.", "activated"),
        ("{T}: C deals 1 damage to any target.", "activated"),
        ("C can't block.", "static"),
        # Vivid Crag (614.1c); Thran Portal's "As ~ enters, choose a basic land type" (614.12).
        ("C enters tapped with two charge counters on it.", "enters"),
        ("As C enters, choose a basic land type.", "enters"),
        # Near misses: another permanent entering is not how ~ itself enters.
        ("Creatures your opponents control enter tapped.", "static"),
        ("Threshold — {G}, {T}, Sacrifice C: Draw a card.", "activated"),
    ],
)
def test_the_kind_of_an_ability_no_template_covers(text: str, kind: str) -> None:
    (ability,) = compile_card(_card("C", text, "Creature")).abilities
    assert (ability.kind, ability.modelled) == (kind, False)


def test_a_card_without_text_is_fully_modelled() -> None:
    compiled = compile_card(_card("Grizzly Bears", "", "Creature"))
    assert (compiled.facts, compiled.abilities, compiled.status) == ((), (), "full")


def test_hybrid_and_generic_costs() -> None:
    facts = _facts(_card("Fetid", "{W/B}, {T}: Add {W}.", "Land"))
    assert 'cost("Fetid",1,mana(hybrid(w,b),1))' in facts
    odd = compile_card(_card("Odd", "{2/W}, {T}: Add {W}.", "Land"))
    assert odd.status == "characteristics"


@pytest.mark.parametrize(
    ("text", "facts", "effect"),
    [
        # Chromatic Orrery's third ability: its cost is modelled, its effect is not (602.1).
        (
            "{5}, {T}: Draw a card for each color among permanents you control.",
            {'cost("C",1,mana(generic,5))', 'cost("C",1,tap)'},
            "Draw a card for each color among permanents you control.",
        ),
        # Grasping Dunes: 601.2c a target creature; 602.5d sorcery timing (old wording).
        (
            "{1}, {T}, Sacrifice C: Put a -1/-1 counter on target creature. Activate this "
            "ability only any time you could cast a sorcery.",
            {
                'cost("C",1,sacrifice(this))',
                'ability_target("C",1,1,creature,1)',
                'activation_timing("C",1,sorcery)',
            },
            "Put a -1/-1 counter on target creature.",
        ),
        # Opposition: "Tap an untapped creature you control"; a target of three kinds.
        (
            "Tap an untapped creature you control: Tap target artifact, creature, or land.",
            {
                'cost("C",1,tap_untapped(creature))',
                'ability_target("C",1,1,artifact_creature_or_land,1)',
            },
            "Tap target artifact, creature, or land.",
        ),
        # A cost no template derives is kept as other(Text): reported, never taken as paid.
        (
            "{T}, Discard a card: Draw a card.",
            {'cost("C",1,other("Discard a card"))', 'cost("C",1,tap)'},
            "Draw a card.",
        ),
    ],
)
def test_an_activated_ability_whose_effect_is_not_modelled(
    text: str, facts: set[str], effect: str
) -> None:
    compiled = compile_card(_card("C", text, "Creature"))
    found = {str(f) for f in compiled.facts}
    assert facts | {'activated("C",1)', f'not_modelled("C",1,effect,"{effect}")'} <= found
    assert [(a.kind, a.modelled) for a in compiled.abilities] == [
        ("activated", True),
        ("effect", False),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "{T}: Target creature you control gains flying until end of turn.",  # a qualified target
        "{T}: Tap target creature. Untap another target creature.",  # two targets
        "{1}: C gains flying until end of turn. Activate only once each turn.",
        "Threshold \u2014 {T}: Draw a card.",  # an ability word
        "+1: Draw a card.",  # 606: a loyalty ability
    ],
)
def test_activated_abilities_left_whole(text: str) -> None:
    compiled = compile_card(_card("C", text, "Creature"))
    assert [(a.kind, a.modelled) for a in compiled.abilities] == [("activated", False)]
