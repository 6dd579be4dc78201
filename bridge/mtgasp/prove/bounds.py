"""What both engines of ``mtgasp prove`` share: the bounds of a search and its report.

``asp`` (``prove/asp.py``) grounds the rules over chosen boards and solves once; ``enumerate``
(``prove/enumerate.py``) asks the normal queries of every canonical board within the bounds and
evaluates the property on their outputs. Both read one property language (``prove/vocabulary.py``,
docs/consistency.md) and answer with one :class:`ProveReport`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..solve.control import SolveStats

__all__ = ["ENGINES", "MAX_PERMANENTS", "MAX_PLAYERS", "Bounds", "ProveReport"]

#: The engines of ``mtgasp prove`` (``--engine``); the first is the default.
ENGINES = ("asp", "enumerate")

#: The most permanents and players a search may ask for (the search grows exponentially).
MAX_PERMANENTS = 8
MAX_PLAYERS = 4


@dataclass(frozen=True)
class Bounds:
    """Which boards are searched: up to ``permanents`` permanents, each one of ``cards``, for
    ``players`` players (p1 active, then p2, ...), in the first main phase of turn 2.

    The richer board space (the enumerate engine): ``teams`` seats the players as Two-Headed
    Giant teams (810: p1 and p2 one team, p3 and p4 the other); ``lives`` are the life totals a
    player (a team) may have (empty: 20, a team 30); ``steps`` the steps the turn may be in
    (empty: the first main phase); ``effects`` the most lasting effects (instants and sorceries
    of ``cards`` that resolved earlier this turn and still apply); ``history`` varies what
    happened earlier this turn (each player gained or lost life, a permanent was tapped for mana);
    ``amounts`` the amounts of the life events the orderings and courses vocabularies ask about;
    ``hand`` the cards in every player's hand on every board (the castable vocabulary's cards).
    """

    permanents: int = 3
    players: int = 2
    cards: tuple[str, ...] = ()  # empty: every hand-written card (asp/cards)
    teams: bool = False
    lives: tuple[int, ...] = ()
    steps: tuple[str, ...] = ()
    effects: int = 0
    history: bool = False
    amounts: tuple[int, ...] = (1, 3)
    hand: tuple[str, ...] = ()

    def __str__(self) -> str:
        cards = f"{len(self.cards)} cards" if self.cards else "every hand-written card"
        permanents = "permanent" if self.permanents == 1 else "permanents"
        text = f"up to {self.permanents} {permanents} of {cards}, {self.players} players"
        if self.teams:
            text += " in Two-Headed Giant teams"
        if self.effects:
            text += f", up to {self.effects} lasting effect{'s' if self.effects > 1 else ''}"
        if self.lives:
            text += f", life {'/'.join(str(n) for n in self.lives)}"
        if self.steps:
            text += f", steps {'/'.join(self.steps)}"
        if self.history:
            text += ", this turn's history"
        if self.hand:
            text += f", {len(self.hand)} card{'s' if len(self.hand) > 1 else ''} in each hand"
        return text


@dataclass(frozen=True)
class ProveReport:
    """``holds`` when no board within ``bounds`` is a counterexample; otherwise ``counterexample``
    is a smallest such board as a board file (YAML) and ``reasons`` are the property's
    ``counterexample(Why)`` terms on it. ``boards`` is how many boards the enumerate engine
    covered (None for the asp engine, which searches them all in one solve); ``queries`` are the
    queries whose vocabulary the property reads."""

    property: str
    bounds: Bounds
    holds: bool
    reasons: tuple[str, ...]
    counterexample: str | None
    stats: SolveStats
    engine: str = "asp"
    boards: int | None = None
    queries: tuple[str, ...] = ()
    cpu_seconds: float = 0.0
    board_file: str | None = None
    """With ``--board FILE``: the one board the property was evaluated on."""
    casts: int | None = None
    """The asp engine, one solve per cast: how many casts were ground and solved."""
    step: str | None = None
    """``--step``: the event of the counterexample's step."""
