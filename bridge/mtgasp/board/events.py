"""Events as the command line and the API write them: one model and one parser for every query
that takes an event (``orderings``, ``event``; ``tap`` builds its own ``TapEvent``).

``tap:PERMANENT[:ABILITY[:TYPE]]`` is a mana ability resolving (106.12b); ``gain:PLAYER:N``,
``lose:PLAYER:N`` and ``set:PLAYER:N`` are life events (119.3, 119.5);
``damage:SOURCE:TARGET:N[:combat]`` is a source dealing damage (120.1, 120.2a);
``draw:PLAYER[:N]`` is a player drawing N cards, N individual draws (121.1, 121.2).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from .._text import quote
from ..errors import QueryError
from ..limits import MAX_NUMBER
from .model import Board
from .numbers import numeral, whole
from .values import MANA_TYPES

__all__ = [
    "COURSE_KINDS",
    "EVENT_KINDS",
    "LIFE_KINDS",
    "MAX_DRAWS",
    "DamageEvent",
    "DrawEvent",
    "Event",
    "LifeEvent",
    "TapEvent",
    "check_damage",
    "check_draw",
    "parse_event",
]

#: Every kind of event, the life events alone, and those ``mtgasp event`` takes.
EVENT_KINDS = ("tap", "gain", "lose", "set", "damage", "draw")
LIFE_KINDS = ("gain", "lose", "set")
COURSE_KINDS = ("gain", "lose", "set", "damage", "draw")

#: The most cards one requested draw may draw (121.2: each is an event of its own).
MAX_DRAWS = 100

_FORMS = {
    "tap": "tap:PERMANENT[:ABILITY[:TYPE]]",
    "gain": "gain:PLAYER:N",
    "lose": "lose:PLAYER:N",
    "set": "set:PLAYER:N",
    "damage": "damage:SOURCE:TARGET:N[:combat]",
    "draw": "draw:PLAYER[:N]",
}
_EXAMPLES = {
    "tap": ("tap:pool", "tap:birds:1:g"),
    "gain": ("gain:bob:3",),
    "damage": ("damage:lasher:bob:2",),
    "draw": ("draw:alice:2",),
}


@dataclass(frozen=True)
class TapEvent:
    """A permanent's mana ability resolves (106.12b); ``choice`` is the type for "any color"."""

    permanent: str
    ability: int = 1
    choice: str | None = None

    def __str__(self) -> str:
        chosen = f" choosing {{{self.choice.upper()}}}" if self.choice else ""
        return f"{self.permanent} is tapped for mana (ability #{self.ability}{chosen})"


@dataclass(frozen=True)
class LifeEvent:
    """A player gains or loses life, or has their life total set (119.3, 119.5)."""

    kind: Literal["gain", "lose", "set"]
    player: str
    amount: int
    cause: str | None = None  # the player who controls the spell or ability causing it, if known

    def __str__(self) -> str:
        if self.kind == "set":
            text = f"{self.player}'s life total becomes {self.amount}"
        else:
            text = f"{self.player} would {self.kind} {self.amount} life"
        if self.cause is not None:
            text += f" (caused by a spell or ability {self.cause} controls)"
        return text


@dataclass(frozen=True)
class DamageEvent:
    """A source (a permanent) would deal damage to a player or a permanent (120.1); combat damage
    or not (120.2a)."""

    source: str
    target: str
    amount: int
    combat: bool = False

    def __str__(self) -> str:
        kind = "combat damage" if self.combat else "damage"
        return f"{self.source} would deal {self.amount} {kind} to {self.target}"


@dataclass(frozen=True)
class DrawEvent:
    """A player draws ``count`` cards: that many individual draws, one at a time (121.1, 121.2)."""

    player: str
    count: int = 1

    def __str__(self) -> str:
        return f"{self.player} would draw {self.count} card{'' if self.count == 1 else 's'}"


Event = TapEvent | LifeEvent | DamageEvent | DrawEvent


