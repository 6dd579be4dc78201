"""``mtgasp orderings``: every order of replacement effects on one event, and what each gives."""

from __future__ import annotations

import argparse
import itertools
from dataclasses import replace
from typing import Any

from ..answers.orderings.query import (
    DEFAULT_MAX_ORDERINGS,
    LifeEvent,
    OrderingsReport,
    orderings,
    parse_event,
)
from ..board.events import CounterEvent, ObjectEvent
from ..errors import QueryError
from ..output.format import dumps, table
from . import _common


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = """\
When several replacement effects apply to one event, the affected player chooses one, applies it,
then chooses again among those still applicable (616.1, 616.1f); each applies at most once (614.5);
self-replacement effects come first (616.1a). This lists the applicable effects, every distinct
outcome with how many orderings give it and one witness ordering, and either "order does not
matter" or the pairs of effects that do not commute. "Can't" beats replacement: an event that
can't happen is modified only by self-replacement effects (614.17c, 119.7).

EVENT is one of:
  tap:PERMANENT[:ABILITY[:TYPE]]  the permanent's mana ability resolves (106.12b); TYPE (w u b r g
                                  c) is the type chosen for an "any color" ability, one it
                                  can choose now (106.5, 106.7: as `mtgasp tap --choice`)
  gain:PLAYER:N                   the player would gain N life
  lose:PLAYER:N                   the player would lose N life
  set:PLAYER:N                    the player's life total would become N (119.5)
  damage:SOURCE:TARGET:N[:combat] the permanent SOURCE would deal N damage (combat damage with
                                  :combat) to TARGET, a player or a permanent (120.1); the
                                  prevention effects on it (615) order like replacement effects
  draw:PLAYER[:N]                 the player would draw N cards (default 1): N individual draws,
                                  each with its own replacements (121.2, 121.6); the outcome is
                                  the cards drawn in all

example:
  mtgasp orderings examples/mana-reflection-contamination.yaml tap:forest"""
    _common.add_board(parser)
    parser.add_argument("event", metavar="EVENT", help="the event (see above)")
    parser.add_argument(
        "--all-orderings", action="store_true", help="also list every ordering (up to the bound)"
    )
    parser.add_argument(
        "--max-orderings",
        type=_common.count,
        default=DEFAULT_MAX_ORDERINGS,
        metavar="N",
        help=f"list at most N orderings (default {DEFAULT_MAX_ORDERINGS}); counts stay exact",
    )
    parser.add_argument(
        "--caused-by",
        metavar="PLAYER",
        help="a life event is caused by a spell or ability PLAYER controls (Rain of Gore asks "
        "who; by default the cause is not known)",
    )
    _common.add_graph(parser, "the ordering graph (616.1)")
    _common.add_html(parser)
    _common.add_force(parser, "--graph and --html")
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    event = parse_event(args.event)
    assert not isinstance(event, ObjectEvent | CounterEvent)  # not among EVENT_KINDS
    if args.caused_by is not None:
        if not isinstance(event, LifeEvent):
            raise QueryError("--caused-by applies to life events (gain, lose, set)")
        event = replace(event, cause=args.caused_by)
    board = _common.board(args)
    report = orderings(
        board,
        event,
        list_all=args.all_orderings,
        max_orderings=args.max_orderings,
        drawn=bool(args.graph or args.html),
    )
    if (args.graph or args.html) and report.graph is None:
        raise QueryError(
            "--graph and --html draw one event's graph: ask for one draw (draw:PLAYER:1), the "
            "draws of several cards are events of their own (121.2)"
        )
    if args.graph:
        from ..output.pictures import orderings_graph

        _common.write_graph(args, orderings_graph(report))
    if args.html:
        from ..output.html import Section, write_page
        from ..output.pictures import orderings_graph

        section = Section("Orderings (616.1)", to_text(report), orderings_graph(report))
        title = f"mtgasp orderings: {report.event}"
        write_page(args.html, title, board, [section], force=args.force)
    return dumps(to_json(report)) if args.json else to_text(report)


def to_json(report: OrderingsReport) -> dict[str, Any]:
    return {
        "query": "orderings",
        "schema": 1,
        "event": str(report.event),
        "initial": report.initial.to_json(),
        "chooser": report.chooser,
        "effects": [
            {
                "id": e.id,
                "source": e.source,
                "card": e.card,
                "ability": e.ability,
                "controller": e.controller,
                "reason": e.reason,
                "rule_class": e.rule_class,
                "applies_now": e.applies_now,
                "kind": e.kind,
                "independent": e.independent,
            }
            for e in report.effects
        ],
        "prohibitions": list(report.prohibitions),
        "outcomes": [
            {"value": o.value.to_json(), "orderings": o.orderings, "witness": list(o.witness)}
            for o in report.outcomes
        ],
        "order_matters": report.order_matters,
        "noncommuting": [list(pair) for pair in report.noncommuting],
        "total_orderings": report.total_orderings,
        "orderings": None if report.listed is None else [list(o) for o in report.listed],
        "truncated": report.truncated,
        "max_orderings": report.max_orderings,
        "graph": {"nodes": report.graph_nodes, "edges": report.graph_edges},
    } | ({"draws": [_draw_json(part) for part in report.parts]} if report.parts else {})


