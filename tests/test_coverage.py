"""mtgasp coverage: citations in the encodings and the cases that name them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp.cli import main
from mtgasp.coverage import coverage

CASES = Path(__file__).parent / "cases"


def test_cited_rules_are_found_with_their_cases() -> None:
    rules = {r.rule: r for r in coverage(CASES)}
    assert any(at.startswith("rules/107-symbols.lp:") for at in rules["107.5"].encoded_at)
    assert "activations: a tapped land cannot pay {T} again" in rules["107.5"].cases
    assert rules["302.6"].tested


def test_without_cases_nothing_counts_as_tested() -> None:
    assert not any(r.tested for r in coverage(None))


def test_coverage_command_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--cases", str(CASES), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["query"] == "coverage"
    assert {"rule", "encoded_at", "cases"} == set(data["rules"][0])


def test_missing_cases_directory_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--cases", "no/such/dir"]) == 2
    assert "no such directory" in capsys.readouterr().err
