"""How much of the Comprehensive Rules mtgasp covers: every numbered rule, which are encoded, and
which of those fired while the scenario cases ran.

- **Total**: every numbered rule of the CR bundled with mtgasp (``comprehensive-rules.json.gz``):
  each rule (``106.7``) and each subrule (``106.7a``) counts once; a section heading (``106.
  Mana``) is not a rule.
- **Encoded**: a rule whose number is in the citation list of a rule group of the encodings
  (``asp/rules/*.lp`` and ``asp/queries/*.lp``): the numbers that open the first line of the
  comment block directly above the group's statements, up to a colon (``% 302.6, 107.5: ...``).
  A number mentioned further on, in the prose, is not a citation (the convention
  ``tests/test_conventions.py`` checks). Citing ``614.1`` does not encode ``614.1a``. A group
  whose list ends with ``(not modelled)`` declares those rules not modelled: they are not encoded,
  whatever else cites them.
- **Exercised**: an encoded rule in the citation list of a rule group one of whose own rules
  fired (its body held in a model) while a scenario case ran: the fired record
  (:func:`write_record`), which ``pytest tests/test_cases.py --record-fired
  tests/cases/fired.json`` writes.
- **Named**: the scenario cases (``tests/cases/*.yaml``) whose ``source`` names the rule.
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from .._resources import asp_path, rules_text_path
from ..errors import QueryError
from .citations import (
    CITATION,
    Citations,
    citations,
    comment_block_above,
    group_citations,
    prose_mentions,
)

__all__ = [
    "PARTS",
    "REGENERATE",
    "Citations",
    "Coverage",
    "FiredRecord",
    "PartCoverage",
    "RuleCoverage",
    "SectionCoverage",
    "citations",
    "comment_block_above",
    "coverage",
    "cr_numbers",
    "fingerprint",
    "fired_rules",
    "group_citations",
    "prose_mentions",
    "read_record",
    "write_record",
]

#: The parts of the Comprehensive Rules, by the first digit of their sections.
PARTS = {
    "1": "Game Concepts",
    "2": "Parts of a Card",
    "3": "Card Types",
    "4": "Zones",
    "5": "Turn Structure",
    "6": "Spells, Abilities, and Effects",
    "7": "Additional Rules",
    "8": "Multiplayer Rules",
    "9": "Casual Variants",
}

#: The command that writes the fired record of the scenario cases.
REGENERATE = (
    "PYTHONPATH=bridge python -m pytest tests/test_cases.py --record-fired tests/cases/fired.json"
)
_RECORD_SCHEMA = 1


@dataclass(frozen=True)
class RuleCoverage:
    """One encoded CR rule: the lines of the comments that cite it, in how many cases a rule group
    citing it fired (None: no fired record), and the cases whose source names it."""

    rule: str
    encoded_at: tuple[str, ...]
    fired_in: int | None
    cases: tuple[str, ...]

    @property
    def exercised(self) -> bool:
        return bool(self.fired_in)


@dataclass(frozen=True)
class SectionCoverage:
    """One CR section (``106``): its title and how many of its numbered rules are encoded and
    exercised."""

    section: str
    title: str
    rules: int
    encoded: int
    exercised: int


@dataclass(frozen=True)
class PartCoverage:
    """One part of the CR (``1``: sections 1xx): its numbered rules, how many are encoded and
    exercised, and its sections with no rule encoded and with no rule exercised."""

    part: str
    title: str
    rules: int
    encoded: int
    exercised: int
    sections_not_encoded: tuple[str, ...]
    sections_not_exercised: tuple[str, ...]


@dataclass(frozen=True)
class FiredRecord:
    """What fired while the scenario cases ran: per CR number, in how many cases; and whether the
    encodings and cases are still those the record was made from."""

    path: Path
    cases: int
    fired: Mapping[str, int]
    current: bool


@dataclass(frozen=True)
class Coverage:
    """The whole answer: the CR's numbered rules, per encoded rule and per section."""

    total: int
    rules: tuple[RuleCoverage, ...]
    sections: tuple[SectionCoverage, ...]
    parts: tuple[PartCoverage, ...]
    record: FiredRecord | None
    cited_elsewhere: tuple[str, ...]  # numbers cited by rule groups that the CR does not have
    not_modelled: tuple[str, ...]  # rules a group declares not modelled

    @property
    def encoded(self) -> int:
        return sum(1 for r in self.rules if r.rule in cr_numbers())

    @property
    def exercised(self) -> int:
        return sum(1 for r in self.rules if r.exercised and r.rule in cr_numbers())


