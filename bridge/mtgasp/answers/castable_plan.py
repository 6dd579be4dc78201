"""The plan of one castable model (``asp/queries/castable.lp``): which mana abilities are
activated, at which stage, with which choice, what they and their triggers add, how hybrid
symbols are paid, read symbol by symbol into :class:`PlanStep` values."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from clingo import Symbol

from ..board.model import Board
from ..board.values import Mana, decode_value
from ..solve._symbols import as_int, as_str

__all__ = ["Plan", "PlanStep"]


@dataclass(frozen=True)
class PlanStep:
    """One mana ability activated in the plan (stage 0: cost only {T} or a sacrifice; stage k>0:
    the k-th ability with a mana cost, paid with ``paid``)."""

    stage: int
    permanent: str
    ability: int
    choice: str | None
    sacrificed: str | None
    paid: Mana | None
    produced: Mana
    doubling_factor: int | None
    triggers: tuple[tuple[str, Mana], ...]  # (trigger id "source#n", mana it added)

    def __str__(self) -> str:
        what = f"{self.permanent} #{self.ability}"
        if self.sacrificed:
            what += f" (sacrificing {self.sacrificed})"
        if self.choice:
            what += f" choosing {{{self.choice.upper()}}}"
        if self.paid is not None:
            what += f", paying {self.paid}"
        if self.doubling_factor is not None:
            what += f": doubles the pool (adds {self.doubling_factor}x)"
        else:
            what += f": {self.produced}"
        for trigger, mana in self.triggers:
            what += f" + {mana} ({trigger})"
        return what


_Stage0 = tuple[str, int, str | None]  # permanent, ability, sacrificed land


class Plan:
    """The symbols of one castable model, gathered per step."""

    def __init__(self) -> None:
        self.stage0: dict[_Stage0, tuple[str | None, Mana]] = {}
        self.stage0_triggers: dict[tuple[str, int], list[tuple[str, Mana]]] = defaultdict(list)
        self.stages: dict[int, tuple[str, int, str | None]] = {}
        self.produced: dict[int, Mana] = {}
        self.factor: dict[int, int] = {}
        self.stage_triggers: dict[int, list[tuple[str, Mana]]] = defaultdict(list)
        self.paid: dict[int, dict[str, int]] = defaultdict(dict)
        self.final: dict[str, int] = {}
        self.hybrid: list[str] = []
        self.unusable: list[str] = []
        self.spend_any = False

    def read(self, symbol: Symbol) -> None:
        args, name = symbol.arguments, symbol.name
        if name == "got":
            perm, number, chosen = args[0].arguments
            self.stage0[(as_str(perm), as_int(number), None)] = (_choice(chosen), _mana(args[1]))
        elif name == "sac_got":
            key = (as_str(args[0]), as_int(args[1]), as_str(args[2]))
            self.stage0[key] = (as_str(args[3]), _mana(args[4]))
        elif name == "trig":
            perm, number, _ = args[0].arguments
            self.stage0_triggers[(as_str(perm), as_int(number))].append(
                (f"{as_str(args[1])}#{as_int(args[2])}", _mana(args[3]))
            )
        elif name == "at":
            perm, number, chosen = args[0].arguments
            self.stages[as_int(args[1])] = (as_str(perm), as_int(number), _choice(chosen))
        elif name == "paid":
            self.paid[as_int(args[0])][as_str(args[1])] = as_int(args[2])
        elif name == "sgot":
            self.produced[as_int(args[0])] = _mana(args[1])
        elif name == "factor":
            self.factor[as_int(args[0])] = as_int(args[1])
        elif name == "strig":
            self.stage_triggers[as_int(args[0])].append(
                (f"{as_str(args[1])}#{as_int(args[2])}", _mana(args[3]))
            )
        elif name == "hybrid_paid":
            if as_int(args[3]) > 0:
                halves = "/".join(a.name.upper() for a in args[0:2])
                paid_with = args[2].name.upper()
                self.hybrid.append(f"{{{halves}}} x{as_int(args[3])} paid with {{{paid_with}}}")
        elif name == "final":
            self.final[as_str(args[0])] = as_int(args[1])
        elif name == "unusable":
            self.unusable.append(f"{as_str(args[0])} #{as_int(args[1])}: {as_str(args[2])}")
        elif name == "spend_any":
            self.spend_any = True
        elif name not in ("use", "sac", "cap", "need"):
            raise ValueError(f"unexpected symbol in the castable answer: {symbol}")

    def steps(self, board: Board) -> tuple[PlanStep, ...]:
        order = {p.id: i for i, p in enumerate(board.battlefield)}
        result = []
        for key in sorted(self.stage0, key=lambda k: (order[k[0]], k[1], k[2] or "")):
            perm, number, sacrificed = key
            chosen, produced = self.stage0[key]
            triggers = [] if sacrificed else self.stage0_triggers.get((perm, number), [])
            result.append(
                PlanStep(
                    0,
                    perm,
                    number,
                    chosen,
                    sacrificed,
                    None,
                    produced,
                    None,
                    tuple(sorted(triggers)),
                )
            )
        for stage in sorted(self.stages):
            perm, number, chosen = self.stages[stage]
            result.append(
                PlanStep(
                    stage,
                    perm,
                    number,
                    chosen,
                    None,
                    Mana(**self.paid[stage]),
                    self.produced.get(stage, Mana()),
                    self.factor.get(stage),
                    tuple(sorted(self.stage_triggers.get(stage, []))),
                )
            )
        return tuple(result)


def _choice(symbol: Symbol) -> str | None:
    text = as_str(symbol)
    return None if text == "none" else text


def _mana(symbol: Symbol) -> Mana:
    value = decode_value(symbol)
    return value if isinstance(value, Mana) else Mana()
