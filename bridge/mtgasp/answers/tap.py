"""The tap query: every result of activating one mana ability now (106.5, 106.12, 605.1b): for each
type it may choose, the replacement outcomes (``orderings``) and the triggered mana abilities that
then fire.
"""

from __future__ import annotations

from dataclasses import dataclass

from clingo import Function, Number, Symbol

from ..board.events import TapEvent
from ..board.model import Board
from ..board.values import MANA_TYPES, Mana, Nothing, Value, value_sort_key
from ..errors import QueryError
from ..solve._symbols import cost_text
from ..solve.control import SolveStats
from .orderings.query import orderings
from .tap_answer import checked_choice, tap_answer

__all__ = ["TapOutcome", "TapReport", "TapResult", "TriggerAdd", "tap"]


@dataclass(frozen=True)
class TriggerAdd:
    """A triggered mana ability that fires (605.1b, 106.12a) and the mana it may add (one option
    is chosen as it resolves; several when it adds "one mana of any type that land produced")."""

    source: str
    card: str
    ability: int
    options: tuple[Mana, ...]


@dataclass(frozen=True)
class TapOutcome:
    """A distinct result of the production event, how many replacement orderings give it, one
    witness ordering, and the triggered mana abilities that then fire."""

    value: Value
    orderings: int
    witness: tuple[str, ...]
    triggers: tuple[TriggerAdd, ...]

    @property
    def produced_mana(self) -> bool:
        return isinstance(self.value, Mana) and bool(self.value.amounts())


@dataclass(frozen=True)
class TapResult:
    """Every outcome of resolving the ability with one choice (``None``: nothing to choose)."""

    choice: str | None
    outcomes: tuple[TapOutcome, ...]


@dataclass(frozen=True)
class TapReport:
    permanent: str
    card: str
    ability: int
    cost: tuple[str, ...]
    kind: str
    tapped_for_mana: bool
    undefined: bool  # 106.5: no type can be defined, the ability produces no mana
    results: tuple[TapResult, ...]
    undefined_triggers: tuple[str, ...]
    stats: SolveStats
    other_abilities: tuple[tuple[int, tuple[str, ...]], ...] = ()
    """The permanent's other mana abilities and their costs, when none was asked for (605.1a)."""


def tap(
    board: Board, permanent: str, *, ability: int | None = None, choice: str | None = None
) -> TapReport:
    """Activate a mana ability of ``permanent`` now: every possible result (106.5, 106.12, 605)."""
    answer = tap_answer(board, permanent, ability)
    perm = board.permanent(permanent)
    assert perm is not None  # _tap_answer checked it
    number, kind, choices = answer.number, answer.kind, answer.choices
    if answer.violations:
        raise QueryError(
            f"'{permanent}' ({perm.card}) can't activate ability #{number} now: "
            + "; ".join(sorted(answer.violations))
        )
    if choice is not None:
        choices = [checked_choice(permanent, perm.card, answer, choice)]
    triggers = answer.triggers
    cards = {p.id: p.card for p in board.battlefield}
    results = []
    for chosen in choices:
        report = orderings(board, TapEvent(permanent, number, chosen), check_choice=False)
        outcomes = []
        for outcome in report.outcomes:
            fired = triggers.get((chosen, _value_symbol(outcome.value)), {})
            outcomes.append(
                TapOutcome(
                    value=outcome.value,
                    orderings=outcome.orderings,
                    witness=outcome.witness,
                    triggers=tuple(
                        TriggerAdd(src, cards[src], num, tuple(sorted(opts, key=value_sort_key)))
                        for (src, num), opts in sorted(fired.items())
                    ),
                )
            )
        results.append(TapResult(chosen, tuple(outcomes)))
    return TapReport(
        permanent=permanent,
        card=perm.card,
        ability=number,
        cost=_costs(answer.costs),
        kind=kind.name,
        tapped_for_mana=answer.tapped_for_mana,
        undefined=not choices,
        results=tuple(results),
        undefined_triggers=tuple(sorted(answer.undefined_triggers)),
        stats=answer.stats,
        other_abilities=tuple((n, _costs(costs)) for n, costs in sorted(answer.others.items())),
    )


def _costs(costs: list[Symbol]) -> tuple[str, ...]:
    """A cost's parts in card notation, mana first."""
    return tuple(cost_text(c) for c in sorted(costs, key=lambda c: (c.name != "mana", str(c))))


def _value_symbol(value: Value) -> Symbol:
    if isinstance(value, Mana):
        return Function("mana", [Number(getattr(value, t)) for t in MANA_TYPES])
    assert isinstance(value, Nothing)
    return Function("none", [])