@cache
def _cr() -> dict[str, str]:
    """The bundled CR: number (``106``, ``106.7``, ``106.12a``) -> text (a section's: its title)."""
    import gzip  # here: every command imports this module, few read the CR

    data = rules_text_path().read_bytes()
    rules: dict[str, str] = json.loads(gzip.decompress(data))
    return rules


@cache
def cr_numbers() -> dict[str, str]:
    """Every numbered rule (rules and subrules) of the bundled CR, in CR order: number -> text."""
    return {number: text for number, text in _cr().items() if "." in number}


def _program_files() -> list[Path]:
    root = asp_path()
    return [*sorted((root / "rules").glob("*.lp")), *sorted((root / "queries").glob("*.lp"))]


def _cited() -> tuple[dict[str, list[str]], set[str]]:
    """(encoded, not modelled): CR number -> the citation lines (``rules/106-mana.lp:12``) of the
    rule groups citing it, a comment block directly followed by a statement (a line that is
    neither blank, a comment, nor a directive); and the numbers a group declares not modelled."""
    encoded: dict[str, list[str]] = defaultdict(list)
    not_modelled: set[str] = set()
    root = asp_path()
    for path in _program_files():
        lines = path.read_text(encoding="utf-8").splitlines()
        for index, line in enumerate(lines):
            if not line.lstrip().startswith("%") or index + 1 >= len(lines):
                continue
            following = lines[index + 1].strip()
            if not following or following.startswith(("%", "#")):
                continue
            block = comment_block_above(lines, index + 1)
            cited = citations(block)
            if cited is None:
                continue
            if cited.not_modelled:
                not_modelled.update(cited.numbers)
                continue
            where = f"{path.relative_to(root).as_posix()}:{index + 2 - len(block)}"
            for rule in cited.numbers:
                encoded[rule].append(where)
    for rule in not_modelled:
        encoded.pop(rule, None)
    return encoded, not_modelled


