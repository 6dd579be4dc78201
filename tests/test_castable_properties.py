"""Castable is exact: on random small boards its verdicts equal a brute-force search in Python.

The brute force takes what each mana ability may add from ``mtgasp tap`` (every choice, every
replacement outcome, every option of every trigger), then tries every subset of sources with
every option, every order of the abilities with mana costs (Simic Signet, Doubling Cube) with
every way to pay them, and every way to pay the cost's hybrid, colored and generic symbols.
Doubling Cube's multiplier is computed here from the Mana Reflections the player controls.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
import yaml

from mtgasp import activations, parse_board
from mtgasp.answers.castable import castable, payment, questions
from mtgasp.answers.mana import tap
from mtgasp.board.model import Board
from mtgasp.board.values import MANA_TYPES, Mana

HAND = ["Gilder Bairn", "Order of Whiteclay", "Thought-Knot Seer", "Raging Goblin", "Fervor"]
COSTS = {
    "Gilder Bairn": "{1}{G/U}{G/U}",
    "Order of Whiteclay": "{1}{W}{W}",
    "Thought-Knot Seer": "{3}{C}",
    "Raging Goblin": "{R}",
    "Fervor": "{2}{R}",
}
MINE = [
    "Forest",
    "Island",
    "Plains",
    "Wastes",
    "Mountain",
    "Birds of Paradise",
    "Llanowar Elves",
    "Reflecting Pool",
    "Exotic Orchard",
    "Gaea's Cradle",
    "Simic Signet",
    "Doubling Cube",
]
GLOBAL = ["Mana Reflection", "Contamination", "Mana Flare", "Vernal Bloom", "Blood Moon"]

_Pool = tuple[int, ...]


def _board(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    perms: list[dict[str, Any]] = []
    for i in range(rng.randint(2, 5)):
        perm: dict[str, Any] = {"id": f"a{i}", "card": rng.choice(MINE), "controller": "alice"}
        if rng.random() < 0.2:
            perm["since"] = "this_turn"
        perms.append(perm)
    for i in range(rng.randint(0, 2)):
        perms.append({"id": f"b{i}", "card": rng.choice(["Forest", "Swamp"]), "controller": "bob"})
    for card in rng.sample(GLOBAL, rng.randint(0, 2)):
        perms.append({"id": card.lower().replace(" ", "-"), "card": card, "controller": "bob"})
    if rng.random() < 0.3:
        perms[-1] = {**perms[-1], "controller": "alice"}
    lands = [p["id"] for p in perms if p["card"] in ("Forest", "Island", "Plains", "Mountain")]
    if lands and rng.random() < 0.4:
        perms.append(
            {"id": "growth", "card": "Wild Growth", "controller": "alice", "attached_to": lands[0]}
        )
    return {
        "players": [{"name": "alice"}, {"name": "bob"}],
        "turn": {"active": "alice"},
        "hand": {"alice": HAND},
        "battlefield": perms,
    }


def _vec(mana: Mana) -> _Pool:
    return tuple(getattr(mana, t) for t in MANA_TYPES)


def _options(board: Board, perm: str) -> list[_Pool]:
    """Every mana the ability may add, its triggers included (one option each)."""
    report = tap(board, perm)
    found = set()
    for result in report.results:
        for outcome in result.outcomes:
            base = _vec(outcome.value) if isinstance(outcome.value, Mana) else (0,) * 6
            for extra in itertools.product(*[t.options for t in outcome.triggers]):
                total = list(base)
                for mana in extra:
                    total = [a + b for a, b in zip(total, _vec(mana), strict=True)]
                found.add(tuple(total))
    return sorted(found)


def _payments(pool: _Pool, generic: int) -> Iterator[_Pool]:
    """Every way to pay ``generic`` from ``pool``; the pool left."""
    if generic == 0:
        yield pool
        return
    for i, amount in enumerate(pool):
        if amount:
            rest = list(pool)
            rest[i] -= 1
            yield from _payments(tuple(rest), generic - 1)


def _pays(pool: _Pool, cost: str) -> bool:
    symbols = re.findall(r"\{([^}]+)\}", cost)
    hybrids = [s.lower().split("/") for s in symbols if "/" in s]
    for halves in itertools.product(*hybrids):
        need = Counter(s.lower() for s in symbols if not s.isdigit() and "/" not in s)
        need.update(halves)
        generic = sum(int(s) for s in symbols if s.isdigit())
        left = dict(zip(MANA_TYPES, pool, strict=True))
        if all(left[t] >= n for t, n in need.items()):
            rest = sum(left.values()) - sum(need.values())
            if rest >= generic:
                return True
    return False


def _brute_force(board: Board) -> dict[str, bool]:
    legal = [
        a
        for a in activations(board).activations
        if a.controller == "alice" and a.mana_ability and not a.reasons
    ]
    free = [a.permanent for a in legal if a.cost == ("{T}",)]
    signets = [a.permanent for a in legal if a.card == "Simic Signet"]
    cubes = [a.permanent for a in legal if a.card == "Doubling Cube"]
    reflections = sum(
        1 for p in board.battlefield if p.card == "Mana Reflection" and p.controller == "alice"
    )
    factor = 2**reflections  # what the Cube adds, per mana left in the pool
    signet_options = {s: _options(board, s) for s in signets}
    pools: set[_Pool] = {(0,) * 6}
    for perm in free:
        options = _options(board, perm)
        pools |= {
            tuple(a + b for a, b in zip(pool, option, strict=True))
            for pool in pools
            for option in options
        }
    finals = set(pools)
    paid = signets + cubes
    for k in range(1, len(paid) + 1):
        for order in itertools.permutations(paid, k):
            current = set(pools)
            for perm in order:
                following: set[_Pool] = set()
                for pool in current:
                    cost = 1 if perm in signet_options else 3
                    for rest in _payments(pool, cost):
                        if perm in signet_options:
                            for option in signet_options[perm]:
                                following.add(
                                    tuple(a + b for a, b in zip(rest, option, strict=True))
                                )
                        else:
                            following.add(tuple(a * (1 + factor) for a in rest))
                current = following
            finals |= current
    return {card: any(_pays(pool, COSTS[card]) for pool in finals) for card in HAND}


@pytest.mark.parametrize("seed", range(20))
def test_castable_equals_brute_force(seed: int) -> None:
    board = parse_board(yaml.safe_dump(_board(seed)), source=f"seed {seed}")
    report = castable(board)
    expected = _brute_force(board)
    for p in report.payments:
        if p.question.kind != "card":
            continue
        if p.bounded:  # a "no" within the bound on abilities with mana costs claims nothing more
            continue
        assert p.payable == expected[p.question.card], p.question.card


@pytest.mark.parametrize("seed", range(0, 20, 4))
def test_one_grounding_per_board_equals_one_per_question(seed: int) -> None:
    board = parse_board(yaml.safe_dump(_board(seed)), source=f"seed {seed}")
    shared = [p.payable for p in castable(board).payments]
    alone = [payment(board, q, cost).payable for q, cost in questions(board, "alice")]
    assert shared == alone
