"""The creatures query: every creature on the board with its power and toughness (208, 613.4).

Layer 7 is the encodings' (``asp/rules/208-power-toughness.lp``): characteristic-defining
abilities (7a), setting effects (7b, the latest timestamp wins), modifying effects and counters
(7c), switching (7d). This module decodes the result and what each sublayer contributed.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from clingo import Function, String, Symbol

from ..board.model import Board
from ..facts.board import board_facts
from ..solve._symbols import as_int, as_str
from ..solve.control import SolveStats, solve
from .not_modelled import Depends, decode_could_depend, depends_text

__all__ = ["Creature", "CreatureReport", "creatures", "pt_terms_text"]


@dataclass(frozen=True)
class Creature:
    """One creature on the battlefield now, with its power and toughness after layer 7."""

    permanent: str
    card: str
    controller: str
    power: int
    toughness: int
    terms: tuple[str, ...]
    """How layer 7 got there, sublayer by sublayer (``7c: +1/+1 counters x2 +2/+2``)."""
    depends_on: Depends = ()
    """Abilities not modelled the answer could depend on (a lord's static: 613.4c)."""


@dataclass(frozen=True)
class CreatureReport:
    creatures: tuple[Creature, ...]
    stats: SolveStats


_SUBLAYER = {"printed": "printed", "cda": "7a", "set": "7b", "modify": "7c", "switch": "7d"}
_ORDER = {"printed": 0, "cda": 0, "set": 1, "modify": 2, "switch": 3}


def creatures(board: Board) -> CreatureReport:
    """Every creature on ``board`` with its power and toughness now (time 0)."""
    solution = solve("creatures", board_facts(board))
    (model,) = solution.models
    return CreatureReport(_decode(board, model), solution.stats)


def _decode(board: Board, model: Sequence[Symbol]) -> tuple[Creature, ...]:
    power: dict[str, int] = {}
    toughness: dict[str, int] = {}
    terms: dict[str, list[tuple[int, str, str]]] = defaultdict(list)
    for symbol in model:
        name, args = symbol.name, symbol.arguments
        if name == "power_at":
            power[as_str(args[1])] = as_int(args[2])
        elif name == "toughness_at":
            toughness[as_str(args[1])] = as_int(args[2])
        elif name == "pt_term":
            obj, sub = as_str(args[1]), args[2].name
            text = _term_text(sub, args[3], as_int(args[4]), as_int(args[5]))
            terms[obj].append((_ORDER[sub], str(args[3]), text))
    order = {p.id: i for i, p in enumerate(board.battlefield)}
    depends = decode_could_depend(model, order)
    result = []
    for perm in board.battlefield:
        if perm.id in power:
            result.append(
                Creature(
                    perm.id,
                    perm.card,
                    perm.controller,
                    power[perm.id],
                    toughness[perm.id],
                    tuple(text for _, _, text in sorted(terms[perm.id])),
                    depends.get(Function("pt", [String(perm.id)]), ()),
                )
            )
    return tuple(result)


def _term_text(sub: str, key: Symbol, a: int, b: int) -> str:
    """One sublayer's contribution in words: ``7b: shrink sets 0/1``."""
    label = _SUBLAYER[sub]
    if sub == "printed":
        return f"printed {a}/{b}"
    if sub == "cda":
        return f"7a: its characteristic-defining ability makes it {a}/{b}"
    source = _key_text(key)
    if sub == "set":
        return f"{label}: {source} sets {a}/{b}"
    if sub == "switch":
        return f"{label}: {source} switches power and toughness"
    return f"{label}: {source} {a:+d}/{b:+d}"


def _key_text(key: Symbol) -> str:
    """What an effect's key names: an effect of the board, a static ability, counters."""
    args = key.arguments
    if key.name == "e":
        return as_str(args[0])
    if key.name == "s":
        return f"{as_str(args[0])}'s ability #{as_int(args[1])}"
    return f"{as_str(args[0])} counters"


def pt_terms_text(creature: Creature) -> str:
    """A creature's power and toughness with how layer 7 reached it, on one line, and what it
    could depend on (``2/2 (printed 2/2; could depend on: druid #1)``)."""
    caveat = depends_text(creature.depends_on)
    parts = [*creature.terms, *([caveat] if caveat else [])]
    return f"{creature.power}/{creature.toughness} ({'; '.join(parts)})"
