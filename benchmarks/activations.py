"""Benchmark the activations query on one board per size (default 10, 100, 1,000, 10,000), and
on a batch of small boards, in boards per CPU second on one core.

Each size runs in its own Python process, so its peak resident memory is its own. For each size:
board load (YAML parse + validation, from a file), fact building, grounding size and time, solving
time, solver choices (a deterministic query makes none), peak memory, and how each grows per
permanent against a baseline size measured in the same run.

The small boards (``--small N``, default 200 boards of about 20 permanents, ``benchmarks.batch``'s)
go end to end (load + query) through one process pinned to one core, in five modes: exact (the
default: mana costs the encodings decide at once, 601-payment-bounds.lp, the rest by the castable
query), the baseline of the same run (every mana cost by the castable query, as before issue 13),
without the mana check, and ``mtgasp batch``'s path in both modes (chunks of 50 boards, each one
grounding: ``batch/worlds.py``), against which issue 13's aims are judged. The exact answers must
equal the baseline's, and the batch answers the board-by-board ones, on every board.

Run from the repository root::

    python -m benchmarks.activations
    python -m benchmarks.activations --sizes 100 1000 --json results.json
    python -m benchmarks.activations --sizes 10 --small 500
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ._boards import STATIC_SOURCES, board_text
from ._common import ROOT, add_json_option, emit, machine, machine_line, median, ms, ratio, table

DEFAULT_SIZES = (10, 100, 1000, 10000)
AIM_SIZE = 1000  # "1,000 permanents answered in well under a second"
AIM_SECONDS = 1.0
TIMES = (
    *("load", "facts", "ground", "solve", "mana", "other", "query"),
    *("load_cpu", "yaml_cpu", "query_cpu", "unchecked_cpu"),
)
DEFAULT_TIMEOUT = 240  # seconds per size; the machine has other work to do
TRACE_LIMIT = 20  # seconds: slower queries are not run again under tracemalloc


def _default_repeat(size: int) -> int:
    """Enough runs for a stable median on small boards, one on the largest."""
    return max(1, min(15, 3000 // size))


def _maxrss_mib() -> float:
    # Linux reports kibibytes (macOS bytes; we only claim Linux numbers in docs/benchmarks.md).
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(size: int, seed: int, repeat: int, atoms_by_predicate: bool) -> dict[str, Any]:
    """Measure one size in this process (the child side of the benchmark)."""
    from mtgasp import activations, load_board, parse_board
    from mtgasp.board._loader import parse_text  # the YAML step of load_board, with its checks
    from mtgasp.facts.board import board_facts

    mana_seconds = _time_mana_check()
    # Warm up: imports, the card list used by validation, clingo's first Control.
    activations(parse_board(board_text(5, seed)))
    rss_base = _maxrss_mib()
    text = board_text(size, seed)
    runs: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"board-{size}.yaml"
        path.write_text(text, encoding="utf-8")
        for _ in range(repeat):
            c0 = time.process_time()
            parse_text(text, str(path), False)
            t1, c1 = time.perf_counter(), time.process_time()
            board = load_board(path)
            t2, c2 = time.perf_counter(), time.process_time()
            board_facts(board)
            t3, c3 = time.perf_counter(), time.process_time()
            mana_seconds[0] = 0.0
            report = activations(board)
            t4, c4 = time.perf_counter(), time.process_time()
            activations(board, check_mana=False)
            c5 = time.process_time()
            stats = report.stats
            runs.append(
                {
                    "load": t2 - t1,
                    "facts": t3 - t2,
                    "ground": stats.ground_seconds,
                    "solve": stats.solve_seconds,
                    "mana": mana_seconds[0],
                    # activations() builds the facts again: "other" is the rest of the query.
                    "other": (t4 - t3)
                    - (t3 - t2)
                    - stats.ground_seconds
                    - stats.solve_seconds
                    - mana_seconds[0],
                    "query": t4 - t3,
                    # CPU time of this process: what other programs on the machine cannot inflate.
                    "load_cpu": c2 - c1,
                    "yaml_cpu": c1 - c0,
                    "query_cpu": c4 - c3,
                    # The same query with --no-mana-check: every rule but the mana cost (601.2h).
                    "unchecked_cpu": c5 - c4,
                }
            )
        rss_peak = _maxrss_mib()
        # Python's own allocations (clingo's C++ heap is invisible to tracemalloc: see RSS), in
        # one more run, unless a run took so long that tracing could exceed --timeout.
        python_peak: float | None = None
        if max(run["query"] for run in runs) < TRACE_LIMIT:
            tracemalloc.start()
            activations(load_board(path))
            python_peak = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
    statuses = Counter(a.status for a in report.activations)
    record: dict[str, Any] = {
        "permanents": size,
        "players": len(board.players),
        "static_sources": sum(1 for p in board.battlefield if p.card in STATIC_SOURCES),
        "abilities": len(report.activations),
        "statuses": dict(sorted(statuses.items())),
        "runs": repeat,
        "seconds": {key: median([run[key] for run in runs]) for key in TIMES},
        "atoms": stats.atoms,
        "rules": stats.rules,
        "choices": stats.choices,
        "conflicts": stats.conflicts,
        "models": stats.models,
        "rss_base_mib": round(rss_base, 1),
        "rss_peak_mib": round(rss_peak, 1),
        "python_peak_mib": None if python_peak is None else round(python_peak, 1),
    }
    if atoms_by_predicate:
        record["atoms_by_predicate"] = _atoms_by_predicate(board)
    return record


def _time_mana_check() -> list[float]:
    """Instrument the exact check of mana costs that activations() delegates to the castable query
    (601.2h), if this version has one: its wall time per call lands in the returned cell."""
    module = sys.modules["mtgasp.answers.activations"]
    cell = [0.0]
    # _verdicts: the castable query's verdicts, passed back to the activations query (issue 9);
    # _check_mana: the versions before it, which joined them in Python.
    name = next((n for n in ("_verdicts", "_check_mana") if hasattr(module, n)), None)
    if name is None:
        return cell
    original = getattr(module, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            cell[0] += time.perf_counter() - start

    setattr(module, name, timed)
    return cell


def _atoms_by_predicate(board: Any) -> dict[str, int]:
    """Ground atoms per predicate, largest first: where the grounding size comes from."""
    import clingo

    from mtgasp._resources import query_path
    from mtgasp.facts.board import board_facts

    ctl = clingo.Control()
    with ctl.backend() as backend:
        for symbol in board_facts(board):
            backend.add_rule([backend.add_atom(symbol)])
    ctl.load(str(query_path("activations")))
    ctl.ground([("base", [])])
    counts = Counter(f"{a.symbol.name}/{len(a.symbol.arguments)}" for a in ctl.symbolic_atoms)
    return dict(counts.most_common(6))


#: Small boards per second per core (end to end, load + query) that issue 13 asks for.
#: Issue 13 point 3, legality in batch: the path of ``mtgasp batch`` (boards in chunks, one
#: grounding per chunk).
SMALL_AIMS = {"batch_exact": 200, "batch_no_mana_check": 500}


def measure_small(count: int, seed: int, repeat: int) -> dict[str, Any]:
    """Boards per CPU second on one core, end to end, in each mode (the child side)."""
    from mtgasp import activations, parse_board
    from mtgasp.answers.castable import payments
    from mtgasp.batch.checker import Checker
    from mtgasp.batch.run import MAX_CHUNK

    from ._common import pin_to_one_core
    from .batch import _boards, _chunked

    pin_to_one_core()
    texts = _boards(count, 20, seed)
    checker = Checker()
    warm = parse_board(texts[0])
    checker.activations(warm)
    checker.activations(warm, check_mana=False)

    def baseline(text: str) -> Any:
        # Every mana cost by the castable query (activations.lp with its verdicts, issue 9).
        board = parse_board(text)
        controllers = sorted({p.controller for p in board.battlefield})
        return activations(board, known=payments(board, controllers, cards=False))

    modes: dict[str, Callable[[], list[Any]]] = {
        "exact": lambda: [checker.activations(parse_board(text)) for text in texts],
        "baseline_exact_castable_always": lambda: [baseline(text) for text in texts],
        "no_mana_check": lambda: [
            checker.activations(parse_board(text), check_mana=False) for text in texts
        ],
        # mtgasp batch's path: chunks of boards, each one grounding (batch/worlds.py).
        "batch_exact": _chunked(texts, MAX_CHUNK, True),
        "batch_no_mana_check": _chunked(texts, MAX_CHUNK, False),
    }
    _chunked(texts[:2], 2, True)()  # warm up: the world programs are rewritten once per process
    _chunked(texts[:2], 2, False)()
    seconds: dict[str, float] = {}
    answers: dict[str, list[Any]] = {}
    for _ in range(repeat):
        for mode, work in modes.items():  # alternated, so load drifts reach every mode alike
            start = time.process_time()
            answers[mode] = work()
            seconds[mode] = min(seconds.get(mode, float("inf")), time.process_time() - start)
    pairs = [
        ("exact", "baseline_exact_castable_always"),
        ("batch_exact", "exact"),
        ("batch_no_mana_check", "no_mana_check"),
    ]
    mismatches = sum(
        one.activations != other.activations or one.not_modelled != other.not_modelled
        for first, second in pairs
        for one, other in zip(answers[first], answers[second], strict=True)
    )
    return {
        "boards": count,
        "repeat": repeat,
        "cpu_seconds": seconds,
        "boards_per_cpu_second": {mode: count / s for mode, s in seconds.items()},
        "mismatches": mismatches,
    }


def _run_small(args: argparse.Namespace) -> dict[str, Any]:
    command = [sys.executable, "-m", "benchmarks.activations", "--child-small", str(args.small)]
    command += ["--seed", str(args.seed), "--repeat", str(args.repeat or 3)]
    done = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, check=False, timeout=args.timeout
    )
    if done.returncode != 0:
        raise SystemExit(f"small boards failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _small_text(small: dict[str, Any]) -> str:
    rates = small["boards_per_cpu_second"]
    rows = [
        [mode.replace("_", " "), f"{rates[mode]:.0f}", f"{small['cpu_seconds'][mode]:.2f}"]
        for mode in rates
    ]
    out = [
        f"\nSmall boards: {small['boards']} boards of about 20 permanents, end to end (load + "
        f"query), one process pinned to one core, best of {small['repeat']} passes (CPU time)",
        table(["mode", "boards per CPU s", "CPU s"], rows),
        "answers that differ from the baseline's (exact), or from the board-by-board ones "
        f"(batch): {small['mismatches']}",
    ]
    for mode, aim in SMALL_AIMS.items():
        verdict = "met" if rates[mode] >= aim else "MISSED"
        out.append(f"Aim (issue 13): {mode.replace('_', ' ')} at least {aim} boards/s: {verdict}.")
    return "\n".join(out)


def _run_child(size: int, args: argparse.Namespace) -> dict[str, Any]:
    command = [sys.executable, "-m", "benchmarks.activations", "--child", str(size)]
    command += ["--seed", str(args.seed), "--repeat", str(args.repeat or _default_repeat(size))]
    if args.atoms_by_predicate:
        command.append("--atoms-by-predicate")
    try:
        done = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, check=False, timeout=args.timeout
        )
    except subprocess.TimeoutExpired:
        return {"permanents": size, "timed_out": args.timeout}
    if done.returncode != 0:
        raise SystemExit(f"size {size} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def _scaling(records: list[dict[str, Any]], baseline: int) -> list[dict[str, Any]]:
    base = next(r for r in records if r["permanents"] == baseline)

    def per(record: dict[str, Any], key: str) -> float:
        value = record["atoms"] if key == "atoms" else record["seconds"][key]
        return float(value) / int(record["permanents"])

    rows = []
    for record in records:
        row: dict[str, Any] = {"permanents": record["permanents"]}
        for key in ("load_cpu", "query_cpu", "ground", "atoms"):
            row[f"{key}_per_permanent"] = per(record, key)
            row[f"{key}_ratio"] = per(record, key) / per(base, key)
        rows.append(row)
    return rows


def _aim(records: list[dict[str, Any]]) -> dict[str, Any] | None:
    record = next((r for r in records if r["permanents"] == AIM_SIZE), None)
    if record is None:
        return None
    aim = f"{AIM_SIZE:,} permanents answered (load + query) in well under {AIM_SECONDS:g} s"
    if "timed_out" in record:
        return {"aim": aim, "cpu_seconds": None, "wall_seconds": None, "met": False}
    times = record["seconds"]
    cpu = times["load_cpu"] + times["query_cpu"]
    unchecked = times["load_cpu"] + times["unchecked_cpu"]
    return {
        "aim": aim,
        "cpu_seconds": cpu,
        "wall_seconds": times["load"] + times["query"],
        "met": cpu < AIM_SECONDS / 2,
        "no_mana_check_cpu_seconds": unchecked,
        "no_mana_check_met": unchecked < AIM_SECONDS / 2,
    }


def _text(result: dict[str, Any]) -> str:
    records = [r for r in result["sizes"] if "timed_out" not in r]
    out = [
        f"mtgasp benchmark: activations query (seed {result['seed']})",
        machine_line(result["machine"]),
        "Each size runs in its own process; times are medians over the runs shown. Wall-clock",
        "times, except the CPU columns: this process's CPU time, which other programs running",
        "on the machine cannot inflate.",
        "",
        "Time (ms)  [load: YAML parse + validation, from a file; YAML: of which parsing the text;",
        "           query: activations(board), that is facts + ground + solve + mana (the exact",
        "           check of mana costs by the castable query, 601.2h) + other (creating the",
        "           Control, reading the encodings, statistics, decoding the answer);",
        "           no-mana-check CPU: activations(board, check_mana=False)]",
    ]
    rows = []
    for r in records:
        s = r["seconds"]
        rows.append(
            [
                f"{r['permanents']:,}",
                str(r["players"]),
                str(r["runs"]),
                ms(s["load"]),
                ms(s["facts"]),
                ms(s["ground"]),
                ms(s["solve"]),
                ms(s["mana"]),
                ms(s["other"]),
                ms(s["query"]),
                ms(s["load_cpu"]),
                ms(s["yaml_cpu"]),
                ms(s["query_cpu"]),
                ms(s["unchecked_cpu"]),
            ]
        )
    headers = ["permanents", "players", "runs", "load", "facts", "ground", "solve", "mana"]
    headers += ["other", "query", "load CPU", "(YAML CPU)", "query CPU", "no-mana-check CPU"]
    out.append(table(headers, rows))
    for r in result["sizes"]:
        if "timed_out" in r:
            out.append(f"{r['permanents']:,}: did not finish within {r['timed_out']} s (--timeout)")
    out.append("")
    out.append("Size and memory  [RSS: peak resident set of the process; base: before the board]")
    rows = [
        [
            f"{r['permanents']:,}",
            str(r["abilities"]),
            str(r["static_sources"]),
            f"{r['atoms']:,}",
            f"{r['rules']:,}",
            str(r["choices"]),
            f"{r['rss_peak_mib']:.1f}",
            f"{r['rss_base_mib']:.1f}",
            "-" if r["python_peak_mib"] is None else f"{r['python_peak_mib']:.1f}",
        ]
        for r in records
    ]
    headers = ["permanents", "abilities", "statics", "atoms", "rules", "choices"]
    out += [table([*headers, "RSS MiB", "base MiB", "Python peak MiB"], rows), ""]
    baseline = result["baseline"]
    out.append(f"Per permanent, against the {baseline:,}-permanent board (1.00x = linear)")
    rows = [
        [
            f"{s['permanents']:,}",
            f"{s['load_cpu_per_permanent'] * 1e6:.1f}",
            ratio(s["load_cpu_ratio"]),
            f"{s['query_cpu_per_permanent'] * 1e6:.1f}",
            ratio(s["query_cpu_ratio"]),
            f"{s['ground_per_permanent'] * 1e6:.1f}",
            ratio(s["ground_ratio"]),
            f"{s['atoms_per_permanent']:.1f}",
            ratio(s["atoms_ratio"]),
        ]
        for s in result["scaling"]
    ]
    headers = ["permanents", "load CPU us", "x", "query CPU us", "x", "ground wall us", "x"]
    headers += ["atoms", "x"]
    out.append(table(headers, rows))
    for r in records:
        if "atoms_by_predicate" in r:
            top = ", ".join(f"{k} {v:,}" for k, v in r["atoms_by_predicate"].items())
            out.append(f"\nlargest predicates at {r['permanents']:,}: {top}")
    if any(r["choices"] for r in records):
        out.append("\nWARNING: the solver made choices; the activations query must make none.")
    aim = result["aim"]
    if aim is not None and aim["cpu_seconds"] is None:
        out.append(f"\nAim: {aim['aim']}: did not finish, MISSED.")
    elif aim is not None:
        verdict = "met" if aim["met"] else "MISSED"
        out.append(
            f"\nAim: {aim['aim']} (taken as under {AIM_SECONDS / 2:g} s CPU): "
            f"{aim['cpu_seconds']:.3f} s CPU ({aim['wall_seconds']:.3f} s wall), {verdict}; "
            f"with --no-mana-check {aim['no_mana_check_cpu_seconds']:.3f} s CPU, "
            f"{'met' if aim['no_mana_check_met'] else 'MISSED'}."
        )
    if result.get("small") is not None:
        out.append(_small_text(result["small"]))
    return "\n".join(out)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.activations",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog="Results and how to read them: docs/benchmarks.md.",
    )
    parser.add_argument(
        "--sizes",
        type=int,
        nargs="+",
        default=list(DEFAULT_SIZES),
        metavar="N",
        help="board sizes in permanents (default: %(default)s)",
    )
    parser.add_argument("--seed", type=int, default=1, help="board seed (default: %(default)s)")
    parser.add_argument(
        "--repeat",
        type=int,
        default=0,
        metavar="N",
        help="runs per size, reporting the median (default: 15 up to 200 permanents, 3 at "
        "1,000, 1 at 10,000)",
    )
    parser.add_argument(
        "--baseline",
        type=int,
        default=100,
        metavar="N",
        help="the size the others are compared with per permanent (default: %(default)s; the "
        "smallest finished size if it is not among --sizes)",
    )
    parser.add_argument(
        "--atoms-by-predicate",
        action="store_true",
        help="also ground each board once more and list its largest predicates",
    )
    add_json_option(parser)
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help="give up on a size after SECONDS and report it as unfinished (default: %(default)s)",
    )
    parser.add_argument(
        "--small",
        type=int,
        default=200,
        metavar="N",
        help="also N small boards end to end, in boards per CPU second (0: none; default: "
        "%(default)s)",
    )
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--child-small", type=int, help=argparse.SUPPRESS)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.child is not None:
        record = measure(args.child, args.seed, args.repeat or 1, args.atoms_by_predicate)
        print(json.dumps(record))
        return 0
    if args.child_small is not None:
        print(json.dumps(measure_small(args.child_small, args.seed, args.repeat or 3)))
        return 0
    sizes = sorted(set(args.sizes))
    if any(size < 1 for size in sizes):
        raise SystemExit("sizes must be at least 1")
    records = [_run_child(size, args) for size in sizes]
    finished = [r for r in records if "timed_out" not in r]
    if not finished:
        raise SystemExit("no size finished within --timeout")
    done = [r["permanents"] for r in finished]
    baseline = args.baseline if args.baseline in done else done[0]
    result = {
        "benchmark": "activations",
        "machine": machine(),
        "seed": args.seed,
        "baseline": baseline,
        "sizes": records,
        "scaling": _scaling(finished, baseline),
        "aim": _aim(records),
        "small": _run_small(args) if args.small > 0 else None,
    }
    emit(result, args.json, _text)
    return 1 if result["small"] is not None and result["small"]["mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
