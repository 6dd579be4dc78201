"""``mtgasp coverage``: of every numbered CR rule, which are encoded and which fired in the
scenario cases, per rule, per section and overall."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..answers.coverage import REGENERATE, Coverage, coverage, read_record
from ..errors import QueryError
from ..output.format import dumps, table
from . import _common

_COUNTING = (
    "rules (106.7) and subrules (106.7a) of the bundled Comprehensive Rules count once each; "
    "section headings (106.) do not"
)


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Of every numbered rule of the Comprehensive Rules (rules and subrules), which are "
        "encoded (in the citation list opening the comment of a rule group of asp/rules/*.lp or "
        "asp/queries/*.lp; a number mentioned in the prose is not a citation, and a list marked "
        "'(not modelled)' declares its rules not encoded) and which are exercised (a rule of a "
        "group citing it fired in a model of some scenario case, as the fired record "
        "DIR/fired.json says), per rule, per CR section, per part (1xx ... 9xx, with the "
        "sections at 0) and overall. The named-by column "
        "counts the scenario cases whose source names the rule. Regenerate the fired record "
        f"from a source checkout with:\n  {REGENERATE}\n\n"
        "example:\n  mtgasp coverage --cases tests/cases"
    )
    parser.add_argument(
        "--cases",
        type=Path,
        metavar="DIR",
        help="directory of scenario cases and their fired record fired.json "
        "(default: tests/cases if it exists here)",
    )
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    cases_dir: Path | None = args.cases
    if cases_dir is None and Path("tests/cases").is_dir():
        cases_dir = Path("tests/cases")
    if cases_dir is not None and not cases_dir.is_dir():
        raise QueryError(f"{cases_dir}: no such directory of scenario cases")
    record = None
    if cases_dir is not None and (cases_dir / "fired.json").is_file():
        record = read_record(cases_dir / "fired.json", cases_dir)
    answer = coverage(cases_dir, record)
    return dumps(to_json(answer, cases_dir)) if args.json else to_text(answer, cases_dir)


def to_json(answer: Coverage, cases_dir: Path | None) -> dict[str, Any]:
    record = answer.record
    return {
        "query": "coverage",
        "schema": 3,
        "counting": _COUNTING,
        "total": answer.total,
        "encoded": answer.encoded,
        "exercised": None if record is None else answer.exercised,
        "cases_dir": None if cases_dir is None else str(cases_dir),
        "fired_record": None
        if record is None
        else {"path": str(record.path), "cases": record.cases, "current": record.current},
        "not_in_the_cr": list(answer.cited_elsewhere),
        "not_modelled": list(answer.not_modelled),
        "parts": [
            {
                "part": f"{p.part}xx",
                "title": p.title,
                "rules": p.rules,
                "encoded": p.encoded,
                "exercised": None if record is None else p.exercised,
                "sections_not_encoded": list(p.sections_not_encoded),
                "sections_not_exercised": (
                    None if record is None else list(p.sections_not_exercised)
                ),
            }
            for p in answer.parts
        ],
        "sections": [
            {
                "section": s.section,
                "title": s.title,
                "rules": s.rules,
                "encoded": s.encoded,
                "exercised": None if record is None else s.exercised,
            }
            for s in answer.sections
        ],
        "rules": [
            {
                "rule": r.rule,
                "encoded_at": list(r.encoded_at),
                "fired_in_cases": r.fired_in,
                "cases": list(r.cases),
            }
            for r in answer.rules
        ],
    }


def _share(part: int, whole: int) -> str:
    return f"{part} ({_percent(part, whole)})"


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def to_text(answer: Coverage, cases_dir: Path | None) -> str:
    record = answer.record
    rows = [
        [
            r.rule,
            r.encoded_at[0] + (f" (+{len(r.encoded_at) - 1})" if len(r.encoded_at) > 1 else ""),
            "-" if r.fired_in is None else str(r.fired_in) if r.fired_in else "NEVER",
            str(len(r.cases)) if cases_dir else "-",
        ]
        for r in answer.rules
    ]
    per_rule = table(["rule", "encoded at", "fired in", "named by"], rows)
    covered = [s for s in answer.sections if s.encoded]
    per_section = table(
        ["section", "title", "rules", "encoded", "exercised"],
        [
            [
                s.section,
                s.title,
                str(s.rules),
                str(s.encoded),
                "-" if record is None else str(s.exercised),
            ]
            for s in covered
        ],
    )
    known = record is not None
    per_part = table(
        ["part", "title", "rules", "encoded", "exercised"],
        [
            [
                f"{p.part}xx",
                p.title,
                str(p.rules),
                _share(p.encoded, p.rules),
                _share(p.exercised, p.rules) if known else "-",
            ]
            for p in answer.parts
        ]
        + [
            [
                "total",
                "",
                str(answer.total),
                _share(answer.encoded, answer.total),
                _share(answer.exercised, answer.total) if known else "-",
            ]
        ],
    )
    zero = [
        f"{p.part}xx with no rule encoded: {', '.join(p.sections_not_encoded) or 'none'}"
        + (
            f"; with no rule exercised: {', '.join(p.sections_not_exercised) or 'none'}"
            if known
            else ""
        )
        for p in answer.parts
    ]
    lines = [
        per_rule,
        "",
        per_section,
        "",
        per_part,
        "",
        *zero,
        "",
        f"{answer.total} numbered rules in the CR, in {len(answer.sections)} sections "
        f"({len(answer.sections) - len(covered)} with no rule encoded, not listed): {_COUNTING}.",
        f"encoded: {answer.encoded} ({_percent(answer.encoded, answer.total)}).",
    ]
    if record is None:
        where = f"{cases_dir}/fired.json" if cases_dir else "no case directory (--cases DIR)"
        lines.append(f"exercised: unknown (no fired record: {where}; regenerate: {REGENERATE}).")
    else:
        lines.append(
            f"exercised: {answer.exercised} ({_percent(answer.exercised, answer.total)}): "
            f"fired in a model of some of the {record.cases} cases of {record.path}."
        )
        if not record.current:
            lines.append(
                f"{record.path} was recorded from other encodings or cases: regenerate it: "
                f"{REGENERATE}"
            )
    if answer.not_modelled:
        lines.append(
            f"declared not modelled (not counted as encoded): {', '.join(answer.not_modelled)}."
        )
    if answer.cited_elsewhere:
        lines.append(f"cited but not in the CR: {', '.join(answer.cited_elsewhere)}.")
    return "\n".join(lines)
