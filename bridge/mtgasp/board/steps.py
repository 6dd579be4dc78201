"""The steps of a turn as people say them: ``end_of_combat`` is "the end of combat step", and the
main phases are phases, with no steps (505.1)."""

from __future__ import annotations

__all__ = ["step_name"]

_PHASES = {"precombat_main": "precombat main phase", "postcombat_main": "postcombat main phase"}


def step_name(step: str) -> str:
    """``"end_of_combat"`` -> ``"end of combat step"``; ``"precombat_main"`` -> ``"precombat
    main phase"`` (the board file's name of a step, as text says it)."""
    return _PHASES.get(step, f"{step.replace('_', ' ')} step")
