"""The names a board gives its players and objects, as events can name them: an event is written
with ``:`` between its parts (``damage:SOURCE:TARGET:N``, ``gain:PLAYER:N``, ``tap:PERMANENT``),
so a player's name or an id holding ``:`` could never be named in one (``damage:rhox:1:bears:2``
reads as source ``rhox``, target ``1``). Refused where the board names it, with what to write
instead."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .._text import quote
from ..errors import BoardProblem

__all__ = ["SEPARATOR", "separator_problems"]

#: What separates the parts of an event on the command line.
SEPARATOR = ":"

#: Where a board names what an event may name: players, and the ids of permanents, lasting
#: effects and stack objects.
_NAMED = (("players", "name"), ("battlefield", "id"), ("effects", "id"), ("stack", "id"))


def separator_problems(data: dict[str, Any]) -> Iterator[BoardProblem]:
    """A problem for each player name or id holding the event separator."""
    for section, key in _NAMED:
        for index, item in enumerate(data.get(section, [])):
            name = item[key]
            if SEPARATOR in name:
                suggestion = name.replace(SEPARATOR, "-")
                yield BoardProblem(
                    f"{section}[{index}].{key}",
                    f"{quote(name)} contains ':', which separates the parts of an event "
                    f"(damage:SOURCE:TARGET:N), so no event could name it; write "
                    f"{quote(suggestion)} instead",
                )
