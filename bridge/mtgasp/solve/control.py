"""Running clingo: load an entry program, add facts as symbols, ground, solve, copy models out
(or count them by some of their atoms: ``count.py``).

This module and ``facts/board.py`` are the only ones that import clingo. Clingo's messages are
collected by a logger; any message about our encodings becomes an
:class:`~mtgasp.errors.EncodingError`. Every grounding and solve runs through ``budget.run``: it
stops at the time limit (``budget.time_limit``) and on Ctrl-C.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, NoReturn, cast

import clingo
import clingo.ast
from clingo import Symbol, _internal

from .. import progress
from .._resources import query_path
from ..errors import EncodingError, QueryError
from ..limits import MAX_NUMBER
from . import _fired, budget
from ._parse import Messages, encoding_report, load_encoding, parse_once, parse_program
from ._raw_symbols import shown_handles
from .user_program import check_nesting, check_property_text

__all__ = [
    "Grounding",
    "Solution",
    "SolveStats",
    "counting_groundings",
    "ground",
    "parse_once",
    "parse_program",
    "plus_stats",
    "solve",
]


@dataclass(frozen=True)
class SolveStats:
    """What one solve cost: grounding size and time, solving time, search effort."""

    atoms: int
    rules: int
    ground_seconds: float
    solve_seconds: float
    choices: int
    conflicts: int
    models: int


def plus_stats(stats: SolveStats, other: SolveStats) -> SolveStats:
    """The cost of two solves of one grounding (its size counted once)."""
    return SolveStats(
        atoms=stats.atoms,
        rules=stats.rules,
        ground_seconds=stats.ground_seconds + other.ground_seconds,
        solve_seconds=stats.solve_seconds + other.solve_seconds,
        choices=stats.choices + other.choices,
        conflicts=stats.conflicts + other.conflicts,
        models=stats.models + other.models,
    )


@dataclass(frozen=True)
class Solution:
    """The shown symbols of each model found, in the order found, sorted within a model."""

    models: tuple[tuple[Symbol, ...], ...]
    exhausted: bool
    stats: SolveStats
    handles: tuple[tuple[int, ...], ...] = ()
    """With ``solve(..., handles=True)``, each model's shown atoms as handles (``Symbol._rep``),
    in clingo's order, instead of :attr:`models`."""

    @property
    def truncated(self) -> bool:
        """True when the model limit stopped the search before every model was found."""
        return not self.exhausted


def _arguments(max_models: int, consts: Mapping[str, int] | None, *options: str) -> list[str]:
    args = [str(max_models), *options]
    for name, value in sorted((consts or {}).items()):
        args.extend(["-c", f"{name}={int(value)}"])
    return args


#: How often each entry program was ground in this process (see :func:`counting_groundings`).
_GROUNDINGS: Counter[str] = Counter()


@contextmanager
def counting_groundings() -> Iterator[Counter[str]]:
    """The groundings of each entry program (by file name) made inside the ``with`` block."""
    before = Counter(_GROUNDINGS)
    counts: Counter[str] = Counter()
    try:
        yield counts
    finally:
        counts.update(_GROUNDINGS - before)


def _grounded(
    path: Path,
    facts: Iterable[Symbol],
    extra: Sequence[Symbol],
    args: list[str],
    user: Sequence[tuple[Path, tuple[Any, ...]]] = (),
    observer: Any = None,
) -> tuple[clingo.Control, Messages, float]:
    """A Control with the facts and the program of ``path`` (and the user's programs, each a path
    and its statements), ground (seen by ``observer``, a ``clingo.Observer``, if given); clingo's
    messages about a user's program become a QueryError, about ours an EncodingError. Returns the
    Control, its message log and the grounding time."""
    _GROUNDINGS[path.name] += 1
    progress.say(f"grounding {path.stem}")
    messages = Messages()
    with budget.shielded():
        ctl = clingo.Control(args, logger=messages, message_limit=20)
    if observer is not None:
        ctl.register_observer(observer)
    try:
        # Facts first: added after the program, shown predicates resting on them "occur in no
        # rule" (clingo warns).
        with ctl.backend() as backend:
            for symbol in (*facts, *extra):
                backend.add_rule([backend.add_atom(symbol)])
        # The rules that cannot fire on these facts left out (_live), unless a user's program
        # (which may derive what they read) or the fired record (which names every rule) is
        # added too.
        sliced = not user and not _fired.recording()
        load_encoding(ctl, path, _signatures(ctl) if sliced else None)
        with clingo.ast.ProgramBuilder(ctl) as builder:
            for _, statements in user:
                for statement in statements:
                    builder.add(statement)
            if _fired.recording():  # mtgasp coverage's fired record (off by default)
                for rule in _fired.fired_rules(parse_once(path)):
                    builder.add(rule)
        if _fired.recording():
            _fired.watch(ctl)
        start = time.perf_counter()
        budget.run(ctl, lambda: ctl.ground([("base", [])]))
        ground_seconds = time.perf_counter() - start
    except RuntimeError as exc:
        if "Integer overflow" in str(exc):  # clasp: a sum of weights past 32 bits
            raise QueryError(_OVERFLOW) from None
        _raise(path, user, messages, str(exc))
    if messages.lines:
        _raise(path, user, messages, "clingo reported problems")
    if any(True for _ in ctl.symbolic_atoms.by_signature("number_overflow", 1)):
        raise QueryError(_OVERFLOW)
    for atom in ctl.symbolic_atoms.by_signature("no_change", 3):
        # 616-ordering.lp: an effect applies to a value and no rule says what it gives (a gap in
        # 614-replacement.lp's changes; where the graph is facts, as in every board query).
        if atom.is_fact:
            headline = f"a replacement effect applies with no change defined: {atom.symbol}"
            raise EncodingError(encoding_report(path, messages, headline))
    progress.say(f"solving {path.stem}")
    return ctl, messages, ground_seconds


