"""What the benchmarks share: the machine description, tables, JSON output."""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import clingo

#: The repository root: benchmarks run from here (``python -m benchmarks.NAME``).
ROOT = Path(__file__).resolve().parents[1]


def machine() -> dict[str, Any]:
    """Where the numbers were measured."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "python": platform.python_version(),
        "clingo": clingo.__version__,
        "cpu": cpu,
        "cores": os.cpu_count(),
        "platform": platform.platform(terse=True),
    }


def machine_line(info: dict[str, Any]) -> str:
    return (
        f"Python {info['python']}, clingo {info['clingo']}, {info['cores']} cores "
        f"({info['cpu']}), {info['platform']}"
    )


def pin_to_one_core() -> int | None:
    """Run this process on one core only (Linux); returns the core, or None where unsupported."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    core = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {core})
    return core


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A fixed-width table; numbers (every column but the first) are right-aligned."""
    widths = [len(h) for h in headers]
    for row in rows:
        for index, cell in enumerate(row):
            widths[index] = max(widths[index], len(cell))

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = [c.rjust(w) for c, w in zip(cells[1:], widths[1:], strict=True)]
        return "  ".join([first, *rest]).rstrip()

    return "\n".join([line(headers), "  ".join("-" * w for w in widths), *map(line, rows)])


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """``--json [FILE]``: the results as JSON to FILE, or alone, to stdout instead of the tables."""
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="FILE",
        help="write the results as JSON to FILE, or to stdout instead of the tables if no FILE",
    )


def emit(result: dict[str, Any], target: str | None, text: Callable[[dict[str, Any]], str]) -> None:
    """Print the tables (unless JSON goes to stdout), then write the JSON if asked."""
    if target != "-":
        print(text(result))
    if target is not None:
        write_json(result, target)


def mapping_text(result: dict[str, Any]) -> str:
    """A flat result as aligned ``key  value`` lines."""
    width = max(len(key) for key in result)
    return "\n".join(f"{key.ljust(width)}  {value}" for key, value in result.items())


def write_json(data: Any, target: str) -> None:
    """Write ``data`` as JSON to the file ``target``, or to stdout if it is ``-``."""
    text = json.dumps(data, indent=2) + "\n"
    if target == "-":
        sys.stdout.write(text)
    else:
        Path(target).write_text(text, encoding="utf-8")


def ms(seconds: float) -> str:
    """Milliseconds, with as many decimals as make sense for the size."""
    value = seconds * 1000
    return f"{value:.2f}" if value < 10 else f"{value:.1f}" if value < 1000 else f"{value:.0f}"


def ratio(value: float) -> str:
    return f"{value:.2f}x"