def _draw_json(part: OrderingsReport) -> dict[str, Any]:
    """One individual draw of a draw of several cards (121.2): its outcomes."""
    return {
        "outcomes": [
            {"value": o.value.to_json(), "orderings": o.orderings, "witness": list(o.witness)}
            for o in part.outcomes
        ],
        "total_orderings": part.total_orderings,
    }


def _order(effects: tuple[str, ...], cards: dict[str, str]) -> str:
    return " then ".join(f"{cards[e]} ({e})" for e in effects) or "(no effect applies)"


def _listed_text(report: OrderingsReport, cards: dict[str, str]) -> list[str]:
    """Each listed ordering in words; for a draw of several cards, draw by draw (121.2)."""
    assert report.listed is not None
    if not report.parts:
        return [_order(o, cards) for o in report.listed]
    each = [part.listed or () for part in report.parts]
    combinations = itertools.islice(itertools.product(*each), len(report.listed))
    return [
        "; ".join(f"draw {i}: {_order(o, cards)}" for i, o in enumerate(combination, 1))
        for combination in combinations
    ]


def to_text(report: OrderingsReport) -> str:
    cards = {e.id: e.card for e in report.effects}
    lines = [f"Event: {report.event}; unmodified: {report.initial}."]
    lines.append(f"The affected player, {report.chooser}, chooses the order (616.1).")
    lines.extend(f"Prohibition: {text}" for text in report.prohibitions)
    if report.effects:
        rows = [
            [e.id, e.card, e.controller, e.reason, "yes" if e.applies_now else "later/never"]
            for e in report.effects
        ]
        lines += ["", "Replacement effects:"]
        lines.append(table(["effect", "card", "controller", "applies if", "applies now"], rows))
    else:
        lines.append("No replacement effect could modify this event.")
    plural = "" if report.total_orderings == 1 else "s"
    lines += ["", f"Outcomes ({report.total_orderings} ordering{plural} in all):"]
    if report.parts:
        rows = [[str(o.value), str(o.orderings)] for o in report.outcomes]
        lines.append(table(["result", "orderings"], rows))
        lines += ["", "Each card is drawn on its own (121.2), its replacements ordered alone:"]
        rows = [
            [str(index), str(o.value), str(o.orderings), _order(o.witness, cards)]
            for index, part in enumerate(report.parts, 1)
            for o in part.outcomes
        ]
        lines.append(table(["draw", "result", "orderings", "for example"], rows))
    else:
        rows = [[str(o.value), str(o.orderings), _order(o.witness, cards)] for o in report.outcomes]
        lines.append(table(["result", "orderings", "for example"], rows))
    lines.append("")
    if not report.order_matters:
        lines.append("Verdict: order does not matter (one outcome).")
    else:
        pairs = ", ".join(f"{cards[a]} ({a}) / {cards[b]} ({b})" for a, b in report.noncommuting)
        lines.append(f"Verdict: order matters. Effects that do not commute: {pairs}.")
    if report.listed is not None:
        lines += ["", "Every ordering:"]
        lines.extend(
            f"  {index}. {text}" for index, text in enumerate(_listed_text(report, cards), 1)
        )
        if report.truncated:
            lines.append(
                f"  TRUNCATED: listed {len(report.listed)} of {report.total_orderings} orderings "
                f"(--max-orderings {report.max_orderings})."
            )
    return "\n".join(lines)


def summary_text(reports: tuple[OrderingsReport, ...]) -> str:
    """One line per event, for the report of ``mtgasp check``."""
    lines = ['Life events under replacement and "can\'t" effects (614, 616.1, 119.7, 119.8):']
    for report in reports:
        results = "; ".join(
            f"{o.value} ({o.orderings} ordering{'' if o.orderings == 1 else 's'})"
            for o in report.outcomes
        )
        verdict = "order matters" if report.order_matters else "order does not matter"
        lines.append(f"  {report.event}: {results}; {verdict}.")
    lines.append("  (details: mtgasp orderings BOARD gain:PLAYER:N, lose:PLAYER:N)")
    return "\n".join(lines)
