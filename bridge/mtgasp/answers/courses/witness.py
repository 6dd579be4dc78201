"""The witness of a final state: one course that ends in it, step by step, as text."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence

from clingo import Symbol

from ...board.steps import step_name
from ...board.values import counter_chain
from ...solve._symbols import as_int, as_str
from .names import _Names


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

    # 103.8: a skipped step, said where the course would enter it (or first).
    skipped = {s.arguments[0].name for s in by_name["step_skipped"]}
    entered = {s.arguments[0].name for s in by_name["step_start"]}
    lines = [f"the {name} step is skipped (103.8)" for name in sorted(skipped - entered)]
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
    for s in by_name["chooses_type"]:
        t, resolving, chosen_type = as_int(s.arguments[0]), s.arguments[1], s.arguments[2]
        chooser = names.items[resolving].controller if resolving in names.items else ""
        chosen = (
            "a creature type no creature on the battlefield has"
            if chosen_type.name == "other"
            else f"the creature type {chosen_type.name}"
        )
        choices[t].append((rank(t, chooser), f"{chooser} chooses {chosen}"))
    for t, made in choices.items():
        events[t].append(", then ".join(text for _, text in sorted(made)))
    for s in by_name["sacrifices"]:
        when, who, obj = s.arguments
        events[as_int(when)].append(f"{as_str(who)} sacrifices {names.card(obj)}")
    for s in by_name["discards"]:
        when, who, obj = s.arguments
        events[as_int(when)].append(f"{as_str(who)} discards {names.card(obj)}")
    for s in by_name["draw_outcome"]:
        event, out = s.arguments
        cards = as_int(out.arguments[1]) if out.name == "draw" else 0
        if cards != 1:
            events[as_int(event.arguments[0])].append(
                f"{as_str(event.arguments[2])} would draw a card -> draws {cards} cards "
                "instead (121.6)"
            )
    for s in by_name["draws"]:
        when, who, obj = s.arguments
        events[as_int(when)].append(f"{as_str(who)} draws {names.card(obj)}")
    for s in by_name["damage_outcome"]:
        event, out = s.arguments
        _, source, target, would, damage_kind = event.arguments
        combat = "combat damage" if damage_kind.name == "combat" else "damage"
        plain = f"{names.card(source)} deals {as_int(would)} {combat} to {names.card(target)}"
        events[as_int(event.arguments[0])].append(_damage_result(plain, as_int(would), out, names))
    for s in by_name["shield_used"]:
        events[as_int(s.arguments[1])].append(
            f"the shield {as_str(s.arguments[0])} is used up (615.7)"
        )
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
    # A counter a damage replacement puts (Nine Lives) is told with the damage it replaced.
    told = Counter(
        (as_int(s.arguments[0].arguments[0]), obj, as_str(kind))
        for s in by_name["damage_outcome"]
        for obj, kind in counter_chain(s.arguments[1].arguments[3])
    )
    for s in by_name["counters_added"]:
        obj, what, n, when = s.arguments
        rest = as_int(n) - told[(as_int(when), obj, as_str(what))]
        if rest > 0:
            plural = "counter" if rest == 1 else "counters"
            events[as_int(when)].append(f"{names.card(obj)} gets {rest} {as_str(what)} {plural}")
    life_at: dict[int, list[str]] = defaultdict(list)
    for s in by_name["life_at"]:
        life_at[as_int(s.arguments[2])].append(f"{as_str(s.arguments[0])} {as_int(s.arguments[1])}")
    rounds = {s.arguments[0]: as_int(s.arguments[1]) for s in by_name["rounds"]}
    steps: list[tuple[int, Symbol | str]] = [(as_int(a.arguments[1]), a) for a in by_name["acts"]]
    steps += [(t, "state-based actions (704.3)") for t in _sba_steps(by_name, names, events)]
    steps += _combat_steps(by_name)
    steps += [
        (as_int(s.arguments[1]), _step_text(s.arguments[0].name, skipped))
        for s in by_name["step_start"]
    ]
    steps += [
        (as_int(s.arguments[0]), f"turn-based action ({as_str(s.arguments[1])})")
        for s in by_name["turn_action"]
    ]
    for t, act in sorted(steps, key=lambda step: step[0]):
        life = ", ".join(sorted(life_at[t]))
        if isinstance(act, str):
            body = "; ".join(events.get(t, [])) or (
                "no damage" if act.endswith("(510.2)") else "nothing"
            )
            lines.append(f"{t}. {act}: {body}. Life: {life}.")
        else:
            lines.append(
                f"{t}. {_head(act, by_name, rounds, names)} resolves: "
                f"{'; '.join(events.get(t, [])) or 'no effect'}. Life: {life}."
            )
        if pushed_at.get(t):
            order = sorted(pushed_at[t], reverse=True)
            lines.append("   triggered, top first: " + "; ".join(described(i) for _, i in order))
    return lines


def _step_text(name: str, skipped: set[str]) -> str:
    """A step the course enters (500.1), or skips (103.8)."""
    return (
        f"the {step_name(name)} is skipped (103.8)"
        if name in skipped
        else f"the {step_name(name)} begins (500.1)"
    )


def _head(
    act: Symbol, by_name: dict[str, list[Symbol]], rounds: dict[Symbol, int], names: _Names
) -> str:
    """What resolves at a step: the item, and which repetition (608.2c)."""
    item, t = act.arguments[0], as_int(act.arguments[1])
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
    return head


_SBA_TEXT = {
    "704.5f": "toughness 0 or less",
    "704.5g": "lethal damage",
    "704.5h": "damage from a source with deathtouch",
    "704.5j": "legend rule",
}


def _sba_steps(
    by_name: dict[str, list[Symbol]], names: _Names, events: dict[int, list[str]]
) -> list[int]:
    """The steps that perform state-based actions (704.3), their events added to ``events``."""
    done: dict[int, list[str]] = defaultdict(list)
    for s in by_name["legend_keeps"]:
        when, player, _, kept = s.arguments
        done[as_int(when)].append(f"{as_str(player)} keeps {names.card(kept)} (704.5j)")
    for s in by_name["sba_action"]:
        t, action = as_int(s.arguments[0]), s.arguments[1]
        args = action.arguments
        if action.name == "lose":
            done[t].append(f"{as_str(args[0])} loses the game ({as_str(args[1])})")
        elif action.name == "to_graveyard":
            rule = as_str(args[1])
            text = f"{names.card(args[0])} is put into its owner's graveyard"
            done[t].append(f"{text} ({rule}: {_SBA_TEXT[rule]})")
        elif action.name == "annihilate":
            n = as_int(args[1])
            done[t].append(f"{names.card(args[0])} loses {n} +1/+1 and {n} -1/-1 counters (704.5q)")
        else:
            done[t].append(f"{names.card(args[0])} ceases to exist (704.5d)")
    for t, texts in done.items():
        events[t] = sorted(texts) + events.get(t, [])
    return sorted(done)


def _combat_steps(by_name: dict[str, list[Symbol]]) -> list[tuple[int, Symbol | str]]:
    """The combat damage steps (510.2, 510.4); the damage dealt is among their events."""
    steps: list[tuple[int, Symbol | str]] = []
    for s in by_name["combat_damage_step"]:
        t, kind = as_int(s.arguments[0]), s.arguments[1].name
        label = "first-strike combat damage step" if kind == "first" else "combat damage"
        steps.append((t, f"{label} (510.2)"))
    return steps


def _damage_result(plain: str, before: int, out: Symbol, names: _Names) -> str:
    """A damage event and, if prevention or replacement effects changed it, what happens instead."""
    _, _, amount, extra = out.arguments
    dealt = as_int(amount)
    if dealt == before and extra.name == "none":
        return plain
    result = "all of it is prevented" if dealt == 0 else f"{dealt} of it is dealt"
    for obj, kind in counter_chain(extra):
        result += f", and {names.card(obj)} gets an {as_str(kind)} counter"
    return f"{plain} -> {result}"
