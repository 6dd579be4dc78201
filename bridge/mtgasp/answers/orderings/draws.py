"""Orderings of a draw of several cards: N individual draws (121.2), each an event of its own
whose replacement effects the player orders (616.1). The encodings build each draw's graph
(``rules/121-drawing.lp``); this module combines the per-draw answers into the answer for the
whole instruction by counting: an outcome is the cards drawn in all, its orderings the product of
each draw's, summed over the ways to reach it.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ...board.values import Draw, Value
from .effect import Effect

__all__ = ["CombinedDraws", "combine_draws"]


class _Outcome(Protocol):
    @property
    def value(self) -> Value: ...
    @property
    def orderings(self) -> int: ...
    @property
    def witness(self) -> tuple[str, ...]: ...


class _Part(Protocol):
    """What is read of one individual draw's report (``orderings.OrderingsReport``)."""

    @property
    def outcomes(self) -> Sequence[_Outcome]: ...
    @property
    def effects(self) -> tuple[Effect, ...]: ...
    @property
    def total_orderings(self) -> int: ...
    @property
    def listed(self) -> tuple[tuple[str, ...], ...] | None: ...
    @property
    def noncommuting(self) -> tuple[tuple[str, str], ...]: ...


@dataclass(frozen=True)
class CombinedDraws:
    """The answer for the whole draw: outcomes as (value, orderings, witness), in order."""

    outcomes: tuple[tuple[Value, int, tuple[str, ...]], ...]
    effects: tuple[Effect, ...]
    total_orderings: int
    listed: tuple[tuple[str, ...], ...] | None
    noncommuting: tuple[tuple[str, str], ...]


def _cards(value: Value) -> int:
    """How many cards an individual draw's outcome draws (none, if it is replaced by nothing)."""
    return value.cards if isinstance(value, Draw) else 0


def combine_draws(
    player: str, parts: Sequence[_Part], list_all: bool, max_orderings: int
) -> CombinedDraws:
    """The answer on ``player``'s draws from the answers on each individual draw, in order."""
    counts: dict[int, int] = {0: 1}
    witnesses: dict[int, tuple[str, ...]] = {0: ()}
    for part in parts:
        next_counts: dict[int, int] = defaultdict(int)
        next_witnesses: dict[int, tuple[str, ...]] = {}
        for total, count in counts.items():
            for outcome in part.outcomes:
                cards = total + _cards(outcome.value)
                next_counts[cards] += count * outcome.orderings
                next_witnesses.setdefault(cards, witnesses[total] + outcome.witness)
        counts, witnesses = dict(next_counts), next_witnesses
    effects: dict[str, Effect] = {}
    for part in parts:
        for effect in part.effects:
            known = effects.get(effect.id)
            if known is None or (effect.applies_now and not known.applies_now):
                effects[effect.id] = effect
    total = 1
    for part in parts:
        total *= part.total_orderings
    listed = None
    if list_all:
        each = [part.listed or () for part in parts]
        listed = tuple(
            tuple(itertools.chain.from_iterable(combination))
            for combination in itertools.islice(itertools.product(*each), max_orderings)
        )
    return CombinedDraws(
        outcomes=tuple(
            (Draw(player, cards), counts[cards], witnesses[cards]) for cards in sorted(counts)
        ),
        effects=tuple(effects.values()),
        total_orderings=total,
        listed=listed,
        noncommuting=tuple(sorted({pair for part in parts for pair in part.noncommuting})),
    )
