"""Decoding course models: trigger verdicts, final states, outcomes and what changed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from clingo import Symbol

from ...board.model import Board, Permanent
from ...board.tokens import TokenDefinition
from ...solve._symbols import as_int, as_str
from ...solve.control import SolveStats
from .count import _NAMES, Query, _name, _py, _state_id
from .model import CourseReport, Outcome, TriggerVerdict
from .names import _item_id
from .state import FinalState


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
    base = _Base(board, new)
    for model, key in zip(models, keys, strict=True):
        by_name = _by_name(model)
        state = base.state(
            key,
            _creatures(by_name.get("end_pt", ())),
            _tokens(by_name.get("end_token", ()), by_name.get("token_characteristic", ())),
        )
        outcomes.append(
            Outcome(
                state=state,
                courses=counts.get(_state_id(key), 0),
                _model=tuple(model),
                _source=board,
                _new=new,
            )
        )
        for s in by_name.get("unmodelled", ()):
            unmodelled.add(f"{as_str(s.arguments[0])}: {as_str(s.arguments[1])}")
        for s in by_name.get("damage_unmodelled", ()):
            unmodelled.add(f"{_damage_text(s.arguments[0])}: {as_str(s.arguments[1])}")
        for s in by_name.get("mana_value", ()):
            mana_values.add(("battlefield", as_str(s.arguments[0]), as_int(s.arguments[1])))
        for s in by_name.get("spell_mana_value", ()):
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
            o.state.lost_game,
            o.state.damage,
            o.state.effects,
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


def _damage_text(event: Symbol) -> str:
    """A damage event ``dmg(T, Source, Target, N, Kind)`` in words."""
    _, source, target, amount, _ = event.arguments
    return f"{as_str(source)} dealing {as_int(amount)} damage to {as_str(target)}"


def _by_name(model: Sequence[Symbol]) -> dict[str, list[Symbol]]:
    """A model's symbols grouped by name (names cached by handle: one pass, few calls into C)."""
    groups: dict[str, list[Symbol]] = {}
    known = _NAMES
    for s in model:
        name = known.get(s._rep)
        if name is None:
            name = _name(s)
        group = groups.get(name)
        if group is None:
            groups[name] = [s]
        else:
            group.append(s)
    return groups


def _creatures(end_pt: Sequence[Symbol]) -> tuple[tuple[str, int, int], ...]:
    """Each creature's power and toughness in the final state (``end_pt``, 613.4)."""
    values = [_py(s) for s in end_pt]  # ("end_pt", object, power, toughness)
    return tuple(sorted((object_id(v[1]), v[2], v[3]) for v in values))


def _tokens(
    end_token: Sequence[Symbol], characteristics: Sequence[Symbol]
) -> tuple[tuple[str, str, TokenDefinition], ...]:
    """The tokens a course created that are on the battlefield at its end (111.4): id, controller
    and definition (``end_token``, ``token_characteristic``)."""
    traits: dict[Any, list[Any]] = {}
    for s in characteristics:
        traits.setdefault(_py(s.arguments[0]), []).append(_py(s.arguments[1]))
    found = []
    for s in end_token:
        definition = _py(s.arguments[1])
        found.append(
            (
                object_id(_py(s.arguments[0])),
                as_str(s.arguments[2]),
                _definition(definition[1], traits.get(definition, [])),
            )
        )
    return tuple(sorted(found, key=lambda t: t[0]))


def _definition(name: str, traits: list[Any]) -> TokenDefinition:
    def words(kind: str) -> tuple[str, ...]:
        return tuple(sorted(t[1][0] for t in traits if t[0] == kind))

    pt = next((t[1:] for t in traits if t[0] == "pt"), (None, None))
    return TokenDefinition(
        name,
        words("type"),
        words("subtype"),
        words("color"),
        pt[0],
        pt[1],
        words("keyword"),
    )


def object_id(obj: Any) -> str:
    """A permanent's id: the board's, or, for a token a course created (``tok(O, N, J)``), its
    source's id with ``-token-J``."""
    if isinstance(obj, tuple) and obj[0] == "tok":
        return f"{obj[1]}-token-{obj[3]}"
    return str(obj)


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


