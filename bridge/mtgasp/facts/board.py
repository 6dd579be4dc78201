"""Board -> clingo symbols: the input facts of every query.

Facts are built as :class:`clingo.Symbol` values, never by formatting strings, so no card name,
id or player name can change the program. The predicates are documented in ``asp/README.md``.
What a query is asked besides the board (its request) is built in ``facts/requests.py``. The facts
of the cards a board names come from :mod:`mtgasp.cards.catalog`.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from typing import Any

from clingo import Function, Number, String, Symbol

from ..board.model import Board
from ..board.numbers import number, whole
from ..board.tokens import TokenDefinition
from ..cards.catalog import card_facts
from .requests import asker, event_cause, event_request, mana_event_request

__all__ = [
    "asker_fact",
    "board_cards",
    "board_facts",
    "event_cause",
    "event_request",
    "mana_event_request",
    "number",
    "own_facts",
    "render_facts",
    "whole",
]

# The requests live in facts/requests.py, the bounded numbers in board/numbers.py; these names stay
# importable from here.
asker_fact = asker


def _fact(name: str, *args: Symbol) -> Symbol:
    """``name(args)``; made once per process (a batch's boards share most facts: each symbol
    made costs calls into clingo, a dictionary look-up does not)."""
    key = (name, *[arg._rep for arg in args])
    found = _FACTS.get(key)
    if found is None:
        if len(_FACTS) >= _MADE_LIMIT:
            _FACTS.clear()
        found = _FACTS[key] = Function(name, list(args))
    return found


def _string(text: str) -> Symbol:
    """``String(text)``, made once per process (as ``_fact``)."""
    found = _STRINGS.get(text)
    if found is None:
        if len(_STRINGS) >= _MADE_LIMIT:
            _STRINGS.clear()
        found = _STRINGS[text] = String(text)
    return found


#: The facts and strings made in this process; emptied when one holds _MADE_LIMIT.
_FACTS: dict[tuple[Any, ...], Symbol] = {}
_STRINGS: dict[str, Symbol] = {}
_MADE_LIMIT = 100_000


#: The facts of each board alive in this process, by the board's identity (a Board is frozen):
#: every query asked of one board (``check`` asks them all) reuses them. An entry goes with its
#: board (a finalizer), so that a later board at the same address is never taken for it.
_BUILT: dict[int, tuple[Symbol, ...]] = {}


def board_facts(board: Board) -> list[Symbol]:
    """Every input fact for ``board``, in a deterministic order: the board's, then the facts of
    every card it names (and of those cards alone: the card database is never ground whole).
    Built once per board (``_BUILT``); each call has a list of its own."""
    key = id(board)
    built = _BUILT.get(key)
    if built is None:
        built = _BUILT[key] = (*own_facts(board), *card_facts(board_cards(board)))
        weakref.finalize(board, _BUILT.pop, key, None)
    return list(built)


def own_facts(board: Board) -> list[Symbol]:
    """The board's facts without its cards' (:func:`board_facts` is these, then the cards')."""
    return list(_board_facts(board))


def board_cards(board: Board) -> set[str]:
    """The names of the cards a board names: permanents, lasting effects, zones, spells."""
    ids = {perm.id for perm in board.battlefield}
    names = {perm.card for perm in board.battlefield}
    names.update(effect.card for effect in board.effects)
    for zone in (board.hand, board.graveyard, board.library):
        for cards in zone.values():
            names.update(cards)
    names.update(item.source for item in board.stack if item.source not in ids)
    return names


def _board_facts(board: Board) -> Iterator[Symbol]:
    for seat, seated in enumerate(board.players, start=1):
        name = _string(seated.name)
        yield _fact("player", name)
        yield _fact("seat", name, Number(seat))
        yield _fact("life", name, Number(seated.life))
        if seated.team is not None:
            yield _fact("team", name, _string(seated.team))
    for team in board.teams:
        yield _fact("team_life", _string(team.name), Number(team.life))
    yield _fact("active_player", _string(board.turn.active))
    if board.turn.number is not None:
        yield _fact("turn_number", Number(board.turn.number))
    yield _fact("step", Function(board.turn.step))

    defined: set[str] = set()
    for perm in board.battlefield:
        obj = _string(perm.id)
        yield _fact("permanent", obj)
        if perm.token:
            yield _fact("token", obj)
        definition = perm.token_definition
        if definition is None:
            yield _fact("card_of", obj, _string(perm.card))
        else:
            token_card = Function("token", [_string(definition.name)])
            yield _fact("card_of", obj, token_card)
            if definition.name not in defined:
                defined.add(definition.name)
                yield from _token_card(token_card, definition)
        yield _fact("controller", obj, _string(perm.controller))
        yield _fact("owner", obj, _string(perm.owner))
        if perm.tapped:
            yield _fact("tapped", obj)
        if not perm.since_turn_start:
            yield _fact("recently_controlled", obj)
        for kind, amount in sorted(perm.counters.items()):
            if amount > 0:
                yield _fact("counter", obj, _string(kind), Number(amount))
        if perm.attached_to is not None:
            yield _fact("attached_to", obj, _string(perm.attached_to))
        if perm.x is not None:
            yield _fact("spell_x", obj, Number(perm.x))
        if perm.chosen_color is not None:
            yield _fact("chosen_color", obj, Function(perm.chosen_color))
        if perm.attacking is not None:
            yield _fact("attacks", obj, _string(perm.attacking))
        if perm.blocking is not None:
            yield _fact("blocks", obj, _string(perm.blocking))
        if perm.damage > 0:
            yield _fact("marked_damage", obj, Number(perm.damage))
        if perm.timestamp is not None:
            yield _fact("timestamp", obj, Number(perm.timestamp))

    for effect in board.effects:
        obj = _string(effect.id)
        yield _fact("lasting_effect", obj)
        yield _fact("card_of", obj, _string(effect.card))
        if effect.player is not None:
            yield _fact("effect_player", obj, _string(effect.player))
        if effect.source is not None:
            yield _fact("chosen_source", obj, _string(effect.source))
        yield _fact("controller", obj, _string(effect.controller))

    for pt in board.pt_effects:
        obj = _string(pt.id)
        if pt.kind == "switch":
            change = Function("switch")
        else:
            change = Function(pt.kind, [Number(pt.power), Number(pt.toughness)])
        yield _fact("pt_effect", obj, change, Number(pt.timestamp))
        for target in pt.affects:
            yield _fact("pt_affects", obj, _string(target))

    for zone, cards in (
        ("hand", board.hand),
        ("graveyard", board.graveyard),
        ("library", board.library),
    ):
        for player, names in cards.items():
            for index, card in enumerate(names, start=1):
                yield _fact(
                    "in_zone", Function(zone), _string(player), Number(index), _string(card)
                )

    for position, item in enumerate(board.stack, start=1):
        obj = _string(item.id)
        yield _fact("stack_object", obj)
        yield _fact("stack_position", obj, Number(position))
        source = _string(item.source)
        if item.ability is not None:
            source = Function("ability", [source, Number(item.ability)])
        yield _fact("stack_source", obj, source)
        yield _fact("stack_controller", obj, _string(item.controller))
        for index, target in enumerate(item.targets, start=1):
            yield _fact("stack_target", obj, Number(index), _string(target))
        if item.x is not None:
            yield _fact("stack_x", obj, Number(item.x))

    history = board.this_turn
    for player, amount in sorted(history.gained_life.items()):
        yield _fact("gained_life_this_turn", _string(player), Number(amount))
    for player, amount in sorted(history.lost_life.items()):
        yield _fact("lost_life_this_turn", _string(player), Number(amount))
    for player, creatures in sorted(history.attacked_with.items()):
        for creature in creatures:
            yield _fact("attacked_this_turn", _string(player), _string(creature))
    for perm_id in history.tapped_for_mana:
        yield _fact("tapped_for_mana_this_turn", _string(perm_id))
    for player, amount in sorted(history.drawn_in_draw_step.items()):
        yield _fact("drawn_in_draw_step", _string(player), Number(amount))


def _token_card(card: Symbol, definition: TokenDefinition) -> Iterator[Symbol]:
    """111.4: a token definition's characteristics, as the card facts of ``token(Name)``."""
    for kind in definition.types:
        yield _fact("card_type", card, Function(kind))
    for subtype in definition.subtypes:
        yield _fact("card_subtype", card, Function(subtype))
    for color in definition.colors:
        yield _fact("card_color", card, Function(color))
    if definition.power is not None and definition.toughness is not None:
        yield _fact("power", card, Number(definition.power))
        yield _fact("toughness", card, Number(definition.toughness))
    for keyword in definition.keywords:
        yield _fact("keyword", card, Function(keyword))


def render_facts(facts: list[Symbol]) -> str:
    """The facts as ASP text, one per line. Clingo's own printer escapes every string."""
    return "".join(f"{symbol}.\n" for symbol in facts)
