"""Deterministic random boards made of the cards mtgasp knows, as board-file text (YAML).

The mix imitates a long multiplayer game: about half the permanents are lands, a third creatures
(mostly mana creatures), some artifacts, and a few enchantments with static abilities (Fervor,
Concordant Crossroads, March of the Machines) and Thousand-Year Elixir. Permanents are tapped or
untapped and long or recently controlled at fixed rates; 2 to 4 players.
"""

from __future__ import annotations

import random
from typing import Any

import yaml

__all__ = ["MIX", "STATIC_SOURCES", "board_data", "board_text"]

#: (Oracle name, weight): how often each card appears on a generated board.
MIX: tuple[tuple[str, int], ...] = (
    # lands: 36 of 77
    ("Forest", 9),
    ("Island", 6),
    ("Mountain", 6),
    ("Plains", 6),
    ("Swamp", 6),
    ("Wastes", 1),
    ("Reflecting Pool", 2),
    # creatures: 30 of 77
    ("Llanowar Elves", 10),
    ("Birds of Paradise", 8),
    ("Order of Whiteclay", 4),
    ("Gilder Bairn", 4),
    ("Raging Goblin", 4),
    # artifacts: 8 of 77
    ("Fellwar Stone", 5),
    ("Doubling Cube", 2),
    ("Thousand-Year Elixir", 1),
    # enchantments: 3 of 77
    ("Fervor", 1),
    ("March of the Machines", 1),
    ("Concordant Crossroads", 1),
)

#: The cards of the mix with a static ability that reaches other permanents.
STATIC_SOURCES = frozenset(
    {"Fervor", "Concordant Crossroads", "March of the Machines", "Thousand-Year Elixir"}
)

TAPPED_RATE = 0.3
RECENT_RATE = 0.15  # since: this_turn (302.6)


def board_data(permanents: int, seed: int) -> dict[str, Any]:
    """A board of ``permanents`` permanents; the same arguments always give the same board."""
    rng = random.Random(seed * 1_000_003 + permanents)
    players = [f"player{i + 1}" for i in range(rng.randint(2, 4))]
    names = [name for name, _ in MIX]
    weights = [weight for _, weight in MIX]
    battlefield = []
    for index, card in enumerate(rng.choices(names, weights, k=permanents)):
        perm: dict[str, Any] = {"id": f"p{index}", "card": card, "controller": rng.choice(players)}
        if rng.random() < TAPPED_RATE:
            perm["tapped"] = True
        if rng.random() < RECENT_RATE:
            perm["since"] = "this_turn"
        battlefield.append(perm)
    return {
        "players": [{"name": name, "life": rng.randint(1, 40)} for name in players],
        "turn": {
            "active": rng.choice(players),
            "step": "precombat_main",
            "number": rng.randint(3, 15),
        },
        "battlefield": battlefield,
    }


def board_text(permanents: int, seed: int) -> str:
    """:func:`board_data` as a board file, one flow mapping per permanent as people write them."""
    data = board_data(permanents, seed)
    return yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=120)