def _help(kinds: Sequence[str]) -> str:
    """``events are written ... (e.g. ...)`` for the kinds accepted."""
    forms = [_FORMS[k] for k in kinds]
    written = ", ".join(forms[:-1]) + f" or {forms[-1]}" if len(forms) > 1 else forms[0]
    examples = ", ".join(e for k in kinds for e in _EXAMPLES.get(k, ()))
    return f"events are written {written} (e.g. {examples})"


def parse_event(text: str, *, kinds: Sequence[str] = EVENT_KINDS) -> Event:
    """Parse an event as the command line writes it (see ``mtgasp orderings --help``), accepting
    only the ``kinds`` given (:data:`EVENT_KINDS`, or :data:`LIFE_KINDS` for ``mtgasp event``)."""
    kind, _, rest = text.partition(":")
    parts = rest.split(":") if rest else []
    if kind in LIFE_KINDS and kind in kinds:
        if len(parts) < 2 or not numeral(parts[-1]):
            raise QueryError(f"'{text}': {kind} needs a player and an amount; {_help(kinds)}")
        amount = whole(parts[-1], "the amount of life", -MAX_NUMBER if kind == "set" else 0)
        return LifeEvent(kind, ":".join(parts[:-1]), amount)  # type: ignore[arg-type]
    if kind == "damage" and kind in kinds:
        combat = bool(parts) and parts[-1] == "combat"
        if combat:
            parts.pop()
        if len(parts) != 3 or not all(parts) or not numeral(parts[2]):
            raise QueryError(
                f"'{text}': damage needs a source, a target and an amount; {_help(kinds)}"
            )
        return DamageEvent(parts[0], parts[1], whole(parts[2], "the amount of damage", 0), combat)
    if kind == "draw" and kind in kinds:
        count = 1
        if len(parts) >= 2 and numeral(parts[-1]):
            count = _cards(text, parts.pop())
        if not parts or not all(parts):
            raise QueryError(f"'{text}': draw needs a player; {_help(kinds)}")
        return DrawEvent(":".join(parts), count)
    if kind == "tap" and kind in kinds:
        if not parts or not parts[0]:
            raise QueryError(f"'{text}': tap needs a permanent id; {_help(kinds)}")
        choice = None
        if len(parts) >= 3 and parts[-1].lower() in MANA_TYPES and numeral(parts[-2]):
            choice = parts.pop().lower()
        ability = 1
        if len(parts) >= 2 and numeral(parts[-1]):
            ability = whole(parts.pop(), "the ability number", 1)
        return TapEvent(":".join(parts), ability, choice)
    raise QueryError(f"unknown event '{text}'; {_help(kinds)}")


def _cards(text: str, count: str) -> int:
    """The number of cards a draw request draws: 1 to MAX_DRAWS (121.2: each is an event)."""
    try:
        return whole(count, "the number of cards", 1, MAX_DRAWS)
    except QueryError as error:
        raise QueryError(
            f"'{text}': {error}; one request draws at most {MAX_DRAWS} cards (121.2: each "
            "draw is an event of its own)"
        ) from None


def check_damage(board: Board, event: DamageEvent) -> DamageEvent:
    """``event``, if its source is a permanent and its target a player or a permanent (120.1)."""
    players = {p.name for p in board.players}
    ids = ", ".join(p.id for p in board.battlefield) or "none"
    if board.permanent(event.source) is None:
        raise QueryError(
            f"the source of damage must be a permanent: no permanent with id "
            f"{quote(event.source)}; ids are: {ids}"
        )
    if event.target not in players and board.permanent(event.target) is None:
        raise QueryError(
            f"damage is dealt to a player or a permanent (120.1): {quote(event.target)} is "
            f"neither; players are: {', '.join(sorted(players))}; permanent ids are: {ids}"
        )
    return event


def check_draw(board: Board, event: DrawEvent) -> DrawEvent:
    """``event``, if the player who draws is one of the board's (121.1)."""
    players = {p.name for p in board.players}
    if event.player not in players:
        raise QueryError(
            f"no player named {quote(event.player)}; players are: {', '.join(sorted(players))}"
        )
    return event
