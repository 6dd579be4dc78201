"""``mtgasp check``: the main job, every query on one board in one report."""

from __future__ import annotations

import argparse
from typing import Any

from ..answers.check import CheckReport, check
from ..answers.creatures import pt_terms_text
from ..answers.not_modelled import depends_json
from ..board.steps import step_name
from ..output.format import dumps
from . import _common, _courses, activations, attackers, castable, could_produce, orderings
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
    from ..output.pictures import course_graph, orderings_graph

    first, *rest = sections(report)
    parts = []
    for text in rest:
        heading, _, body = text.partition("\n")
        parts.append(Section(heading, body))
    if report.combat_damage is not None:
        graph = course_graph(report.combat_damage)
        parts.append(Section("Combat damage: the courses as a tree (510)", "", graph))
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
        "others_castable": [castable.to_json(r) for r in report.others_castable],
        **({"combat": combat_json(report)} if report.combat is not None else {}),
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
        f"{turn_text(board)}, {board.turn.active}'s {step_name(board.turn.step)}."
    )
    parts = [
        header,
        activations.to_text(report.activations),
        could_produce.to_text(report.could_produce),
        castable.to_text(report.castable, timing=True),
        *(castable.to_text(r, timing=True) for r in report.others_castable),
        *combat_text(report),
    ]
    if _has_creatures(report):
        assert report.creatures is not None
        lines = ["Creatures: power/toughness after layer 7 (208, 613.4):"]
        for c in report.creatures.creatures:
            lines.append(f"  {c.permanent} ({c.card}, {c.controller}): {pt_terms_text(c)}")
        parts.append("\n".join(lines))
    if report.next_step is not None:
        next_name = step_name(report.next_step)
        if report.next_step_triggers:
            lines = [f"At the beginning of the next step, the {next_name} (mtgasp step: courses):"]
            for t in report.next_step_triggers:
                verdict = f"triggers for {t.player}" if t.triggered else f"no: {t.rule} {t.reason}"
                lines.append(f"  {t.permanent} ({t.card} #{t.ability}): {verdict}")
            parts.append("\n".join(lines))
        else:
            parts.append(f"Nothing triggers at the beginning of the next step, the {next_name}.")
    if report.life_events:
        parts.append(orderings.summary_text(report.life_events))
    if report.activations.not_modelled:
        parts.append(activations.not_modelled_text(report.activations.not_modelled))
    return parts


def combat_text(report: CheckReport) -> list[str]:
    """At a combat step: the attacks, blocks and possible attackers; after attackers are
    declared, every course of the combat damage step (the step command's final states)."""
    if report.combat is None:
        return []
    who = report.combat.active_player
    if report.board.turn.step == "beginning_of_combat":
        head = f"Combat (506): the creatures {who} could declare as attackers next step (508.1a):"
    else:
        head = (
            f"Combat (506): who attacks and who blocks; whether each could be declared as an "
            f"attacker by {who} (508.1a):"
        )
    parts = [attackers.to_text(report.combat, head=head)]
    if report.combat_damage is not None:
        blocks = "" if report.board.turn.step == "declare_blockers" else "; no blocks yet, 509"
        head = (
            "What combat damage would do (510.1, 510.2, 704.3; the combat damage step's courses, "
            f"as mtgasp step BOARD combat_damage{blocks}):"
        )
        parts.append(head + "\n" + "\n".join(_courses.outcome_lines(report.combat_damage)).lstrip())
    return parts


def combat_json(report: CheckReport) -> dict[str, Any]:
    """The attackers query's answer and the combat damage step's courses (or null)."""
    assert report.combat is not None
    damage = report.combat_damage
    return {
        "attackers": attackers.to_json(report.combat),
        "combat_damage": None if damage is None else _courses.to_json(damage),
    }


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
            **({"depends_on": depends_json(c.depends_on)} if c.depends_on else {}),
        }
        for c in report.creatures.creatures
    ]
