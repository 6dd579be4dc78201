"""Verify creatures cases (power and toughness after layer 7, 208, 613.4).

``expect`` maps permanent ids to ``"P/T"`` (its power and toughness now); ``none`` lists ids that
are not creatures (208.3: no power or toughness). The query must make no solver choices.
"""

from __future__ import annotations

from typing import Any

from mtgasp import Board
from mtgasp.answers.creatures import creatures


def verify(board: Board, args: dict[str, Any], expect: dict[str, Any]) -> None:
    report = creatures(board)
    found = {c.permanent: f"{c.power}/{c.toughness}" for c in report.creatures}
    for perm, wanted in expect.get("pt", {}).items():
        assert found.get(perm) == wanted, f"{perm}: {found.get(perm)}, wanted {wanted}"
    for perm in expect.get("none", []):
        assert perm not in found, f"{perm} has power and toughness {found[perm]}"
    assert report.stats.choices == 0, "a deterministic query must make no solver choices"
