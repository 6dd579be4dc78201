"""Where each Comprehensive Rules number is encoded, and which scenario cases exercise it.

Encoded: every ``% NNN.Nx`` citation in a comment of ``asp/rules/*.lp`` (the comment directly
above a rule names the rule it encodes). Exercised: every scenario case whose ``source`` names
exactly that number (cases live in ``tests/cases/*.yaml`` of a source checkout).
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import yaml

from ._resources import asp_path

__all__ = ["RuleCoverage", "coverage"]

_CITATION = re.compile(r"\b(\d{3}\.\d+[a-z]?)\b")


@dataclass(frozen=True)
class RuleCoverage:
    """One CR rule: the encoding lines that cite it and the cases whose source names it."""

    rule: str
    encoded_at: tuple[str, ...]
    cases: tuple[str, ...]

    @property
    def tested(self) -> bool:
        return bool(self.cases)


def _rule_key(rule: str) -> tuple[int, int, str]:
    major, _, minor = rule.partition(".")
    digits = re.match(r"\d+", minor)
    number = int(digits.group()) if digits else 0
    return (int(major), number, minor[len(digits.group()) :] if digits else minor)


def coverage(cases_dir: Path | None = None) -> tuple[RuleCoverage, ...]:
    """Every CR number cited in the rule files, in CR order."""
    encoded: dict[str, list[str]] = defaultdict(list)
    root = asp_path()
    for path in sorted((root / "rules").glob("*.lp")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.lstrip().startswith("%"):
                for rule in _CITATION.findall(line):
                    encoded[rule].append(f"rules/{path.name}:{number}")
    sources: list[tuple[str, set[str]]] = []
    if cases_dir is not None:
        for path in sorted(cases_dir.glob("*.yaml")):
            for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
                cited = set(_CITATION.findall(str(case.get("source", ""))))
                sources.append((f"{path.stem}: {case.get('name', '?')}", cited))
    return tuple(
        RuleCoverage(
            rule=rule,
            encoded_at=tuple(encoded[rule]),
            cases=tuple(name for name, cited in sources if rule in cited),
        )
        for rule in sorted(encoded, key=_rule_key)
    )
