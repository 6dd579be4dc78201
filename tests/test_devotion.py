"""Devotion (700.5) and the Gods' type-changing ability (613.1d), on a synthetic God.

Erebos is the only God mtgasp knows, and no black card has hybrid symbols; a synthetic "Test God"
(green, devotion 3) lets the rules meet hybrid symbols (Gilder Bairn's {G/U}{G/U}) and generic
ones. The scenario cases with Erebos are in tests/cases/turns.yaml.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clingo import Function, Number, String, Symbol

from mtgasp._resources import asp_path
from mtgasp.solve.control import solve


def _f(name: str, *args: Symbol) -> Symbol:
    return Function(name, list(args))


GOD = [
    _f("card", String("Test God")),
    _f("card_type", String("Test God"), Function("enchantment")),
    _f("card_type", String("Test God"), Function("creature")),
    _f("mana_cost", String("Test God"), Function("generic"), Number(3)),
    _f(
        "static",
        String("Test God"),
        Number(1),
        _f("not_creature_unless_devotion", Function("g"), Number(3)),
    ),
]


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rules = asp_path()
    path = tmp_path_factory.mktemp("devotion") / "devotion.lp"
    includes = [
        "defined.lp",
        "cards/cards.lp",
        "rules/109-objects.lp",
        "rules/613-characteristics.lp",
    ]
    path.write_text(
        "#const horizon = 0.\n"
        + "".join(f'#include "{rules / name}".\n' for name in includes)
        + "#show.\n#show is_type(O, T) : is_type(O, T, 0).\n",
        encoding="utf-8",
    )
    return path


def _is_creature(program: Path, cards: list[str]) -> bool:
    """Whether alice's Test God (devotion to green 3) is a creature beside these cards of hers."""
    facts = [_f("player", String("alice")), _f("seat", String("alice"), Number(1))]
    for index, card in enumerate(["Test God", *cards]):
        perm = String(f"o{index}")
        facts += [
            _f("permanent", perm),
            _f("card_of", perm, String(card)),
            _f("controller", perm, String("alice")),
        ]
    (model,) = solve(program, facts, extra=GOD).models
    return 'is_type("o0",creature)' in {str(s) for s in model}


def test_hybrid_symbols_count_toward_devotion_and_generic_ones_do_not(program: Path) -> None:
    # Erebos ruling 2013-09-15: hybrid symbols count toward each of their colors; numeric ones
    # toward none. Gilder Bairn {1}{G/U}{G/U}: 2 (the {1} and the God's own {3}: 0), below 3.
    assert not _is_creature(program, ["Gilder Bairn"])


def test_at_the_devotion_asked_the_god_is_a_creature(program: Path) -> None:
    # 700.5, 613.1d: {G/U}{G/U} + Llanowar Elves' {G} = 3 (without the hybrids, 1).
    assert _is_creature(program, ["Gilder Bairn", "Llanowar Elves"])


def test_only_symbols_of_the_color_asked_count(program: Path) -> None:
    # Lands have no mana cost; Birds of Paradise {G} adds 1; Raging Goblin's {R} and Rosheen
    # Meanderer's {R/G} count toward red, and Rosheen's toward green too: 2, below 3.
    assert not _is_creature(program, ["Plains", "Birds of Paradise", "Raging Goblin"])
    assert not _is_creature(program, ["Birds of Paradise", "Rosheen Meanderer"])
    assert _is_creature(program, ["Birds of Paradise", "Rosheen Meanderer", "Llanowar Elves"])
