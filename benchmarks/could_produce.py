"""Benchmark: could-produce (106.7) on a generated board of 1,000 permanents.

The board (fixed seed) has 4 players and 200 Reflecting Pools and Exotic Orchards among its
lands, spread so the least fixed point has long chains and cycles: one player has basic lands,
the others mostly reflecting lands and a few basics of one type each, so types travel from player
to player through Orchards and within a player through Pools. Four mana replacement effects apply
(two Mana Reflections, Nyxbloom Ancient, Pale Moon). The same board is answered by the encodings
(one clingo solve) and by a straightforward iterative fixed point in pure Python written from the
Oracle texts; both must agree on every permanent.

Times are CPU seconds of this process (``time.process_time``: clingo's threads included), the
best of ``--repeat`` runs, so that other work on the machine does not count.

Run from the repository root:
``python -m benchmarks.could_produce [--json] [--size N] [--repeat K]``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import resource
import sys
import time
from collections.abc import Iterable
from typing import Any

import yaml

from mtgasp import parse_board
from mtgasp.answers.mana import could_produce

SEED = 106_7
PLAYERS = ("p1", "p2", "p3", "p4")

#: Mana abilities of the board's cards for the baseline, from their Oracle text:
#: (what, amount): what is a type, "any_color", ("reflect", whose, "types" | "colors");
#: amount is a number or "creatures" / "artifacts" (one for each such permanent you control).
ABILITIES: dict[str, list[tuple[Any, Any]]] = {
    "Forest": [("g", 1)],
    "Island": [("u", 1)],
    "Swamp": [("b", 1)],
    "Mountain": [("r", 1)],
    "Plains": [("w", 1)],
    "Wastes": [("c", 1)],
    "Reflecting Pool": [(("reflect", "you", "types"), 1)],
    "Exotic Orchard": [(("reflect", "opponents", "colors"), 1)],
    "Gaea's Cradle": [("g", "creatures")],
    "Tolarian Academy": [("u", "artifacts")],
    "Llanowar Elves": [("g", 1)],
    "Birds of Paradise": [("any_color", 1)],
    "Fellwar Stone": [(("reflect", "opponents", "colors"), 1)],
    "Naga Vitalist": [(("reflect", "you", "types"), 1)],
    "Harvester Druid": [(("reflect", "you", "colors"), 1)],
    "Mana Reflection": [],
    "Nyxbloom Ancient": [],
    "Contamination": [],
}
LANDS = {
    "Forest",
    "Island",
    "Swamp",
    "Mountain",
    "Plains",
    "Wastes",
    "Reflecting Pool",
    "Exotic Orchard",
    "Gaea's Cradle",
    "Tolarian Academy",
}
BASICS = {"Forest", "Island", "Swamp", "Mountain", "Plains", "Wastes"}
CREATURES = {"Llanowar Elves", "Birds of Paradise", "Naga Vitalist", "Harvester Druid"}
ARTIFACTS = {"Fellwar Stone"}
COLORS = ("w", "u", "b", "r", "g")
TYPES = (*COLORS, "c")


def board_data(
    size: int = 1000, seed: int = SEED, *, contamination: bool = False
) -> dict[str, Any]:
    """The generated board: ``size`` permanents, a fifth of them Pools and Orchards (and, on
    request, a Contamination as well: the property tests use it)."""
    rng = random.Random(seed)
    reflectors = size // 5
    # Player 1 holds the basics of every type; each other player one basic type at most, so most
    # of their types come through Orchards (from opponents) and Pools (from their own lands).
    basics_of = {"p1": sorted(BASICS), "p2": ["Wastes"], "p3": ["Swamp"], "p4": []}
    perms: list[dict[str, Any]] = []
    for i in range(reflectors):
        player = PLAYERS[i % 4] if i % 8 else "p4"
        card = "Reflecting Pool" if i % 2 else "Exotic Orchard"
        perms.append({"id": f"r{i}", "card": card, "controller": player})
    others = [
        ("basic", 40),
        ("Llanowar Elves", 12),
        ("Birds of Paradise", 6),
        ("Fellwar Stone", 6),
        ("Naga Vitalist", 6),
        ("Harvester Druid", 6),
        ("Gaea's Cradle", 1),
        ("Tolarian Academy", 1),
    ]
    names, weights = zip(*others, strict=True)
    i = 0
    while len(perms) < size - 3:
        player = rng.choice(PLAYERS)
        card = rng.choices(names, weights)[0]
        if card == "basic":
            if not basics_of[player]:
                continue
            card = rng.choice(basics_of[player])
        perms.append({"id": f"o{i}", "card": card, "controller": player})
        i += 1
    perms.append({"id": "reflection1", "card": "Mana Reflection", "controller": "p1"})
    perms.append({"id": "reflection2", "card": "Mana Reflection", "controller": "p3"})
    perms.append({"id": "nyxbloom", "card": "Nyxbloom Ancient", "controller": "p2"})
    if contamination:
        perms.append({"id": "contamination", "card": "Contamination", "controller": "p4"})
    return {
        "players": [{"name": p} for p in PLAYERS],
        "turn": {"active": "p1"},
        "battlefield": perms,
        "effects": [{"id": "moon", "card": "Pale Moon", "controller": "p4"}],
    }


# --- the baseline: 106.7 as a plain iterative fixed point ---------------------------------------


def _effects(board: dict[str, Any]) -> list[tuple[str, str]]:
    """(card, controller) of each mana replacement effect on the board."""
    found = []
    for perm in (*board["battlefield"], *board.get("effects", [])):
        if perm["card"] in ("Mana Reflection", "Nyxbloom Ancient", "Pale Moon", "Contamination"):
            found.append((perm["card"], perm["controller"]))
    return found


def _outcome_types(
    amounts: dict[str, int], source: dict[str, Any], effects: list[tuple[str, str]]
) -> set[str]:
    """Types in any outcome of the production event, effects applied in every order (616.1)."""
    is_land = source["card"] in LANDS
    applicable = []
    for card, controller in effects:
        if (
            (card in ("Mana Reflection", "Nyxbloom Ancient") and controller == source["controller"])
            or (card == "Pale Moon" and is_land and source["card"] not in BASICS)
            or (card == "Contamination" and is_land)
        ):
            applicable.append(card)
    result: set[str] = set()
    for order in itertools.permutations(applicable):
        value = dict(amounts)
        for card in order:
            if sum(value.values()) == 0:
                break
            if card == "Mana Reflection":
                value = {t: 2 * n for t, n in value.items()}
            elif card == "Nyxbloom Ancient":
                value = {t: 3 * n for t, n in value.items()}
            elif card == "Pale Moon":
                value = {"c": sum(value.values())}
            else:
                value = {"b": 1}
        result |= {t for t, n in value.items() if n > 0}
    return result


def baseline(board: dict[str, Any]) -> tuple[dict[str, set[str]], int]:
    """Iterate "what each permanent could produce" from nothing until nothing changes; also the
    number of rounds it took (how long the chains are)."""
    perms = board["battlefield"]
    effects = _effects(board)
    counts = {
        (p, kind): sum(
            1
            for q in perms
            if q["controller"] == p
            and q["card"] in (CREATURES if kind == "creatures" else ARTIFACTS)
        )
        for p in PLAYERS
        for kind in ("creatures", "artifacts")
    }
    could: dict[str, set[str]] = {p["id"]: set() for p in perms}
    changed = True
    rounds = 0
    while changed:
        changed = False
        rounds += 1
        lands_of = {player: set() for player in PLAYERS}
        for p in perms:
            if p["card"] in LANDS:
                lands_of[p["controller"]] |= could[p["id"]]
        for p in perms:
            for what, amount in ABILITIES[p["card"]]:
                n = counts[(p["controller"], amount)] if isinstance(amount, str) else amount
                choices: Iterable[str]
                if what in TYPES:
                    events = [{what: n}]
                elif what == "any_color":
                    events = [{t: n} for t in COLORS]
                else:
                    _, whose, kind = what
                    pool: set[str] = set()
                    for player in PLAYERS:
                        mine = player == p["controller"]
                        if (whose == "you") == mine:
                            pool |= lands_of[player]
                    choices = [t for t in pool if kind == "types" or t in COLORS]
                    events = [{t: n} for t in choices]
                for event in events:
                    new = _outcome_types(event, p, effects) - could[p["id"]]
                    if new:
                        could[p["id"]] |= new
                        changed = True
    return could, rounds


def _best(repeat: int, work: Any) -> tuple[Any, float]:
    """The result of ``work()`` and its least CPU time over ``repeat`` runs."""
    best = float("inf")
    result = None
    for _ in range(repeat):
        result = None  # the last run's answer is not kept alive during the next (peak RSS)
        start = time.process_time()
        result = work()
        best = min(best, time.process_time() - start)
    return result, best


def run(size: int, repeat: int = 3) -> dict[str, Any]:
    data = board_data(size)
    board = parse_board(yaml.safe_dump(data), source=f"generated-{size}")
    report, asp_seconds = _best(repeat, lambda: could_produce(board))
    (expected, rounds), python_seconds = _best(repeat, lambda: baseline(data))
    got = {p.permanent: set(p.types) for p in report.permanents}
    disagree = sorted(k for k in got if got[k] != expected[k])
    reflectors = sum(
        1 for p in data["battlefield"] if p["card"] in ("Reflecting Pool", "Exotic Orchard")
    )
    return {
        "permanents": len(data["battlefield"]),
        "reflecting_lands": reflectors,
        "replacement_effects": len(_effects(data)),
        "asp_cpu_seconds": round(asp_seconds, 3),
        "ground_wall_seconds": round(report.stats.ground_seconds, 3),
        "solve_wall_seconds": round(report.stats.solve_seconds, 3),
        "atoms": report.stats.atoms,
        "rules": report.stats.rules,
        "choices": report.stats.choices,
        "python_cpu_seconds": round(python_seconds, 4),
        "python_rounds": rounds,
        "ratio_asp_to_python": round(asp_seconds / python_seconds, 2) if python_seconds else None,
        "atoms_per_permanent": round(report.stats.atoms / len(data["battlefield"]), 1),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "agree": not disagree,
        "disagreements": disagree[:10],
        "types_found": sum(len(t) for t in got.values()),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000, help="permanents (default 1000)")
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best counts (default 3)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    result = run(args.size, args.repeat)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        width = max(len(k) for k in result)
        for key, value in result.items():
            print(f"{key.ljust(width)}  {value}")
    return 0 if result["agree"] else 1


if __name__ == "__main__":
    sys.exit(main())
