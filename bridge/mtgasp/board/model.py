"""The board as typed, frozen values: players, teams, the turn, permanents, lasting effects, the
stack, the turn's history. Build one with :func:`mtgasp.board.load.load_board` or
:func:`~mtgasp.board.load.parse_board`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from .effects import PowerToughnessEffect
from .tokens import TokenDefinition

__all__ = [
    "DEFAULT_LIFE",
    "DEFAULT_TEAM_LIFE",
    "STEPS",
    "Board",
    "History",
    "LastingEffect",
    "Permanent",
    "Player",
    "PowerToughnessEffect",
    "StackItem",
    "Team",
    "Turn",
]

#: The steps of a turn, in order (500.1, 501-514), as the board file names them.
STEPS = (
    "untap",
    "upkeep",
    "draw",
    "precombat_main",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "end_of_combat",
    "postcombat_main",
    "end",
    "cleanup",
)

DEFAULT_LIFE = 20  # 103.4
DEFAULT_TEAM_LIFE = 30  # 810.4


@dataclass(frozen=True)
class Player:
    name: str
    life: int = DEFAULT_LIFE
    team: str | None = None


@dataclass(frozen=True)
class Team:
    name: str
    life: int = DEFAULT_TEAM_LIFE


@dataclass(frozen=True)
class Turn:
    active: str
    step: str = "precombat_main"
    number: int | None = None
    """The turn number; None when the board does not say (then no rule that asks for the first
    turn applies: 103.8's skipped draw)."""


@dataclass(frozen=True)
class Permanent:
    id: str
    card: str
    controller: str
    owner: str
    tapped: bool = False
    since_turn_start: bool = True
    counters: Mapping[str, int] = field(default_factory=dict)
    attached_to: str | None = None
    x: int | None = None
    chosen_color: str | None = None
    damage: int = 0  # damage marked on it (120.3e; removed in the cleanup step, 514.2)
    timestamp: int | None = None
    token: bool = False
    token_definition: TokenDefinition | None = None
    attacking: str | None = None
    blocking: str | None = None


@dataclass(frozen=True)
class LastingEffect:
    """The effect of a spell that resolved earlier and still applies (e.g. Pale Moon)."""

    id: str
    card: str
    controller: str
    player: str | None = None  # the player it names, if any ("that player can't gain life")
    source: str | None = None  # the source of damage chosen as it resolved (615.8, 609.7)


@dataclass(frozen=True)
class StackItem:
    id: str
    source: str
    controller: str
    ability: int | None = None
    targets: tuple[str, ...] = ()
    x: int | None = None


@dataclass(frozen=True)
class History:
    """What happened earlier this turn (603.4 conditions look back on it)."""

    gained_life: Mapping[str, int] = field(default_factory=dict)
    lost_life: Mapping[str, int] = field(default_factory=dict)
    attacked_with: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    tapped_for_mana: tuple[str, ...] = ()
    drawn_in_draw_step: Mapping[str, int] = field(default_factory=dict)
    """Cards each player drew in their draw step this turn (121, 504.1)."""


@dataclass(frozen=True)
class Board:
    """A game state. Build one with :func:`load_board` or :func:`parse_board`."""

    players: tuple[Player, ...]
    turn: Turn
    teams: tuple[Team, ...] = ()
    battlefield: tuple[Permanent, ...] = ()
    effects: tuple[LastingEffect, ...] = ()
    pt_effects: tuple[PowerToughnessEffect, ...] = ()
    hand: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    graveyard: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    library: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    stack: tuple[StackItem, ...] = ()
    this_turn: History = field(default_factory=History)
    source: str = "<board>"

    def permanent(self, permanent_id: str) -> Permanent | None:
        """The permanent with this id, or None."""
        return next((p for p in self.battlefield if p.id == permanent_id), None)

    def without_stack(self) -> Board:
        """This board with an empty stack, as the step queries ask about it: the board itself
        when its stack is empty, so that its facts, built once per board, serve those too."""
        return replace(self, stack=()) if self.stack else self
