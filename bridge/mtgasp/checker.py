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
from ._symbols import as_int, as_str
from .activations import ActivationReport, _check_mana, _decode
from .board import Board
from .errors import QueryError
from .facts import asker_fact, board_facts
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

    def activations(self, board: Board, *, player: str | None = None) -> ActivationReport:
        """Like :func:`mtgasp.activations`: judge every activated ability on ``board``."""
        extra: list[Symbol] = []
        if player is not None:
            if player not in {p.name for p in board.players}:
                names = ", ".join(p.name for p in board.players)
                raise QueryError(f"no player named '{player}'; players are: {names}")
            extra.append(asker_fact(player))
        solution = self.solve("activations", board_facts(board), extra=extra)
        (model,) = solution.models
        # As activations() does: mana costs are judged by the castable query (601.2h).
        mana = {
            (as_str(s.arguments[0].arguments[0]), as_int(s.arguments[0].arguments[1]))
            for s in model
            if s.name == "needs_mana_payment"
        }
        decoded = _decode(board, player, tuple(s for s in model if s.name != "needs_mana_payment"))
        return ActivationReport(player, _check_mana(board, decoded, mana), solution.stats)

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
