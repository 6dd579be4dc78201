"""Verify orderings cases.

``args.event`` is the event as the command line writes it; ``args.caused_by`` (optional) the
player whose spell or ability causes a life event (``--caused-by``). ``expect`` may give:

- ``outcomes``: a mapping from each outcome's text (``"{B}{B}"``, ``"bob loses 3 life"``,
  ``"nothing happens"``) to its number of orderings; exactly these outcomes must exist;
- ``order_matters`` (bool); ``total_orderings`` (int); ``chooser`` (the player who orders, 616.1);
- ``noncommuting``: the pairs of effect ids that do not commute;
- ``applies_now``: the ids of the effects that apply to the unmodified event (616.1f);
- ``witnesses``: outcome text -> the witness ordering (list of effect ids);
- ``all_orderings``: every ordering, in the order listed (each a list of effect ids);
- ``prohibitions``: the "can't" texts (119.7, 119.8) shown for the affected player.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from mtgasp import Board
from mtgasp.answers.orderings.query import LifeEvent, orderings, parse_event


def verify(board: Board, args: dict[str, Any], expect: dict[str, Any]) -> None:
    event = parse_event(args["event"])
    if "caused_by" in args:
        assert isinstance(event, LifeEvent), "caused_by is for life events"
        event = replace(event, cause=args["caused_by"])
    report = orderings(board, event, list_all=True)
    if "outcomes" in expect:
        found = {str(o.value): o.orderings for o in report.outcomes}
        assert found == expect["outcomes"], f"outcomes {found}"
    if "order_matters" in expect:
        assert report.order_matters == expect["order_matters"]
    if "total_orderings" in expect:
        assert report.total_orderings == expect["total_orderings"], report.total_orderings
    if "chooser" in expect:
        assert report.chooser == expect["chooser"], report.chooser
    if "noncommuting" in expect:
        wanted = sorted(tuple(sorted(pair)) for pair in expect["noncommuting"])
        got = sorted(tuple(sorted(pair)) for pair in report.noncommuting)
        assert got == wanted, f"noncommuting {report.noncommuting}"
    if "applies_now" in expect:
        now = sorted(e.id for e in report.effects if e.applies_now)
        assert now == sorted(expect["applies_now"]), f"applies now: {now}"
    if "witnesses" in expect:
        found_w = {str(o.value): list(o.witness) for o in report.outcomes}
        for text, witness in expect["witnesses"].items():
            assert found_w.get(text) == witness, f"witness of {text}: {found_w.get(text)}"
    if "all_orderings" in expect:
        assert report.listed is not None
        assert [list(o) for o in report.listed] == expect["all_orderings"], report.listed
    if "prohibitions" in expect:
        assert list(report.prohibitions) == expect["prohibitions"], report.prohibitions
    # Counts, listing and outcomes agree with each other.
    assert report.total_orderings == sum(o.orderings for o in report.outcomes)
    if not report.truncated:
        assert report.listed is not None
        assert len(report.listed) == report.total_orderings
    assert report.stats.choices == 0, "the replacement graph is built without solver choices"
