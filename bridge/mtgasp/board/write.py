"""Writing a board back as the data of a board file (YAML/JSON): the inverse of ``parse_board``."""

from __future__ import annotations

from typing import Any

from .model import Board, PowerToughnessEffect
from .tokens import TokenDefinition


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
    data["turn"] = {"active": board.turn.active, "step": board.turn.step}
    if board.turn.number is not None:
        data["turn"]["number"] = board.turn.number
    if board.battlefield:
        data["battlefield"] = []
        for perm in board.battlefield:
            entry = {"id": perm.id, "card": perm.card, "controller": perm.controller}
            if perm.token_definition is not None:
                del entry["card"]
                entry["token"] = _token_data(perm.token_definition)
            elif perm.token:
                entry["token"] = True
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
            if perm.chosen_color is not None:
                entry["chosen_color"] = perm.chosen_color
            if perm.attacking is not None:
                entry["attacking"] = perm.attacking
            if perm.blocking is not None:
                entry["blocking"] = perm.blocking
            if perm.damage > 0:
                entry["damage"] = perm.damage
            if perm.timestamp is not None:
                entry["timestamp"] = perm.timestamp
            data["battlefield"].append(entry)
    if board.effects:
        data["effects"] = [
            {"id": e.id, "card": e.card, "controller": e.controller}
            | ({"player": e.player} if e.player is not None else {})
            | ({"source": e.source} if e.source is not None else {})
            for e in board.effects
        ]
    if board.pt_effects:
        data.setdefault("effects", []).extend(_pt_effect_data(e) for e in board.pt_effects)
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
    if board.this_turn.drawn_in_draw_step:
        history["drawn_in_draw_step"] = dict(board.this_turn.drawn_in_draw_step)
    if board.this_turn.tapped_for_mana:
        history["tapped_for_mana"] = list(board.this_turn.tapped_for_mana)
    if history:
        data["this_turn"] = history
    return data


def _pt_effect_data(effect: PowerToughnessEffect) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": effect.id, "controller": effect.controller}
    entry["affects"] = list(effect.affects)
    if effect.kind == "switch":
        entry["switches"] = True
    elif effect.kind == "set":
        entry["becomes"] = f"{effect.power}/{effect.toughness}"
    else:
        entry["gets"] = f"{effect.power:+d}/{effect.toughness:+d}"
    entry["timestamp"] = effect.timestamp
    return entry


def _token_data(definition: TokenDefinition) -> dict[str, Any]:
    data: dict[str, Any] = {"name": definition.name, "types": list(definition.types)}
    for key in ("subtypes", "colors", "keywords"):
        if getattr(definition, key):
            data[key] = list(getattr(definition, key))
    if definition.power is not None:
        data["power"] = definition.power
        data["toughness"] = definition.toughness
    return data
