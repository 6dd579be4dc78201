"""The final state of a course: where it ends, as plain data."""

from __future__ import annotations

from dataclasses import dataclass

from ...board.tokens import TokenDefinition


@dataclass(frozen=True)
class FinalState:
    """Where a course ends: life totals (per player, or per team in Two-Headed Giant), zones."""

    life: tuple[tuple[str, int], ...]
    battlefield: tuple[str, ...]
    zones: tuple[tuple[str, str, str, str], ...]  # (player, zone, card name, card key)
    counters: tuple[tuple[str, str, int], ...]
    gained: tuple[tuple[str, int], ...]
    lost: tuple[tuple[str, int], ...]
    hit_horizon: bool
    damage: tuple[tuple[str, int], ...] = ()  # damage marked on permanents (120.3e)
    effects: tuple[tuple[str, str, str], ...] = ()  # created: (card, controller, player)
    tapped: tuple[str, ...] = ()  # permanents that entered tapped (614.1c)
    creatures: tuple[tuple[str, int, int], ...] = ()  # (permanent, power, toughness), 613.4
    lost_game: tuple[tuple[str, str], ...] = ()  # (player, rule): 704.5a, 704.5b
    tokens: tuple[tuple[str, str, TokenDefinition], ...] = ()  # created: (id, controller, 111.4)
    drawn: tuple[tuple[str, int], ...] = ()  # cards drawn in the draw step this turn (504.1)
    # created "gets +A/+B until end of turn" effects: (card, controller, A, B, affected), 613.4c
    pt_created: tuple[tuple[str, str, int, int, tuple[str, ...]], ...] = ()
    used_up: tuple[str, ...] = ()  # the board's effects used up (615.7) or ended (514.2)
    turn_effects_ended: bool = False  # the cleanup step began: "until end of turn" ends (514.2)
