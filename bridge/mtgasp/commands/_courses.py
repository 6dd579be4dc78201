"""Printing course reports (step, resolve, event, cast): text for people, JSON for programs."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import yaml

from ..answers.courses.query import DEFAULT_MAX_COURSES, CourseReport, TriggerVerdict
from ..board.write import board_to_data
from ..output.files import refuse_overwrites, write_output
from ..output.format import dumps, table
from . import _common
from ._common import turn_text


def add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--max-courses",
        type=_common.count,
        default=DEFAULT_MAX_COURSES,
        metavar="N",
        help=f"count at most N courses (default {DEFAULT_MAX_COURSES}); the distinct "
        "final states are exact either way",
    )
    parser.add_argument(
        "--write-board",
        metavar="PATH",
        help="write each distinct final board as YAML: PATH itself if there is one, else "
        "PATH with -1, -2, ... before its suffix; an existing file is an error unless --force",
    )
    parser.add_argument(
        "--show",
        type=_common.count,
        default=0,
        metavar="N",
        help="text: print only the first N final states (default 0: all); the rest are counted",
    )
    _common.add_graph(parser, "the courses as a tree (a witness course per final state)")
    _common.add_html(parser)
    _common.add_force(parser, "--write-board, --graph and --html")
    parser.add_argument(
        "--json", action="store_true", help="print JSON instead of text (docs/json-output.md)"
    )


def output(report: CourseReport, args: argparse.Namespace) -> str:
    if args.write_board:
        write_boards(report, args.write_board, force=args.force)
    if args.graph:
        from ..output.pictures import course_graph

        _common.write_graph(args, course_graph(report))
    if args.html:
        from ..output.html import Section, write_page
        from ..output.pictures import course_graph

        section = Section("Courses", to_text(report, show=args.show), course_graph(report))
        title = f"mtgasp {report.query}: {report.request}"
        write_page(args.html, title, report.board, [section], force=args.force)
    return dumps(to_json(report)) if args.json else to_text(report, show=args.show)


def write_boards(report: CourseReport, path: str, *, force: bool = False) -> list[Path]:
    """Write each final board; refuse (before writing any) to overwrite a file unless ``force``."""
    target = Path(path)
    paths = []
    outs = [
        target.with_name(f"{target.stem}-{index}{target.suffix}")
        if len(report.outcomes) > 1
        else target
        for index in range(1, len(report.outcomes) + 1)
    ]
    refuse_overwrites([("--write-board", out) for out in outs], force)
    for out, outcome in zip(outs, report.outcomes, strict=True):
        text = yaml.safe_dump(board_to_data(outcome.board), sort_keys=False, allow_unicode=True)
        paths.append(write_output(out, text.encode("utf-8"), "--write-board", force=force))
    return paths


def trigger_json(t: TriggerVerdict) -> dict[str, Any]:
    """One triggered ability's verdict as JSON (step and check print the same shape)."""
    return {
        "permanent": t.permanent,
        "card": t.card,
        "ability": t.ability,
        "controller": t.controller,
        "triggered": t.triggered,
        "for_player": t.player,
        "rule": t.rule,
        "reason": t.reason,
    }


def to_json(report: CourseReport) -> dict[str, Any]:
    return {
        "query": report.query,
        "schema": 1,
        "board": report.board.source,
        "request": report.request,
        "triggers": [trigger_json(t) for t in report.triggers],
        "total_courses": report.total_courses,
        "courses_counted_exactly": report.counted,
        "max_courses": report.max_courses,
        "distinct_final_states": len(report.outcomes),
        "horizon": report.horizon,
        "hit_horizon": report.hit_horizon,
        "truncated": report.truncated,
        "unmodelled": list(report.unmodelled),
        "mana_values": [
            {"zone": zone, "object": obj, "mana_value": value}
            for zone, obj, value in report.mana_values
        ],
        "outcomes": [
            {
                "courses": o.courses,
                "life": dict(o.state.life),
                "battlefield": list(o.state.battlefield),
                "zones": [
                    {"player": p, "zone": z, "card": c, "object": k} for p, z, c, k in o.state.zones
                ],
                "counters": [
                    {"permanent": p, "kind": k, "count": n} for p, k, n in o.state.counters
                ],
                "creatures": [
                    {"permanent": c, "power": p, "toughness": t} for c, p, t in o.state.creatures
                ],
                "lost_the_game": [{"player": p, "rule": r} for p, r in o.state.lost_game],
                "gained_life_this_turn": dict(o.state.gained),
                "lost_life_this_turn": dict(o.state.lost),
                "hit_horizon": o.state.hit_horizon,
                "changes": list(o.changes),
                "witness": list(o.witness),
                "board": board_to_data(o.board),
            }
            for o in report.outcomes
        ],
    }


def to_text(report: CourseReport, *, show: int = 0) -> str:
    board = report.board
    lines = [
        f"Board {board.source}: {len(board.players)} players; {turn_text(board)}, "
        f"{board.turn.active}'s turn. Request: {report.request}."
    ]
    if report.query == "step":
        if report.triggers:
            rows = [
                [
                    t.permanent,
                    f"{t.card} #{t.ability}",
                    t.controller,
                    f"triggers for {t.player}" if t.triggered else f"no: {t.rule} {t.reason}",
                ]
                for t in report.triggers
            ]
            lines += ["", "Abilities that trigger as the step begins (603.2b, 603.4):"]
            lines.append(table(["permanent", "ability", "controller", "verdict"], rows))
        else:
            lines.append("No ability triggers as the step begins.")
    return "\n".join(lines + outcome_lines(report, show=show))


def outcome_lines(report: CourseReport, *, show: int = 0) -> list[str]:
    """The count of courses and each distinct final state with a witness course (``step``'s
    output after its header; ``check`` prints it for the combat damage step)."""
    lines: list[str] = []
    for zone, obj, value in report.mana_values:
        where = "on the stack" if zone == "stack" else "on the battlefield"
        lines.append(f"Mana value of {obj} {where}: {value} (202.3e)")
    count = (
        f"{report.total_courses} course{'' if report.total_courses == 1 else 's'}"
        if report.counted
        else f"TRUNCATED: more than {report.max_courses} courses (--max-courses); counts below "
        "are lower bounds"
    )
    states = len(report.outcomes)
    lines += ["", f"{count}; {states} distinct final state{'' if states == 1 else 's'}."]
    if report.hit_horizon:
        lines.append(
            f"TRUNCATED: some course was still going after {report.horizon} resolution steps."
        )
    for text in report.unmodelled:
        lines.append(f"Not modelled: {text}")
    listed = report.outcomes[:show] if show > 0 else report.outcomes
    for index, outcome in enumerate(listed, start=1):
        plural = "course" if outcome.courses == 1 else "courses"
        lines += ["", f"Final state {index} ({outcome.courses} {plural}):"]
        lines += [f"  {c}" for c in outcome.changes]
        if outcome.state.creatures:
            pts = ", ".join(f"{c} {p}/{t}" for c, p, t in outcome.state.creatures)
            lines.append(f"  creatures (power/toughness, 613.4): {pts}")
        if outcome.witness:
            lines.append("  for example:")
            lines += [f"    {w}" for w in outcome.witness]
    if len(listed) < len(report.outcomes):
        rest = report.outcomes[len(listed) :]
        lines += [
            "",
            f"TRUNCATED listing (--show {show}): {len(rest)} more final states "
            f"({sum(o.courses for o in rest)} courses) not printed.",
        ]
    return lines
