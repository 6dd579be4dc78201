"""Courses of events: ``step``, ``resolve``, ``event`` and ``cast`` (603, 608, 101.4, 119, 810).

A *course* is one way the game can go from a board until the stack is empty again: which
abilities trigger, the order they are put on the stack (APNAP, 603.3b), the targets chosen, then
each resolution with every choice players make (101.4), life events through the replacement
engine (614, 616). The encodings (``asp/queries/_course.lp``) give one stable model per course;
this module asks clingo for the distinct final states (projection, ``#project``) with one witness
course each, then has clingo count the courses per final state (up to a bound).

Identical cards and permanents are one choice (symmetry, see ``asp/rules/701-actions.lp``), so
"discard one of two Forests" is one course, not two.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from clingo import Function, Number, String, Symbol, SymbolType

from ._symbols import as_int, as_str
from .board import STEPS, Board, History, Permanent, Player, Team
from .errors import QueryError
from .facts import board_facts
from .solve import SolveStats, count_models, solve

__all__ = [
    "DEFAULT_MAX_COURSES",
    "MAX_HORIZON",
    "CourseReport",
    "FinalState",
    "Outcome",
    "StackObject",
    "TriggerVerdict",
    "board_to_data",
    "cast",
    "life_event",
    "next_step_triggers",
    "resolve",
    "step",
    "triggers_at",
]

#: Courses are counted one by one up to this many (the distinct final states are always exact).
DEFAULT_MAX_COURSES = 100_000
#: The longest course (resolution steps) tried before giving up and saying so.
MAX_HORIZON = 64

Query = Literal["step", "resolve", "event", "cast"]


@dataclass(frozen=True)
class TriggerVerdict:
    """An "at the beginning of" ability as the step begins: triggered (for whom) or why not."""

    permanent: str
    card: str
    ability: int
    controller: str
    triggered: bool
    player: str | None = None
    rule: str | None = None
    reason: str | None = None


@dataclass(frozen=True)
class StackObject:
    """An object on the stack in a course: a spell, an ability, or the requested event."""

    id: str
    card: str | None
    ability: int
    controller: str
    source: str | None
    subject: str | None
    x: int | None
    amount: int | None

    @property
    def label(self) -> str:
        if self.id == "request":
            return "the requested life event"
        if self.card is None:
            return self.id
        what = self.card if self.ability == 0 else f"{self.card} #{self.ability}"
        if self.source is not None:
            what += f" ({self.source})"
        if (
            self.subject is not None
            and self.id.startswith("t(")
            and self.subject != self.controller
        ):
            what += f" for {self.subject}"
        return what


@dataclass(frozen=True)
class FinalState:
    """Where a course ends: life totals (per player, or per team in Two-Headed Giant), zones."""

    life: tuple[tuple[str, int], ...]
    battlefield: tuple[str, ...]
    zones: tuple[tuple[str, str, str, str], ...]  # (player, zone, card name, card key)
    counters: tuple[tuple[str, str, int], ...]
    gained: tuple[tuple[str, int], ...]
    lost: tuple[tuple[str, int], ...]
    hit_horizon: bool


@dataclass(frozen=True)
class Outcome:
    """A distinct final state, how many courses lead to it, and one of them (the witness)."""

    state: FinalState
    courses: int
    changes: tuple[str, ...]
    board: Board
    _model: tuple[Symbol, ...] = field(repr=False, compare=False, default=())
    _source: Board | None = field(repr=False, compare=False, default=None)

    @property
    def witness(self) -> tuple[str, ...]:
        """One course that ends in this state, step by step (decoded when asked for)."""
        assert self._source is not None
        model = tuple(sorted(self._model))
        return tuple(_witness(model, _Names(self._source, _items(model))))


@dataclass(frozen=True)
class CourseReport:
    """Every course from a board until the stack is empty again, grouped by final state."""

    query: Query
    board: Board
    request: str
    triggers: tuple[TriggerVerdict, ...]
    outcomes: tuple[Outcome, ...]
    total_courses: int
    counted: bool
    max_courses: int
    horizon: int
    hit_horizon: bool
    unmodelled: tuple[str, ...]
    mana_values: tuple[tuple[str, str, int], ...] = ()
    stats: tuple[SolveStats, ...] = field(default=())

    @property
    def truncated(self) -> bool:
        """True when some count or course was cut by a bound (courses counted, horizon)."""
        return not self.counted or self.hit_horizon


# --- requests -----------------------------------------------------------------------------


def _player(board: Board, name: str) -> str:
    if name not in {p.name for p in board.players}:
        names = ", ".join(p.name for p in board.players)
        raise QueryError(f"no player named '{name}'; players are: {names}")
    return name


def step(board: Board, step_name: str, *, max_courses: int = DEFAULT_MAX_COURSES) -> CourseReport:
    """Begin ``step_name`` (e.g. ``upkeep``, ``end``) on ``board`` and follow every course.

    >>> report = step(load_board("examples/havoc-festival.yaml"), "upkeep")  # doctest: +SKIP
    """
    if step_name not in STEPS:
        raise QueryError(f"unknown step '{step_name}'; steps are: {', '.join(STEPS)}")
    facts = [Function("begin_step", [Function(step_name)])]
    turn = replace(board.turn, step=step_name)
    return _run(
        "step", replace(board, turn=turn), facts, f"beginning of the {step_name} step", max_courses
    )


def triggers_at(board: Board, step_name: str) -> tuple[TriggerVerdict, ...]:
    """Which "at the beginning of" abilities trigger as ``step_name`` begins, and why not.

    Cheap: no course is followed (the main job, ``mtgasp check``, uses it for the next step).
    """
    if step_name not in STEPS:
        raise QueryError(f"unknown step '{step_name}'; steps are: {', '.join(STEPS)}")
    turn = replace(board.turn, step=step_name)
    facts = board_facts(replace(board, turn=turn, stack=()))
    request = [Function("begin_step", [Function(step_name)])]
    probe = solve("step", facts, extra=request, consts={"horizon": 0}, max_models=1)
    return _triggers(board, probe.models[0]) if probe.models else ()


def next_step_triggers(board: Board) -> tuple[str | None, tuple[TriggerVerdict, ...]]:
    """The step after the board's (``next_step/1``, 500.1; None after the cleanup step) and which
    "at the beginning of" abilities trigger as it begins (see :func:`triggers_at`)."""
    facts = board_facts(replace(board, stack=()))
    request = [Function("begin_next_step", [])]
    probe = solve("step", facts, extra=request, consts={"horizon": 0}, max_models=1)
    for model in probe.models:
        for symbol in model:
            if symbol.name == "next_step":
                return symbol.arguments[0].name, _triggers(board, model)
    return None, ()


def resolve(board: Board, *, max_courses: int = DEFAULT_MAX_COURSES) -> CourseReport:
    """Resolve the board's stack, top first, with everything that triggers on the way."""
    if not board.stack:
        raise QueryError("the board's stack is empty: nothing to resolve")
    return _run("resolve", board, [], "the stack resolves", max_courses)


