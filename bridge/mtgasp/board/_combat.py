"""The combat a board declares (506, 508, 509): attackers (whom each attacks) and blockers (what
each blocks), validated against the turn, the players and the permanents."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .._text import nearest, quote
from ..errors import BoardProblem

__all__ = ["combat_problems"]

#: 506.1, 508.1, 509.1: the steps in which attacking (blocking) creatures exist.
_ATTACK_STEPS = ("declare_attackers", "declare_blockers", "combat_damage", "end_of_combat")
_BLOCK_STEPS = ("declare_blockers", "combat_damage", "end_of_combat")


def combat_problems(data: dict[str, Any]) -> Iterator[BoardProblem]:
    """506.2, 508.1a, 509.1a: attackers are the active player's (team's) and attack an opponent or
    an opponent's permanent (a planeswalker); a blocker is an untapped permanent of the player
    its attacker attacks (or of the planeswalker's controller), blocking an attacking one."""
    players = {p["name"]: p.get("team") for p in data["players"]}
    battlefield = data.get("battlefield", [])
    perms = {p["id"]: p for p in battlefield}
    turn = data.get("turn", {})
    active = turn.get("active", data["players"][0]["name"])
    step = turn.get("step", "precombat_main")

    def side(player: str) -> str:
        return players.get(player) or player

    def defender_of(target: str) -> str | None:
        if target in players:
            return target
        return perms[target]["controller"] if target in perms else None

    for index, perm in enumerate(battlefield):
        where = f"battlefield[{index}]"
        target = perm.get("attacking")
        if target is not None:
            if step not in _ATTACK_STEPS:
                yield BoardProblem(
                    f"{where}.attacking",
                    f"no creature is attacking in the {step} step; attackers exist from the "
                    f"declare_attackers step to the end_of_combat step (506.1, 508.1)",
                )
            if perm["controller"] in players and side(perm["controller"]) != side(active):
                yield BoardProblem(
                    f"{where}.attacking",
                    f"{quote(perm['controller'])} is not the active player {quote(active)}: only "
                    "the active player's creatures attack (506.2, 508.1a)",
                )
            if target in players and target in perms:
                yield BoardProblem(
                    f"{where}.attacking",
                    f"{quote(target)} names both a player and a permanent; rename the permanent",
                )
            defender = defender_of(target)
            if defender is None:
                known = sorted(players) + sorted(perms)
                yield BoardProblem(
                    f"{where}.attacking",
                    f"{quote(target)} is neither a player nor a permanent"
                    f"{nearest(target, known)}; it attacks a player or a planeswalker (506.2)",
                )
            elif defender in players and side(defender) == side(active):
                yield BoardProblem(
                    f"{where}.attacking",
                    f"{quote(target)} is not an opponent's: a creature attacks an opponent or a "
                    "planeswalker an opponent controls (506.2, 508.1b)",
                )
        yield from _blocking_problems(where, perm, perms, step, defender_of)


def _blocking_problems(
    where: str, perm: dict[str, Any], perms: dict[str, Any], step: str, defender_of: Any
) -> Iterator[BoardProblem]:
    attacker_id = perm.get("blocking")
    if attacker_id is None:
        return
    location = f"{where}.blocking"
    if step not in _BLOCK_STEPS:
        yield BoardProblem(
            location,
            f"no creature is blocking in the {step} step; blockers exist from the "
            "declare_blockers step to the end_of_combat step (509.1)",
        )
    if "attacking" in perm:
        yield BoardProblem(location, "an attacking creature can't also block (509.1a)")
    if perm.get("tapped", False):
        yield BoardProblem(location, "a blocking creature must be untapped when declared (509.1a)")
    attacker = perms.get(attacker_id)
    if attacker is None or "attacking" not in attacker:
        attackers = sorted(i for i, p in perms.items() if "attacking" in p)
        yield BoardProblem(
            location,
            f"{quote(attacker_id)} is not an attacking creature{nearest(attacker_id, attackers)}; "
            f"attackers are: {', '.join(attackers) or 'none'} (509.1a)",
        )
        return
    defender = defender_of(attacker["attacking"])
    if defender is not None and perm["controller"] != defender:
        yield BoardProblem(
            location,
            f"{quote(attacker_id)} attacks {quote(attacker['attacking'])}, so only "
            f"{quote(defender)} may block it (509.1a: the defending player's creatures block)",
        )
