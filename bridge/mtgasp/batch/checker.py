"""A long-lived checker for batch runs: the encodings are parsed once, every board is solved fresh.

A :class:`Checker` parses, when it is made, every entry program that ``check`` grounds (with
clingo's own parser, so ``#include`` is resolved exactly as ``Control.load`` resolves it; the
statements are kept for the rest of the process). Per board, each query gives a fresh ``Control``
the board's facts and then those statements, and ``Checker.check`` grounds each program at most
once (``check``). Boards share no ground rules, nothing of one board survives into the next, and
the answers are exactly those of the one-shot functions (``tests/test_checker.py``).

Why not more reuse? Two boards have different objects, and clingo can neither retract ground
rules nor copy a Control; what is worth reusing across boards is the parsed program. Adding the
parsed statements through ``ProgramBuilder`` is the cheapest way into a fresh Control measured
(the castable program: 10.6 ms, against 32.8 ms for ``Control.load`` and 28.7 ms for the program
as text, on the benchmark machine under load; docs/benchmarks.md).

>>> checker = Checker()
>>> for board in boards:  # doctest: +SKIP
...     report = checker.check(board)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from clingo import Symbol

from .._resources import query_path
from ..answers.activations import ActivationReport, activations, query_name
from ..answers.check import CheckReport, check
from ..board.model import Board
from ..solve.control import Solution, parse_once, solve

__all__ = ["Checker"]

#: The entry programs ``check`` grounds (each at most once per board, but for the combat damage
#: step's courses, a query of their own: ``step``'s).
QUERIES = (
    "activations",
    "attackers",
    "castable",
    "could-produce",
    "creatures",
    "orderings-life",
    "step",
    "next-step",
)


class Checker:
    """Answers many boards, each query's encodings parsed once (when the Checker is made).

    Use one ``Checker`` for a batch of boards in one thread; its answers equal those of
    :func:`mtgasp.check` and :func:`mtgasp.activations` for every board. It records the programs
    its calls used (``_programs``).
    """

    def __init__(self) -> None:
        self.statements = {query: len(parse_once(query_path(query))) for query in QUERIES}
        """How many parsed statements each entry program has (parsed now, reused per board)."""
        self._programs: dict[Path, tuple[Any, ...]] = {}

    def _use(self, path: Path) -> Path:
        self._programs.setdefault(path, parse_once(path))
        return path

    def check(self, board: Board) -> CheckReport:
        """Like :func:`mtgasp.check` (which it calls): every query on ``board``."""
        for query in QUERIES:
            self._use(query_path(query))
        return check(board)

    def activations(
        self, board: Board, *, player: str | None = None, check_mana: bool = True
    ) -> ActivationReport:
        """Like :func:`mtgasp.activations` (which it calls): judge every activated ability."""
        self._use(query_path(query_name(check_mana=check_mana, known=False)))
        return activations(board, player=player, check_mana=check_mana)

    def solve(
        self,
        query: str | Path,
        facts: Iterable[Symbol],
        *,
        consts: Mapping[str, int] | None = None,
        max_models: int = 0,
        project: bool = False,
        extra: Sequence[Symbol] = (),
        sort_symbols: bool = True,
    ) -> Solution:
        """Like :func:`mtgasp.solve.control.solve` (which it calls), remembering the programs it
        used."""
        path = self._use(query if isinstance(query, Path) else query_path(query))
        return solve(
            path,
            facts,
            consts=consts,
            max_models=max_models,
            project=project,
            extra=extra,
            sort_symbols=sort_symbols,
        )
