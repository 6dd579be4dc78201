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

from ._resources import query_path
from .activations import ActivationReport, activations
from .board import Board
from .check import CheckReport, check
from .solve import parse_once

__all__ = ["Checker"]

#: The entry programs ``check`` grounds (each at most once per board).
QUERIES = ("activations", "castable", "could-produce", "orderings", "step")


class Checker:
    """Answers many boards, each query's encodings parsed once (when the Checker is made).

    Use one ``Checker`` for a batch of boards in one thread; its answers equal those of
    :func:`mtgasp.check` and :func:`mtgasp.activations` for every board.
    """

    def __init__(self) -> None:
        self.statements = {query: len(parse_once(query_path(query))) for query in QUERIES}
        """How many parsed statements each entry program has (parsed now, reused per board)."""

    def check(self, board: Board) -> CheckReport:
        """Like :func:`mtgasp.check`: every query on ``board``."""
        return check(board)

    def activations(
        self, board: Board, *, player: str | None = None, check_mana: bool = True
    ) -> ActivationReport:
        """Like :func:`mtgasp.activations`: judge every activated ability."""
        return activations(board, player=player, check_mana=check_mana)
