"""mtgasp coverage: every numbered CR rule, the rules the encodings cite, the rules that fired.

The fixture (tests/coverage_fixture) is two activation cases: a tapped Forest (107.5) and a
summoning-sick Llanowar Elves (302.6); they are run with the fired-rule recording on.
"""

from __future__ import annotations

import importlib
import json
import shutil
from pathlib import Path

import pytest
import yaml

from mtgasp import parse_board
from mtgasp.answers.coverage import (
    coverage,
    cr_numbers,
    fired_rules,
    group_citations,
    read_record,
    write_record,
)
from mtgasp.cli import main
from mtgasp.solve._fired import recording_fired

CASES = Path(__file__).parent / "cases"
FIXTURE = Path(__file__).parent / "coverage_fixture"


def _record(cases_dir: Path) -> Path:
    """Run the cases of ``cases_dir`` as test_cases.py does, recording what fired; write the
    fired record ``cases_dir/fired.json``."""
    per_case = {}
    for case in yaml.safe_load((cases_dir / "activations.yaml").read_text(encoding="utf-8")):
        board = parse_board(yaml.safe_dump(case["board"]), source=case["name"])
        checker = importlib.import_module(f"checks.{case['query']}")
        with recording_fired() as fired:
            checker.verify(board, case.get("args", {}), case["expect"])
        per_case[case["name"]] = set(fired)
    write_record(cases_dir / "fired.json", per_case, cases_dir)
    return cases_dir / "fired.json"


@pytest.fixture(scope="module")
def fixture_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("cases")
    shutil.copy(FIXTURE / "activations.yaml", directory)
    _record(directory)
    return directory


def test_the_total_counts_every_rule_and_subrule_of_the_cr() -> None:
    numbers = cr_numbers()
    assert len(numbers) == 3138
    assert sum(1 for n in numbers if n[-1].isdigit()) == 1165  # rules; the rest are subrules
    assert {"106.7", "106.12a", "810.9h"} <= set(numbers)
    assert "106" not in numbers  # a section heading


def test_a_fired_rule_group_credits_the_rules_it_cites(fixture_dir: Path) -> None:
    record = read_record(fixture_dir / "fired.json", fixture_dir)
    assert record.cases == 2
    assert record.current
    # 302.6 fired for the Elves only (summoning_sick/1 and its violation); 102.2 (the players) in
    # both cases.
    assert record.fired["302.6"] == 1
    assert record.fired["102.2"] == 2
    assert "106.12" not in record.fired  # no mana ability was activated or resolved


def test_only_rules_whose_body_held_fire() -> None:
    board = parse_board(
        "players: [{name: alice}, {name: bob}]\n"
        "battlefield: [{id: forest, card: Forest, controller: alice, tapped: true}]\n"
    )
    checker = importlib.import_module("checks.activations")
    with recording_fired() as fired:
        checker.verify(board, {}, {"forest#1": {"status": "illegal", "rules": ["107.5"]}})
    numbers = fired_rules(fired)
    assert "107.5" in numbers  # the tapped Forest's {T}
    assert "302.6" not in numbers  # no creature: summoning_sick/1 never held
    with recording_fired() as nothing:
        pass
    assert nothing == set()


def test_coverage_counts_per_section_and_overall(fixture_dir: Path) -> None:
    answer = coverage(fixture_dir, read_record(fixture_dir / "fired.json", fixture_dir))
    assert answer.total == 3138
    section = {s.section: s for s in answer.sections}["302"]
    # 302.1 (117-casting-timing.lp: a creature spell's timing) is encoded but did not fire here.
    assert (section.rules, section.encoded, section.exercised) == (10, 2, 1)
    rule = {r.rule: r for r in answer.rules}["302.6"]
    assert rule.fired_in == 1
    assert rule.cases == (
        "activations: a creature that came under its controller's control this turn cannot use {T}",
    )
    assert answer.exercised == sum(s.exercised for s in answer.sections)
    assert 0 < answer.exercised < answer.encoded < answer.total


