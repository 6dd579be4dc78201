"""Verify tap cases.

``args``: ``permanent``, optional ``ability`` and ``choice``. ``expect`` may give:
``error`` (a list of CR rules the refusal must cite, or ``[]`` for any refusal),
``undefined: true`` (106.5: no mana), ``choices`` (the exact list of types it may choose),
``outcomes`` (for an ability without a choice, or with ``args.choice``: outcome text -> number of
orderings, exactly these), ``triggers`` (outcome text -> {trigger id: [option texts]}, exactly these
triggers; ``{}`` for none).
"""

from __future__ import annotations

from typing import Any

import pytest

from mtgasp import Board, QueryError
from mtgasp.answers.mana import tap


def verify(board: Board, args: dict[str, Any], expect: dict[str, Any]) -> None:
    call = {"ability": args.get("ability"), "choice": args.get("choice")}
    if "error" in expect:
        with pytest.raises(QueryError) as info:
            tap(board, args["permanent"], **call)
        for rule in expect["error"]:
            assert rule in str(info.value), f"refusal does not cite {rule}: {info.value}"
        return
    report = tap(board, args["permanent"], **call)
    assert report.stats.choices == 0, "tap is deterministic: no solver choices"
    assert report.undefined == expect.get("undefined", False), f"undefined: {report.undefined}"
    if "choices" in expect:
        assert [r.choice for r in report.results] == expect["choices"]
    if "outcomes" in expect or "triggers" in expect:
        (result,) = report.results
        outcomes = {str(o.value): o for o in result.outcomes}
        if "outcomes" in expect:
            found = {k: o.orderings for k, o in outcomes.items()}
            assert found == expect["outcomes"], f"outcomes {found}"
        for text, wanted in expect.get("triggers", {}).items():
            got = {
                f"{t.source}#{t.ability}": [str(v) for v in t.options]
                for t in outcomes[text].triggers
            }
            assert got == wanted, f"triggers after {text}: {got}"