def life_event(
    board: Board,
    kind: Literal["gain", "lose", "set"],
    player: str,
    amount: int,
    *,
    max_courses: int = DEFAULT_MAX_COURSES,
) -> CourseReport:
    """Apply a life event to ``player`` (through replacement effects) and what it triggers."""
    _player(board, player)
    if amount < 0 and kind != "set":
        raise QueryError("the amount of life gained or lost must not be negative")
    act = {"gain": "gain_life", "lose": "lose_life", "set": "set_life"}[kind]
    facts = [
        Function(
            "event_request", [String(player), Function(act, [Function("you"), Number(amount)])]
        )
    ]
    text = {"gain": "gains", "lose": "loses", "set": "has their life total set to"}[kind]
    return _run("event", board, facts, f"{player} {text} {amount} life", max_courses)


def cast(
    board: Board,
    card: str,
    *,
    x: int = 0,
    controller: str | None = None,
    copy: bool = False,
    permanent_id: str | None = None,
    max_courses: int = DEFAULT_MAX_COURSES,
) -> CourseReport:
    """Cast ``card`` with X = ``x`` on top of the board's stack and resolve everything.

    With ``copy=True`` the permanent enters without having been that spell (e.g. a token copy):
    X is 0 for its enters abilities (107.3m).
    """
    from .solve import card_names

    if card not in card_names():
        raise QueryError(f"unknown card '{card}' (see `mtgasp cards`)")
    if x < 0:
        raise QueryError("X must not be negative")
    who = _player(board, controller or board.turn.active)
    taken = {p.id for p in board.battlefield} | {s.id for s in board.stack}
    new_id = permanent_id or _fresh_id(card, taken)
    if new_id in taken:
        raise QueryError(f"id '{new_id}' is already used on the board")
    if copy:
        facts = [Function("copy_request", [String(new_id), String(card), String(who)])]
        text = f"{who}'s {card} enters as a copy, not cast (X = 0 for it)"
        new = Permanent(new_id, card, who, who, since_turn_start=False)
    else:
        facts = [Function("cast_request", [String(new_id), String(card), String(who), Number(x)])]
        text = f"{who} casts {card} with X = {x}"
        new = Permanent(new_id, card, who, who, since_turn_start=False, x=x)
    return _run("cast", board, facts, text, max_courses, new)


