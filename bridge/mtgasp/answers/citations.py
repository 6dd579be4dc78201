"""The citations of the encodings' rule groups (docs/design.md): the CR numbers that open the
first line of the comment block directly above a group's statements, up to a colon (``% 302.6,
107.5: ...``), and the numbers its prose merely mentions. Read by coverage and the convention
test."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "CITATION",
    "Citations",
    "citations",
    "comment_block_above",
    "group_citations",
    "prose_mentions",
]

#: A CR rule number (``614.1``, ``614.1a``).
CITATION = re.compile(r"\b(\d{3}\.\d+[a-z]?)\b")
# A citation list: CR numbers (a section ``614``, a rule ``614.1``, a range ``601.2f-h``, each
# with an optional parenthesis) separated by commas, opening a comment line and ended by a colon.
_CITED = r"\d{3}(?:\.\d+[a-z]?(?:-[a-z0-9]+)?)?(?: \((?!not modelled\))[^)]*\))?"
_CITATION_LIST = re.compile(rf"^%\s*({_CITED}(?:,\s*{_CITED})*)( \(not modelled\))?:")


@dataclass(frozen=True)
class Citations:
    """What a rule group cites: the numbers of its citation list, and whether the list declares
    them not modelled."""

    numbers: tuple[str, ...]
    not_modelled: bool


def comment_block_above(lines: list[str], index: int) -> list[str]:
    """The comment block of the rule group of the statement starting on ``lines[index]``: up past
    the statements above it, then every comment line."""
    i = index - 1
    while i >= 0 and lines[i].strip() and not lines[i].lstrip().startswith("%"):
        i -= 1
    block = []
    while i >= 0 and lines[i].lstrip().startswith("%"):
        block.append(lines[i])
        i -= 1
    return block


def citations(block: list[str]) -> Citations | None:
    """The citation list of a comment block (its lines bottom-up, as :func:`comment_block_above`
    gives them): the numbers opening its first line; None when it has none."""
    if not block:
        return None
    found = _CITATION_LIST.match(block[-1].strip())
    if found is None:
        return None
    numbers = tuple(dict.fromkeys(CITATION.findall(found.group(1))))
    return Citations(numbers=numbers, not_modelled=found.group(2) is not None)


def prose_mentions(block: list[str]) -> tuple[str, ...]:
    """The CR numbers a comment block (bottom-up) mentions after its citation list, in the
    prose, and does not cite: not citations (the convention test flags them)."""
    cited = citations(block)
    top = _CITATION_LIST.match(block[-1].strip()) if block else None
    prose = [block[-1].strip()[top.end() :] if top else block[-1]] if block else []
    prose += reversed(block[:-1])
    numbers = cited.numbers if cited is not None else ()
    return tuple(
        dict.fromkeys(n for text in prose for n in CITATION.findall(text) if n not in numbers)
    )


def group_citations(lines: list[str], line: int) -> tuple[str, ...]:
    """The CR numbers the rule group of the statement starting on ``line`` (1-based) encodes: its
    citation list, unless the list declares them not modelled."""
    cited = citations(comment_block_above(lines, line - 1))
    if cited is None or cited.not_modelled:
        return ()
    return tuple(sorted(cited.numbers))
