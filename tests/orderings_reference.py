"""A brute-force reference for replacement orderings (616.1), written independently of the ASP.

Never part of the product: the differential test (tests/test_orderings_differential.py) and the
benchmark (benchmarks/orderings.py) compare the engine against it (and against ``memo_counts``,
the memoised counter a user would write, in the same file). It knows the cards' meaning
from its own table below (not from asp/cards) and enumerates every ordering one by one, with no
sharing: at each step the affected player may choose any effect not yet applied (614.5) that
applies to the event as it is now (616.1f), of the earliest 616.1 class among those; an event that
can't happen takes only self-replacement effects (614.17c, 119.7). The leaves of that tree are the
orderings; their final values are the outcomes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache

# A value: ("mana", (w, u, b, r, g, c)), ("gain", player, n), ("lose", player, n), ("none",).
Value = tuple[object, ...]

# Card name -> (ability number, condition, change): the replacement effects (614.1a).
REPLACEMENTS: dict[str, tuple[int, tuple[str, str], tuple[object, ...]]] = {
    "Mana Reflection": (1, ("tapped", "permanents_you_control"), ("multiply", 2)),
    "Nyxbloom Ancient": (1, ("tapped", "permanents_you_control"), ("multiply", 3)),
    "Contamination": (2, ("tapped", "lands"), ("one_mana", 2)),
    "Pale Moon": (1, ("tapped", "nonbasic_lands"), ("type", 5)),
    "Ritual of Subdual": (2, ("tapped", "lands"), ("type", 5)),
    "Tainted Remedy": (1, ("gain", "opponents"), ("lose_instead",)),
    "Rhox Faithmender": (1, ("gain", "you"), ("multiply", 2)),
    "Boon Reflection": (1, ("gain", "you"), ("multiply", 2)),
    "Alhammarret's Archive": (1, ("gain", "you"), ("multiply", 2)),
    "Sulfuric Vortex": (2, ("gain", "players"), ("nothing",)),
    "Leyline of Hope": (2, ("gain", "you"), ("plus", 1)),
    "Angel of Vitality": (2, ("gain", "you"), ("plus", 1)),
    "Heron of Hope": (2, ("gain", "you"), ("plus", 1)),
}
# Card name -> (who can't gain, who can't lose) relative to the controller (119.7, 119.8).
PROHIBITIONS: dict[str, tuple[str | None, str | None]] = {
    "Havoc Festival": ("players", None),
    "Leyline of Punishment": ("players", None),
    "Everlasting Torment": ("players", None),
    "Forsaken Wastes": ("players", None),
    "Erebos, God of the Dead": ("opponents", None),
    "Archfiend of Despair": ("opponents", None),
    "Skullcrack": ("players", None),
    "Platinum Emperion": ("you", "you"),
}
LANDS = {"Forest": (False, 4), "Swamp": (False, 2), "Grasping Dunes": (True, 5)}  # nonbasic, type


@dataclass(frozen=True)
class RefEffect:
    id: str
    controller: str
    condition: tuple[str, str]
    change: tuple[object, ...]
    rule_class: int = 5


@dataclass(frozen=True)
class RefEvent:
    """One event: its initial value, the affected player, what "can't" happen."""

    value: Value
    player: str
    cant_gain: bool = False
    cant_lose: bool = False
    source_controller: str = ""
    source_is_land: bool = False
    source_nonbasic: bool = False


def _in_scope(scope: str, controller: str, player: str) -> bool:
    return scope == "players" or (scope == "you") == (controller == player)


def applies(effect: RefEffect, event: RefEvent, value: Value) -> bool:
    kind, scope = effect.condition
    if kind == "tapped":
        if value[0] != "mana" or sum(value[1]) == 0:  # type: ignore[arg-type]
            return False
        if scope == "lands":
            return event.source_is_land
        if scope == "nonbasic_lands":
            return event.source_is_land and event.source_nonbasic
        return event.source_controller == effect.controller
    if value[0] != kind or value[2] == 0:  # type: ignore[comparison-overlap]
        return False
    return _in_scope(scope, effect.controller, event.player)


def apply(effect: RefEffect, value: Value) -> Value:
    change = effect.change
    if change[0] == "nothing":
        return ("none",)
    if value[0] == "mana":
        amounts = value[1]
        assert isinstance(amounts, tuple)
        if change[0] == "multiply":
            return ("mana", tuple(a * change[1] for a in amounts))  # type: ignore[operator]
        total = sum(amounts) if change[0] == "type" else 1
        new = [0] * 6
        new[change[1]] = total  # type: ignore[index]
        return ("mana", tuple(new))
    kind, player, amount = value
    assert isinstance(amount, int)
    if change[0] == "multiply":
        return (kind, player, amount * change[1])  # type: ignore[operator]
    if change[0] == "plus":
        return (kind, player, amount + change[1])  # type: ignore[operator]
    if change[0] == "lose_instead":
        return ("lose", player, amount)
    if change[0] == "gain_instead":
        return ("gain", player, amount)
    raise ValueError(change)


def cant_happen(event: RefEvent, value: Value) -> bool:
    if value[0] == "gain" and value[2] != 0:
        return event.cant_gain
    if value[0] == "lose" and value[2] != 0:
        return event.cant_lose
    return False


def _choices(
    effects: tuple[RefEffect, ...], event: RefEvent, applied: frozenset[str], value: Value
) -> list[RefEffect]:
    blocked = cant_happen(event, value)
    open_ = [
        e
        for e in effects
        if e.id not in applied and applies(e, event, value) and (not blocked or e.rule_class == 1)
    ]
    if not open_:
        return []
    first = min(e.rule_class for e in open_)  # 616.1a-e
    return [e for e in open_ if e.rule_class == first]


def orderings(
    effects: tuple[RefEffect, ...], event: RefEvent
) -> Iterator[tuple[tuple[str, ...], Value]]:
    """Every ordering (effect ids) with its result, one by one (no sharing: n! leaves)."""
    stack: list[tuple[tuple[str, ...], Value]] = [((), event.value)]
    while stack:
        path, value = stack.pop()
        choices = _choices(effects, event, frozenset(path), value)
        if not choices:
            yield path, (("none",) if cant_happen(event, value) else value)
            continue
        for effect in choices:
            stack.append(((*path, effect.id), apply(effect, value)))


def outcome_counts(effects: tuple[RefEffect, ...], event: RefEvent) -> Counter[Value]:
    """The number of orderings per outcome, by brute force."""
    return Counter(value for _, value in orderings(effects, event))


def careful_counts(effects: tuple[RefEffect, ...], event: RefEvent) -> Counter[Value]:
    """The number of orderings per outcome, every ordering enumerated one by one as a careful
    plain program does it (issue 29, point 6: the benchmark's brute force): each effect's test
    bound to the event once (what does not change along an ordering is decided before it), a
    depth-first walk over the effects left (no set of applied ids rebuilt at each step, no path
    kept), an ordering ended as soon as nothing applies (616.1f). The same choices as
    :func:`orderings` (tests/test_orderings_differential.py compares them)."""
    tests = [(_bound_test(e, event), e) for e in effects]
    counts: Counter[Value] = Counter()

    def walk(left: list[tuple[Callable[[Value], bool], RefEffect]], value: Value) -> None:
        blocked = cant_happen(event, value)
        open_ = [
            i
            for i, (test, effect) in enumerate(left)
            if test(value) and (not blocked or effect.rule_class == 1)
        ]
        if not open_:
            counts[("none",) if blocked else value] += 1
            return
        first = min(left[i][1].rule_class for i in open_)  # 616.1a-e
        for i in open_:
            effect = left[i][1]
            if effect.rule_class == first:
                walk(left[:i] + left[i + 1 :], apply(effect, value))

    walk(tests, event.value)
    return counts


def _bound_test(effect: RefEffect, event: RefEvent) -> Callable[[Value], bool]:
    """``applies(effect, event, value)`` as a function of the value alone."""
    kind, scope = effect.condition
    if kind == "tapped":
        if scope == "lands":
            source = event.source_is_land
        elif scope == "nonbasic_lands":
            source = event.source_is_land and event.source_nonbasic
        else:
            source = event.source_controller == effect.controller
        return lambda value: source and value[0] == "mana" and any(value[1])  # type: ignore[arg-type]
    covered = _in_scope(scope, effect.controller, event.player)
    return lambda value: covered and value[0] == kind and value[2] != 0


def memo_counts(effects: tuple[RefEffect, ...], event: RefEvent) -> Counter[Value]:
    """The number of orderings per outcome, memoised over (effects left per kind, current value):
    the simple program a user would write instead of brute force (the benchmark's second
    baseline). Effects that differ only by their id act alike (a kind); choosing any one of the
    ``k`` left of a kind leads to the same state, so it counts ``k`` times."""
    kinds: dict[RefEffect, int] = Counter(replace(e, id="") for e in effects)
    named = tuple(replace(kind, id=str(i)) for i, kind in enumerate(kinds))  # id: kind number

    @cache
    def count(left: tuple[int, ...], value: Value) -> Counter[Value]:
        present = tuple(kind for kind in named if left[int(kind.id)] > 0)
        choices = _choices(present, event, frozenset(), value)
        if not choices:
            return Counter({("none",) if cant_happen(event, value) else value: 1})
        total: Counter[Value] = Counter()
        for effect in choices:
            i = int(effect.id)
            after = (*left[:i], left[i] - 1, *left[i + 1 :])
            for outcome, ways in count(after, apply(effect, value)).items():
                total[outcome] += left[i] * ways
        return total

    return count(tuple(kinds.values()), event.value)


def from_board(board: object, event: object) -> tuple[tuple[RefEffect, ...], RefEvent]:
    """The reference's view of a real board (mtgasp.Board) and event (TapEvent / LifeEvent)."""
    from mtgasp.answers.orderings.query import LifeEvent, TapEvent

    players = [p.name for p in board.players]  # type: ignore[attr-defined]
    team = {p.name: (p.team or p.name) for p in board.players}  # type: ignore[attr-defined]
    sources = [*board.battlefield, *board.effects]  # type: ignore[attr-defined]
    effects = tuple(
        RefEffect(f"{s.id}#{REPLACEMENTS[s.card][0]}", s.controller, *REPLACEMENTS[s.card][1:])
        for s in sources
        if s.card in REPLACEMENTS
    )

    def covered(scope: str | None, controller: str, player: str) -> bool:
        if scope is None:
            return False
        if scope == "players":
            return True
        same = team[controller] == team[player]
        return same if scope == "you" else not same

    if isinstance(event, TapEvent):
        land = next(p for p in board.battlefield if p.id == event.permanent)  # type: ignore[attr-defined]
        nonbasic, index = LANDS[land.card]
        mana = [0] * 6
        mana[index] = 1
        ref = RefEvent(
            ("mana", tuple(mana)), land.controller, False, False, land.controller, True, nonbasic
        )
        return effects, ref
    assert isinstance(event, LifeEvent)
    player = event.player
    cant_gain = any(
        covered(PROHIBITIONS[s.card][0], s.controller, player)
        for s in sources
        if s.card in PROHIBITIONS
    )
    cant_lose = any(
        covered(PROHIBITIONS[s.card][1], s.controller, player)
        for s in sources
        if s.card in PROHIBITIONS
    )
    if event.kind == "set":
        life = next(p.life for p in board.players if p.name == player)  # type: ignore[attr-defined]
        if event.amount > life:
            value: Value = ("gain", player, event.amount - life)
        elif event.amount < life:
            value = ("lose", player, life - event.amount)
        else:
            value = ("none",)
    else:
        value = (event.kind, player, event.amount)
    del players
    return effects, RefEvent(value, player, cant_gain, cant_lose)


def value_text(value: Value) -> str:
    """The engine's text for a value (mtgasp.board.values), to compare outcomes."""
    if value[0] == "none":
        return "nothing happens"
    if value[0] == "mana":
        amounts = value[1]
        assert isinstance(amounts, tuple)
        parts = []
        for letter, amount in zip("WUBRGC", amounts, strict=True):
            symbol = "{" + letter + "}"
            parts.append(f"{symbol}x{amount}" if amount > 16 else symbol * amount)
        return "".join(parts) or "no mana"
    verb = "gains" if value[0] == "gain" else "loses"
    return f"{value[1]} {verb} {value[2]} life"