def _fresh_id(card: str, taken: set[str]) -> str:
    base = "".join(ch if ch.isalnum() else "-" for ch in card.lower()).strip("-")
    candidate, n = base, 1
    while candidate in taken:
        n += 1
        candidate = f"{base}-{n}"
    return candidate


# --- solving --------------------------------------------------------------------------------


def _run(
    query: Query,
    board: Board,
    extra: list[Symbol],
    request: str,
    max_courses: int,
    new: Permanent | None = None,
) -> CourseReport:
    if max_courses < 1:
        raise QueryError("--max-courses must be at least 1")
    facts = board_facts(board)
    # Horizon: the objects on the stack at time 0 and their repetitions, doubled while a course
    # needs more (abilities triggered on the way).
    probe = solve(query, facts, extra=extra, consts={"horizon": 0}, max_models=1)
    if not probe.models:
        raise QueryError("no course: the request is impossible on this board")
    for symbol in probe.models[0]:
        if symbol.name == "cast_problem":
            rule, text = (as_str(a) for a in symbol.arguments)
            raise QueryError(f"{request}: impossible ({rule}: {text})")
    horizon = max(1, sum(as_int(s.arguments[1]) for s in probe.models[0] if s.name == "rounds"))
    stats = [probe.stats]
    while True:
        projected = solve(
            query,
            facts,
            extra=extra,
            consts={"horizon": horizon},
            project=True,
            sort_symbols=False,
        )
        stats.append(projected.stats)
        keys = [_final_key(model) for model in projected.models]
        hit = any(_py(s) == ("hit_horizon",) for key in keys for s in key)
        if not hit or horizon >= MAX_HORIZON:
            break
        horizon = min(MAX_HORIZON, horizon * 2)
    counts, counted, counting_stats = _count(query, facts, extra, horizon, max_courses)
    stats.append(counting_stats)
    return _decode(
        query,
        board,
        request,
        projected.models,
        keys,
        counts,
        counted,
        max_courses,
        horizon,
        hit,
        stats,
        new,
    )


