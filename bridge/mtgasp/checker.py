"""A long-lived checker for batch runs: the encodings are parsed once, every board is solved fresh.

``solve.py`` parses each entry program once per process (with clingo's own parser, so
``#include`` is resolved exactly as ``Control.load`` resolves it) and builds a fresh ``Control``
per board from the parsed statements. A :class:`Checker` is the batch handle on that: it answers
board after board through the same functions and records which programs it used. Grounding and
solving stay per board: boards share no ground rules, nothing of one board survives into the next,
and the answers are exactly those of the one-shot functions (``tests/test_checker.py``).

Why not multi-shot solving? Two boards have different objects, and clingo cannot retract the ground
rules of the first; what is worth reusing across boards is the parsed program, not its grounding.

>>> checker = Checker()
>>> for board in boards:  # doctest: +SKIP
...     report = checker.activations(board)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from clingo import Symbol

from ._resources import query_path
from .activations import ActivationReport, activations
from .board import Board
from .solve import Solution, _program, solve

__all__ = ["Checker"]


class Checker:
    """Answers many boards, parsing each query's encodings only once.

    Use one ``Checker`` for a batch of boards in one thread; its answers equal those of
    :func:`mtgasp.activations` for every board. The exact check of mana costs (601.2h) that
    ``activations`` delegates to the castable query is delegated the same way, unchanged.
    """

    def __init__(self) -> None:
        self._programs: dict[Path, tuple[Any, ...]] = {}

    def activations(
        self, board: Board, *, player: str | None = None, check_mana: bool = True
    ) -> ActivationReport:
        """Like :func:`mtgasp.activations` (which it calls): judge every activated ability."""
        self._programs.setdefault(query_path("activations"), _program(query_path("activations")))
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
        """Like :func:`mtgasp.solve.solve` (which it calls), remembering the programs it used."""
        path = query if isinstance(query, Path) else query_path(query)
        self._programs.setdefault(path, _program(path))
        return solve(
            path,
            facts,
            consts=consts,
            max_models=max_models,
            project=project,
            extra=extra,
            sort_symbols=sort_symbols,
        )
