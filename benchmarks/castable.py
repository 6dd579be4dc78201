"""Benchmark: castable with 7 cards in hand and 20 mana sources, doublers and filters included.

The board (fixed) has basic lands, Reflecting Pool, Exotic Orchard, Gaea's Cradle, Tolarian
Academy, mana creatures, Fellwar Stone, two Simic Signets (filters), two Doubling Cubes, Squandered
Resources, Mana Flare, Wild Growth and Contamination. Every card in hand and every ability with a
mana cost is asked. The timed run is what ``mtgasp castable`` does: one grounding, one solve per
question (multi-shot). The baseline in the same run grounds and solves each question on its own;
both must give the same verdicts.

Run from the repository root: ``python -m benchmarks.castable [--json]``.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from typing import Any

import yaml

from mtgasp import parse_board
from mtgasp.answers.castable import castable, payment, questions

from ._common import add_json_option, emit, mapping_text

HAND = [
    "Nyxbloom Ancient",
    "Gilder Bairn",
    "Order of Whiteclay",
    "Thought-Knot Seer",
    "Mana Reflection",
    "Chromatic Orrery",
    "Zendikar Resurgent",
]
SOURCES = [
    ("forest1", "Forest"),
    ("forest2", "Forest"),
    ("island", "Island"),
    ("swamp", "Swamp"),
    ("mountain", "Mountain"),
    ("wastes", "Wastes"),
    ("pool", "Reflecting Pool"),
    ("orchard", "Exotic Orchard"),
    ("cradle", "Gaea's Cradle"),
    ("academy", "Tolarian Academy"),
    ("birds1", "Birds of Paradise"),
    ("birds2", "Birds of Paradise"),
    ("elves", "Llanowar Elves"),
    ("naga", "Naga Vitalist"),
    ("stone", "Fellwar Stone"),
    ("signet1", "Simic Signet"),
    ("signet2", "Simic Signet"),
    ("cube1", "Doubling Cube"),
    ("cube2", "Doubling Cube"),
    ("squander", "Squandered Resources"),
]


def board_data() -> dict[str, Any]:
    perms = [{"id": i, "card": c, "controller": "alice"} for i, c in SOURCES]
    perms += [
        {"id": "flare", "card": "Mana Flare", "controller": "bob"},
        {"id": "growth", "card": "Wild Growth", "controller": "alice", "attached_to": "forest1"},
        {"id": "opp-plains", "card": "Plains", "controller": "bob"},
        {"id": "contamination", "card": "Contamination", "controller": "bob"},
    ]
    return {
        "players": [{"name": "alice"}, {"name": "bob"}],
        "turn": {"active": "alice"},
        "hand": {"alice": HAND},
        "battlefield": perms,
    }


def run() -> dict[str, Any]:
    board = parse_board(yaml.safe_dump(board_data()), source="castable-benchmark")
    start = time.perf_counter()
    report = castable(board)
    seconds = time.perf_counter() - start
    start = time.perf_counter()
    single = [payment(board, q, cost) for q, cost in questions(board, "alice")]
    baseline_seconds = time.perf_counter() - start
    verdicts = [(p.question.card, p.question.permanent, p.payable) for p in report.payments]
    agree = verdicts == [(p.question.card, p.question.permanent, p.payable) for p in single]
    return {
        "cards_in_hand": len(HAND),
        "mana_sources": len(SOURCES),
        "questions": len(report.payments),
        "payable": sum(1 for p in report.payments if p.payable),
        "seconds": round(seconds, 3),
        "ground_seconds": round(report.stats.ground_seconds, 3),
        "solve_seconds": round(report.stats.solve_seconds, 3),
        "atoms": report.stats.atoms,
        "rules": report.stats.rules,
        "choices": report.stats.choices,
        "conflicts": report.stats.conflicts,
        "baseline_one_grounding_per_question_seconds": round(baseline_seconds, 3),
        "ratio_to_baseline": round(seconds / baseline_seconds, 2),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "agree": agree,
        "verdicts": {f"{c} {p or ''}".strip(): v for c, p, v in verdicts},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_json_option(parser)
    args = parser.parse_args(argv)
    result = run()
    emit(result, args.json, mapping_text)
    return 0 if result["agree"] else 1


if __name__ == "__main__":
    sys.exit(main())