def test_a_changed_case_makes_the_record_stale(fixture_dir: Path, tmp_path: Path) -> None:
    shutil.copy(fixture_dir / "activations.yaml", tmp_path)
    shutil.copy(fixture_dir / "fired.json", tmp_path)
    assert read_record(tmp_path / "fired.json", tmp_path).current
    with (tmp_path / "activations.yaml").open("a", encoding="utf-8") as file:
        file.write("# changed\n")
    assert not read_record(tmp_path / "fired.json", tmp_path).current


def test_coverage_command_json(fixture_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--cases", str(fixture_dir), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["query"], data["total"]) == ("coverage", 3138)
    assert data["fired_record"] == {
        "path": str(fixture_dir / "fired.json"),
        "cases": 2,
        "current": True,
    }
    rule = next(r for r in data["rules"] if r["rule"] == "302.6")
    assert rule["fired_in_cases"] == 1
    assert any(at.startswith("rules/302-summoning-sickness.lp:") for at in rule["encoded_at"])


def test_coverage_command_text_without_a_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["coverage", "--cases", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "3138 numbered rules in the CR" in out
    assert "exercised: unknown (no fired record" in out


def test_a_malformed_record_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "fired.json").write_text("{}")
    assert main(["coverage", "--cases", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert "not a fired record" in captured.err
    assert captured.out == ""


def test_missing_cases_directory_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coverage", "--cases", "no/such/dir"]) == 2
    assert "no such directory" in capsys.readouterr().err


def test_the_shipped_record_reads() -> None:
    # Not checked for being current: a case added elsewhere makes it stale, which the command
    # reports (test_a_changed_case_makes_the_record_stale); regenerate with REGENERATE.
    record = read_record(CASES / "fired.json", CASES)
    assert record.cases > 0
    assert record.fired["302.6"] > 0


def test_a_citation_counts_only_in_the_list_opening_the_comment() -> None:
    # 109-objects.lp's header mentions 608.3 in prose; 601.2f is cited only with the ability-cost
    # rule of 601-mana-payment.lp, not with 202.1's card-cost rule above it (issue 30).
    lines = [
        "% 202.1: the mana cost of the card (601.2f says when it is paid).",
        "need(S) :- card_cost(S).",
        "% 602.2b, 601.2f: the mana part of the ability's cost.",
        "need(S) :- ability_cost(S).",
    ]
    assert group_citations(lines, 2) == ("202.1",)
    assert group_citations(lines, 4) == ("601.2f", "602.2b")


def test_rules_declared_not_modelled_are_not_encoded() -> None:
    # 120-damage.lp: "120.3b, 120.3c, 120.3h (not modelled): ..." (poison, loyalty and defense
    # counters); the group's rules fire to say so, which exercises nothing.
    answer = coverage()
    assert {"120.3b", "120.3c", "120.3h"} <= set(answer.not_modelled)
    assert not {"120.3b", "120.3h"} & {r.rule for r in answer.rules}
    lines = ["% 120.3b (not modelled): poison counters.", "unmodelled(E) :- infect(E)."]
    assert group_citations(lines, 2) == ()


def test_coverage_per_part_with_a_total_and_the_sections_at_zero(fixture_dir: Path) -> None:
    answer = coverage(fixture_dir, read_record(fixture_dir / "fired.json", fixture_dir))
    parts = {p.part: p for p in answer.parts}
    assert list(parts) == ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
    assert sum(p.rules for p in answer.parts) == answer.total
    assert sum(p.encoded for p in answer.parts) == answer.encoded
    assert sum(p.exercised for p in answer.parts) == answer.exercised
    assert parts["3"].title == "Card Types"
    assert "302" not in parts["3"].sections_not_exercised  # the Elves' 302.6 fired
    assert "301" in parts["3"].sections_not_exercised  # artifacts: no rule fired in 2 cases
    assert "901" in parts["9"].sections_not_encoded  # Planechase


def test_coverage_command_prints_parts_and_sections_at_zero(
    fixture_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["coverage", "--cases", str(fixture_dir)]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines()]
    assert ["3xx", "Card", "Types", "163"] in [row[:4] for row in rows]
    assert ["total", "3138"] in [row[:2] for row in rows]
    assert "9xx with no rule encoded: 900, 901," in out
    assert "declared not modelled (not counted as encoded): " in out
