"""The main job: run every query mtgasp knows on a board and collect one report."""

from __future__ import annotations

from dataclasses import dataclass

from ..board.events import LifeEvent
from ..board.model import Board
from ..cards.catalog import card_facts
from ..facts.board import board_cards, board_facts
from ..solve.control import solve
from .activations import ActivationReport, activations
from .attackers import AttackerReport, attackers
from .castable import CastableReport, castable_report, payments
from .courses.query import CourseReport, TriggerVerdict, next_step_triggers, step
from .creatures import CreatureReport, creatures
from .mana import CouldProduceReport, could_produce
from .orderings.query import OrderingsReport, life_orderings

__all__ = ["COMBAT_STEPS", "CheckReport", "check"]

#: The steps of the combat phase (506.1): at these ``check`` answers about combat too.
COMBAT_STEPS = (
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "end_of_combat",
)
#: Steps after which combat damage is still to be dealt, in the combat damage step (510.1).
_BEFORE_DAMAGE = ("declare_attackers", "declare_blockers")


@dataclass(frozen=True)
class CheckReport:
    """Everything the rules say about one board, one section per query."""

    board: Board
    activations: ActivationReport
    could_produce: CouldProduceReport
    castable: CastableReport
    """The active player's cards in hand and abilities with a mana cost, the cards' timing too."""
    others_castable: tuple[CastableReport, ...] = ()
    """Each other player holding cards: may each be cast now (117.1a, 702.8a) and be paid for."""
    combat: AttackerReport | None = None
    """At a combat step (506.1): the attacks and blocks, and who could attack (508.1a)."""
    combat_damage: CourseReport | None = None
    """After attackers or blockers are declared: every course of the combat damage step (510)."""
    creatures: CreatureReport | None = None
    """Every creature's power and toughness (208, 613.4)."""
    next_step: str | None = None
    next_step_triggers: tuple[TriggerVerdict, ...] = ()
    life_events: tuple[OrderingsReport, ...] = ()
    """For each player, gaining and losing 1 life, where a replacement or "can't" effect bears
    on it (614, 616, 119.7, 119.8); empty when none does."""


def check(board: Board) -> CheckReport:
    """Run every query on ``board``, grounding each entry program at most once: the castable
    query's answers serve both its report and the activations query's mana costs (601.2h), and
    the life events share one grounding of the orderings query."""
    active = board.turn.active
    controllers = {p.controller for p in board.battlefield}
    holders = [p.name for p in board.players if board.hand.get(p.name) and p.name != active]
    others = {*controllers, *holders} - {active}
    players = [active, *(p.name for p in board.players if p.name in others)]
    found = payments(board, players, cards=[active, *holders])
    combat_damage = _combat_damage(board)
    next_step: str | None
    if combat_damage is not None and board.turn.step == "declare_blockers":
        # The next step is the combat damage step: its courses say what triggers as it begins.
        next_step, triggers = "combat_damage", combat_damage.triggers
    else:
        next_step, triggers = _next_step(board)
    in_combat = board.turn.step in COMBAT_STEPS
    return CheckReport(
        board=board,
        activations=activations(board, known=found),
        could_produce=could_produce(board),
        castable=castable_report(active, found),
        others_castable=tuple(castable_report(name, found) for name in holders),
        combat=attackers(board) if in_combat else None,
        combat_damage=combat_damage,
        creatures=creatures(board),
        next_step=next_step,
        next_step_triggers=triggers,
        life_events=_life_events(board),
    )


def _combat_damage(board: Board) -> CourseReport | None:
    """Every course of the combat damage step (510.1, 510.2, 704) from a board where attackers
    (and perhaps blockers) are declared; blocks not yet declared (509) are taken as none."""
    if board.turn.step not in _BEFORE_DAMAGE or not any(p.attacking for p in board.battlefield):
        return None
    return step(board, "combat_damage")


def _next_step(board: Board) -> tuple[str | None, tuple[TriggerVerdict, ...]]:
    """The step after the board's (500.1) and what triggers as it begins (603.2b), as
    ``next_step_triggers`` answers. Where no card the board names has a triggered ability,
    nothing can trigger: the step alone is asked (``next-step.lp``), not the step query's whole
    course (``tests/test_check_groundings.py`` shows both give the same on every case board)."""
    if any(fact.name == "triggered" for fact in card_facts(board_cards(board))):
        return next_step_triggers(board)
    (model,) = solve("next-step", board_facts(board.without_stack()), max_models=1).models
    # None after the cleanup step: the next turn's untap step is not this turn's (500.1).
    return next((s.arguments[0].name for s in model if s.name == "next_step"), None), ()


def _life_events(board: Board) -> tuple[OrderingsReport, ...]:
    """A 1-life gain and loss of each player where an effect applies or a "can't" bears on it."""
    events = [LifeEvent(kind, p.name, 1) for p in board.players for kind in ("gain", "lose")]
    return tuple(
        report
        for report in life_orderings(board, events)
        if report.prohibited or any(e.applies_now for e in report.effects)
    )
