"""Abilities this version does not model (issue 11, point 3): every answer that could depend on
one says so, in the rules (not_modelled/4, 613, 106.7, 602), on real corpus cards compiled from
their Oracle text, together with the compiled mana templates' real outcomes (106.1, 106.7, 602.5).
"""

from __future__ import annotations

from clingo import Function, Number, String, Symbol

from mtgasp.cards.catalog import card_facts
from mtgasp.cards.oracle import compile_card
from mtgasp.cards.record import CardRecord
from mtgasp.solve.control import solve

# Oracle texts as in the corpus (2023 wording).
CINDER_MARSH = CardRecord(
    "Cinder Marsh",
    types=("Land",),
    text="{T}: Add {C}.\n{T}: Add {B} or {R}. Cinder Marsh doesn't untap during your next untap "
    "step.",
)
DREADSHIP_REEF = CardRecord(
    "Dreadship Reef",
    types=("Land",),
    text="{T}: Add {C}.\n{1}, {T}: Put a storage counter on Dreadship Reef.\n{1}, Remove X storage "
    "counters from Dreadship Reef: Add X mana in any combination of {U} and/or {B}.",
)
SHIVAN_OASIS = CardRecord(
    "Shivan Oasis",
    types=("Land",),
    text="Shivan Oasis enters the battlefield tapped.\n{T}: Add {R} or {G}.",
)
UNDERGROUND_RIVER = CardRecord(
    "Underground River",
    types=("Land",),
    text="{T}: Add {C}.\n{T}: Add {U} or {B}. Underground River deals 1 damage to you.",
)
VALLEY_DASHER = CardRecord(
    "Swamp Tracker",  # a land with a subtype restriction (Tainted Field's template)
    types=("Land",),
    text="{T}: Add {C}.\n{T}: Add {W} or {B}. Activate this ability only if you control a Swamp.",
)
WILD_GROWTH_OLD = CardRecord(
    "Fertile Ground Variant",
    types=("Enchantment",),
    subtypes=("Aura",),
    text="Enchant land\nWhenever enchanted land is tapped for mana, its controller adds {B}{R}.",
)


def _s(value: str | int | Symbol) -> Symbol:
    if isinstance(value, str):
        return String(value)
    return Number(value) if isinstance(value, int) else value


def _f(name: str, *args: str | int | Symbol) -> Symbol:
    return Function(name, [_s(a) for a in args])


def _board(*permanents: tuple[str, CardRecord | str, str]) -> list[Symbol]:
    """Facts of a board in alice's main phase: (id, card, controller) permanents; a card given by
    name is a hand-written one (asp/cards), a record is compiled here."""
    facts = [
        _f("active_player", "alice"),
        _f("turn_number", 2),
        _f("step", Function("precombat_main")),
    ]
    for seat, player in enumerate(("alice", "bob"), start=1):
        facts += [_f("player", player), _f("seat", player, seat), _f("life", player, 20)]
    compiled: set[str] = set()
    for obj, card, controller in permanents:
        name = card if isinstance(card, str) else card.name
        facts += [_f("permanent", obj), _f("card_of", obj, name)]
        facts += [_f("controller", obj, controller), _f("owner", obj, controller)]
        if isinstance(card, str):
            facts += card_facts([name])  # no entry program includes the hand-written cards
        elif name not in compiled:
            compiled.add(name)
            facts += [_f("card", name)]
            facts += [_f("card_type", name, Function(t.lower())) for t in card.types]
            facts += list(compile_card(card).facts)
    return facts


def _atoms(
    query: str, facts: list[Symbol], *names: str, extra: tuple[Symbol, ...] = ()
) -> set[str]:
    (model,) = solve(query, facts, extra=extra).models
    return {str(s) for s in model if s.name in names}


def test_a_two_color_land_could_produce_both_and_its_rider_does_not_make_it_unknown() -> None:
    # 106.1, 106.7: "Add {B} or {R}": it could produce either; the untap rider changes nothing
    # of what it could produce.
    atoms = _atoms(
        "could-produce",
        _board(("marsh", CINDER_MARSH, "alice")),
        "could_produce",
        "could_produce_unknown",
    )
    assert atoms == {f'could_produce("marsh",{t})' for t in "bcr"}


def test_a_mana_ability_not_modelled_makes_could_produce_unknown() -> None:
    # Dreadship Reef's storage ability: which types it could add is not derived; what the land
    # could produce is {C} and possibly more, never "only {C}" (106.7).
    atoms = _atoms(
        "could-produce",
        _board(("reef", DREADSHIP_REEF, "alice"), ("pool", "Reflecting Pool", "alice")),
        "could_produce",
        "could_produce_unknown",
    )
    assert atoms == {
        'could_produce("reef",c)',
        'could_produce("pool",c)',
        'could_produce_unknown("reef","reef",3)',
        # 106.7: Reflecting Pool reads what a land alice controls could produce.
        'could_produce_unknown("pool","reef",3)',
    }