#: The final-state atoms (``asp/queries/courses.lp`` shows exactly these).
_END_SIGNATURES = (
    ("end_life", 2),
    ("end_left", 1),
    ("end_entered", 1),
    ("end_moved", 3),
    ("end_counter", 3),
    ("end_gained", 2),
    ("end_lost", 2),
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
    return tuple([s for s in model if _name(s) in _END])


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


class _Names:
    """Readable names for items and card objects of one board."""

    def __init__(self, board: Board, items: dict[Symbol, StackObject]) -> None:
        self.board = board
        self.items = items
        self.cards: dict[str, str] = {p.id: p.card for p in board.battlefield}

    def item(self, symbol: Symbol) -> str:
        obj = self.items.get(symbol)
        return obj.label if obj is not None else str(symbol)

    def card(self, symbol: Symbol) -> str:
        if symbol.type == SymbolType.String:
            name = symbol.string
            card = self.cards.get(name)
            return f"{card} ({name})" if card is not None else name
        if symbol.name == "c" and len(symbol.arguments) == 3:
            owner, zone, index = symbol.arguments
            names = {
                "hand": self.board.hand,
                "graveyard": self.board.graveyard,
                "library": self.board.library,
            }
            return names[str(zone)][as_str(owner)][as_int(index) - 1]
        if symbol.name == "gone":
            return f"{as_str(symbol.arguments[0])} (gone)"
        return str(symbol)

    def card_name(self, symbol: Symbol) -> str:
        if symbol.type == SymbolType.String:
            return self.cards.get(symbol.string, symbol.string)
        return self.card(symbol)


def _item_id(symbol: Symbol) -> str:
    if symbol.name == "s":
        return as_str(symbol.arguments[0])
    if symbol.name == "cast":
        return f"cast:{as_str(symbol.arguments[0])}"
    return str(symbol)


def _items(model: Sequence[Symbol]) -> dict[Symbol, StackObject]:
    attrs: dict[Symbol, dict[str, Any]] = defaultdict(dict)
    for s in model:
        if s.name == "item":
            attrs[s.arguments[0]]
        elif s.name in (
            "item_card",
            "item_ability",
            "item_controller",
            "item_source",
            "item_subject",
            "item_x",
            "item_amount",
        ):
            key = s.name.removeprefix("item_")
            value = s.arguments[1]
            attrs[s.arguments[0]][key] = (
                as_int(value) if value.type == SymbolType.Number else as_str(value)
            )
    return {
        sym: StackObject(
            id=_item_id(sym),
            card=a.get("card"),
            ability=a.get("ability", 0),
            controller=a.get("controller", "?"),
            source=a.get("source"),
            subject=a.get("subject"),
            x=a.get("x"),
            amount=a.get("amount"),
        )
        for sym, a in attrs.items()
    }


def _decode(
    query: Query,
    board: Board,
    request: str,
    models: Sequence[Sequence[Symbol]],
    keys: Sequence[tuple[Symbol, ...]],
    counts: Counter[frozenset[int]],
    counted: bool,
    max_courses: int,
    horizon: int,
    hit: bool,
    stats: list[SolveStats],
    new: Permanent | None,
) -> CourseReport:
    first = models[0]
    triggers = _triggers(board, first)
    unmodelled: set[str] = set()
    mana_values: set[tuple[str, str, int]] = set()
    outcomes = []
    for model, key in zip(models, keys, strict=True):
        names = {_name(s) for s in model}
        state = _final_state(board, key, new)
        new_board = _final_board(board, state, new)
        outcomes.append(
            Outcome(
                state=state,
                courses=counts.get(_state_id(key), 0),
                changes=tuple(_changes(board, new_board, state)),
                board=new_board,
                _model=tuple(model),
                _source=board,
            )
        )
        if not names & {"unmodelled", "mana_value", "spell_mana_value"}:
            continue
        for s in model:
            if s.name == "unmodelled":
                unmodelled.add(f"{as_str(s.arguments[0])}: {as_str(s.arguments[1])}")
            elif s.name == "mana_value":
                mana_values.add(("battlefield", as_str(s.arguments[0]), as_int(s.arguments[1])))
            elif s.name == "spell_mana_value":
                mana_values.add(("stack", _item_id(s.arguments[0]), as_int(s.arguments[1])))
    outcomes.sort(
        key=lambda o: (
            -o.courses,
            o.state.life,
            o.state.battlefield,
            o.state.zones,
            o.state.counters,
            o.state.gained,
            o.state.lost,
        )
    )
    return CourseReport(
        query=query,
        board=board,
        request=request,
        triggers=triggers,
        outcomes=tuple(outcomes),
        total_courses=sum(counts.values()),
        counted=counted,
        max_courses=max_courses,
        horizon=horizon,
        hit_horizon=hit,
        unmodelled=tuple(sorted(unmodelled)),
        mana_values=tuple(sorted(mana_values)),
        stats=tuple(stats),
    )


def _triggers(board: Board, model: Sequence[Symbol]) -> tuple[TriggerVerdict, ...]:
    cards = {p.id: p for p in board.battlefield}
    verdicts = []
    for s in model:
        if s.name not in ("begin_trigger", "not_triggered"):
            continue
        args = s.arguments
        perm = cards[as_str(args[0])]
        common = (perm.id, perm.card, as_int(args[1]), perm.controller)
        if s.name == "begin_trigger":
            verdicts.append(TriggerVerdict(*common, True, player=as_str(args[2])))
        else:
            verdicts.append(
                TriggerVerdict(*common, False, rule=as_str(args[2]), reason=as_str(args[3]))
            )
    order = {p.id: i for i, p in enumerate(board.battlefield)}
    return tuple(
        sorted(set(verdicts), key=lambda v: (order[v.permanent], v.ability, v.player or ""))
    )


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


def _card_key(obj: Any) -> str:
    if isinstance(obj, tuple):
        _, owner, (zone,), index = obj
        return f"{owner}/{zone}/{index}"
    return str(obj)


def _object_cards(board: Board, new: Permanent | None) -> dict[str, str]:
    """Card names of objects a course may move: permanents, spells on the stack, the cast one."""
    cards = {item.id: item.source for item in board.stack if item.ability is None}
    cards.update({p.id: p.card for p in board.battlefield})
    if new is not None:
        cards[new.id] = new.card
    return cards


def _final_state(board: Board, key: Sequence[Symbol], new: Permanent | None) -> FinalState:
    """The final state: the board with the differences a course made (``end_*`` atoms)."""
    life = {p.name: p.life for p in board.players if p.team is None}
    life.update({t.name: t.life for t in board.teams})
    left: set[str] = set()
    entered: set[str] = set()
    moved: dict[str, tuple[str, str]] = {}
    counters = {(p.id, k): n for p in board.battlefield for k, n in p.counters.items() if n > 0}
    gained = dict(board.this_turn.gained_life)
    lost = dict(board.this_turn.lost_life)
    cards = _object_cards(board, new)
    hit = False
    for symbol in key:
        name, *args = _py(symbol)
        if name == "end_life":
            life[args[0]] = args[1]
        elif name == "end_left":
            left.add(args[0])
        elif name == "end_entered":
            entered.add(args[0])
        elif name == "end_moved":
            moved[_card_key(args[0])] = (args[2], args[1][0])
        elif name == "end_counter":
            counters[(args[0], args[1])] = args[2]
        elif name == "end_gained":
            gained[args[0]] = args[1]
        elif name == "end_lost":
            lost[args[0]] = args[1]
        elif name == "hit_horizon":
            hit = True
    zones = []
    for zone in ("hand", "graveyard", "library"):
        for player, names in getattr(board, zone).items():
            for index, card in enumerate(names, start=1):
                card_key = f"{player}/{zone}/{index}"
                where = moved.get(card_key, (player, zone))
                zones.append((where[0], where[1], card, card_key))
    for obj, where in moved.items():
        if "/" not in obj:
            zones.append((where[0], where[1], cards.get(obj, obj), obj))
    battlefield = [p.id for p in board.battlefield if p.id not in left] + sorted(entered)
    return FinalState(
        life=tuple(sorted(life.items())),
        battlefield=tuple(sorted(battlefield)),
        zones=tuple(sorted(zones)),
        counters=tuple(sorted((o, k, n) for (o, k), n in counters.items() if o in battlefield)),
        gained=tuple(sorted(gained.items())),
        lost=tuple(sorted(lost.items())),
        hit_horizon=hit,
    )


def _final_board(board: Board, state: FinalState, new: Permanent | None) -> Board:
    """The board a course ends on (stack empty), with this turn's history brought up to date."""
    life = dict(state.life)
    on_bf = set(state.battlefield)
    counters: dict[str, dict[str, int]] = defaultdict(dict)
    for perm, kind, n in state.counters:
        counters[perm][kind] = n
    battlefield = [
        p
        if dict(p.counters) == counters.get(p.id, {})
        else replace(p, counters=counters.get(p.id, {}))
        for p in board.battlefield
        if p.id in on_bf
    ]
    if new is not None and new.id in on_bf:
        battlefield.append(replace(new, counters=counters.get(new.id, {})))
    for item in board.stack:
        if item.id in on_bf and item.ability is None:
            battlefield.append(
                Permanent(
                    item.id,
                    item.source,
                    item.controller,
                    item.controller,
                    since_turn_start=False,
                    counters=counters.get(item.id, {}),
                    x=item.x,
                )
            )
    zone_maps: dict[str, dict[str, list[str]]] = {
        "hand": defaultdict(list),
        "graveyard": defaultdict(list),
        "library": defaultdict(list),
    }
    staying = []
    arriving = []
    for player, zone, card, key in state.zones:
        parts = key.split("/")
        if len(parts) == 3 and parts[0] == player and parts[1] == zone:
            staying.append((player, zone, int(parts[2]), card))
        else:
            arriving.append((player, zone, key, card))
    for player, zone, _, card in sorted(staying):
        zone_maps[zone][player].append(card)
    for player, zone, _, card in sorted(arriving):
        zone_maps[zone][player].append(card)
    players = tuple(Player(p.name, life.get(p.name, p.life), p.team) for p in board.players)
    teams = tuple(Team(t.name, life.get(t.name, t.life)) for t in board.teams)
    history = History(
        gained_life={p: n for p, n in state.gained if n > 0},
        lost_life={p: n for p, n in state.lost if n > 0},
        attacked_with=board.this_turn.attacked_with,
        tapped_for_mana=tuple(t for t in board.this_turn.tapped_for_mana if t in on_bf),
    )
    return Board(
        players=players,
        turn=board.turn,
        teams=teams,
        battlefield=tuple(battlefield),
        effects=board.effects,
        hand={p: tuple(c) for p, c in sorted(zone_maps["hand"].items())},
        graveyard={p: tuple(c) for p, c in sorted(zone_maps["graveyard"].items())},
        library={p: tuple(c) for p, c in sorted(zone_maps["library"].items())},
        stack=(),
        this_turn=history,
        source=board.source,
    )


def _changes(before: Board, after: Board, state: FinalState) -> list[str]:
    lines = []
    old_life = {p.name: p.life for p in before.players if p.team is None}
    old_life.update({t.name: t.life for t in before.teams})
    new_life = dict(state.life)
    for holder in sorted(new_life, key=lambda h: list(old_life).index(h) if h in old_life else 0):
        if new_life[holder] != old_life.get(holder):
            lines.append(f"{holder}: life {old_life.get(holder)} -> {new_life[holder]}")
    after_ids = {p.id for p in after.battlefield}
    for perm in before.battlefield:
        if perm.id not in after_ids:
            lines.append(f"{perm.controller}: {perm.id} ({perm.card}) left the battlefield")
    before_by_id = {p.id: p for p in before.battlefield}
    for perm in after.battlefield:
        old = before_by_id.get(perm.id)
        if old is None:
            counters = (
                ", ".join(f"{n} {k}" for k, n in sorted(perm.counters.items())) or "no counters"
            )
            lines.append(f"{perm.controller}: {perm.id} ({perm.card}) entered with {counters}")
        elif dict(old.counters) != dict(perm.counters):
            for kind in sorted(set(old.counters) | set(perm.counters)):
                before_n, after_n = old.counters.get(kind, 0), perm.counters.get(kind, 0)
                if before_n != after_n:
                    lines.append(
                        f"{perm.controller}: {perm.id} ({perm.card}) {kind} counters "
                        f"{before_n} -> {after_n}"
                    )
    for zone in ("hand", "graveyard"):
        old_zone = getattr(before, zone)
        new_zone = getattr(after, zone)
        for player in [p.name for p in before.players]:
            old_cards = Counter(old_zone.get(player, ()))
            new_cards = Counter(new_zone.get(player, ()))
            for card, n in sorted((new_cards - old_cards).items()):
                lines.append(f"{player}: +{n} {card} in {zone}")
            for card, n in sorted((old_cards - new_cards).items()):
                lines.append(f"{player}: -{n} {card} from {zone}")
    old_gained, old_lost = before.this_turn.gained_life, before.this_turn.lost_life
    for player, amount in state.gained:
        if amount != old_gained.get(player, 0):
            lines.append(f"{player}: gained {amount} life this turn (history)")
    for player, amount in state.lost:
        if amount != old_lost.get(player, 0):
            lines.append(f"{player}: lost {amount} life this turn (history)")
    return lines or ["nothing changed"]


def _witness(model: Sequence[Symbol], names: _Names) -> list[str]:
    by_name: dict[str, list[Symbol]] = defaultdict(list)
    for s in model:
        by_name[s.name].append(s)
    targets: dict[Symbol, list[str]] = defaultdict(list)
    for s in sorted(by_name["target"]):
        targets[s.arguments[0]].append(names.card(s.arguments[2]))

    spec_items = {s.arguments[0] for s in by_name["target_spec"]}

    def described(item: Symbol) -> str:
        text = names.item(item)
        obj = names.items.get(item)
        if obj is not None and obj.x is not None and obj.id.startswith("cast:"):
            text += f" with X = {obj.x}"
        if obj is not None and obj.amount is not None:
            text += f" (that much: {obj.amount})"
        if targets.get(item):
            text += ", targeting " + ", ".join(targets[item])
        elif item in spec_items:
            text += ", no target"
        return text

    lines = []
    initial = sorted((as_int(s.arguments[1]), s.arguments[0]) for s in by_name["stack"])
    if initial:
        lines.append("stack, top first: " + "; ".join(described(i) for _, i in initial))
    events: dict[int, list[str]] = defaultdict(list)
    pushed_at: dict[int, list[tuple[int, Symbol]]] = defaultdict(list)
    puts = {s.arguments[0]: as_int(s.arguments[1]) for s in by_name["put"]}
    for s in by_name["pushed"]:
        t = as_int(s.arguments[1])
        if t > 0:
            pushed_at[t].append((puts.get(s.arguments[0], 0), s.arguments[0]))
    for s in by_name["fizzles"]:
        t = as_int(s.arguments[1])
        events[t].append(f"does nothing: {as_str(s.arguments[2])} {as_str(s.arguments[3])}")
    # 101.4: players choose in turn order from the resolving object's controller.
    seats = {p.name: i for i, p in enumerate(names.board.players)}
    actor: dict[int, str] = {}
    for s in by_name["acts"]:
        acting = names.items.get(s.arguments[0])
        actor[as_int(s.arguments[1])] = acting.controller if acting is not None else ""
    choices: dict[int, list[tuple[int, str]]] = defaultdict(list)

    def rank(when: int, who: str) -> int:
        start = seats.get(actor.get(when, ""), 0)
        return (seats.get(who, 0) - start) % max(1, len(seats))

    for s in by_name["punish"]:
        when, _, who, choice = s.arguments
        t, player = as_int(when), as_str(who)
        if choice.name == "lose":
            text = f"{player} chooses to lose life"
        else:
            verb = "discard" if choice.name == "discard" else "sacrifice"
            text = f"{player} chooses to {verb} {names.card(choice.arguments[0])}"
        choices[t].append((rank(t, player), text))
    for s in by_name["sacrifices"]:
        when, who, obj = s.arguments
        if not any(
            p.arguments[3].name == "sacrifice" and p.arguments[3].arguments[0] == obj
            for p in by_name["punish"]
        ):
            t, player = as_int(when), as_str(who)
            choices[t].append((rank(t, player), f"{player} chooses {names.card(obj)}"))
    for t, made in choices.items():
        events[t].append(", then ".join(text for _, text in sorted(made)))
    for s in by_name["sacrifices"]:
        when, who, obj = s.arguments
        events[as_int(when)].append(f"{as_str(who)} sacrifices {names.card(obj)}")
    for s in by_name["discards"]:
        when, who, obj = s.arguments
        events[as_int(when)].append(f"{as_str(who)} discards {names.card(obj)}")
    for s in by_name["draws"]:
        when, who, obj = s.arguments
        events[as_int(when)].append(f"{as_str(who)} draws {names.card(obj)}")
    for s in by_name["life_outcome"]:
        event, out = s.arguments
        t = as_int(event.arguments[0])
        player = as_str(event.arguments[2])
        kind = str(event.arguments[3]).replace("_life", "")
        amount = as_int(event.arguments[4])
        if out.name == "none":
            result = "nothing happens (it can't happen, or was replaced by nothing)"
        else:
            verb = "gains" if out.name == "gain_life" else "loses"
            result = f"{as_str(out.arguments[0])} {verb} {as_int(out.arguments[1])} life"
        plain = f"{player} {'gains' if kind == 'gain' else 'loses'} {amount} life"
        events[t].append(plain if plain == result else f"{plain} -> {result}")
    for s in by_name["returns"]:
        events[as_int(s.arguments[0])].append(
            f"{names.card(s.arguments[1])} returns to its owner's hand"
        )
    for s in by_name["enters"]:
        events[as_int(s.arguments[1])].append(
            f"{names.card(s.arguments[0])} enters the battlefield"
        )
    for s in by_name["counters_added"]:
        obj, what, n, when = s.arguments
        events[as_int(when)].append(f"{names.card(obj)} gets {as_int(n)} {as_str(what)} counter(s)")
    life_at: dict[int, list[str]] = defaultdict(list)
    for s in by_name["life_at"]:
        life_at[as_int(s.arguments[2])].append(f"{as_str(s.arguments[0])} {as_int(s.arguments[1])}")
    rounds = {s.arguments[0]: as_int(s.arguments[1]) for s in by_name["rounds"]}
    for s in sorted(by_name["acts"], key=lambda a: as_int(a.arguments[1])):
        item, t = s.arguments[0], as_int(s.arguments[1])
        round_no = next(
            (
                as_int(r.arguments[1])
                for r in by_name["resolution_round"]
                if r.arguments[0] == item and as_int(r.arguments[2]) == t
            ),
            1,
        )
        head = names.item(item)
        if rounds.get(item, 1) > 1:
            head += f" (repetition {round_no} of {rounds[item]})"
        body = "; ".join(events.get(t, [])) or "no effect"
        lines.append(f"{t}. {head} resolves: {body}. Life: {', '.join(sorted(life_at[t]))}.")
        if pushed_at.get(t):
            order = sorted(pushed_at[t], reverse=True)
            lines.append("   triggered, top first: " + "; ".join(described(i) for _, i in order))
    return lines


# --- writing boards -------------------------------------------------------------------------


def board_to_data(board: Board) -> dict[str, Any]:
    """A board as the data of a board file (YAML/JSON), e.g. to write a course's final board."""
    data: dict[str, Any] = {"players": []}
    for p in board.players:
        entry: dict[str, Any] = {"name": p.name}
        if p.team is None:
            entry["life"] = p.life
        else:
            entry["team"] = p.team
        data["players"].append(entry)
    if board.teams:
        data["teams"] = [{"name": t.name, "life": t.life} for t in board.teams]
    data["turn"] = {
        "active": board.turn.active,
        "step": board.turn.step,
        "number": board.turn.number,
    }
    if board.battlefield:
        data["battlefield"] = []
        for perm in board.battlefield:
            entry = {"id": perm.id, "card": perm.card, "controller": perm.controller}
            if perm.owner != perm.controller:
                entry["owner"] = perm.owner
            if perm.tapped:
                entry["tapped"] = True
            if not perm.since_turn_start:
                entry["since"] = "this_turn"
            if perm.counters:
                entry["counters"] = dict(perm.counters)
            if perm.attached_to is not None:
                entry["attached_to"] = perm.attached_to
            if perm.x is not None:
                entry["x"] = perm.x
            data["battlefield"].append(entry)
    if board.effects:
        data["effects"] = [
            {"id": e.id, "card": e.card, "controller": e.controller}
            | ({"player": e.player} if e.player is not None else {})
            for e in board.effects
        ]
    for zone in ("hand", "graveyard", "library"):
        cards = {p: list(c) for p, c in getattr(board, zone).items() if c}
        if cards:
            data[zone] = cards
    if board.stack:
        data["stack"] = []
        for item in board.stack:
            entry = {"id": item.id, "source": item.source, "controller": item.controller}
            if item.ability is not None:
                entry["ability"] = item.ability
            if item.targets:
                entry["targets"] = list(item.targets)
            if item.x is not None:
                entry["x"] = item.x
            data["stack"].append(entry)
    history: dict[str, Any] = {}
    if board.this_turn.gained_life:
        history["gained_life"] = dict(board.this_turn.gained_life)
    if board.this_turn.lost_life:
        history["lost_life"] = dict(board.this_turn.lost_life)
    if board.this_turn.attacked_with:
        history["attacked_with"] = {p: list(c) for p, c in board.this_turn.attacked_with.items()}
    if board.this_turn.tapped_for_mana:
        history["tapped_for_mana"] = list(board.this_turn.tapped_for_mana)
    if history:
        data["this_turn"] = history
    return data
