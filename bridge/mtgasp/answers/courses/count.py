"""Course counting: the final-state atoms of a model, their identity, and how many courses end in
each final state (clingo counts them, ``count_models``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, Literal

from clingo import Symbol, SymbolType

from ...solve.control import SolveStats, solve
from ...solve.count import count_models

Query = Literal["step", "resolve", "event", "cast"]


#: The final-state atoms (``asp/queries/courses.lp`` shows exactly these).
_END_SIGNATURES = (
    ("end_life", 2),
    ("end_left", 1),
    ("end_entered", 1),
    ("end_tapped", 1),
    ("end_moved", 3),
    ("end_counter", 3),
    ("end_gained", 2),
    ("end_lost", 2),
    ("end_lost_game", 2),
    ("end_damage", 2),
    ("end_effect", 4),
    ("end_drawn", 2),
    ("end_pt_effect", 6),
    ("end_used_up", 1),
    ("end_turn_effects_ended", 0),
    ("hit_horizon", 0),
)
_END = {name for name, _ in _END_SIGNATURES}


def _count(
    query: Query, facts: list[Symbol], extra: list[Symbol], horizon: int, max_courses: int
) -> tuple[Counter[frozenset[int]], bool, SolveStats]:
    """How many courses end in each final state (by ``_state_id``), whether every course was
    counted, and what counting cost.

    Clingo counts the courses per final state without copying a course out (``count_models``).
    When there are more than ``max_courses`` courses, the counts are those of the first
    ``max_courses`` courses clingo enumerates with ``courses.lp`` (copied out one by one), as
    they always were.
    """
    fast = count_models(
        "courses",
        facts,
        _END_SIGNATURES,
        extra=extra,
        consts={"horizon": horizon},
        max_models=max_courses + 1,
    )
    if fast.exhausted and fast.total <= max_courses:
        return Counter({_state_id(k): n for k, n in fast.counts.items()}), True, fast.stats
    counting = solve(
        "courses",
        facts,
        extra=extra,
        consts={"horizon": horizon},
        max_models=max_courses + 1,
        sort_symbols=False,
    )
    # Same atoms come in the same order: count each order of handles, then merge the orders.
    raw: Counter[tuple[int, ...]] = Counter()
    for model in counting.models[:max_courses]:
        raw[tuple([_handle(symbol) for symbol in model])] += 1
    counts: Counter[frozenset[int]] = Counter()
    for handles, n in raw.items():
        counts[frozenset(handles)] += n
    counted = counting.exhausted and len(counting.models) <= max_courses
    return counts, counted, counting.stats


def _final_key(model: Sequence[Symbol]) -> tuple[Symbol, ...]:
    """The final-state atoms of a model (``end_*``, ``hit_horizon``), in the model's order."""
    known = _NAMES
    return tuple([s for s in model if (known.get(s._rep) or _name(s)) in _END])


def _state_id(atoms: Iterable[Symbol]) -> frozenset[int]:
    """A final state's identity: the handles of its atoms (equal for equal final states)."""
    return frozenset([_handle(s) for s in atoms])


def _handle(symbol: Symbol) -> int:
    """Clingo's handle of an (interned) symbol: equal symbols have equal handles."""
    handle: int = symbol._rep
    return handle


_NAMES: dict[int, str] = {}
_PY: dict[int, Any] = {}


def _name(symbol: Symbol) -> str:
    """The name of a function symbol, cached by handle (clingo calls are slow in bulk)."""
    handle = _handle(symbol)
    name = _NAMES.get(handle)
    if name is None:
        name = _NAMES[handle] = symbol.name if symbol.type == SymbolType.Function else ""
    return name


# --- decoding -------------------------------------------------------------------------------


def _py(symbol: Symbol) -> Any:
    """A symbol as plain Python data: str, int, or a tuple (name, args...); cached by handle."""
    handle = _handle(symbol)
    if handle in _PY:
        return _PY[handle]
    kind = symbol.type
    if kind == SymbolType.Number:
        value: Any = symbol.number
    elif kind == SymbolType.String:
        value = symbol.string
    else:
        value = (symbol.name, *(_py(a) for a in symbol.arguments))
    _PY[handle] = value
    return value
