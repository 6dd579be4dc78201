"""The distinct final states of a course query: by projection, or put together from independent
parts (the splitting set theorem), each part's courses enumerated once, the whole a product.

The plain way is one projected enumeration (``#project`` on the final-state atoms). When it finds
many final states, the ground program is read as clasp gets it (a clingo observer). Its *first
choices* are the atoms of choice rules that no other choice atom leads to (in a step: the order
the triggered abilities go on the stack, their targets). The atoms no later choice leads to (what
the first choices and the board determine) are the *bottom*, a splitting set (Lifschitz and
Turner 1994): each course is an answer set of the bottom extended by an answer set of the rest.
When the rest falls apart into *parts* that share no atom (no rule, no shown symbol mentions two
of them: in issue 5's end step, each opponent's choices), the courses of one answer set of the
bottom are the product of each part's courses: each part is enumerated alone (the bottom and the
other parts held by assumptions), and the final states and their counts are put together from
the parts' final-state atoms. The final states and counts are those of enumerating every course
(tests/test_courses_counting.py and test_courses_split.py compare them); the witness course of a
final state is chosen otherwise: see :func:`final_states`.

No rule is decided here: which atoms depend on which is read from the ground program, and clingo
solves every part.
"""

from __future__ import annotations

import itertools
import math
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import chain
from pathlib import Path
from typing import Any

import clingo
from clingo import Symbol

from ... import progress
from ..._resources import query_path
from ...solve import budget
from ...solve.control import SolveStats, _arguments, _grounded, _stats
from .count import _END_SIGNATURES, _final_key, _handle
from .program_split import Program, Split, split_program


@dataclass(frozen=True)
class FinalStates:
    """The distinct final states of a course query at one horizon: each one's witness course (its
    shown symbols) and final-state atoms, in the order found; each one's number of courses when
    they were counted by parts (None: count them, ``_course_count``)."""

    models: Sequence[tuple[Symbol, ...]]
    keys: list[tuple[Symbol, ...]]
    counts: list[int] | None
    stats: SolveStats


#: The parts are looked for once a projected enumeration has found more final states than this:
#: below, the plain way is cheap (reading the ground program costs about as much as grounding).
SPLIT_AFTER = 100


def final_states(
    query: str | Path,
    facts: Sequence[Symbol],
    extra: Sequence[Symbol],
    horizon: int,
    limit: int,
    split_after: int | None = None,
) -> FinalStates:
    """The distinct final states of the courses of ``query``.

    First by one projected enumeration (``#project``: the first course clingo finds of each final
    state is its witness), not counted. If it finds more than ``split_after`` final states
    (default :data:`SPLIT_AFTER`), and the program splits into two or more independent parts and
    has at most ``limit`` courses, they are put together from the parts instead, with their
    counts: then the witness of a final state is the first course found that ends in it, with the
    answer sets of the bottom taken in the order clingo finds them, and each part's courses in
    the order clingo finds them under that bottom.
    """
    path = query if isinstance(query, Path) else query_path(query)
    args = _arguments(0, {"horizon": horizon}, "--project")
    after = SPLIT_AFTER if split_after is None else split_after
    plain = _projected(path, _grounded(path, facts, extra, args), after + 1)
    if len(plain.models) <= after:
        return plain
    program = Program()
    grounded = _grounded(path, facts, extra, args, observer=program)
    split = split_program(program)
    if split is not None:
        ctl, _, ground_seconds = grounded
        ctl.configuration.solve.project = "no"  # type: ignore[union-attr]
        found = _by_parts(ctl, program, split, ground_seconds, limit)
        if found is not None:
            return found
        # More courses than the bound: the plain way, by a fresh grounding (the same enumeration).
        grounded = _grounded(path, facts, extra, args)
    return _projected(path, grounded, 0)


def _projected(
    path: Path, grounded: tuple[clingo.Control, object, float], most: int
) -> FinalStates:
    """The projected enumeration of a fresh grounding: all final states, or the first ``most``."""
    ctl, _, ground_seconds = grounded
    start = time.perf_counter()
    models: list[tuple[Symbol, ...]] = []

    def on_model(model: clingo.Model) -> bool:
        models.append(tuple(model.symbols(shown=True)))
        progress.models(path.stem, len(models))
        return len(models) != most

    budget.run(ctl, lambda: ctl.solve(on_model=on_model))
    stats = _stats(ctl, ground_seconds, time.perf_counter() - start, len(models))
    return FinalStates(models, [_final_key(model) for model in models], None, stats)