def fingerprint(cases_dir: Path) -> str:
    """A digest of the encodings and the scenario cases: a fired record is current while it is
    the same."""
    import hashlib  # here, as gzip in _cr

    digest = hashlib.sha256()
    root = asp_path()
    for path in [*sorted(root.rglob("*.lp")), *sorted(cases_dir.glob("*.yaml"))]:
        digest.update(path.name.encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def fired_rules(fired: Iterable[tuple[str, int]]) -> set[str]:
    """The CR numbers of the rule groups of the statements ``(file, line)`` that fired (file
    relative to asp/, e.g. ``rules/106-mana.lp``)."""
    root = asp_path()
    lines_of: dict[str, list[str]] = {}
    numbers: set[str] = set()
    for file, line in fired:
        if file not in lines_of:
            lines_of[file] = (root / file).read_text(encoding="utf-8").splitlines()
        numbers.update(group_citations(lines_of[file], line))
    return numbers


def write_record(
    path: Path, per_case: Mapping[str, Iterable[tuple[str, int]]], cases_dir: Path
) -> None:
    """Write the fired record: for each CR number, in how many of the cases ``per_case`` (case ->
    the statements that fired while it ran) a rule group citing it fired."""
    counts: dict[str, int] = defaultdict(int)
    for fired in per_case.values():
        for number in fired_rules(fired):
            counts[number] += 1
    record = {
        "schema": _RECORD_SCHEMA,
        "regenerate": REGENERATE,
        "fingerprint": fingerprint(cases_dir),
        "cases": len(per_case),
        "fired": dict(sorted(counts.items(), key=lambda item: _rule_key(item[0]))),
    }
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")


def read_record(path: Path, cases_dir: Path) -> FiredRecord:
    """The fired record in ``path``; a malformed one is a QueryError naming it."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        fired = {str(k): int(v) for k, v in data["fired"].items()}
        cases = int(data["cases"])
        made_from = str(data["fingerprint"])
        if data["schema"] != _RECORD_SCHEMA:
            raise ValueError(f"schema {data['schema']}, expected {_RECORD_SCHEMA}")
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise QueryError(
            f"{path}: not a fired record of mtgasp's ({exc}); regenerate it: {REGENERATE}"
        ) from None
    current = made_from == fingerprint(cases_dir)
    return FiredRecord(path=path, cases=cases, fired=fired, current=current)


def _rule_key(rule: str) -> tuple[int, int, str]:
    major, _, minor = rule.partition(".")
    digits = re.match(r"\d+", minor)
    number = int(digits.group()) if digits else 0
    return (int(major), number, minor[len(digits.group()) :] if digits else minor)


def _named_by(cases_dir: Path | None) -> list[tuple[str, set[str]]]:
    sources: list[tuple[str, set[str]]] = []
    if cases_dir is not None:
        for path in sorted(cases_dir.glob("*.yaml")):
            for case in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
                cited = set(CITATION.findall(str(case.get("source", ""))))
                sources.append((f"{path.stem}: {case.get('name', '?')}", cited))
    return sources


def coverage(cases_dir: Path | None = None, record: FiredRecord | None = None) -> Coverage:
    """The coverage of the CR by the encodings, and by the cases of ``cases_dir`` and the fired
    record ``record`` when given."""
    encoded, not_modelled = _cited()
    sources = _named_by(cases_dir)
    fired = record.fired if record is not None else None
    rules = tuple(
        RuleCoverage(
            rule=rule,
            encoded_at=tuple(encoded[rule]),
            fired_in=None if fired is None else fired.get(rule, 0),
            cases=tuple(name for name, cited in sources if rule in cited),
        )
        for rule in sorted(encoded, key=_rule_key)
    )
    numbers = cr_numbers()
    by_section: dict[str, list[str]] = defaultdict(list)
    for number in numbers:
        by_section[number.partition(".")[0]].append(number)
    exercised = {r.rule for r in rules if r.exercised}
    titles = _cr()
    sections = tuple(
        SectionCoverage(
            section=section,
            title=titles.get(section, ""),
            rules=len(members),
            encoded=sum(1 for n in members if n in encoded),
            exercised=sum(1 for n in members if n in exercised),
        )
        for section, members in by_section.items()
    )
    return Coverage(
        total=len(numbers),
        rules=rules,
        sections=sections,
        parts=_parts(sections),
        record=record,
        cited_elsewhere=tuple(r.rule for r in rules if r.rule not in numbers),
        not_modelled=tuple(sorted(not_modelled & set(numbers), key=_rule_key)),
    )


def _parts(sections: Iterable[SectionCoverage]) -> tuple[PartCoverage, ...]:
    by_part: dict[str, list[SectionCoverage]] = defaultdict(list)
    for section in sections:
        by_part[section.section[0]].append(section)
    return tuple(
        PartCoverage(
            part=part,
            title=title,
            rules=sum(s.rules for s in by_part[part]),
            encoded=sum(s.encoded for s in by_part[part]),
            exercised=sum(s.exercised for s in by_part[part]),
            sections_not_encoded=tuple(s.section for s in by_part[part] if not s.encoded),
            sections_not_exercised=tuple(s.section for s in by_part[part] if not s.exercised),
        )
        for part, title in PARTS.items()
    )
