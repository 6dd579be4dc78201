"""The witness of a final state: one course that ends in it, step by step, as text."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from clingo import Symbol

from ._course_names import _Names
from ._symbols import as_int, as_str


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
    for s in by_name["damage_outcome"]:
        event, out = s.arguments
        _, source, target, would, damage_kind = event.arguments
        combat = "combat damage" if damage_kind.name == "combat" else "damage"
        plain = f"{names.card(source)} deals {as_int(would)} {combat} to {names.card(target)}"
        events[as_int(event.arguments[0])].append(_damage_result(plain, as_int(would), out, names))
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


def _damage_result(plain: str, before: int, out: Symbol, names: _Names) -> str:
    """A damage event and, if prevention or replacement effects changed it, what happens instead."""
    _, _, amount, extra = out.arguments
    dealt = as_int(amount)
    if dealt == before and extra.name == "none":
        return plain
    result = "all of it is prevented" if dealt == 0 else f"{dealt} of it is dealt"
    if extra.name == "counter":
        obj, kind = extra.arguments
        result += f", and {names.card(obj)} gets an {as_str(kind)} counter"
    return f"{plain} -> {result}"
