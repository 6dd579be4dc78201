"""Benchmark ``mtgasp prove --engine enumerate``: boards per CPU-second for a could-produce
property over a 7-card pool, against the baseline of the same run: each board asked alone, as
per-board ``mtgasp could-produce`` calls in one process would (``mana.could_produce``).

The search's CPU time is this process's plus its workers' (``resource.RUSAGE_CHILDREN``): the
machine is shared, so wall-clock time says little. Run from the repository root::

    python -m benchmarks.prove_enumerate
    python -m benchmarks.prove_enumerate --permanents 2 --baseline 50 --json -
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from typing import Any

from mtgasp.answers.mana import could_produce
from mtgasp.prove.boards import board_space
from mtgasp.prove.bounds import Bounds
from mtgasp.prove.enumerate import prove_enumerate

from ._common import ROOT, add_json_option, emit, machine, machine_line, table

POOL = (
    "Reflecting Pool",
    "Forest",
    "Island",
    "Exotic Orchard",
    "Llanowar Elves",
    "Mana Reflection",
    "Pale Moon",
)
PROPERTY = ROOT / "examples" / "properties" / "mana-needs-ability.lp"


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def run(permanents: int, effects: int, jobs: int, baseline: int) -> dict[str, Any]:
    bounds = Bounds(permanents=permanents, cards=POOL, effects=effects)
    wall, cpu = time.perf_counter(), _cpu()
    report = prove_enumerate(PROPERTY, bounds, jobs=jobs)
    wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    space = board_space(bounds)
    sample = [b for size in space.sizes for b in space.boards(size)][-baseline:]
    could_produce(sample[0])  # warm: the program parsed, the card facts read
    base = time.process_time()
    for board in sample:
        could_produce(board)
    base = time.process_time() - base
    assert report.boards is not None
    return {
        "benchmark": "prove_enumerate",
        "machine": machine(),
        "pool": list(POOL),
        "property": PROPERTY.name,
        "bounds": {"permanents": permanents, "effects": effects, "players": 2},
        "holds": report.holds,
        "boards": report.boards,
        "jobs": jobs,
        "cpu_seconds": cpu,
        "wall_seconds": wall,
        "boards_per_cpu_second": report.boards / cpu,
        "cpu_ms_per_board": 1000 * cpu / report.boards,
        "boards_per_second": report.boards / wall,
        "baseline_boards": len(sample),
        "baseline_boards_per_cpu_second": len(sample) / base,
    }


def _text(result: dict[str, Any]) -> str:
    rows = [
        [
            "enumerate (chunks of boards, one grounding each)",
            f"{result['boards']:,}",
            f"{result['cpu_seconds']:.1f}",
            f"{result['boards_per_cpu_second']:.0f}",
            f"{result['cpu_ms_per_board']:.2f}",
            f"{result['boards_per_second']:.0f}",
        ],
        [
            "baseline: each board alone (could_produce)",
            f"{result['baseline_boards']:,}",
            "",
            f"{result['baseline_boards_per_cpu_second']:.0f}",
            f"{1000 / result['baseline_boards_per_cpu_second']:.2f}",
            "",
        ],
    ]
    headers = ["run", "boards", "CPU s", "boards/CPU-s", "CPU ms/board", "boards/s (wall)"]
    return "\n".join([machine_line(result["machine"]), table(headers, rows)])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--permanents", type=int, default=3)
    parser.add_argument("--effects", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--baseline", type=int, default=200, help="boards asked alone")
    add_json_option(parser)
    args = parser.parse_args(argv)
    emit(run(args.permanents, args.effects, args.jobs, args.baseline), args.json, _text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
