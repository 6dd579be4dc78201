"""Benchmark ``mtgasp batch`` on 1, 2, ... worker processes: how a batch scales with the cores.

The boards of ``benchmarks.batch`` (fixed seed, about 20 permanents each) are written to a
temporary directory; ``mtgasp batch DIR --query QUERY --jobs N`` runs on them as a whole command
for each N, and its wall time and the CPU time of every process of the run (the command and its
workers) are measured. The records must be the same for every N (the run fails otherwise).

Run from the repository root::

    python -m benchmarks.batch_pool
    python -m benchmarks.batch_pool --boards 50 --jobs 1 2 --json -
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ._boards import board_text
from ._common import add_json_option, emit, machine, machine_line, table


def _write_boards(folder: Path, count: int, size: int, seed: int) -> None:
    """``count`` boards of ``size`` +- 5 permanents, as ``benchmarks.batch`` makes them."""
    for index in range(count):
        permanents = max(1, size - 5 + (index * 7919 + seed) % 11)
        text = board_text(permanents, seed * 100_003 + index)
        (folder / f"board-{index:05}.yaml").write_text(text, encoding="utf-8")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _run(folder: Path, query: str, jobs: int) -> tuple[float, float, str]:
    """Wall and CPU seconds of one batch command (with its workers), and what it wrote."""
    command = [sys.executable, "-m", "mtgasp", "batch", str(folder), "--query", query]
    start, start_cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run(
        [*command, "--jobs", str(jobs)], capture_output=True, text=True, check=False
    )
    wall, cpu = time.perf_counter() - start, _children_cpu() - start_cpu
    if done.returncode != 0:
        raise SystemExit(f"mtgasp batch failed (exit code {done.returncode}): {done.stderr}")
    return wall, cpu, done.stdout


def run(count: int, size: int, seed: int, query: str, jobs: list[int]) -> dict[str, Any]:
    runs = []
    outputs = set()
    with tempfile.TemporaryDirectory(prefix="mtgasp-batch-") as name:
        folder = Path(name)
        _write_boards(folder, count, size, seed)
        for n in jobs:
            load = os.getloadavg()[0]
            wall, cpu, out = _run(folder, query, n)
            outputs.add(out.replace(name, "DIR"))
            runs.append(
                {
                    "jobs": n,
                    "wall_seconds": wall,
                    "cpu_seconds": cpu,
                    "boards_per_second": count / wall,
                    "boards_per_cpu_second": count / cpu,
                    "load_average_before": load,
                }
            )
    for one in runs:
        one["speed_up"] = runs[0]["wall_seconds"] / one["wall_seconds"]
    return {
        "benchmark": "batch_pool",
        "machine": machine(),
        "cores": os.cpu_count(),
        "seed": seed,
        "boards": count,
        "query": query,
        "runs": runs,
        "same_records": len(outputs) == 1,
    }


def _text(result: dict[str, Any]) -> str:
    out = [
        f"mtgasp benchmark: `mtgasp batch` on {result['boards']:,} boards (seed {result['seed']}), "
        f"--query '{result['query']}', {result['cores']} cores",
        machine_line(result["machine"]),
        "CPU: every process of the run (the command and its workers); wall: what a user waits;",
        "load: the machine's 1-minute load average just before the run (other programs).",
        "",
    ]
    rows = [
        [
            str(r["jobs"]),
            f"{r['wall_seconds']:.2f}",
            f"{r['cpu_seconds']:.2f}",
            f"{r['boards_per_second']:.0f}",
            f"{r['boards_per_cpu_second']:.0f}",
            f"{r['speed_up']:.2f}x",
            f"{r['load_average_before']:.1f}",
        ]
        for r in result["runs"]
    ]
    headers = ["jobs", "wall s", "CPU s", "boards/wall s", "boards/CPU s", "speed-up", "load"]
    out.append(table(headers, rows))
    out.append("")
    same = "the same" if result["same_records"] else "NOT the same"
    out.append(f"Records for every number of jobs: {same}.")
    return "\n".join(out)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.batch_pool",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog="Results and how to read them: docs/benchmarks.md.",
    )
    parser.add_argument(
        "--boards", type=int, default=400, metavar="N", help="boards (default: %(default)s)"
    )
    parser.add_argument(
        "--size", type=int, default=20, metavar="N", help="permanents per board, give or take 5"
    )
    parser.add_argument("--seed", type=int, default=1, help="board seed (default: %(default)s)")
    parser.add_argument(
        "--query", default="activations", help="the batch's --query (default: %(default)s)"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        nargs="+",
        default=[1, 2],
        metavar="N",
        help="the numbers of workers to compare (default: 1 2)",
    )
    add_json_option(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.boards < 1 or args.size < 1 or min(args.jobs) < 1:
        raise SystemExit("--boards, --size and --jobs must be at least 1")
    result = run(args.boards, args.size, args.seed, args.query, args.jobs)
    emit(result, args.json, _text)
    return 0 if result["same_records"] else 1


if __name__ == "__main__":
    sys.exit(main())
