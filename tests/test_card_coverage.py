"""``mtgasp cards --coverage`` (issue 11, point 4): what the Oracle-text compiler models of the
bundled card database, against issue 11's goals; its JSON keys are the documented ones."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from mtgasp.cards import coverage as coverage_module
from mtgasp.cards import database
from mtgasp.cards.coverage import Coverage, coverage
from mtgasp.cli import main

DOCS = Path(__file__).parents[1] / "docs"


@cache
def _report() -> Coverage:
    return coverage(database.current().records())


def test_the_goals_are_reached() -> None:
    report = _report()
    assert report.basic_lands.done == report.basic_lands.total > 0
    assert report.vanilla_creatures.done == report.vanilla_creatures.total > 0
    assert report.keyword_creatures.done == report.keyword_creatures.total > 0
    assert report.land_mana_abilities.percent >= 95.0
    assert report.mana_abilities.percent >= 90.0
    assert report.total.cards == sum(r.characteristics + r.partial + r.full for r in [report.total])
    assert len(report.shapes) == 30
    counts = [n for _, _, n in report.shapes]
    assert counts == sorted(counts, reverse=True)


def test_the_command(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # (The command imports the compiler only when asked: patch it where it is read from.)
    monkeypatch.setattr(coverage_module, "coverage", lambda records: _report())
    assert main(["cards", "--coverage"]) == 0
    text = capsys.readouterr().out
    assert "Mana abilities of lands compiled (605.1a): " in text
    assert "Enchant creature" in text
    assert main(["cards", "--coverage", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["goals"]["basic_lands_full"]["percent"] == 100.0
    heading = "## mtgasp cards --coverage --json"
    section = (DOCS / "json-output.md").read_text(encoding="utf-8").split(heading)[1]
    documented = set(re.findall(r"^\| `([^`]+)` \|", section.split("\n## ")[0], re.MULTILINE))
    found = {k for k in data} | {f"types[].{k}" for k in data["types"][0]}
    found |= {f"goals.{k}" for k in data["goals"]} | {
        f"goals.*.{k}" for k in ("done", "total", "percent")
    }
    found |= {f"not_modelled_shapes[].{k}" for k in data["not_modelled_shapes"][0]}
    assert found == documented
