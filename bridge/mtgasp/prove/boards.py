"""The boards the enumerate engine searches: every canonical board within the bounds, by size.

A board of size n has n things on it: permanents and lasting effects. Within the bounds each
permanent is one of the pool's permanent cards, controlled (and owned) by one of the players,
tapped or not, under its controller's control since the turn began or not; each lasting effect
is one of the pool's instants or sorceries, controlled by one player and naming one (the player
a "that player" effect speaks of). A board is a multiset of these: the permanents are listed in
one canonical order and numbered ``s1, s2, ...`` in it (the effects ``e1, ...``), so a board and
its renumberings are one board (symmetry). Around them: each player's (each team's) life from
``Bounds.lives``, the step from ``Bounds.steps``, with ``Bounds.history`` whether each player
gained life and lost life earlier this turn, and ``Bounds.hand`` in every player's hand. The
order of the boards is fixed: by size, then lexicographically, so every run numbers them alike
and a smallest counterexample is the first.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from .._text import quote
from ..board.model import (
    DEFAULT_LIFE,
    DEFAULT_TEAM_LIFE,
    STEPS,
    Board,
    History,
    LastingEffect,
    Permanent,
    Player,
    Team,
    Turn,
)
from ..cards import catalog
from ..cards.permanence import nonpermanent_cards
from ..errors import QueryError
from .bounds import MAX_PERMANENTS, MAX_PLAYERS, Bounds

__all__ = ["BoardSpace", "board_space"]

#: The most life totals and steps a bound may list (each multiplies the boards).
MAX_CHOICES = 8
#: The most cards ``--hand`` may name (each is a castable question per player and board).
MAX_HAND = 7

_Perm = tuple[int, int, bool, bool]  # card index, controller seat, tapped, recently controlled
_Effect = tuple[int, int, int]  # card index, controller seat, named player's seat
_History = tuple[tuple[bool, bool], ...]  # per player: gained life, lost life earlier this turn
_Parts = tuple[tuple[_Perm, ...], tuple[_Effect, ...], tuple[int, ...], str, _History]


@dataclass(frozen=True)
class BoardSpace:
    """The boards within some bounds: their parts, and how to list those of each size."""

    bounds: Bounds
    players: tuple[str, ...]
    permanent_cards: tuple[str, ...]
    effect_cards: tuple[str, ...]
    lives: tuple[int, ...]
    steps: tuple[str, ...]

    @property
    def sizes(self) -> range:
        return range(self.bounds.permanents + self.bounds.effects + 1)

    def _perm_states(self) -> list[_Perm]:
        seats = range(len(self.players))
        return list(
            itertools.product(range(len(self.permanent_cards)), seats, (False, True), (False, True))
        )

    def _effect_states(self) -> list[_Effect]:
        seats = range(len(self.players))
        return list(itertools.product(range(len(self.effect_cards)), seats, seats))

    def _around(self) -> list[tuple[tuple[int, ...], str, _History]]:
        """The life totals (one per player, or per team), the step and the history."""
        holders = 2 if self.bounds.teams else len(self.players)
        histories: Sequence[_History] = [()]
        if self.bounds.history:
            each = [(False, False), (False, True), (True, False), (True, True)]
            histories = list(itertools.product(each, repeat=len(self.players)))
        return list(
            itertools.product(itertools.product(self.lives, repeat=holders), self.steps, histories)
        )

    def count(self, size: int) -> int:
        """How many boards of this size (without listing them)."""
        perms, effects = len(self._perm_states()), len(self._effect_states())
        total = 0
        for n_effects in range(min(size, self.bounds.effects) + 1):
            n_perms = size - n_effects
            if n_perms > self.bounds.permanents:
                continue
            total += _multisets(perms, n_perms) * _multisets(effects, n_effects)
        return total * len(self._around())

    def boards(self, size: int, start: int = 0, stop: int | None = None) -> Iterator[Board]:
        """The boards of this size from the ``start``-th to before the ``stop``-th (the boards
        before ``start`` are skipped as their parts, never built)."""
        for parts in itertools.islice(self._all(size), start, stop):
            yield self._board(*parts)

    def _all(self, size: int) -> Iterator[_Parts]:
        perm_states, effect_states = self._perm_states(), self._effect_states()
        around = self._around()
        for n_effects in range(min(size, self.bounds.effects) + 1):
            n_perms = size - n_effects
            if n_perms > self.bounds.permanents:
                continue
            for perms in itertools.combinations_with_replacement(perm_states, n_perms):
                for effects in itertools.combinations_with_replacement(effect_states, n_effects):
                    for lives, step, history in around:
                        yield perms, effects, lives, step, history

    def _board(
        self,
        perms: Sequence[_Perm],
        effects: Sequence[_Effect],
        lives: Sequence[int],
        step: str,
        history: Sequence[tuple[bool, bool]],
    ) -> Board:
        names = self.players
        teams: tuple[Team, ...] = ()
        if self.bounds.teams:
            teams = (Team("t1", lives[0]), Team("t2", lives[1]))
            players = tuple(Player(n, DEFAULT_LIFE, f"t{1 + i // 2}") for i, n in enumerate(names))
        else:
            players = tuple(Player(n, life) for n, life in zip(names, lives, strict=True))
        battlefield = tuple(
            Permanent(
                id=f"s{i}",
                card=self.permanent_cards[card],
                controller=names[seat],
                owner=names[seat],
                tapped=tapped,
                since_turn_start=not recent,
            )
            for i, (card, seat, tapped, recent) in enumerate(perms, start=1)
        )
        lasting = tuple(
            LastingEffect(
                id=f"e{i}",
                card=self.effect_cards[card],
                controller=names[seat],
                player=names[named],
            )
            for i, (card, seat, named) in enumerate(effects, start=1)
        )
        gained = {n: 1 for n, (g, _) in zip(names, history, strict=False) if g}
        lost = {n: 1 for n, (_, lo) in zip(names, history, strict=False) if lo}
        return Board(
            players=players,
            turn=Turn(active=names[0], step=step, number=2),
            teams=teams,
            battlefield=battlefield,
            effects=lasting,
            this_turn=History(gained_life=gained, lost_life=lost),
            hand={name: self.bounds.hand for name in names} if self.bounds.hand else {},
            source="<generated board>",
        )


def _multisets(kinds: int, size: int) -> int:
    """How many multisets of ``size`` items of ``kinds`` kinds."""
    if size == 0:
        return 1
    return math.comb(kinds + size - 1, size) if kinds else 0


@cache
def board_space(bounds: Bounds) -> BoardSpace:
    """The boards within ``bounds`` (a QueryError for bounds that make no sense)."""
    if not 0 <= bounds.permanents <= MAX_PERMANENTS:
        raise QueryError(f"--permanents must be between 0 and {MAX_PERMANENTS}")
    if not 1 <= bounds.players <= MAX_PLAYERS:
        raise QueryError(f"--players must be between 1 and {MAX_PLAYERS}")
    if bounds.teams and bounds.players != 4:
        raise QueryError(
            "--teams seats the players as two Two-Headed Giant teams of two (810.1): it needs "
            f"--players 4, not {bounds.players}"
        )
    if not 0 <= bounds.effects <= MAX_PERMANENTS:
        raise QueryError(f"--effects must be between 0 and {MAX_PERMANENTS}")
    if len(bounds.lives) > MAX_CHOICES or len(bounds.steps) > MAX_CHOICES:
        raise QueryError(f"--life and --steps list at most {MAX_CHOICES} values each")
    for life in bounds.lives:
        if not -99 <= life <= 999:
            raise QueryError(f"--life: {life} is not a life total from -99 to 999")
    for step in bounds.steps:
        if step not in STEPS:
            raise QueryError(f"--steps: '{step}' is not a step; steps are: {', '.join(STEPS)}")
    cards = tuple(sorted(set(bounds.cards))) if bounds.cards else catalog.handwritten_names()
    for option, names in (("--cards", cards), ("--hand", bounds.hand)):
        for card in names:
            found = catalog.lookup(card)
            if found is None or found.name != card:
                near = " or ".join(quote(n) for n in catalog.nearest(card))
                raise QueryError(
                    f"unknown card {quote(card)}{f' (did you mean {near}?)' if near else ''}; "
                    f"{option} takes the cards' Oracle names (a face's name for a multi-faced "
                    "card), see `mtgasp cards --search WORD`"
                )
    if len(bounds.hand) > MAX_HAND:
        raise QueryError(f"--hand names at most {MAX_HAND} cards")
    spells = nonpermanent_cards(cards)
    default_life = DEFAULT_TEAM_LIFE if bounds.teams else DEFAULT_LIFE
    return BoardSpace(
        bounds=bounds,
        players=tuple(f"p{seat}" for seat in range(1, bounds.players + 1)),
        permanent_cards=tuple(c for c in sorted(cards) if c not in spells),
        effect_cards=tuple(c for c in sorted(cards) if c in spells),
        lives=tuple(dict.fromkeys(bounds.lives)) or (default_life,),
        steps=tuple(dict.fromkeys(bounds.steps)) or ("precombat_main",),
    )