def _by_parts(
    ctl: clingo.Control, program: Program, split: Split, ground_seconds: float, limit: int
) -> FinalStates | None:
    """The final states put together from the parts, with their counts (None: more than
    ``limit`` courses)."""
    ends, end = _end_atoms(ctl, split)
    kind: dict[int, int] = {}  # shown symbol's handle -> its part (-1: the bottom)
    for symbol, condition in program.shown:
        kind[_handle(symbol)] = next(
            (split.part[abs(lit)] for lit in condition if abs(lit) in split.part), -1
        )
    solves: list[float] = []

    def bottom_piece(assumptions: list[int], held: set[int] | None) -> _Piece | None:
        """The bottom's share of the first course under ``assumptions`` (None: no course); with
        ``held``, the atoms of the parts true in it are added to it."""
        found: list[_Piece] = []

        def on_model(model: clingo.Model) -> bool:
            if held is not None:
                held.update(a for a in split.part if model.is_true(a))
            found.append(_piece(model.symbols(shown=True), kind, -1, ends))
            return False

        solves.append(_timed(ctl, assumptions, on_model))
        return found[0] if found else None

    total = 0
    states: dict[tuple[tuple[int, ...], ...], list[Any]] = {}  # final state -> [count, pieces]
    # Answer sets of the bottom that agree on the atoms the parts read have the same part courses.
    position = {atom: i for i, atom in enumerate(split.bottom)}
    by_interface: dict[tuple[int, ...], list[list[int]]] = defaultdict(list)
    for assumption in _bottoms(split):
        by_interface[tuple(assumption[position[a]] for a in split.interface)].append(assumption)
    for members in by_interface.values():
        true: set[int] = set()
        first = bottom_piece(members[0], true)
        if first is None:
            continue
        per_part = []
        for part in range(split.parts):
            held = [a if a in true else -a for a, p in split.part.items() if p != part]
            per_part.append(_part_pieces(ctl, members[0] + held, end[part], kind, part, solves))
        if not all(per_part):
            continue
        total += len(members) * math.prod(sum(p.count for p in pieces) for pieces in per_part)
        if total > limit:  # checked before the products are built: each has a course at least
            return None
        for bottom in members:
            own = first if bottom is members[0] else bottom_piece(bottom, None)
            if own is None:
                continue
            for combination in itertools.product(*per_part):
                count = 1
                for piece in combination:
                    count *= piece.count
                state_key = (own.key, *(piece.key for piece in combination))
                state = states.get(state_key)
                if state is None:
                    states[state_key] = [count, own, *combination]
                else:
                    state[0] += count
    return FinalStates(
        models=[tuple(chain.from_iterable(p.symbols for p in s[1:])) for s in states.values()],
        keys=[tuple(chain.from_iterable(p.ends for p in s[1:])) for s in states.values()],
        counts=[s[0] for s in states.values()],
        stats=_stats(ctl, ground_seconds, sum(solves), len(states)),
    )


@dataclass(frozen=True)
class _Piece:
    """One part's (or the bottom's) share of a course: how many courses of the part share its
    final-state atoms (``key``: their handles, sorted; ``ends``: the atoms), and the part's shown
    symbols of the first of them."""

    count: int
    key: tuple[int, ...]
    ends: tuple[Symbol, ...]
    symbols: tuple[Symbol, ...]


def _piece(shown: Sequence[Symbol], kind: dict[int, int], part: int, ends: set[int]) -> _Piece:
    """The share of ``part`` of a model's shown symbols, one course of it."""
    symbols = tuple(s for s in shown if kind.get(_handle(s), -1) == part)
    own = tuple(s for s in symbols if _handle(s) in ends)
    return _Piece(1, tuple(sorted(_handle(s) for s in own)), own, symbols)


def _timed(
    ctl: clingo.Control, assumptions: list[int], on_model: Callable[[clingo.Model], bool | None]
) -> float:
    start = time.perf_counter()
    budget.run(ctl, lambda: ctl.solve(assumptions=assumptions, on_model=on_model))
    return time.perf_counter() - start


def _part_pieces(
    ctl: clingo.Control,
    assumptions: list[int],
    end: list[tuple[int, int]],
    kind: dict[int, int],
    part: int,
    solves: list[float],
) -> list[_Piece]:
    """Every course of one part under ``assumptions`` (the bottom and the other parts held),
    grouped by the part's final-state atoms, in the order clingo finds them."""
    found: dict[frozenset[int], _Piece] = {}
    counts: dict[frozenset[int], int] = {}

    def on_model(model: clingo.Model) -> None:
        atoms = frozenset([handle for literal, handle in end if model.is_true(literal)])
        if atoms in counts:
            counts[atoms] += 1
        else:
            counts[atoms] = 1
            found[atoms] = _piece(model.symbols(shown=True), kind, part, set(atoms))

    solves.append(_timed(ctl, assumptions, on_model))
    return [replace(piece, count=counts[atoms]) for atoms, piece in found.items()]


def _bottoms(split: Split) -> list[list[int]]:
    """Every answer set of the bottom, as assumptions on its atoms (in clingo's order)."""
    with budget.shielded():
        ctl = clingo.Control(["0"])
    with ctl.backend() as backend:
        atom: dict[int, int] = {a: backend.add_atom() for a in split.bottom}

        def literal(lit: int) -> int:
            return atom[lit] if lit > 0 else -atom[-lit]

        for choice, head, body, bound in split.bottom_rules:
            heads = [atom[a] for a in head]
            if bound is None:
                backend.add_rule(heads, [literal(lit) for lit in body], choice)  # type: ignore[arg-type]
            else:
                weighted = [(literal(lit), w) for lit, w in body]  # type: ignore[misc]
                backend.add_weight_rule(heads, bound, weighted, choice)
    found: list[list[int]] = []

    def on_model(model: clingo.Model) -> None:
        found.append([a if model.is_true(atom[a]) else -a for a in split.bottom])

    budget.run(ctl, lambda: ctl.solve(on_model=on_model))
    return found


def _end_atoms(ctl: clingo.Control, split: Split) -> tuple[set[int], list[list[tuple[int, int]]]]:
    """The final-state atoms' symbol handles, and each part's (literal, handle) pairs."""
    ends: set[int] = set()
    per_part: list[list[tuple[int, int]]] = [[] for _ in range(split.parts)]
    for name, arity in _END_SIGNATURES:
        for atom in ctl.symbolic_atoms.by_signature(name, arity):
            handle = _handle(atom.symbol)
            ends.add(handle)
            part = split.part.get(atom.literal)
            if part is not None:
                per_part[part].append((atom.literal, handle))
    return ends, per_part
