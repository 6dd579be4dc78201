"""The attackers query: which creatures could be declared as attackers now, and every rule that
forbids the rest (508.1a, 302.6, 702.3b, 508.1c), like the activations query judges abilities;
with each creature's power and toughness and what the board's combat already declares.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Literal

from clingo import Function, String

from ..board.model import Board
from ..facts.board import board_facts
from ..solve._symbols import as_int, as_str
from ..solve.control import SolveStats, solve
from .activations import Reason
from .not_modelled import Depends, decode_could_depend

__all__ = ["AttackVerdict", "AttackerReport", "attackers"]


@dataclass(frozen=True)
class AttackVerdict:
    """One creature: could it be declared as an attacker now, and if not, every reason."""

    permanent: str
    card: str
    controller: str
    power: int
    toughness: int
    reasons: tuple[Reason, ...]
    attacking: str | None
    """Whom the board's combat has it attack (506), if anyone."""
    blocking: str | None
    """Which attacker the board's combat has it block (509), if any."""
    depends_on: Depends = ()
    """Abilities not modelled the verdict could depend on (a static of any permanent: 604.1)."""

    @property
    def status(self) -> Literal["can_attack", "cannot_attack"]:
        return "cannot_attack" if self.reasons else "can_attack"


@dataclass(frozen=True)
class AttackerReport:
    active_player: str
    creatures: tuple[AttackVerdict, ...]
    stats: SolveStats


def attackers(board: Board) -> AttackerReport:
    """Judge every creature on ``board`` as a possible attacker of the active player now."""
    solution = solve("attackers", board_facts(board))
    (model,) = solution.models
    candidates: set[str] = set()
    reasons: dict[str, list[Reason]] = defaultdict(list)
    power: dict[str, int] = {}
    toughness: dict[str, int] = {}
    attacking: dict[str, str] = {}
    blocking: dict[str, str] = {}
    for symbol in model:
        name, args = symbol.name, symbol.arguments
        if name == "attack_candidate":
            candidates.add(as_str(args[0]))
        elif name == "attack_violation":
            reasons[as_str(args[0])].append(Reason(as_str(args[1]), as_str(args[2])))
        elif name == "power_at":
            power[as_str(args[1])] = as_int(args[2])
        elif name == "toughness_at":
            toughness[as_str(args[1])] = as_int(args[2])
        elif name == "attacking":
            attacking[as_str(args[1])] = as_str(args[2])
        elif name == "blocking":
            blocking[as_str(args[1])] = as_str(args[2])
    order = {p.id: i for i, p in enumerate(board.battlefield)}
    depends = decode_could_depend(model, order)
    verdicts = tuple(
        AttackVerdict(
            perm.id,
            perm.card,
            perm.controller,
            power.get(perm.id, 0),
            toughness.get(perm.id, 0),
            tuple(sorted(reasons[perm.id], key=lambda r: (r.rule, r.text))),
            attacking.get(perm.id),
            blocking.get(perm.id),
            depends.get(Function("attack", [String(perm.id)]), ()),
        )
        for perm in board.battlefield
        if perm.id in candidates
    )
    return AttackerReport(board.turn.active, verdicts, solution.stats)
