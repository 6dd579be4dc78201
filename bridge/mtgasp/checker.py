"""A long-lived checker for batch runs: the encodings are parsed once, every board is solved fresh.

:func:`mtgasp.activations` reads and parses the query's entry program, and every file it
``#include``\\ s, for every board. A :class:`Checker` parses each entry program once, with clingo's
own parser (so ``#include`` is resolved exactly as ``Control.load`` resolves it), keeps the parsed
statements, and for each board builds a fresh ``Control`` from them: the board facts first, through
the backend (as ``solve.py`` does, so shown predicates are never reported undefined), then the
statements through a ``ProgramBuilder``. Grounding and solving stay per board: boards share no
ground rules, nothing of one board survives into the next, and the answers are exactly those of
the one-shot functions (``tests/test_checker.py`` compares them on many boards).

Why not multi-shot solving? Two boards have different objects, and clingo cannot retract the ground
rules of the first; what is worth reusing across boards is the parsed program, not its grounding.

>>> checker = Checker()
>>> for board in boards:  # doctest: +SKIP
...     report = checker.activations(board)
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import clingo
import clingo.ast
from clingo import Symbol

from ._resources import query_path
from ._symbols import as_int, as_str
from .activations import ActivationReport, _check_mana, _decode
from .board import Board
from .errors import EncodingError, QueryError
from .facts import asker_fact, board_facts
from .solve import Solution, SolveStats, _Messages, _report

__all__ = ["Checker"]

# Comments are statements in clingo >= 5.8's AST; they mean nothing to the grounder.
_COMMENT = getattr(clingo.ast.ASTType, "Comment", None)


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
        """Like :func:`mtgasp.solve.solve`, with the entry program parsed on first use only."""
        path = query if isinstance(query, Path) else query_path(query)
        statements = self._program(path)
        messages = _Messages()
        args = [str(max_models)]
        if project:
            args.append("--project")
        for name, value in sorted((consts or {}).items()):
            args.extend(["-c", f"{name}={int(value)}"])
        ctl = clingo.Control(args, logger=messages, message_limit=20)
        try:
            with ctl.backend() as backend:
                for symbol in (*facts, *extra):
                    backend.add_rule([backend.add_atom(symbol)])
            with clingo.ast.ProgramBuilder(ctl) as builder:
                for statement in statements:
                    builder.add(statement)
            start = time.perf_counter()
            ctl.ground([("base", [])])
            ground_seconds = time.perf_counter() - start
        except RuntimeError as exc:
            raise EncodingError(_report(path, messages, str(exc))) from None
        if messages.lines:
            raise EncodingError(_report(path, messages, "clingo reported problems"))
        models: list[tuple[Symbol, ...]] = []

        def on_model(model: clingo.Model) -> None:
            symbols = model.symbols(shown=True)
            models.append(tuple(sorted(symbols)) if sort_symbols else tuple(symbols))

        start = time.perf_counter()
        result = ctl.solve(on_model=on_model)
        solve_seconds = time.perf_counter() - start
        stats = ctl.statistics
        return Solution(
            models=tuple(models),
            exhausted=bool(result.exhausted),
            stats=SolveStats(
                atoms=int(stats["problem"]["lp"]["atoms"]),
                rules=int(stats["problem"]["lp"]["rules"]),
                ground_seconds=ground_seconds,
                solve_seconds=solve_seconds,
                choices=int(stats["solving"]["solvers"]["choices"]),
                conflicts=int(stats["solving"]["solvers"]["conflicts"]),
                models=len(models),
            ),
        )

    def _program(self, path: Path) -> tuple[Any, ...]:
        """The statements of the entry program at ``path`` and of everything it includes."""
        program = self._programs.get(path)
        if program is None:
            messages = _Messages()
            statements: list[Any] = []
            try:
                clingo.ast.parse_files(
                    [str(path)], statements.append, logger=messages, message_limit=20
                )
            except RuntimeError as exc:
                raise EncodingError(_report(path, messages, str(exc))) from None
            if messages.lines:
                raise EncodingError(_report(path, messages, "clingo reported problems"))
            program = tuple(s for s in statements if s.ast_type != _COMMENT)
            self._programs[path] = program
        return program
