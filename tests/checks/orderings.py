"""Verify orderings cases.

``args.event`` is the event as the command line writes it. ``expect`` may give ``outcomes`` (a
mapping from each outcome's text, e.g. ``"{B}{B}"`` or ``"bob loses 3 life"`` or
``"nothing happens"``, to its number of orderings: exactly these outcomes must exist),
``order_matters`` (bool), ``noncommuting`` (list of pairs of effect ids) and ``applies_now`` (the
ids of the effects that apply to the unmodified event).
"""

from __future__ import annotations

from typing import Any

from mtgasp import Board
from mtgasp.orderings import orderings, parse_event


def verify(board: Board, args: dict[str, Any], expect: dict[str, Any]) -> None:
    report = orderings(board, parse_event(args["event"]))
    if "outcomes" in expect:
        found = {str(o.value): o.orderings for o in report.outcomes}
        assert found == expect["outcomes"], f"outcomes {found}"
    if "order_matters" in expect:
        assert report.order_matters == expect["order_matters"]
    if "noncommuting" in expect:
        wanted = sorted(tuple(sorted(pair)) for pair in expect["noncommuting"])
        assert sorted(report.noncommuting) == wanted, f"noncommuting {report.noncommuting}"
    if "applies_now" in expect:
        now = sorted(e.id for e in report.effects if e.applies_now)
        assert now == sorted(expect["applies_now"]), f"applies now: {now}"
    assert report.stats.choices == 0, "the replacement graph is built without solver choices"
