"""When a card of a player's hand may be cast (117.1a, 307.1, 702.8a): the castable query's
listing solve derives it (``asp/rules/117-casting-timing.lp``); this module reads it."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from clingo import Symbol, SymbolType

from ..solve._symbols import as_int, as_str

__all__ = ["CastTiming", "read_timings"]


@dataclass(frozen=True)
class CastTiming:
    """May the card be cast now: ``now`` with the one rule that allows it, or every rule that
    forbids it (rule, text). ``unknown``: static abilities not modelled (object, number) that
    could let it be cast now (a "not now" is then unproved, never a proof)."""

    now: bool
    rules: tuple[tuple[str, str], ...]
    unknown: tuple[tuple[str, int], ...] = ()

    def text(self) -> str:
        """One line: "now (702.8a it has flash: ...)" or "not now: 117.1a ...; ..."."""
        said = "; ".join(f"{rule} {text}" for rule, text in self.rules)
        if self.now:
            return f"now ({said})"
        if self.unknown:
            abilities = ", ".join(f"{o} #{n}" for o, n in self.unknown)
            return f"not now by {said}; unknown: abilities not modelled ({abilities})"
        return f"not now: {said}"


def read_timings(model: Sequence[Symbol]) -> dict[tuple[str, int], CastTiming]:
    """The timing of each card question (player, hand index) in the listing ``model``."""
    allowed: dict[tuple[str, int], tuple[str, str]] = {}
    forbidden: dict[tuple[str, int], list[tuple[str, str]]] = defaultdict(list)
    unknown: dict[tuple[str, int], list[tuple[str, int]]] = defaultdict(list)
    for symbol in model:
        if not symbol.name.startswith("cast_timing"):
            continue
        question, *rest = symbol.arguments
        key = (as_str(question.arguments[0]), as_int(question.arguments[1]))
        if symbol.name == "cast_timing":
            allowed[key] = (as_str(rest[0]), as_str(rest[1]))
        elif symbol.name == "cast_timing_violation":
            forbidden[key].append((as_str(rest[0]), as_str(rest[1])))
        else:
            unknown[key].append((_object_text(rest[0]), as_int(rest[1])))
    timings = {key: CastTiming(True, (rule,)) for key, rule in allowed.items()}
    for key, rules in forbidden.items():
        timings[key] = CastTiming(False, tuple(sorted(rules)), tuple(sorted(set(unknown[key]))))
    return timings


def _object_text(symbol: Symbol) -> str:
    """A permanent's id, or "hand #I" for the card itself (``c(P, hand, I)``)."""
    if symbol.type == SymbolType.Function and symbol.name == "c":
        return f"{as_str(symbol.arguments[0])}'s hand #{as_int(symbol.arguments[2])}"
    return as_str(symbol)
