"""Benchmark of ``mtgasp step``: the end step of issue 5, four players, Witch of the Moors and two
Perforating Artists triggering, each opponent with 5 cards in hand and 5 nonland permanents.

Run: ``python -m benchmarks.step`` (add ``--json`` for JSON, ``--large`` for the largest board).
Each board runs in a fresh process (peak memory is per board). Deterministic: fixed boards.
The baseline is the first board (all cards identical); the other rows give ratios to it.
Columns: raw courses (every course), distinct final states, seconds (wall and CPU; the best of
``--repeat N`` runs in the board's process) for the whole query, the solver's and the grounder's
share of it, ground program size, peak memory of the query; then, as a baseline in the same run,
the seconds to count the courses by copying every course out of clingo and grouping them in
Python (what ``step`` did before ``count_models``); its counts per final state must equal the
query's.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import sys
import time
from collections import Counter
from dataclasses import replace
from typing import Any

from clingo import Function

from mtgasp.answers.courses.query import _final_key, _state_id, step
from mtgasp.board.load import parse_board
from mtgasp.board.model import Board
from mtgasp.facts.board import board_facts
from mtgasp.solve.control import solve

OPPONENTS = ("bob", "carol", "dan")

#: name -> (hand of each opponent, nonland permanents of each opponent)
BOARDS: dict[str, tuple[list[str], list[str]]] = {
    "identical": (["Forest"] * 5, ["Grizzly Bears"] * 5),
    "two-kinds": (["Forest"] * 5, ["Grizzly Bears"] * 3 + ["Darksteel Relic"] * 2),
    "four-kinds": (
        ["Forest"] * 3 + ["Island"] * 2,
        ["Grizzly Bears"] * 3 + ["Darksteel Relic"] * 2,
    ),
}
LARGE = {"four-kinds"}


def board_text(hand: list[str], permanents: list[str]) -> str:
    battlefield = [
        {"id": "witch", "card": "Witch of the Moors", "controller": "alice"},
        {"id": "artist1", "card": "Perforating Artist", "controller": "alice"},
        {"id": "artist2", "card": "Perforating Artist", "controller": "alice"},
    ]
    for player in OPPONENTS:
        for index, card in enumerate(permanents, start=1):
            battlefield.append({"id": f"{player}-{index}", "card": card, "controller": player})
    data = {
        "players": [{"name": n} for n in ("alice", *OPPONENTS)],
        "turn": {"active": "alice", "step": "postcombat_main", "number": 7},
        "battlefield": battlefield,
        "hand": {player: hand for player in OPPONENTS},
        "graveyard": {"alice": ["Grizzly Bears"]},
        "this_turn": {"gained_life": {"alice": 1}, "attacked_with": {"alice": ["Raging Goblin"]}},
    }
    return json.dumps(data)


def enumerate_courses(board: Board, horizon: int) -> tuple[float, Counter[frozenset[int]]]:
    """The baseline: every course of ``courses.lp`` copied out, grouped by final state (seconds)."""
    facts = board_facts(replace(board, turn=replace(board.turn, step="end")))
    extra = [Function("begin_step", [Function("end")])]
    start = time.perf_counter()
    models = solve(
        "courses", facts, extra=extra, consts={"horizon": horizon}, sort_symbols=False
    ).models
    counts = Counter(_state_id(model) for model in models)
    return time.perf_counter() - start, counts


def measure(name: str, repeat: int) -> dict[str, Any]:
    hand, permanents = BOARDS[name]
    board = parse_board(board_text(hand, permanents), source=name)
    seconds = cpu_seconds = float("inf")
    for _ in range(repeat):
        start, cpu_start = time.perf_counter(), time.process_time()
        report = step(board, "end", max_courses=10_000_000)
        seconds = min(seconds, time.perf_counter() - start)
        cpu_seconds = min(cpu_seconds, time.process_time() - cpu_start)
    peak_mb = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    enumeration_seconds, enumerated = enumerate_courses(board, report.horizon)
    found = {_state_id(_final_key(o._model)): o.courses for o in report.outcomes}
    if report.total_courses != enumerated.total() or found != dict(enumerated):
        raise SystemExit(f"{name}: the counts differ from the enumeration of every course")
    return {
        "board": name,
        "courses": report.total_courses,
        "counted_exactly": report.counted,
        "distinct_final_states": len(report.outcomes),
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu_seconds, 3),
        "solve_seconds": round(sum(s.solve_seconds for s in report.stats), 3),
        "ground_seconds": round(sum(s.ground_seconds for s in report.stats), 3),
        "enumeration_seconds": round(enumeration_seconds, 3),
        "atoms": report.stats[-1].atoms,
        "rules": report.stats[-1].rules,
        "peak_mb": peak_mb,
    }


def _worker(name: str, repeat: int, queue: Any) -> None:
    queue.put(measure(name, repeat))


def run(names: list[str], repeat: int = 1) -> list[dict[str, Any]]:
    rows = []
    context = multiprocessing.get_context("spawn")
    for name in names:
        queue = context.Queue()
        process = context.Process(target=_worker, args=(name, repeat, queue))
        process.start()
        rows.append(queue.get())
        process.join()
    base = rows[0]
    for row in rows:
        row["seconds_vs_baseline"] = round(row["seconds"] / base["seconds"], 2)
        row["states_vs_baseline"] = round(
            row["distinct_final_states"] / base["distinct_final_states"], 2
        )
        row["courses_per_state"] = round(row["courses"] / row["distinct_final_states"], 1)
        row["enumeration_vs_query"] = round(row["enumeration_seconds"] / row["cpu_seconds"], 1)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--large", action="store_true", help="also the largest board")
    parser.add_argument(
        "--repeat", type=int, default=1, metavar="N", help="the best of N runs per board"
    )
    args = parser.parse_args(argv)
    names = [n for n in BOARDS if args.large or n not in LARGE]
    rows = run(names, max(1, args.repeat))
    if args.json:
        print(json.dumps({"benchmark": "step", "rows": rows}, indent=2))
        return 0
    headers = [
        "board",
        "courses",
        "states",
        "seconds",
        "cpu s",
        "x base",
        "solve s",
        "ground s",
        "enum s",
        "enum/query",
        "atoms",
        "rules",
        "peak MB",
    ]
    keys = [
        "board",
        "courses",
        "distinct_final_states",
        "seconds",
        "cpu_seconds",
        "seconds_vs_baseline",
        "solve_seconds",
        "ground_seconds",
        "enumeration_seconds",
        "enumeration_vs_query",
        "atoms",
        "rules",
        "peak_mb",
    ]
    widths = [
        max(len(h), *(len(str(r[k])) for r in rows)) for h, k in zip(headers, keys, strict=True)
    ]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)))
    print("  ".join("-" * w for w in widths))
    for row in rows:
        print("  ".join(str(row[k]).ljust(w) for k, w in zip(keys, widths, strict=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
