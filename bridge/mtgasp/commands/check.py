"""``mtgasp check``: the main job, every query on one board in one report."""

from __future__ import annotations

import argparse
from typing import Any

from ..answers.check import CheckReport, check
from ..answers.creatures import pt_terms_text
from ..output.format import dumps
from . import _common, _courses, activations, castable, could_produce, orderings
from ._common import turn_text


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = "Run every query mtgasp knows on BOARD and print one report."
    _common.add_board(parser)
    _common.add_html(parser)
    _common.add_force(parser, "--html")
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    report = check(_common.board(args))
    if args.html:
        _write_html(report, args.html, force=args.force)
    return dumps(to_json(report)) if args.json else to_text(report)


def _write_html(report: CheckReport, path: str, *, force: bool) -> None:
    from ..output.html import Section, write_page
    from ..output.pictures import orderings_graph

    first, *rest = sections(report)
    parts = []
    for text in rest:
        heading, _, body = text.partition("\n")
        parts.append(Section(heading, body))
    parts += [
        Section(f"{r.event}: the ordering graph (616.1)", orderings.to_text(r), orderings_graph(r))
        for r in report.life_events
    ]
    write_page(path, first, report.board, parts, force=force)


def to_json(report: CheckReport) -> dict[str, Any]:
    board = report.board
    return {
        "query": "check",
        "schema": 1,
        "board": board.source,
        "turn": {"active": board.turn.active, "step": board.turn.step, "number": board.turn.number},
        "activations": activations.to_json(report.activations),
        "could_produce": could_produce.to_json(report.could_produce),
        "castable": castable.to_json(report.castable),
        **({"creatures": creatures_json(report)} if _has_creatures(report) else {}),
        "next_step": {
            "step": report.next_step,
            "triggers": [_courses.trigger_json(t) for t in report.next_step_triggers],
        },
        "life_events": [orderings.to_json(r) for r in report.life_events],
        **(
            {"not_modelled": activations.not_modelled_json(report.activations.not_modelled)}
            if report.activations.not_modelled
            else {}
        ),
    }


def to_text(report: CheckReport) -> str:
    return "\n\n".join(sections(report))


def sections(report: CheckReport) -> list[str]:
    """The report's parts as text, the header first."""
    board = report.board
    header = (
        f"Board {board.source}: {len(board.players)} players, {len(board.battlefield)} permanents; "
        f"{turn_text(board)}, {board.turn.active}'s {board.turn.step.replace('_', ' ')} step."
    )
    parts = [
        header,
        activations.to_text(report.activations),
        could_produce.to_text(report.could_produce),
        castable.to_text(report.castable),
    ]
    if _has_creatures(report):
        assert report.creatures is not None
        lines = ["Creatures: power/toughness after layer 7 (208, 613.4):"]
        for c in report.creatures.creatures:
            lines.append(f"  {c.permanent} ({c.card}, {c.controller}): {pt_terms_text(c)}")
        parts.append("\n".join(lines))
    if report.next_step is not None:
        step_name = report.next_step.replace("_", " ")
        if report.next_step_triggers:
            lines = [f"At the beginning of the next step ({step_name}; mtgasp step for courses):"]
            for t in report.next_step_triggers:
                verdict = f"triggers for {t.player}" if t.triggered else f"no: {t.rule} {t.reason}"
                lines.append(f"  {t.permanent} ({t.card} #{t.ability}): {verdict}")
            parts.append("\n".join(lines))
        else:
            parts.append(f"Nothing triggers at the beginning of the next step ({step_name}).")
    if report.life_events:
        parts.append(orderings.summary_text(report.life_events))
    if report.activations.not_modelled:
        parts.append(activations.not_modelled_text(report.activations.not_modelled))
    return parts


def _has_creatures(report: CheckReport) -> bool:
    return report.creatures is not None and bool(report.creatures.creatures)


def creatures_json(report: CheckReport) -> list[dict[str, Any]]:
    """Each creature's power and toughness, and how layer 7 reached them."""
    assert report.creatures is not None
    return [
        {
            "permanent": c.permanent,
            "card": c.card,
            "controller": c.controller,
            "power": c.power,
            "toughness": c.toughness,
            "layer_7": list(c.terms),
        }
        for c in report.creatures.creatures
    ]