def _signatures(ctl: clingo.Control) -> list[tuple[str, int]]:
    """The signatures of the atoms ``ctl`` has (before grounding: of the facts added)."""
    return [(name, arity) for name, arity, _ in ctl.symbolic_atoms.signatures]


#: The encodings derive number_overflow/1 where a result would pass ``#const max_number``.
_OVERFLOW = (
    f"the result exceeds {MAX_NUMBER}, the largest number mtgasp computes with (107.1); "
    "ask with smaller numbers"
)


def _raise(
    path: Path, user: Sequence[tuple[Path, tuple[Any, ...]]], messages: Messages, headline: str
) -> NoReturn:
    """The user's mistake if clingo's messages point into one of their programs, else ours."""
    for program, _ in user:
        if any(str(program) in line for line in messages.lines):
            raise QueryError(messages.for_user())
    raise EncodingError(encoding_report(path, messages, headline))


def _stats(ctl: clingo.Control, ground: float, solve: float, models: int) -> SolveStats:
    return SolveStats(
        atoms=_statistic(ctl, b"problem", b"lp", b"atoms"),
        rules=_statistic(ctl, b"problem", b"lp", b"rules"),
        ground_seconds=ground,
        solve_seconds=solve,
        choices=_statistic(ctl, b"solving", b"solvers", b"choices"),
        conflicts=_statistic(ctl, b"solving", b"solvers", b"conflicts"),
        models=models,
    )


def _statistic(ctl: clingo.Control, *path: bytes) -> int:
    """One value of ``ctl.statistics``, read as ``Control.statistics`` reads it, without building
    the whole tree (0.3 ms per solve, where a small board's query solves in 0.01 ms)."""
    stats = _C_CALL("clingo_statistics_t*", _LIB.clingo_control_statistics, ctl._rep)
    key = _C_CALL("uint64_t", _LIB.clingo_statistics_root, stats)
    for part in path:
        key = _C_CALL("uint64_t", _LIB.clingo_statistics_map_at, stats, key, part)
    return int(_C_CALL("double", _LIB.clingo_statistics_value_get, stats, key))


#: clingo's helper for calls into its C interface, and that interface (unannotated, private).
_C_CALL = cast(Callable[..., Any], _internal._c_call)
_LIB: Any = vars(_internal)["_lib"]


