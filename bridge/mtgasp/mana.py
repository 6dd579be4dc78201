"""The could-produce and tap queries: what each permanent could produce (106.7), and every result
of activating one mana ability now (106.5, 106.12, 605.1b).

could-produce is one deterministic solve: the encodings (``rules/106-could-produce.lp``) compute
the least fixed point. This module only reads it back and, on request, rebuilds a well-founded
witness for each type (the chain of permanents whose could-produce defined the choice, level by
level, as the fixed point was reached) with a replacement ordering read from the same solve's
replacement graphs.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from clingo import Function, Number, String, Symbol

from ._symbols import as_int, as_str, cost_text
from .board import Board
from .errors import QueryError
from .facts import board_facts
from .orderings import TapEvent, orderings
from .solve import SolveStats, solve
from .values import MANA_TYPES, Mana, Nothing, Value, decode_value, value_sort_key

__all__ = [
    "CouldProduceReport",
    "PermanentMana",
    "TapOutcome",
    "TapReport",
    "TapResult",
    "TriggerAdd",
    "TypeWitness",
    "WitnessStep",
    "check_tap_choice",
    "could_produce",
    "tap",
    "type_text",
]


def type_text(mana_type: str) -> str:
    """``g`` -> ``{G}``."""
    return "{" + mana_type.upper() + "}"


def _choice(symbol: Symbol) -> str | None:
    name = as_str(symbol)
    return None if name == "none" else name


@dataclass(frozen=True)
class WitnessStep:
    """One link of a witness chain: ability ``ability`` of ``permanent`` resolving with ``choice``
    yields the type, the replacement effects applied in ``order`` (None when not computed)."""

    permanent: str
    ability: int
    choice: str | None
    order: tuple[str, ...] | None
    reflected_from: str | None  # the land whose could-produce made ``choice`` defined


@dataclass(frozen=True)
class TypeWitness:
    """Why a permanent could produce a type: a chain ending at an ability with a fixed choice."""

    type: str
    chain: tuple[WitnessStep, ...]


@dataclass(frozen=True)
class PermanentMana:
    permanent: str
    card: str
    controller: str
    types: tuple[str, ...]
    witnesses: tuple[TypeWitness, ...]


@dataclass(frozen=True)
class CouldProduceReport:
    permanents: tuple[PermanentMana, ...]
    why: bool
    stats: SolveStats


_Key = tuple[str, int, str | None]  # permanent, ability, choice


def could_produce(
    board: Board, *, permanent: str | None = None, why: bool = False
) -> CouldProduceReport:
    """The types of mana each permanent could produce now (106.7), in W U B R G C order.

    With ``why``, each type gets a witness chain with a replacement order per link.
    """
    if permanent is not None and board.permanent(permanent) is None:
        ids = ", ".join(p.id for p in board.battlefield) or "none"
        raise QueryError(f"no permanent with id '{permanent}'; ids are: {ids}")
    # With why, witness orders walk the replacement graph effect by effect: build it over sets of
    # applied effects (no sharing between interchangeable effects, no partial-order reduction:
    # same outcomes, every effect on the path; see asp/README.md, replacement effects).
    plain = 0 if why else 1
    solution = solve(
        "could-produce",
        board_facts(board),
        consts={"why": int(why), "interchange": plain, "independence": plain},
    )
    (model,) = solution.models
    graphs = _EventGraphs()
    types: dict[str, set[str]] = defaultdict(set)
    defined: set[_Key] = set()
    via: dict[_Key, set[str]] = defaultdict(set)
    reflected: dict[tuple[str, int], set[str]] = defaultdict(set)
    for symbol in model:
        args = symbol.arguments
        if symbol.name == "could_produce":
            types[as_str(args[0])].add(as_str(args[1]))
        elif symbol.name == "choice_defined":
            defined.add((as_str(args[0]), as_int(args[1]), _choice(args[2])))
        elif symbol.name == "produces_via":
            via[(as_str(args[0]), as_int(args[1]), _choice(args[2]))].add(as_str(args[3]))
        elif symbol.name == "reflects_land":
            reflected[(as_str(args[0]), as_int(args[1]))].add(as_str(args[2]))
        elif symbol.name in ("event_value", "edge", "result"):
            graphs.read(symbol)
        elif symbol.name not in ("land_could_produce", "mana_ability_of"):
            raise ValueError(f"unexpected symbol in the could-produce answer: {symbol}")
    witnesses = _Witnesses(board, types, defined, via, reflected, graphs).build() if why else {}
    chosen = [p for p in board.battlefield if permanent is None or p.id == permanent]
    result = tuple(
        PermanentMana(
            permanent=p.id,
            card=p.card,
            controller=p.controller,
            types=tuple(t for t in MANA_TYPES if t in types[p.id]),
            witnesses=tuple(witnesses[(p.id, t)] for t in MANA_TYPES if (p.id, t) in witnesses),
        )
        for p in chosen
    )
    return CouldProduceReport(result, why, solution.stats)


class _Witnesses:
    """Rebuilds the fixed point level by level, keeping the first derivation of each type."""

    def __init__(
        self,
        board: Board,
        types: dict[str, set[str]],
        defined: set[_Key],
        via: dict[_Key, set[str]],
        reflected: dict[tuple[str, int], set[str]],
        graphs: _EventGraphs,
    ) -> None:
        self.board = board
        self.graphs = graphs
        self.types = types
        self.defined = defined
        self.via = via
        # The lands each reflecting choice reads (reflects_land/3, 106.7), in board order.
        self.reflected = {
            key: [p.id for p in board.battlefield if p.id in lands]
            for key, lands in reflected.items()
        }

    def _candidates(self, key: _Key) -> list[str] | None:
        """Lands whose could-produce may define this choice; None if the choice needs none."""
        return self.reflected.get((key[0], key[1]))

    def build(self) -> dict[tuple[str, str], TypeWitness]:
        found: dict[tuple[str, str], tuple[_Key, str | None]] = {}
        changed = True
        while changed:
            changed = False
            level: dict[tuple[str, str], tuple[_Key, str | None]] = {}
            for key in sorted(self.defined, key=lambda k: (k[0], k[1], k[2] or "")):
                lands = self._candidates(key)
                source: str | None = None
                if lands is not None:
                    source = next((land for land in lands if (land, key[2]) in found), None)
                    if source is None:
                        continue
                for mana_type in self.via.get(key, ()):
                    if (key[0], mana_type) not in found and (key[0], mana_type) not in level:
                        level[(key[0], mana_type)] = (key, source)
            if level:
                found.update(level)
                changed = True
        expected = {(o, t) for o, ts in self.types.items() for t in ts}
        if set(found) != expected:
            raise ValueError("could-produce witnesses disagree with the fixed point")
        result = {}
        for (perm, mana_type), _ in sorted(found.items()):
            chain = []
            current: tuple[str, str] | None = (perm, mana_type)
            while current is not None:
                key, source = found[current]
                chain.append(
                    WitnessStep(key[0], key[1], key[2], self.graphs.order(key, current[1]), source)
                )
                current = (source, key[2]) if source is not None and key[2] else None
            result[(perm, mana_type)] = TypeWitness(mana_type, tuple(chain))
        return result


_Node = tuple[int, Symbol]


class _EventGraphs:
    """The replacement graphs of the defined hypothetical events (616.1), to find, for a type, an
    ordering of the replacement effects whose result has mana of that type."""

    def __init__(self) -> None:
        self.start: dict[_Key, _Node] = {}
        self.edges: dict[_Key, dict[_Node, list[tuple[str, _Node]]]] = defaultdict(
            lambda: defaultdict(list)
        )
        self.results: dict[_Key, dict[_Node, Symbol]] = defaultdict(dict)

    def read(self, symbol: Symbol) -> None:
        args = symbol.arguments
        event = args[0].arguments
        key = (as_str(event[0]), as_int(event[1]), _choice(event[2]))
        if symbol.name == "event_value":
            self.start[key] = (0, args[1])
        elif symbol.name == "edge":
            effect = f"{as_str(args[3].arguments[0])}#{as_int(args[3].arguments[1])}"
            self.edges[key][(as_int(args[1]), args[2])].append((effect, (as_int(args[4]), args[5])))
        else:
            self.results[key][(as_int(args[1]), args[2])] = args[3]

    def order(self, key: _Key, mana_type: str) -> tuple[str, ...]:
        """The first ordering (effects by id) whose result has mana of ``mana_type``."""
        edges, results = self.edges[key], self.results[key]
        index = MANA_TYPES.index(mana_type)
        memo: dict[_Node, bool] = {}

        def reaches(node: _Node) -> bool:
            if node not in memo:
                if node in results:
                    out = results[node]
                    memo[node] = out.name == "mana" and as_int(out.arguments[index]) > 0
                else:
                    memo[node] = any(reaches(target) for _, target in edges.get(node, ()))
            return memo[node]

        path: list[str] = []
        node = self.start[key]
        while node not in results:
            effect, node = min((e for e in edges[node] if reaches(e[1])), key=lambda e: e[0])
            path.append(effect)
        return tuple(path)


# --- tap ---------------------------------------------------------------------------------------


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


@dataclass
class _TapAnswer:
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


def _tap_answer(board: Board, permanent: str, ability: int | None) -> _TapAnswer:
    perm = board.permanent(permanent)
    if perm is None:
        ids = ", ".join(p.id for p in board.battlefield) or "none"
        raise QueryError(f"no permanent with id '{permanent}'; ids are: {ids}")
    wanted = Number(ability) if ability is not None else Function("first", [])
    request = Function("tap_request", [String(permanent), wanted])
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
    tapped_for_mana = False
    number = ability
    for symbol in model:
        args = symbol.arguments
        if symbol.name == "tap_ability":
            number = as_int(args[0])
        elif symbol.name == "tap_kind":
            kind = args[0]
        elif symbol.name == "tap_cost":
            costs.append(args[0])
        elif symbol.name == "tap_choice":
            choices.append(_choice(args[0]))
        elif symbol.name == "tap_violation":
            violations.append(f"{as_str(args[0])} {as_str(args[1])}")
        elif symbol.name == "tapped_for_mana":
            tapped_for_mana = True
        elif symbol.name == "tap_trigger":
            value = decode_value(args[4])
            assert isinstance(value, Mana)
            triggers[(_choice(args[0]), args[1])][(as_str(args[2]), as_int(args[3]))].append(value)
        elif symbol.name == "tap_trigger_undefined":
            undefined_triggers.append(f"{as_str(args[0])}#{as_int(args[1])}")
        elif symbol.name != "tap_outcome":
            raise ValueError(f"unexpected symbol in the tap answer: {symbol}")
    if number is None:
        raise QueryError(f"'{permanent}' ({perm.card}) has no mana ability")
    if kind is None:
        raise QueryError(
            f"ability #{number} of '{permanent}' ({perm.card}) is not a mana ability; "
            "see `mtgasp activations` for its abilities"
        )
    choices.sort(key=lambda c: MANA_TYPES.index(c) if c else -1)
    return _TapAnswer(
        number,
        kind,
        costs,
        choices,
        violations,
        triggers,
        undefined_triggers,
        tapped_for_mana,
        solution.stats,
    )


def _checked_choice(permanent: str, card: str, answer: _TapAnswer, choice: str) -> str:
    """``choice`` if the ability may choose that type now (106.5, 106.7), else a QueryError."""
    if answer.kind.name in ("fixed", "double_pool"):
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
        answer = _tap_answer(board, event.permanent, event.ability)
        _checked_choice(event.permanent, perm.card, answer, event.choice)


def tap(
    board: Board, permanent: str, *, ability: int | None = None, choice: str | None = None
) -> TapReport:
    """Activate a mana ability of ``permanent`` now: every possible result (106.5, 106.12, 605)."""
    answer = _tap_answer(board, permanent, ability)
    perm = board.permanent(permanent)
    assert perm is not None  # _tap_answer checked it
    number, kind, choices = answer.number, answer.kind, answer.choices
    if answer.violations:
        raise QueryError(
            f"'{permanent}' ({perm.card}) can't activate ability #{number} now: "
            + "; ".join(sorted(answer.violations))
        )
    if choice is not None:
        choices = [_checked_choice(permanent, perm.card, answer, choice)]
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
        cost=tuple(
            cost_text(c) for c in sorted(answer.costs, key=lambda c: (c.name != "mana", str(c)))
        ),
        kind=kind.name,
        tapped_for_mana=answer.tapped_for_mana,
        undefined=not choices,
        results=tuple(results),
        undefined_triggers=tuple(sorted(answer.undefined_triggers)),
        stats=answer.stats,
    )


def _value_symbol(value: Value) -> Symbol:
    if isinstance(value, Mana):
        return Function("mana", [Number(getattr(value, t)) for t in MANA_TYPES])
    assert isinstance(value, Nothing)
    return Function("none", [])
