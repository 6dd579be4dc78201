"""Benchmarks of issue 12's game-state core: power and toughness on a large board, and a combat.

``pt``: a board of N creatures (Grizzly Bears, Gray Ogres, Crusaders of Odric) with +1/+1 and
-1/-1 counters, two Glorious Anthems and N/10 board effects that set, modify or switch power and
toughness (613.4). The query is ``creatures`` (layer 7 for every creature); the baseline in the
same run is a plain Python program applying the sublayers in timestamp order, whose answers must
equal the query's.

``combat``: 20 attackers and 20 blockers, every block declared; two attackers have trample
(Colossal Dreadmaw, 6/6), each blocked by two 2/2s; the query is ``mtgasp step BOARD
combat_damage`` (every trample assignment is a course, 702.19b). The baseline in the same run is
a brute-force enumeration of every division of each trampler's damage, filtered by 702.19b's
lethal-first rule: the number of courses must equal the product of the tramplers' counts.

Run: ``python -m benchmarks.combat`` (``--creatures N`` for the P/T board, ``--json [FILE]``).
Each measurement runs in a fresh process (peak memory is per query). Deterministic: fixed boards.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import resource
import sys
import time
from typing import Any

from mtgasp.answers.courses.query import step
from mtgasp.answers.creatures import creatures
from mtgasp.board.load import parse_board

from ._common import add_json_option, emit, machine, machine_line, table

PRINTED = {"Grizzly Bears": (2, 2), "Gray Ogre": (2, 2)}


def pt_board(n: int) -> dict[str, Any]:
    """N creatures with counters, two anthems (one per player), N/10 P/T effects."""
    battlefield: list[dict[str, Any]] = [
        {"id": "anthem-a", "card": "Glorious Anthem", "controller": "alice"},
        {"id": "anthem-b", "card": "Glorious Anthem", "controller": "bob"},
    ]
    for i in range(n):
        card = ("Grizzly Bears", "Gray Ogre", "Crusader of Odric")[i % 3]
        entry: dict[str, Any] = {
            "id": f"c{i}",
            "card": card,
            "controller": ("alice", "bob")[i % 2],
        }
        counters = {}
        if i % 4:
            counters["+1/+1"] = i % 4
        if i % 5 == 0:
            counters["-1/-1"] = 1
        if counters:
            entry["counters"] = counters
        battlefield.append(entry)
    effects = []
    for j in range(n // 10):
        targets = [f"c{(j * 7 + k) % n}" for k in range(5)]
        effect: dict[str, Any] = {
            "id": f"e{j}",
            "controller": "alice",
            "affects": targets,
            "timestamp": j + 1,
        }
        kind = j % 3
        if kind == 0:
            effect["gets"] = f"+{j % 4}/+{j % 3}"
        elif kind == 1:
            effect["becomes"] = f"{j % 5}/{1 + j % 4}"
        else:
            effect["switches"] = True
        effects.append(effect)
    return {
        "players": [{"name": "alice"}, {"name": "bob"}],
        "battlefield": battlefield,
        "effects": effects,
    }


def pt_baseline(data: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """Layer 7 by hand: base (printed or Crusader's count), latest set, sum of modifications,
    parity of switches."""
    perms = data["battlefield"]
    creature_ids = [p["id"] for p in perms if p["card"] != "Glorious Anthem"]
    controls = {p["id"]: p["controller"] for p in perms}
    count = {pl: sum(1 for c in creature_ids if controls[c] == pl) for pl in ("alice", "bob")}
    result = {}
    for perm in perms:
        if perm["card"] == "Glorious Anthem":
            continue
        oid = perm["id"]
        if perm["card"] == "Crusader of Odric":
            power = toughness = count[perm["controller"]]
        else:
            power, toughness = PRINTED[perm["card"]]
        mine = sorted(
            (e for e in data["effects"] if oid in e["affects"]), key=lambda e: e["timestamp"]
        )
        for e in mine:
            if "becomes" in e:
                power, toughness = (int(x) for x in e["becomes"].split("/"))
        for e in mine:
            if "gets" in e:
                a, b = (int(x) for x in e["gets"].split("/"))
                power, toughness = power + a, toughness + b
        counters = perm.get("counters", {})
        plus, minus = counters.get("+1/+1", 0), counters.get("-1/-1", 0)
        power, toughness = power + plus - minus + 1, toughness + plus - minus + 1  # + anthem
        if sum(1 for e in mine if "switches" in e) % 2:
            power, toughness = toughness, power
        result[oid] = (power, toughness)
    return result


def measure_pt(n: int) -> dict[str, Any]:
    data = pt_board(n)
    board = parse_board(json.dumps(data), source=f"pt-{n}")
    start = time.perf_counter()
    report = creatures(board)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    base_start = time.perf_counter()
    expected = pt_baseline(data)
    base_seconds = time.perf_counter() - base_start
    found = {c.permanent: (c.power, c.toughness) for c in report.creatures}
    if found != expected:
        wrong = sorted(k for k in expected if found.get(k) != expected[k])[:5]
        raise SystemExit(f"pt-{n}: the query differs from the baseline at {wrong}")
    return {
        "benchmark": f"pt, {n} creatures, {n // 10} effects",
        "seconds": round(seconds, 3),
        "ground_seconds": round(report.stats.ground_seconds, 3),
        "atoms": report.stats.atoms,
        "rules": report.stats.rules,
        "peak_mb": round(peak, 1),
        "baseline_seconds": round(base_seconds, 4),
        "answers": len(found),
    }


def combat_board(attackers: int = 20) -> dict[str, Any]:
    """20 attackers, each blocked: two 6/6 tramplers blocked by two 2/2s each, the other 18 2/2s
    blocked by one 2/2 each (20 blockers in all)."""
    battlefield: list[dict[str, Any]] = []
    blockers = 0
    for i in range(attackers):
        trample = i < 2
        card = "Colossal Dreadmaw" if trample else "Grizzly Bears"
        battlefield.append(
            {"id": f"a{i}", "card": card, "controller": "alice", "tapped": True, "attacking": "bob"}
        )
        for _ in range(2 if trample else 1):
            battlefield.append(
                {
                    "id": f"b{blockers}",
                    "card": "Gray Ogre",
                    "controller": "bob",
                    "blocking": f"a{i}",
                }
            )
            blockers += 1
    battlefield = [p for p in battlefield if not p["id"].startswith("b") or int(p["id"][1:]) < 20]
    return {
        "players": [{"name": "alice"}, {"name": "bob"}],
        "turn": {"active": "alice", "step": "declare_blockers", "number": 5},
        "battlefield": battlefield,
    }


def trample_divisions(power: int, toughness: list[int]) -> int:
    """Brute force: every division of ``power`` among the blockers and the player, legal under
    702.19b (the player gets damage only if every blocker is assigned lethal damage)."""
    count = 0
    for split in itertools.product(range(power + 1), repeat=len(toughness) + 1):
        if sum(split) != power:
            continue
        *to_blockers, to_player = split
        if to_player and any(d < t for d, t in zip(to_blockers, toughness, strict=True)):
            continue
        count += 1
    return count


def measure_combat() -> dict[str, Any]:
    data = combat_board()
    board = parse_board(json.dumps(data), source="combat-20x20")
    start = time.perf_counter()
    report = step(board, "combat_damage", max_courses=10_000_000)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    base_start = time.perf_counter()
    tramplers = [p for p in data["battlefield"] if p["card"] == "Colossal Dreadmaw"]
    expected = 1
    for attacker in tramplers:
        blocking = [p for p in data["battlefield"] if p.get("blocking") == attacker["id"]]
        expected *= trample_divisions(6, [2] * len(blocking))
    base_seconds = time.perf_counter() - base_start
    if report.total_courses != expected:
        raise SystemExit(f"combat: {report.total_courses} courses, the brute force {expected}")
    biggest = max(report.stats, key=lambda s: s.atoms)
    return {
        "benchmark": "combat, 20 attackers, 20 blockers, 2 tramplers",
        "seconds": round(seconds, 3),
        "ground_seconds": round(sum(s.ground_seconds for s in report.stats), 3),
        "atoms": biggest.atoms,
        "rules": biggest.rules,
        "peak_mb": round(peak, 1),
        "baseline_seconds": round(base_seconds, 4),
        "answers": report.total_courses,
        "distinct_final_states": len(report.outcomes),
    }


def _worker(what: str, n: int, queue: Any) -> None:
    queue.put(measure_pt(n) if what == "pt" else measure_combat())


def _fresh(what: str, n: int = 0) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    process = context.Process(target=_worker, args=(what, n, queue))
    process.start()
    row: dict[str, Any] = queue.get()
    process.join()
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--creatures", type=int, nargs="+", default=[100, 1000])
    parser.add_argument("--no-combat", action="store_true", help="only the P/T boards")
    add_json_option(parser)
    args = parser.parse_args(argv)
    rows = [_fresh("pt", n) for n in args.creatures]
    if not args.no_combat:
        rows.append(_fresh("combat"))
    result = {"benchmark": "combat", "machine": machine(), "rows": rows}

    def text(res: dict[str, Any]) -> str:
        keys = [
            "seconds",
            "ground_seconds",
            "atoms",
            "rules",
            "peak_mb",
            "baseline_seconds",
            "answers",
        ]
        body = [[r["benchmark"], *(str(r[k]) for k in keys)] for r in res["rows"]]
        return machine_line(res["machine"]) + "\n" + table(["benchmark", *keys], body)

    emit(result, args.json, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
