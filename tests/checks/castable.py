"""Verify castable cases.

``args.player`` (optional). ``expect`` maps a question to ``true``, ``false``, ``bounded`` (no
plan within the bound on abilities with mana costs, while the player has more) or ``unproved``
(no plan, but the answer could depend on an ability not modelled): a card in hand by
its name (``Gilder Bairn``) or an ability as ``<permanent id>#<ability>``. Every question the case
names must exist. Every plan is replayed here, independently of the encodings: each step's mana
cost is paid from the pool as it stands, no permanent taps twice, no land is sacrificed twice, and
the pool at the end pays the cost symbol by symbol.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from mtgasp import Board
from mtgasp.answers.castable import Payment, castable
from mtgasp.board.values import MANA_TYPES, Mana


def verify(board: Board, args: dict[str, Any], expect: dict[str, Any]) -> None:
    report = castable(board, player=args.get("player"))
    found: dict[str, Payment] = {}
    for p in report.payments:
        q = p.question
        found[q.card if q.kind == "card" else f"{q.permanent}#{q.ability}"] = p
    for key, wanted in expect.items():
        assert key in found, f"no question {key}; questions are {sorted(found)}"
        p = found[key]
        got = "bounded" if p.bounded else "unproved" if p.unproved else p.payable
        assert got == wanted, f"{key}: payable {got}"
    for key, p in found.items():
        if p.payable:
            _replay(board, key, p)


def _add(pool: Counter[str], mana: Mana, times: int = 1) -> None:
    for t, n in mana.amounts().items():
        pool[t] += n * times


def _replay(board: Board, key: str, p: Payment) -> None:
    tapped: set[str] = set()
    sacrificed: set[str] = set()
    pool: Counter[str] = Counter()
    for step in sorted(p.plan, key=lambda s: s.stage):
        perm = board.permanent(step.permanent)
        assert perm is not None, f"{key}: {step}"
        assert perm.controller == p.question.player, f"{key}: {step}"
        if step.sacrificed:
            assert step.sacrificed not in sacrificed, f"{key}: {step.sacrificed} sacrificed twice"
            sacrificed.add(step.sacrificed)
        else:
            assert step.permanent not in tapped, f"{key}: {step.permanent} tapped twice"
            tapped.add(step.permanent)
        if step.paid is not None:
            for t, n in step.paid.amounts().items():
                assert pool[t] >= n, f"{key}: {step} pays mana the pool does not hold"
                pool[t] -= n
        if step.doubling_factor is not None:
            rest = Mana(**{t: pool[t] for t in MANA_TYPES})
            _add(pool, rest, step.doubling_factor)
        else:
            _add(pool, step.produced)
        for _, mana in step.triggers:
            _add(pool, mana)
    _pay(key, p, pool)


def _pay(key: str, p: Payment, pool: Counter[str]) -> None:
    symbols = re.findall(r"\{([^}]+)\}", p.cost)
    generic = 0
    hybrid_paid = Counter[str]()
    for text in p.hybrid:
        match = re.match(r"\{(\w)/(\w)\} x(\d+) paid with \{(\w)\}", text)
        assert match, text
        hybrid_paid[match.group(4).lower()] += int(match.group(3))
    colored: Counter[str] = Counter(hybrid_paid)
    for symbol in symbols:
        if symbol.isdigit():
            generic += int(symbol)
        elif "/" not in symbol and symbol != "X":
            colored[symbol.lower()] += 1
    hybrid_count = sum(1 for s in symbols if "/" in s)
    assert sum(hybrid_paid.values()) == hybrid_count, f"{key}: hybrid {p.hybrid}"
    left = Counter(pool)
    any_color = 0
    for t, n in colored.items():
        if t != "c" and p.spend_any_color:
            any_color += n
            continue
        assert left[t] >= n, f"{key}: the plan leaves {left[t]} {t}, {n} needed"
        left[t] -= n
    assert sum(left.values()) >= generic + any_color, f"{key}: not enough mana for the rest"
