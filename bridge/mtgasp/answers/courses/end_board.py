"""The board a course ends on, rebuilt from its final state."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import replace

from ...board.effects import PowerToughnessEffect
from ...board.model import Board, History, LastingEffect, Permanent, Player, Team
from .state import FinalState


def _final_board(board: Board, state: FinalState, new: Permanent | None) -> Board:
    """The board a course ends on (stack empty), with this turn's history brought up to date."""
    life = dict(state.life)
    on_bf = set(state.battlefield)
    counters: dict[str, dict[str, int]] = defaultdict(dict)
    for perm, kind, n in state.counters:
        counters[perm][kind] = n
    damage = dict(state.damage)
    battlefield = [
        p
        if dict(p.counters) == counters.get(p.id, {}) and p.damage == damage.get(p.id, 0)
        else replace(p, counters=counters.get(p.id, {}), damage=damage.get(p.id, 0))
        for p in board.battlefield
        if p.id in on_bf
    ]
    for token_id, controller, definition in state.tokens:
        battlefield.append(
            Permanent(
                token_id,
                definition.name,
                controller,
                controller,
                since_turn_start=False,
                token=True,
                token_definition=definition,
            )
        )
    if new is not None and new.id in on_bf:
        battlefield.append(
            replace(
                new,
                counters=counters.get(new.id, {}),
                tapped=new.id in state.tapped,
                damage=damage.get(new.id, 0),
            )
        )
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
                    damage=damage.get(item.id, 0),
                    tapped=item.id in state.tapped,
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
        drawn_in_draw_step={p: n for p, n in state.drawn if n > 0},
    )
    return Board(
        players=players,
        turn=board.turn,
        teams=teams,
        battlefield=tuple(battlefield),
        effects=tuple(e for e in board.effects if e.id not in state.used_up)
        + _new_effects(board, state),
        pt_effects=_pt_effects(board, state, on_bf),
        hand={p: tuple(c) for p, c in sorted(zone_maps["hand"].items())},
        graveyard={p: tuple(c) for p, c in sorted(zone_maps["graveyard"].items())},
        library={p: tuple(c) for p, c in sorted(zone_maps["library"].items())},
        stack=(),
        this_turn=history,
        source=board.source,
    )


def _pt_effects(
    board: Board, state: FinalState, on_bf: set[str]
) -> tuple[PowerToughnessEffect, ...]:
    """The board's power/toughness effects on the permanents still there, and those the course
    created ("until end of turn", 613.4c), each with an id of its own and a later timestamp
    (613.7)."""
    kept = []
    for effect in () if state.turn_effects_ended else board.pt_effects:
        affects = tuple(o for o in effect.affects if o in on_bf)
        if affects:
            kept.append(replace(effect, affects=affects))
    taken = {p.id for p in board.battlefield} | {e.id for e in board.effects}
    taken |= {s.id for s in board.stack} | {e.id for e in board.pt_effects}
    stamps = [e.timestamp for e in board.pt_effects]
    stamps += [p.timestamp for p in board.battlefield if p.timestamp is not None]
    stamp = max(stamps, default=0)
    for card, controller, power, toughness, affects in state.pt_created:
        base = "".join(ch if ch.isalnum() else "-" for ch in card.lower())
        new_id, n = base, 1
        while new_id in taken:
            n += 1
            new_id = f"{base}-{n}"
        taken.add(new_id)
        stamp += 1
        kept.append(
            PowerToughnessEffect(new_id, controller, affects, "modify", power, toughness, stamp)
        )
    return tuple(kept)


def _new_effects(board: Board, state: FinalState) -> tuple[LastingEffect, ...]:
    """The lasting effects a course created (Stigma Lasher's), each with an id of its own."""
    taken = {p.id for p in board.battlefield} | {e.id for e in board.effects}
    taken |= {s.id for s in board.stack}
    made = []
    for card, controller, player in state.effects:
        base = "".join(ch if ch.isalnum() else "-" for ch in f"{card} {player}".lower())
        new_id, n = base, 1
        while new_id in taken:
            n += 1
            new_id = f"{base}-{n}"
        taken.add(new_id)
        made.append(LastingEffect(new_id, card, controller, player))
    return tuple(made)


def _changes(before: Board, after: Board, state: FinalState) -> list[str]:
    lines = []
    old_life = {p.name: p.life for p in before.players if p.team is None}
    old_life.update({t.name: t.life for t in before.teams})
    new_life = dict(state.life)
    for holder in sorted(new_life, key=lambda h: list(old_life).index(h) if h in old_life else 0):
        if new_life[holder] != old_life.get(holder):
            lines.append(f"{holder}: life {old_life.get(holder)} -> {new_life[holder]}")
    for player, rule in state.lost_game:
        lines.append(f"{player}: lost the game ({rule})")
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
            how = "entered tapped" if perm.tapped else "entered"
            lines.append(f"{perm.controller}: {perm.id} ({perm.card}) {how} with {counters}")
        elif old.damage != perm.damage:
            lines.append(
                f"{perm.controller}: {perm.id} ({perm.card}) damage marked {old.damage} -> "
                f"{perm.damage}"
            )
        if old is not None and dict(old.counters) != dict(perm.counters):
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
            if old_zone.get(player, ()) == new_zone.get(player, ()):
                continue  # nothing moved (most zones of most outcomes)
            old_cards = Counter(old_zone.get(player, ()))
            new_cards = Counter(new_zone.get(player, ()))
            for card, n in sorted((new_cards - old_cards).items()):
                lines.append(f"{player}: +{n} {card} in {zone}")
            for card, n in sorted((old_cards - new_cards).items()):
                lines.append(f"{player}: -{n} {card} from {zone}")
    for card, controller, player in state.effects:
        lines.append(f"{controller}: {card}'s effect now applies to {player} (effects)")
    for effect in before.effects:
        if effect.id in state.used_up:
            how = "ends (514.2)" if state.turn_effects_ended else "is used up (615.7)"
            lines.append(f"{effect.controller}: the effect {effect.id} ({effect.card}) {how}")
    if state.turn_effects_ended:
        lines.extend(
            f"{effect.controller}: the effect {effect.id} ends (514.2)"
            for effect in before.pt_effects
        )
    for card, controller, power, toughness, affected in state.pt_created:
        lines.append(
            f"{controller}: {card}'s effect: {', '.join(affected)} get {power:+d}/{toughness:+d} "
            "until end of turn (effects)"
        )
    old_gained, old_lost = before.this_turn.gained_life, before.this_turn.lost_life
    for player, amount in state.gained:
        if amount != old_gained.get(player, 0):
            lines.append(f"{player}: gained {amount} life this turn (history)")
    for player, amount in state.lost:
        if amount != old_lost.get(player, 0):
            lines.append(f"{player}: lost {amount} life this turn (history)")
    for player, amount in state.drawn:
        if amount != before.this_turn.drawn_in_draw_step.get(player, 0):
            cards = "card" if amount == 1 else "cards"
            lines.append(f"{player}: drew {amount} {cards} in their draw step this turn (history)")
    return lines or ["nothing changed"]
