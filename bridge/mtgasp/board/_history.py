"""The turn's history a board states (``this_turn``), validated against the turn: only an active
player has a draw step to have drawn cards in (504.1, 805.4b)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .._text import quote
from ..errors import BoardProblem

__all__ = ["draw_step_problems"]


def draw_step_problems(data: dict[str, Any], drawn: dict[str, int]) -> Iterator[BoardProblem]:
    """504.1, 805.4b: only an active player (the active team's players) has a draw step this turn,
    so only they can have drawn cards in it."""
    active = data.get("turn", {}).get("active", data["players"][0]["name"])
    team = {p["name"]: p.get("team") for p in data["players"]}
    mine = team.get(active)
    actives = [n for n, t in team.items() if n == active or (t is not None and t == mine)]
    for player, count in drawn.items():
        if count > 0 and player in team and player not in actives:
            yield BoardProblem(
                f"this_turn.drawn_in_draw_step.{player}",
                f"{quote(player)} is not an active player this turn, so has had no draw step in "
                f"which to draw {count} card{'s' if count != 1 else ''} (504.1: the active player "
                f"draws in their draw step); only {', '.join(map(quote, actives))} may have a "
                "count here (set turn.active, or remove this entry)",
            )
