"""Benchmark ``mtgasp prove``: the example properties over growing bounds (permanents, players).

For each property of ``examples/properties/`` and each bound, one search of every board within
it: the answer (holds, or a smallest counterexample), CPU time, ground atoms and solver choices.
The smallest bound is the baseline of the same run: the ratio column says how the cost grows.

Run from the repository root::

    python -m benchmarks.prove
    python -m benchmarks.prove --permanents 2 4 --players 2 --json -
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from mtgasp.prove.asp import Bounds, prove
from mtgasp.prove.vocabulary import STEP_VOCABULARY, check_property

from ._common import ROOT, add_json_option, emit, machine, machine_line, ratio, table

PROPERTIES = ROOT / "examples" / "properties"
#: The vocabularies of the asp engine's one solve over every board (the others ground per cast,
#: too slow over every card: benchmarks.prove_asp measures that with a small pool).
_ASP_QUERIES = {"board", "characteristics", "activations"}


def run(permanents: list[int], players: int) -> dict[str, Any]:
    rows = []
    for path in sorted(PROPERTIES.glob("*.lp")):
        if not set(check_property(path, STEP_VOCABULARY).queries) <= _ASP_QUERIES:
            continue
        base = None
        for count in permanents:
            start = time.process_time()
            report = prove(path, Bounds(permanents=count, players=players))
            cpu = time.process_time() - start
            base = base or cpu
            rows.append(
                {
                    "property": path.name,
                    "permanents": count,
                    "players": players,
                    "holds": report.holds,
                    "cpu_seconds": cpu,
                    "ratio": cpu / base,
                    "atoms": report.stats.atoms,
                    "choices": report.stats.choices,
                }
            )
    return {"benchmark": "prove", "machine": machine(), "runs": rows}


def _text(result: dict[str, Any]) -> str:
    rows = [
        [
            r["property"],
            str(r["permanents"]),
            str(r["players"]),
            "holds" if r["holds"] else "fails",
            f"{r['cpu_seconds'] * 1000:.1f}",
            ratio(r["ratio"]),
            f"{r['atoms']:,}",
            f"{r['choices']:,}",
        ]
        for r in result["runs"]
    ]
    headers = ["property", "permanents", "players", "answer", "CPU ms", "x", "atoms", "choices"]
    return "\n".join(
        [
            "mtgasp benchmark: prove (every board within the bounds, one search)",
            machine_line(result["machine"]),
            "",
            table(headers, rows),
        ]
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.prove",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog="Results and how to read them: docs/benchmarks.md.",
    )
    parser.add_argument(
        "--permanents",
        type=int,
        nargs="+",
        default=[1, 2, 4, 6, 8],
        metavar="N",
        help="bounds on permanents (default: %(default)s)",
    )
    parser.add_argument("--players", type=int, default=4, help="players (default: %(default)s)")
    add_json_option(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    result = run(sorted(set(args.permanents)), args.players)
    emit(result, args.json, _text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
