"""Board effects that set, modify or switch power and toughness (613.4b-d): their validation and
their model. (A card's lasting effect is :class:`mtgasp.board.model.LastingEffect`.)"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .._text import nearest, quote
from ..errors import BoardProblem

__all__ = ["PowerToughnessEffect", "affects_problems", "effect_shape_problems", "pt_effect"]


@dataclass(frozen=True)
class PowerToughnessEffect:
    """An effect that sets (``becomes``), modifies (``gets``) or switches the power and toughness
    of some permanents until end of turn, with its timestamp (613.4b-d, 613.7)."""

    id: str
    controller: str
    affects: tuple[str, ...]
    kind: str  # "set", "modify" or "switch"
    power: int = 0
    toughness: int = 0
    timestamp: int = 1


_PT_KEYS = ("gets", "becomes", "switches")


def effect_shape_problems(where: str, effect: dict[str, Any]) -> Iterator[BoardProblem]:
    """An effect is either a card's lasting effect (``card``) or a power/toughness effect (one of
    ``gets``, ``becomes``, ``switches``, with ``affects`` and ``timestamp``)."""
    kinds = [k for k in _PT_KEYS if k in effect]
    if len(kinds) > 1:
        yield BoardProblem(
            f"{where}.{kinds[1]}",
            f"an effect has one of {', '.join(_PT_KEYS)}, not both {kinds[0]} and {kinds[1]} "
            "(list each as its own effect, with its own timestamp)",
        )
    if kinds and "card" in effect:
        yield BoardProblem(
            f"{where}.card",
            f"a power/toughness effect ({kinds[0]}) names no card; a card's lasting effect "
            "has 'card' and no gets, becomes or switches",
        )
    if not kinds and "card" not in effect:
        yield BoardProblem(
            where, "missing required key 'card' (or one of gets, becomes, switches with affects)"
        )
    if kinds:
        for key in ("affects", "timestamp"):
            if key not in effect:
                yield BoardProblem(where, f"a power/toughness effect ({kinds[0]}) needs '{key}'")
    else:
        for key in ("affects", "timestamp"):
            if key in effect:
                yield BoardProblem(
                    f"{where}.{key}", f"'{key}' belongs to effects with gets, becomes or switches"
                )


def affects_problems(data: dict[str, Any], ids: dict[str, str]) -> Iterator[BoardProblem]:
    """Every affected id is a permanent; no two timestamps are equal (613.7)."""
    permanents = {p["id"] for p in data.get("battlefield", [])}
    stamps: dict[int, str] = {}
    entries = [(f"battlefield[{i}]", p) for i, p in enumerate(data.get("battlefield", []))]
    entries += [(f"effects[{i}]", e) for i, e in enumerate(data.get("effects", []))]
    for where, entry in entries:
        for index, target in enumerate(entry.get("affects", [])):
            if target not in permanents:
                yield BoardProblem(
                    f"{where}.affects[{index}]",
                    f"no permanent with id {quote(target)}{nearest(target, sorted(permanents))}",
                )
        stamp = entry.get("timestamp")
        if stamp is None:
            continue
        if stamp in stamps:
            yield BoardProblem(
                f"{where}.timestamp",
                f"timestamp {stamp} is already {stamps[stamp]}'s; each object and effect has its "
                "own timestamp (613.7)",
            )
        else:
            stamps[stamp] = where


def pt_effect(data: dict[str, Any]) -> PowerToughnessEffect:
    """A power/toughness effect from its board entry (the schema checked the values' shape)."""
    common = (data["id"], data["controller"], tuple(data["affects"]))
    if "switches" in data:
        return PowerToughnessEffect(*common, "switch", timestamp=data["timestamp"])
    kind, text = ("modify", data["gets"]) if "gets" in data else ("set", data["becomes"])
    power, toughness = (int(part) for part in text.split("/"))
    return PowerToughnessEffect(*common, kind, power, toughness, data["timestamp"])
