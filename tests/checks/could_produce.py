"""Verify could-produce cases.

``expect`` maps permanent ids to the list of types it could produce (``[b, c]``; ``[]`` for
none). Every permanent a case names is checked; others are not. The query must make no solver
choices, and every type's witness chain must be well founded: each link is defined by the next
one, and the last one needs no other permanent.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from mtgasp import Board
from mtgasp.answers.mana import could_produce


def verify(board: Board, args: dict[str, Any], expect: dict[str, Any]) -> None:
    report = could_produce(board, why=True)
    found = {p.permanent: p for p in report.permanents}
    for perm_id, wanted in expect.items():
        assert perm_id in found, f"no permanent {perm_id}"
        got = found[perm_id]
        assert sorted(got.types) == sorted(wanted), f"{perm_id}: could produce {got.types}"
        assert [w.type for w in got.witnesses] == list(got.types), f"{perm_id}: witnesses"
        for witness in got.witnesses:
            chain = witness.chain
            assert chain[0].permanent == perm_id
            for step, following in pairwise(chain):
                assert step.reflected_from == following.permanent, f"{perm_id}: broken chain"
                assert following.permanent in found
                assert step.choice in found[following.permanent].types
            assert chain[-1].reflected_from is None, f"{perm_id}: chain not well founded"
    assert report.stats.choices == 0, "could-produce is deterministic: no solver choices"
