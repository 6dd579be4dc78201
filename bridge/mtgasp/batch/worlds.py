"""The activations query asked of many boards in one grounding, each board a world (batch).

``mtgasp batch --query activations`` asks chunks of boards this way (issue 13 point 3): the
boards are the worlds of one grounding (``_batch_ground``: no rule joins two worlds, so each
world's atoms are those of the query asked of that board alone). The mana costs are judged as
``activations`` judges them (601.2h): a first solve with every verdict false; the castable
query on each board that leaves a cost open (601-payment-bounds.lp decides most), board by board
(ground as worlds, its questions' solves each cover the whole chunk: slower, measured); then
one solve with every world's verdicts assumed (a world's answer depends on its own alone).

``tests/test_batch_worlds.py`` checks that the reports equal ``activations``' board by board.
"""

from __future__ import annotations

from functools import partial

import clingo
from clingo import Number, Symbol

from ..answers.activations import ActivationReport, mana_verdicts, query_name, report, request
from ..answers.castable import MAX_PAID
from ..board.model import Board
from ..errors import EncodingError, QueryError
from ..solve import budget
from ..solve.control import SolveStats
from ..solve.worlds import in_world
from .ground import ChunkFailed, ground_worlds, split

__all__ = ["ChunkFailed", "activations_many"]

#: The castable query's verdicts: free externals of the activations query (activations.lp).
_VERDICTS = (("mana_payable", 3), ("mana_unproved", 3))


def activations_many(
    boards: list[Board], *, player: str | None = None, check_mana: bool = True
) -> list[ActivationReport | QueryError]:
    """``activations(board, player=player, check_mana=check_mana)`` of each board, in one
    grounding: each board's report, or the QueryError that board's own query raises. Each
    report's ``stats`` are the chunk's (its grounding and solves). Raises ChunkFailed, or the
    time limit's, the memory limit's or an internal error, when the chunk as a whole could not
    be answered: its boards must then be asked one by one."""
    out: list[ActivationReport | QueryError | None] = [None] * len(boards)
    worlds: list[int] = []
    requests: list[list[Symbol]] = []
    for index, board in enumerate(boards):
        try:
            requests.append(request(board, player, check_mana=check_mana))
        except QueryError as exc:
            out[index] = exc
            continue
        worlds.append(index)
    if worlds:
        chunk = [boards[index] for index in worlds]
        answers = _answer(chunk, requests, player, check_mana)
        for index, answer in zip(worlds, answers, strict=True):
            out[index] = answer
    return [answer for answer in out if answer is not None]


def _answer(
    boards: list[Board], requests: list[list[Symbol]], player: str | None, check_mana: bool
) -> list[ActivationReport]:
    query = query_name(check_mana=check_mana, known=False)
    consts = {"max_paid": MAX_PAID} if check_mana else {}
    ctl = ground_worlds(query, boards, requests, consts=consts)
    externals = {
        atom.symbol: atom.literal
        for name, arity in _VERDICTS
        for atom in ctl.symbolic_atoms.by_signature(name, arity)
        if atom.is_external
    }
    models = _solve(ctl, len(boards), [-literal for literal in externals.values()])
    if check_mana:
        chosen: set[int] = set()
        for index, (board, model) in enumerate(zip(boards, models, strict=True)):
            for verdict in mana_verdicts(board, model):
                literal = externals.get(in_world(verdict, Number(index)))
                if literal is None:
                    raise EncodingError(f"{verdict} is not a free external of world {index}")
                chosen.add(literal)
        if chosen:
            assumptions = [lit if lit in chosen else -lit for lit in externals.values()]
            models = _solve(ctl, len(boards), assumptions)
    stats = _stats(ctl)
    holder = [ctl]
    del ctl
    budget.dispose(holder)  # freed in the thread that ground it (budget.dispose)
    return [
        report(board, player, model, stats) for board, model in zip(boards, models, strict=True)
    ]


def _solve(ctl: clingo.Control, count: int, assumptions: list[int]) -> list[list[Symbol]]:
    """Each world's shown atoms (without the world) in the one model of the chunk."""
    out: list[list[Symbol]] = [[] for _ in range(count)]
    models: list[None] = []

    def on_model(model: clingo.Model) -> None:
        models.append(None)
        for symbol in model.symbols(shown=True):
            world, atom = split(symbol)
            out[world].append(atom)

    budget.run(ctl, partial(ctl.solve, assumptions=assumptions, on_model=on_model))
    if len(models) != 1:
        raise EncodingError(f"a world batch of the activations query had {len(models)} models")
    return out


def _stats(ctl: clingo.Control) -> SolveStats:
    summary = ctl.statistics["summary"]
    lp = ctl.statistics["problem"]["lp"]
    solvers = ctl.statistics["solving"]["solvers"]
    return SolveStats(
        atoms=int(lp["atoms"]),
        rules=int(lp["rules"]),
        ground_seconds=0.0,
        solve_seconds=float(summary["times"]["solve"]),
        choices=int(solvers["choices"]),
        conflicts=int(solvers["conflicts"]),
        models=int(summary["models"]["enumerated"]),
    )
