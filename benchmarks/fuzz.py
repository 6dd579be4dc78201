"""The long fuzz run (issue 10): hostile boards through the API, hostile command lines through
the CLI, and hostile card files through ``mtgasp cards import`` (issue 27), from the generators
of benchmarks/_hostile.py and benchmarks/_hostile_imports.py (the in-suite test runs a few
hundred); hostile property files, batch directories and signals (issue 27), from
benchmarks/_hostile_files.py.

Run: ``python -m benchmarks.fuzz`` (10,000 boards, 500 command lines, 2,000 card files, 500
property files, 50 batch directories, 20 signals; ``--boards N``, ``--commands N``,
``--imports N``, ``--properties N``, ``--directories N``, ``--signals N``, ``--json``). Each card
file is imported into a data directory of its own (one in eight over the bundled database, the
others with ``--replace``); it must be imported or refused (exit code 2, the file named) within
its time limit, leave nothing but the database behind, never be accepted when it holds a value
that must be refused, and give a database whose names, text and facts clingo can carry
(:func:`benchmarks._hostile_imports.run_import`). Every board is loaded, its facts built, and
when it loads, the ``check`` query run on it; every command line (and every ``prove`` of a
property file, every ``batch`` of a directory) runs as the ``mtgasp`` program, in a process of its
own, under the default memory limit and a 10 s time limit. Anything but an answer, a documented
error (an MtgaspError: exit code 2, nothing on stdout, no traceback) or, for a command line, a
stop at its time or memory limit (exit 4 or 5, said on stderr) is a failure, as is a signal that
does not stop a run cleanly (exit 130 or 143, its one line on stderr, every record whole, no
worker left): the run prints it and exits 1. Prints how many inputs were answered, refused and
stopped, and the slowest.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed

from ._common import add_json_option, emit, machine, machine_line, table
from ._hostile import hostile_board, hostile_command, run_board, run_command
from ._hostile_files import (
    hostile_directory,
    hostile_property,
    hostile_signal,
    run_batch_directory,
    run_property,
    run_signal,
)
from ._hostile_imports import hostile_import, run_import

#: The runs of issue 27's property files, directories and signals: each kind's generator and
#: what runs one of its inputs.
_FILES: dict[str, tuple[Any, Any]] = {
    "properties": (hostile_property, lambda value: run_property(*value)),
    "directories": (hostile_directory, run_batch_directory),
    "signals": (hostile_signal, lambda value: run_signal(*value)),
}


def _run(kind: str, count: int, seed: int) -> dict[str, Any]:
    outcomes: Counter[str] = Counter()
    failures: list[str] = []
    slowest = (0.0, "")

    def record(started: float, what: str, call: Any) -> None:
        nonlocal slowest
        try:
            outcomes[call()] += 1
        except Exception:  # the fuzz run's finding: anything but a documented error
            outcomes["failed"] += 1
            failures.append(f"{what[:300]}\n{traceback.format_exc(limit=4)}")
        seconds = time.perf_counter() - started
        if seconds > slowest[0]:
            slowest = (seconds, what[:120])

    strategies = {"boards": hostile_board, "commands": hostile_command, "imports": hostile_import}
    strategies.update({kind: generator for kind, (generator, _) in _FILES.items()})
    strategy = strategies[kind]()

    @settings(
        max_examples=count,
        deadline=None,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def body(value: Any) -> None:
        started = time.perf_counter()
        if kind == "boards":
            text, json_only = value
            record(started, repr(text), lambda: run_board(text, json_only, deep=True))
        elif kind == "imports":
            content, must_refuse = value
            replace = len(content) % 8 != 0  # one in eight over the bundled database
            record(
                started, repr(content), lambda: run_import(content, must_refuse, replace=replace)
            )
        elif kind in _FILES:
            record(started, repr(value), lambda: _FILES[kind][1](value))
        else:
            record(started, repr(value), lambda: run_command(value))

    start = time.perf_counter()
    hypothesis_seed(seed)(body)()
    return {
        "inputs": sum(outcomes.values()),
        "outcomes": dict(sorted(outcomes.items())),
        "failures": failures[:10],
        "seconds": round(time.perf_counter() - start, 1),
        "slowest_seconds": round(slowest[0], 2),
        "slowest_input": slowest[1],
    }


def _text(result: dict[str, Any]) -> str:
    rows = [
        [
            kind,
            str(r["inputs"]),
            *(
                str(r["outcomes"].get(o, 0))
                for o in ("loaded", "answered", "imported", "refused", "stopped", "failed")
            ),
            f"{r['seconds']:.0f}",
            f"{r['slowest_seconds']:.2f}",
        ]
        for kind, r in result["runs"].items()
    ]
    headers = [
        "inputs",
        "count",
        "loaded",
        "answered",
        "imported",
        "refused",
        "stopped",
        "failed",
        "s",
        "slowest s",
    ]
    lines = [machine_line(result["machine"]), "", table(headers, rows)]
    for kind, r in result["runs"].items():
        for failure in r["failures"]:
            lines += ["", f"FAILED ({kind}): {failure}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.fuzz", description=__doc__)
    parser.add_argument("--boards", type=int, default=10_000, metavar="N")
    parser.add_argument("--commands", type=int, default=500, metavar="N")
    parser.add_argument("--imports", type=int, default=2_000, metavar="N")
    parser.add_argument("--properties", type=int, default=500, metavar="N")
    parser.add_argument("--directories", type=int, default=50, metavar="N")
    parser.add_argument("--signals", type=int, default=20, metavar="N")
    parser.add_argument("--seed", type=int, default=10, help="hypothesis seed (default 10)")
    add_json_option(parser)
    args = parser.parse_args(argv)
    result = {
        "benchmark": "fuzz",
        "machine": machine(),
        "runs": {
            "boards": _run("boards", args.boards, args.seed),
            "commands": _run("commands", args.commands, args.seed),
            "imports": _run("imports", args.imports, args.seed),
            **{kind: _run(kind, getattr(args, kind), args.seed) for kind in _FILES},
        },
    }
    emit(result, args.json, _text)
    return 1 if any(r["outcomes"].get("failed") for r in result["runs"].values()) else 0


if __name__ == "__main__":
    sys.exit(main())
