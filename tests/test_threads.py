"""Parsed statements are never shared between threads (bridge/mtgasp/solve/_ast_cache.py).

clingo counts the references to a parsed statement without a lock. CI once ended in wrong
answers from every later could-produce test and then a segmentation fault, after a Dask run with
two threads in one process had given the same cached statements to two Controls at once. So each
thread keeps its own parsed programs, and a thread whose grounding was abandoned at the time
limit starts new ones.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import clingo
import pytest

from mtgasp._resources import query_path
from mtgasp.answers.check import check
from mtgasp.board.load import load_board
from mtgasp.commands.check import to_json
from mtgasp.errors import TimeLimitError
from mtgasp.solve import _ast_cache, budget
from mtgasp.solve.control import parse_once

EXAMPLES = Path(__file__).parents[1] / "examples"


def _in_another_thread(path: Path) -> tuple[object, ...]:
    found: list[tuple[object, ...]] = []
    thread = threading.Thread(target=lambda: found.append(parse_once(path)))
    thread.start()
    thread.join()
    return found[0]


def test_each_thread_parses_its_own_statements() -> None:
    path = query_path("could-produce")
    mine = parse_once(path)
    assert parse_once(path) is mine  # kept for the thread
    theirs = _in_another_thread(path)
    assert theirs is not mine
    assert [str(s) for s in theirs] == [str(s) for s in mine]
    assert not {id(s) for s in theirs} & {id(s) for s in mine}


def test_retired_statements_are_kept_and_never_given_again() -> None:
    path = query_path("could-produce")
    before = parse_once(path)
    _ast_cache.retire()
    after = parse_once(path)
    assert after is not before
    assert any(before in retired.values() for retired in _ast_cache._RETIRED)  # type: ignore[attr-defined]


def test_an_abandoned_grounding_keeps_its_statements_to_itself() -> None:
    # A grounding of about a second (longer than budget._GRACE) cut at 0.05 s is left to finish
    # in its thread: this thread's next Controls must get statements parsed anew.
    path = query_path("could-produce")
    before = parse_once(path)
    ctl = clingo.Control()
    ctl.add("base", [], "p(1..1500). q(X, Y) :- p(X), p(Y).")
    with pytest.raises(TimeLimitError), budget.time_limit(0.05):
        budget.run(ctl, lambda: ctl.ground([("base", [])]))
    assert budget.abandoned()
    assert parse_once(path) is not before


def test_four_threads_at_once_answer_as_one_does() -> None:
    # Every example's whole check (activations, could-produce, castable, creatures, the next
    # step, life events) on four threads, twice over. On the session-7 start commit this crashed
    # in two runs of three ("invalid ast", a segmentation fault while collecting garbage).
    boards = [load_board(path) for path in sorted(EXAMPLES.glob("*.yaml"))]
    expected = [to_json(check(board)) for board in boards]
    with ThreadPoolExecutor(4) as pool:
        got = list(pool.map(lambda board: to_json(check(board)), boards * 2))
    assert got == expected * 2