def test_an_opponents_unknown_land_makes_exotic_orchard_unknown_and_what_reads_it() -> None:
    # 106.7: Exotic Orchard reads bob's lands; Reflecting Pool reads alice's, the Orchard among
    # them: both answers could depend on bob's storage ability.
    atoms = _atoms(
        "could-produce",
        _board(
            ("reef", DREADSHIP_REEF, "bob"),
            ("orchard", "Exotic Orchard", "alice"),
            ("pool", "Reflecting Pool", "alice"),
        ),
        "could_produce_unknown",
    )
    assert atoms == {
        'could_produce_unknown("reef","reef",3)',
        'could_produce_unknown("orchard","reef",3)',
        'could_produce_unknown("pool","reef",3)',
    }


def test_a_mana_effect_not_modelled_is_a_caveat_on_every_answer() -> None:
    atoms = _atoms(
        "could-produce",
        _board(("aura", WILD_GROWTH_OLD, "alice"), ("forest", "Forest", "alice")),
        "mana_effect_not_modelled",
        "could_produce",
    )
    assert atoms == {'could_produce("forest",g)', 'mana_effect_not_modelled("aura",2)'}


def test_activations_of_abilities_not_modelled_are_neither_legal_nor_illegal() -> None:
    atoms = _atoms(
        "activations",
        _board(("reef", DREADSHIP_REEF, "alice")),
        "activation",
        "activation_not_modelled",
        "violation",
        extra=(Function("mana_unchecked", []),),
    )
    # Ability 2's cost is modelled (its effect is not): its activation is judged.
    assert atoms == {
        'activation("reef",1)',
        'activation("reef",2)',
        'activation_not_modelled("reef",3,mana,"{1}, Remove X storage counters from Dreadship '
        'Reef: Add X mana in any combination of {U} and/or {B}.")',
    }


def test_the_board_list_names_every_ability_not_modelled() -> None:
    atoms = _atoms(
        "activations",
        _board(("marsh", CINDER_MARSH, "alice"), ("oasis", SHIVAN_OASIS, "bob")),
        "object_not_modelled",
        extra=(Function("mana_unchecked", []),),
    )
    assert atoms == {
        'object_not_modelled("marsh","Cinder Marsh",2,mana_rider,'
        '"Cinder Marsh doesn\'t untap during your next untap step.")'
    }


def test_activate_only_if_you_control_a_swamp() -> None:
    # 602.5: "Activate only if you control a Swamp": a subtype; without a Swamp the ability can't
    # be activated, with one it can.
    without = _atoms(
        "activations",
        _board(("field", VALLEY_DASHER, "alice")),
        "violation",
        extra=(Function("mana_unchecked", []),),
    )
    assert {a for a in without if '"602.5"' in a} == {
        'violation(activate("field",2),"602.5","its \\"Activate only if you control ...\\" is '
        'not met")'
    }
    with_swamp = _atoms(
        "activations",
        _board(("field", VALLEY_DASHER, "alice"), ("swamp", "Swamp", "alice")),
        "violation",
        extra=(Function("mana_unchecked", []),),
    )
    assert with_swamp == set()


def test_a_painland_pays_for_either_color() -> None:
    # 106.1, 601.2h: "Add {U} or {B}": Underground River pays {B} (and Cinder Marsh {R}); the
    # choice is made as the ability resolves.
    facts = _board(("river", UNDERGROUND_RIVER, "alice"), ("marsh", CINDER_MARSH, "alice"))
    facts += [_f("in_zone", Function("hand"), "alice", 1, "Lightning Bolt")]
    facts += [_f("card", "Lightning Bolt"), _f("mana_cost", "Lightning Bolt", Function("b"), 1)]
    facts += [_f("mana_cost", "Lightning Bolt", Function("r"), 1)]
    (model,) = solve("castable", [*facts, Function("pay_request", [_f("card", "alice", 1)])]).models
    used = {str(s) for s in model if s.name == "use"}
    assert used == {'use("river",2,b)', 'use("marsh",2,r)'}


def test_a_payment_an_ability_not_modelled_could_make_is_unproved() -> None:
    # 601.2g: Dreadship Reef's storage ability could pay what no plan here pays: alice's "no" is
    # not proved; bob's answers do not depend on alice's land.
    facts = _board(("reef", DREADSHIP_REEF, "alice"), ("forest", "Forest", "bob"))
    atoms = _atoms(
        "castable",
        facts,
        "payment_not_modelled",
        extra=(Function("pay_for", [String("alice")]), Function("pay_for", [String("bob")])),
    )
    assert atoms == {'payment_not_modelled("alice","reef",3)'}