class _Base:
    """What every final state of one board starts from (worked out once per report)."""

    def __init__(self, board: Board, new: Permanent | None) -> None:
        life = {p.name: p.life for p in board.players if p.team is None}
        life.update({t.name: t.life for t in board.teams})
        self.life = life
        self.counters = {
            (p.id, k): n for p in board.battlefield for k, n in p.counters.items() if n > 0
        }
        self.damage = {p.id: p.damage for p in board.battlefield if p.damage > 0}
        self.gained = dict(board.this_turn.gained_life)
        self.lost = dict(board.this_turn.lost_life)
        self.drawn = dict(board.this_turn.drawn_in_draw_step)
        self.cards = _object_cards(board, new)
        self.battlefield = [p.id for p in board.battlefield]
        self.zone_cards = [
            (player, zone, card, f"{player}/{zone}/{index}")
            for zone in ("hand", "graveyard", "library")
            for player, names in getattr(board, zone).items()
            for index, card in enumerate(names, start=1)
        ]

    def state(
        self,
        key: Sequence[Symbol],
        creatures: tuple[tuple[str, int, int], ...],
        tokens: tuple[tuple[str, str, TokenDefinition], ...],
    ) -> FinalState:
        """The final state: the board with the differences a course made (``end_*`` atoms)."""
        life = dict(self.life)
        left: set[str] = set()
        entered: set[str] = set()
        tapped: set[str] = set()
        moved: dict[str, tuple[str, str]] = {}
        counters = dict(self.counters)
        damage = dict(self.damage)
        effects: set[tuple[str, str, str]] = set()
        gained = dict(self.gained)
        lost = dict(self.lost)
        drawn = dict(self.drawn)
        pt_created: dict[Any, tuple[str, str, int, int, list[str]]] = {}
        used_up: set[str] = set()
        turn_ended = False
        hit = False
        lost_game = []
        for symbol in key:
            name, *args = _py(symbol)
            if name == "end_life":
                life[args[0]] = args[1]
            elif name == "end_left":
                left.add(args[0])
            elif name == "end_entered":
                entered.add(object_id(args[0]))
            elif name == "end_tapped":
                tapped.add(args[0])
            elif name == "end_moved":
                moved[_card_key(args[0])] = (args[2], args[1][0])
            elif name == "end_counter":
                counters[(args[0], args[1])] = args[2]
            elif name == "end_gained":
                gained[args[0]] = args[1]
            elif name == "end_lost":
                lost[args[0]] = args[1]
            elif name == "end_pt_effect":
                item, card, controller, power, toughness, obj = args
                entry = pt_created.setdefault(item, (card, controller, power, toughness, []))
                entry[4].append(obj)
            elif name == "end_used_up":
                used_up.add(args[0])
            elif name == "end_turn_effects_ended":
                turn_ended = True
            elif name == "end_drawn":
                drawn[args[0]] = args[1]
            elif name == "end_lost_game":
                lost_game.append((args[0], args[1]))
            elif name == "end_damage":
                damage[args[0]] = args[1]
            elif name == "end_effect":
                effects.add((args[1], args[2], args[3]))
            elif name == "hit_horizon":
                hit = True
        zones = []
        for player, zone, card, card_key in self.zone_cards:
            where = moved.get(card_key, (player, zone))
            zones.append((where[0], where[1], card, card_key))
        for obj, where in moved.items():
            if "/" not in obj:
                zones.append((where[0], where[1], self.cards.get(obj, obj), obj))
        battlefield = [p for p in self.battlefield if p not in left] + sorted(entered)
        on_bf = set(battlefield)
        return FinalState(
            life=tuple(sorted(life.items())),
            battlefield=tuple(sorted(battlefield)),
            zones=tuple(sorted(zones)),
            counters=tuple(
                sorted((o, k, n) for (o, k), n in counters.items() if o in on_bf and n > 0)
            ),
            gained=tuple(sorted(gained.items())),
            lost=tuple(sorted(lost.items())),
            hit_horizon=hit,
            lost_game=tuple(sorted(lost_game)),
            damage=tuple(sorted((o, n) for o, n in damage.items() if o in on_bf)),
            effects=tuple(sorted(effects)),
            tapped=tuple(sorted(tapped)),
            drawn=tuple(sorted(drawn.items())),
            used_up=tuple(sorted(used_up)),
            turn_effects_ended=turn_ended,
            creatures=creatures,
            tokens=tokens,
            pt_created=tuple(
                sorted(
                    (c, p, a, b, tuple(sorted(objs))) for c, p, a, b, objs in pt_created.values()
                )
            ),
        )
