"""The scenario cases: every file in tests/cases/*.yaml, one test per case.

A case is data: a board, a query with its arguments, what must hold, and the source of that
expectation (a CR rule and its example, or an official ruling with its date). A failing case shows
its name and source.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtgasp import parse_board

CASES_DIR = Path(__file__).parent / "cases"


def _cases() -> list[Any]:
    params = []
    for path in sorted(CASES_DIR.glob("*.yaml")):
        for index, case in enumerate(yaml.safe_load(path.read_text(encoding="utf-8"))):
            case_id = f"{path.stem}: {case['name']}"
            # The first case of each file is quick: every query family, one board each.
            marks = [pytest.mark.quick] if index == 0 else []
            params.append(pytest.param(case, id=case_id, marks=marks))
    return params


@pytest.mark.parametrize("case", _cases())
def test_case(case: dict[str, Any]) -> None:
    assert case.get("source"), "every case names its source (CR rule, ruling and date)"
    board = parse_board(yaml.safe_dump(case["board"]), source=case["name"])
    checker = importlib.import_module(f"checks.{case['query']}")
    try:
        checker.verify(board, case.get("args", {}), case["expect"])
    except AssertionError as exc:
        raise AssertionError(f"{case['name']} (source: {case['source']}): {exc}") from None