def solve(
    query: str | Path,
    facts: Iterable[Symbol],
    *,
    consts: Mapping[str, int] | None = None,
    max_models: int = 0,
    project: bool = False,
    extra: Sequence[Symbol] = (),
    sort_symbols: bool = True,
    user_programs: Sequence[Path] = (),
    user_statements: Sequence[tuple[Path, tuple[Any, ...]]] = (),
    handles: bool = False,
) -> Solution:
    """Solve the entry program ``asp/queries/<query>.lp`` (or a path) on ``facts``.

    ``user_programs`` are programs a user wrote (``mtgasp prove``): loaded with the entry program;
    their syntax errors and clingo's messages about them are QueryErrors (the user's to fix).
    ``user_statements`` are such programs already parsed (and rewritten): each a path (named in
    messages) and its statements.

    ``max_models`` 0 means all models. ``project`` enumerates distinct projections (``#project``).
    ``sort_symbols=False`` keeps each model's symbols in clingo's order (the same order for the
    same atoms of one program), which is much faster when only counting many models.
    ``handles=True`` gives each model as handles (:attr:`Solution.handles`, read with
    ``_raw_symbols``), in clingo's order, and no symbols.
    """
    path = query if isinstance(query, Path) else query_path(query)
    args = _arguments(max_models, consts, *(["--project"] if project else []))
    user = [(program, _user_program(program)) for program in user_programs]
    user += user_statements
    ctl, _, ground_seconds = _grounded(path, facts, extra, args, user)
    models: list[tuple[Symbol, ...]] = []
    raw: list[tuple[int, ...]] = []

    def on_model(model: clingo.Model) -> None:
        if handles:
            raw.append(tuple(shown_handles(model)))
        else:
            symbols = model.symbols(shown=True)
            models.append(tuple(sorted(symbols)) if sort_symbols else tuple(symbols))
        progress.models(path.stem, len(models) + len(raw))

    start = time.perf_counter()
    result = budget.run(ctl, partial(ctl.solve, on_model=on_model))
    solve_seconds = time.perf_counter() - start
    solution = Solution(
        models=tuple(models),
        exhausted=bool(result.exhausted),
        stats=_stats(ctl, ground_seconds, solve_seconds, len(models) + len(raw)),
        handles=tuple(raw),
    )
    holder = [ctl]
    del ctl, result
    budget.dispose(holder)  # freed where it was ground: several times cheaper
    return solution


def _user_program(path: Path) -> tuple[Any, ...]:
    """A user's program (a property), checked as text before clingo parses it (no #include)."""
    check_property_text(path)
    statements = parse_program(path)
    check_nesting(path, statements)
    return statements


class Grounding:
    """One grounding of an entry program, solved many times: each solve assumes some of the
    program's free external atoms of some signatures true and all the others false (multi-shot
    solving), or all false. Many questions on one board for one grounding (see :func:`ground`)."""

    def __init__(
        self,
        path: Path,
        ctl: clingo.Control,
        messages: Messages,
        ground: float,
        externals: Sequence[tuple[str, int]],
    ):
        self._path = path
        self._ctl: clingo.Control | None = ctl
        self._messages = messages
        self._ground_seconds = ground
        self._externals = {
            atom.symbol: atom.literal
            for name, arity in externals
            for atom in ctl.symbolic_atoms.by_signature(name, arity)
            if atom.is_external
        }

    def __enter__(self) -> Grounding:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Free the grounding, in the thread that made it (``budget.dispose``). Used as a
        context manager, it is closed when the block ends."""
        if self._ctl is not None:
            holder = [self._ctl]
            self._ctl = None
            budget.dispose(holder)

    def solve(self, *true: Symbol) -> Solution:
        """Solve with the free externals ``true`` assumed true (none if none given), every other
        false. The grounding time is charged to the first solve."""
        if self._ctl is None:
            raise ValueError("this grounding is closed")
        ctl = self._ctl
        chosen: set[int] = set()
        for symbol in true:
            literal = self._externals.get(symbol)
            if literal is None:
                headline = f"{symbol} is not a free external atom"
                raise EncodingError(encoding_report(self._path, self._messages, headline))
            chosen.add(literal)
        models: list[tuple[Symbol, ...]] = []

        def on_model(model: clingo.Model) -> None:
            models.append(tuple(sorted(model.symbols(shown=True))))

        start = time.perf_counter()
        assumptions = [lit if lit in chosen else -lit for lit in self._externals.values()]
        result = budget.run(ctl, partial(ctl.solve, assumptions=assumptions, on_model=on_model))
        solve_seconds = time.perf_counter() - start
        ground_seconds, self._ground_seconds = self._ground_seconds, 0.0
        return Solution(
            models=tuple(models),
            exhausted=bool(result.exhausted),
            stats=_stats(ctl, ground_seconds, solve_seconds, len(models)),
        )


def ground(
    query: str | Path,
    facts: Iterable[Symbol],
    externals: Sequence[tuple[str, int]],
    *,
    max_models: int = 1,
    extra: Sequence[Symbol] = (),
    options: Sequence[str] = (),
    consts: Mapping[str, int] | None = None,
) -> Grounding:
    """Ground ``query`` on ``facts`` once, to be solved as often as needed (:class:`Grounding`),
    each time with some of its free external atoms of the signatures ``externals`` true.

    ``options`` are further clingo options (e.g. ``--heuristic=Domain`` for the program's
    ``#heuristic`` directives).
    """
    path = query if isinstance(query, Path) else query_path(query)
    ctl, messages, ground_seconds = _grounded(
        path, facts, extra, _arguments(max_models, consts, *options)
    )
    return Grounding(path, ctl, messages, ground_seconds, externals)
