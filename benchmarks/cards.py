"""Benchmark of the card database (issue 11): what loading a board's cards costs, by how many
distinct database cards it names, and `mtgasp check` on the example board.

Run: ``python -m benchmarks.cards`` (add ``--json`` for JSON, ``--repeat N``).
Each measurement runs in a fresh process (cold caches: the database is opened, and each card's
row read and parsed, as a command does). The boards name 5, 20 or 60 distinct cards of the bundled
database (no hand-written card): permanents picked by a fixed rule (every k-th creature, artifact,
enchantment or land by name), two players. Columns: CPU seconds to load and validate the board
(``parse_board``), to build its facts (``board_facts``: the cards' facts parsed from their rows),
and for ``check`` (every query ``mtgasp check`` asks), each the median of the runs; the baseline
is the 5-card board (``+ms vs 5``). Then ``mtgasp check examples/summoning-sickness.yaml`` as a
command (CPU of the child process, interpreter start included) and the database's size.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import resource
import subprocess
import sys
import time
from typing import Any

from mtgasp.cards import catalog, database

from ._common import ROOT, add_json_option, emit, machine, machine_line, median, ms, table

SIZES = (5, 20, 60)
PERMANENT_TYPES = {"Creature", "Artifact", "Enchantment", "Land"}


def pick(count: int) -> list[str]:
    """``count`` distinct permanent cards of the bundled database, none hand-written, spread
    over the alphabet (deterministic)."""
    db = database.current()
    handwritten = catalog.handwritten_names()
    names = []
    for name in db.names():
        row = db.row(name)
        if row is None or row.position != 0 or name in handwritten:
            continue
        types = set(row.record.types)
        if types & PERMANENT_TYPES and not types & {"Instant", "Sorcery"}:
            names.append(name)
    step = len(names) // 60
    return names[::step][:count]


def board_text(cards: list[str]) -> str:
    battlefield = [
        {"id": f"o{index}", "card": card, "controller": ("alice", "bob")[index % 2]}
        for index, card in enumerate(cards)
    ]
    data = {"players": [{"name": "alice"}, {"name": "bob"}], "battlefield": battlefield}
    return json.dumps(data)


def _child(text: str, queue: Any) -> None:
    from mtgasp import check, parse_board
    from mtgasp.facts.board import board_facts

    start = time.process_time()
    board = parse_board(text, json_only=True)
    loaded = time.process_time()
    facts = board_facts(board)
    built = time.process_time()
    check(board)
    checked = time.process_time()
    queue.put((loaded - start, built - loaded, checked - built, len(facts)))


def measure(cards: list[str], repeat: int) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    runs = []
    for _ in range(repeat):
        queue = context.Queue()
        process = context.Process(target=_child, args=(board_text(cards), queue))
        process.start()
        runs.append(queue.get())
        process.join()
    return {
        "cards": len(cards),
        "load_seconds": median([r[0] for r in runs]),
        "facts_seconds": median([r[1] for r in runs]),
        "check_seconds": median([r[2] for r in runs]),
        "facts": runs[0][3],
    }


def command_cpu(repeat: int) -> float:
    """CPU seconds of ``mtgasp check examples/summoning-sickness.yaml`` (the child process)."""
    times = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            [sys.executable, "-m", "mtgasp", "check", "examples/summoning-sickness.yaml"],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return median(times)


def _loading(board: dict[str, Any]) -> float:
    return float(board["load_seconds"] + board["facts_seconds"])


def text(result: dict[str, Any]) -> str:
    base = result["boards"][0]
    rows = [
        [
            str(b["cards"]),
            str(b["facts"]),
            ms(b["load_seconds"]),
            ms(b["facts_seconds"]),
            ms(b["check_seconds"]),
            f"{(_loading(b) - _loading(base)) * 1000:+.1f}",
        ]
        for b in result["boards"]
    ]
    headers = ["cards", "facts", "load ms", "facts ms", "check ms", "load+facts +ms vs first"]
    db = result["database"]
    return "\n".join(
        [
            machine_line(result["machine"]),
            table(headers, rows),
            "mtgasp check examples/summoning-sickness.yaml: "
            f"{result['check_command_cpu']:.3f} s CPU",
            f"database: {db['path']} ({db['kind']}), {db['cards']} names, {db['bytes']} bytes",
        ]
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (median)")
    parser.add_argument(
        "--sizes",
        type=int,
        nargs="+",
        default=list(SIZES),
        help=f"distinct cards per board, the first the baseline (default {SIZES}; at most 60)",
    )
    add_json_option(parser)
    args = parser.parse_args(argv)
    cards = pick(max(args.sizes))
    db = database.current()
    result = {
        "benchmark": "cards",
        "machine": machine(),
        "boards": [measure(cards[:size], args.repeat) for size in args.sizes],
        "check_command_cpu": command_cpu(args.repeat),
        "database": {
            "path": str(db.path),
            "kind": db.kind,
            "cards": db.count,
            "bytes": db.path.stat().st_size,
        },
    }
    emit(result, args.json, text)


if __name__ == "__main__":
    main()
