"""``mtgasp coverage``: per CR rule, where it is encoded and which cases exercise it."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .._output import dumps, table
from ..coverage import RuleCoverage, coverage
from ..errors import QueryError
from . import _common

NAME = "coverage"
HELP = "list, per CR rule, where it is encoded and which scenario cases exercise it"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "List every Comprehensive Rules number cited in the encodings (asp/rules/*.lp), where it "
        "is encoded, and which scenario cases (tests/cases/*.yaml of a source checkout) name it "
        "in their source. Rules no case names are marked UNTESTED.\n\n"
        "example:\n  mtgasp coverage --cases tests/cases"
    )
    parser.add_argument(
        "--cases",
        type=Path,
        metavar="DIR",
        help="directory of scenario cases (default: tests/cases if it exists here)",
    )
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    cases_dir: Path | None = args.cases
    if cases_dir is None and Path("tests/cases").is_dir():
        cases_dir = Path("tests/cases")
    if cases_dir is not None and not cases_dir.is_dir():
        raise QueryError(f"{cases_dir}: no such directory of scenario cases")
    rules = coverage(cases_dir)
    return dumps(to_json(rules, cases_dir)) if args.json else to_text(rules, cases_dir)


def to_json(rules: tuple[RuleCoverage, ...], cases_dir: Path | None) -> dict[str, Any]:
    return {
        "query": "coverage",
        "schema": 1,
        "cases_dir": None if cases_dir is None else str(cases_dir),
        "rules": [
            {"rule": r.rule, "encoded_at": list(r.encoded_at), "cases": list(r.cases)}
            for r in rules
        ],
    }


def to_text(rules: tuple[RuleCoverage, ...], cases_dir: Path | None) -> str:
    rows = [
        [
            r.rule,
            r.encoded_at[0] + (f" (+{len(r.encoded_at) - 1})" if len(r.encoded_at) > 1 else ""),
            str(len(r.cases)) if r.tested else ("UNTESTED" if cases_dir else "-"),
        ]
        for r in rules
    ]
    untested = sum(1 for r in rules if not r.tested)
    note = (
        f"{len(rules)} rules encoded; {untested} named by no case in {cases_dir}."
        if cases_dir
        else f"{len(rules)} rules encoded (no case directory given: --cases DIR)."
    )
    return table(["rule", "encoded at", "cases"], rows) + "\n\n" + note
