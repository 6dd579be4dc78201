"""The quick schema check (issue 13, start-up): a board it passes is one jsonschema passes, so
a valid board loads without importing jsonschema, and every invalid one is still explained by
jsonschema. Compared on hostile boards (benchmarks/_hostile.py) and on every example board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from benchmarks._hostile import VALID, hostile_data
from hypothesis import HealthCheck, given, settings

from mtgasp.board._schema_check import fits
from mtgasp.board.load import _schema, _validator

pytestmark = pytest.mark.quick

EXAMPLES = sorted((Path(__file__).parents[1] / "examples").glob("*.yaml"))


def _jsonschema_valid(data: Any) -> bool:
    return not any(True for _ in _validator().iter_errors(data))


@settings(
    max_examples=150,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(hostile_data())
def test_the_quick_check_agrees_with_jsonschema_on_hostile_boards(data: Any) -> None:
    try:
        expected = _jsonschema_valid(data)
    except RecursionError:  # jsonschema's own limit on the deepest nesting
        expected = False
    assert fits(_schema(), data) == expected


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_board_takes_the_quick_path(path: Path) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert fits(_schema(), data)
    assert _jsonschema_valid(data)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["players"][0].update(life=20.0), "a float for a whole number"),
        (lambda d: d["players"][0].update(life=True), "a boolean for a whole number"),
        (lambda d: d["players"][0].update(life=10**9 + 1), "past the maximum"),
        (lambda d: d["turn"].update(step="upkep"), "not in the enum"),
        (lambda d: d["turn"].update(colour="red"), "an unknown key"),
        (lambda d: d["players"].clear(), "fewer items than minItems"),
        (lambda d: d.pop("players"), "a required key missing"),
        (lambda d: d["battlefield"][0].update(id=""), "shorter than minLength"),
    ],
)
def test_the_quick_check_refuses_what_jsonschema_refuses(change: Any, where: str) -> None:
    data = yaml.safe_load(yaml.safe_dump(VALID))
    assert fits(_schema(), data)
    change(data)
    assert not _jsonschema_valid(data), where
    assert not fits(_schema(), data), where


def test_a_keyword_it_does_not_know_sends_the_board_to_jsonschema() -> None:
    assert not fits({"type": "object", "patternProperties": {}}, {})
    assert not fits({"type": "number"}, 1)
    assert not fits({"enum": [1, 2]}, 1)  # only string enums are judged here
    assert fits({"type": "object", "description": "notes only"}, {})
