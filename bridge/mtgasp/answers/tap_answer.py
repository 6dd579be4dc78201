"""The tap query's answer for one mana ability (``asp/queries/tap.lp``): what activating it now
involves (its costs, the types it may choose now, 106.5 and 106.7, what rules forbid it, which
triggered mana abilities fire), and the check of a chosen type that ``orderings`` and ``tap`` share.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from clingo import Symbol

from .._text import nearest
from ..board.events import TapEvent
from ..board.model import Board
from ..board.values import MANA_TYPES, Mana, decode_value
from ..errors import QueryError
from ..facts import requests
from ..facts.board import board_facts
from ..solve._symbols import as_int, as_str, choice_name
from ..solve.control import SolveStats, solve

__all__ = ["TapAnswer", "check_tap_choice", "checked_choice", "tap_answer", "type_text"]


def type_text(mana_type: str) -> str:
    """``g`` -> ``{G}``; an option of several (``ub``) -> ``{U}{B}``."""
    return "".join("{" + t.upper() + "}" for t in mana_type)


@dataclass
class TapAnswer:
    """The tap query's answer for one mana ability: what activating it now involves."""

    number: int
    kind: Symbol
    costs: list[Symbol]
    choices: list[str | None]  # 106.5, 106.7: the types it may choose now, in WUBRGC order
    violations: list[str]
    triggers: dict[tuple[str | None, Symbol], dict[tuple[str, int], list[Mana]]]
    undefined_triggers: list[str]
    tapped_for_mana: bool
    stats: SolveStats
    others: dict[int, list[Symbol]]  # the other mana abilities, with their costs (none asked)


def tap_answer(board: Board, permanent: str, ability: int | None) -> TapAnswer:
    perm = board.permanent(permanent)
    if perm is None:
        known = [p.id for p in board.battlefield]
        raise QueryError(
            f"no permanent with id '{permanent}'{nearest(permanent, known)}; "
            f"ids are: {', '.join(known) or 'none'}"
        )
    request = requests.tap_request(permanent, ability)
    solution = solve("tap", board_facts(board), extra=[request])
    (model,) = solution.models
    kind: Symbol | None = None
    costs: list[Symbol] = []
    choices: list[str | None] = []
    violations: list[str] = []
    triggers: dict[tuple[str | None, Symbol], dict[tuple[str, int], list[Mana]]] = defaultdict(
        lambda: defaultdict(list)
    )
    undefined_triggers = []
    not_modelled: str | None = None
    tapped_for_mana = False
    others: dict[int, list[Symbol]] = {}
    number = ability
    for symbol in model:
        args = symbol.arguments
        if symbol.name == "tap_ability":
            number = as_int(args[0])
        elif symbol.name == "tap_other_ability":
            others.setdefault(as_int(args[0]), [])
        elif symbol.name == "tap_other_cost":
            others.setdefault(as_int(args[0]), []).append(args[1])
        elif symbol.name == "tap_kind":
            kind = args[0]
        elif symbol.name == "tap_cost":
            costs.append(args[0])
        elif symbol.name == "tap_choice":
            choices.append(choice_name(args[0]))
        elif symbol.name == "tap_violation":
            violations.append(f"{as_str(args[0])} {as_str(args[1])}")
        elif symbol.name == "tapped_for_mana":
            tapped_for_mana = True
        elif symbol.name == "tap_trigger":
            value = decode_value(args[4])
            assert isinstance(value, Mana)
            triggers[(choice_name(args[0]), args[1])][(as_str(args[2]), as_int(args[3]))].append(
                value
            )
        elif symbol.name == "tap_not_modelled":
            not_modelled = as_str(args[0])
        elif symbol.name == "tap_trigger_undefined":
            undefined_triggers.append(f"{as_str(args[0])}#{as_int(args[1])}")
        elif symbol.name != "tap_outcome":
            raise ValueError(f"unexpected symbol in the tap answer: {symbol}")
    if number is None:
        raise QueryError(f"'{permanent}' ({perm.card}) has no mana ability")
    if kind is None and not_modelled is not None:
        raise QueryError(
            f"ability #{number} of '{permanent}' ({perm.card}) is a mana ability this version "
            f"does not model, so what it would add is unknown: {not_modelled}"
        )
    if kind is None:
        raise QueryError(
            f"ability #{number} of '{permanent}' ({perm.card}) is not a mana ability; "
            "see `mtgasp activations` for its abilities"
        )
    # A choice is a type, or an option of "Add {U}{U} or {U}{B}" spelling its types ("ub").
    choices.sort(key=lambda c: [MANA_TYPES.index(t) for t in c] if c else [-1])
    return TapAnswer(
        number,
        kind,
        costs,
        choices,
        violations,
        triggers,
        undefined_triggers,
        tapped_for_mana,
        solution.stats,
        others,
    )


def checked_choice(permanent: str, card: str, answer: TapAnswer, choice: str) -> str:
    """``choice`` if the ability may choose that type now (106.5, 106.7), else a QueryError."""
    if answer.kind.name in ("fixed", "double_pool", "chosen"):
        raise QueryError(
            f"ability #{answer.number} of '{permanent}' ({card}) chooses no type; "
            "--choice applies only to abilities that add a type of your choice"
        )
    if choice.lower() not in answer.choices:
        allowed = ", ".join(type_text(c) for c in answer.choices if c) or "none (106.5)"
        raise QueryError(
            f"'{permanent}' can't add {type_text(choice)} now; the types it may choose are: "
            f"{allowed}"
        )
    return choice.lower()


def check_tap_choice(board: Board, event: TapEvent) -> None:
    """Raise a QueryError unless the event's chosen type is one its ability may choose now: a type
    is defined only if the ability could produce it (106.5, 106.7; a lone Reflecting Pool chooses
    none). Whether the ability could be activated now does not matter here."""
    perm = board.permanent(event.permanent)
    if event.choice is not None and perm is not None:
        answer = tap_answer(board, event.permanent, event.ability)
        checked_choice(event.permanent, perm.card, answer, event.choice)
