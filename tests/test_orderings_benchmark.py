"""The orderings benchmark runs and its engine and both baselines (the memoised counter and brute
force) agree (a smoke test, not timed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_benchmark_engine_and_brute_force_agree_on_small_events(tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT))
    try:
        from benchmarks.orderings import main
    finally:
        sys.path.remove(str(ROOT))
    target = tmp_path / "bench.json"
    # (--one-process: the five scenarios in this process; the fresh processes are tested below.)
    argv = ["--n", "4", "6", "--repeat", "1", "--one-process", "--json", str(target)]
    assert main(argv) == 0
    rows = json.loads(target.read_text(encoding="utf-8"))["rows"]
    assert {(r["scenario"], r["n"]) for r in rows} == {
        (s, n)
        for s in ("mana", "life", "distinct", "distinct+remedy", "distinct+doubler")
        for n in (4, 6)
    }
    for row in rows:
        assert row["agree"] is True  # the run stops with an error on any disagreement
        assert "memo_seconds" in row  # the memoised counter ran (and agreed)
        assert row["engine_choices"] == 0
        assert row["engine_nodes"] <= row["kinds_nodes"] <= row["sets_nodes"]
    distinct = {r["n"]: r for r in rows if r["scenario"] == "distinct"}
    assert distinct[6]["orderings"] == 720  # 6! orderings, one outcome
    assert distinct[6]["outcomes"] == 1
    assert distinct[6]["kinds_nodes"] == 2**6  # all differ: one node per subset ...
    assert distinct[6]["engine_nodes"] == 1  # ... but all commute: their order cannot matter
    remedy = {r["n"]: r for r in rows if r["scenario"] == "distinct+remedy"}
    # A loss ends every gain: nothing is independent (5 "plus" amounts: too few to sum, the
    # bridge keeps the graph of subsets).
    assert remedy[6]["engine_nodes"] == 2**6
    # 5 "plus" effects in any order, then Tainted Remedy (or all 5 then Remedy): sum of 5!/(5-k)!
    assert remedy[6]["orderings"] == 1 + 5 + 20 + 60 + 120 + 120
    # 5 "plus i" effects and Rhox Faithmender (twice): 6! orderings; the outcome is 2 + 15 + the
    # sum of the "plus" effects before the doubler: every sum from 0 to 15 occurs.
    doubler = {r["n"]: r for r in rows if r["scenario"] == "distinct+doubler"}
    assert doubler[6]["orderings"] == 720
    assert doubler[6]["outcomes"] == 16


def test_the_aims_are_judged_against_the_floor() -> None:
    sys.path.insert(0, str(ROOT))
    try:
        from benchmarks.orderings import aims
    finally:
        sys.path.remove(str(ROOT))

    def row(n: int, engine: float, **more: float) -> dict[str, object]:
        return {"scenario": "s", "n": n, "engine_seconds": engine, **more}

    rows = [
        row(0, 0.007),  # the floor: a query with no effect
        row(8, 0.012, brute_seconds=0.024, ratio=2.0),
        row(10, 0.020, brute_seconds=0.005, ratio=0.25),  # needs 5 us: below the floor
        row(12, 0.030, memo_seconds=0.010, memo_ratio=3.0),  # needs 20 ms: merely missed
        row(16, 0.5),
    ]
    verdicts = {v["aim"]: v["verdict"] for v in aims(rows)}
    assert verdicts == {
        "1,000x brute force at n = 10": "below the floor",
        "n = 16 under 1 s": "met",
        "under 10 ms for n <= 8": "missed",
        "faster than brute force from n = 8 on": "below the floor",
        "within 2x of the memoised counter from n = 12 on": "missed",
    }


def test_each_scenario_is_measured_in_a_fresh_process() -> None:
    # The default: one process per scenario, so that no scenario's figures depend on the ones
    # measured before it; the rows come back together, in the order asked.
    argv = ["--scenarios", "life", "mana", "--n", "4", "--repeat", "1", "--json", "-"]
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.orderings", *argv],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "bridge")},
        capture_output=True,
        text=True,
        check=True,
    )
    rows = json.loads(done.stdout)["rows"]
    assert [(r["scenario"], r["n"]) for r in rows] == [("life", 4), ("mana", 4)]
    assert all(r["agree"] is True and "brute_seconds" in r for r in rows)
