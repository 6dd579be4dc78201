"""A card's Oracle text beside what the compiler made of it, paragraph by paragraph
(``mtgasp cards show``), and the account of its words: every word of a paragraph is either in a
text the grammar derived into facts or in a ``not_modelled`` record (issue 24: no swallowed text).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from clingo import Symbol

from .oracle import Ability, compile_card
from .oracle._text import normalise, paragraphs, self_names, strip_reminder
from .record import CardRecord

__all__ = ["ParagraphAudit", "audit", "unaccounted_words"]

_WORD = re.compile(r"[^\s.,;:\"]+")
_PLACEHOLDER = re.compile(r"\{o\d+\}")


@dataclass(frozen=True)
class ParagraphAudit:
    """One paragraph of a card's Oracle text (``text``; None for a basic land type's intrinsic
    ability, 305.6) and the abilities compiled from it."""

    index: int
    text: str | None
    abilities: tuple[Ability, ...]
    unaccounted: tuple[str, ...]  # words neither derived nor kept as not modelled

    @property
    def status(self) -> str:
        """``compiled``, ``partly`` (some of it kept as not modelled) or ``not modelled``."""
        modelled = [a.modelled for a in self.abilities]
        if all(modelled):
            return "compiled"
        return "partly" if any(modelled) else "not modelled"


def _words(text: str) -> Counter[str]:
    return Counter(_WORD.findall(text))


def _others(facts: tuple[Symbol, ...]) -> list[str]:
    """The texts of the cost parts no cost template derives (``cost(C, N, other(Text))``)."""
    return [
        f.arguments[2].arguments[0].string
        for f in facts
        if f.name == "cost" and f.arguments[2].name == "other"
    ]


def unaccounted_words(
    paragraph: str, abilities: tuple[Ability, ...], names: tuple[str, ...]
) -> tuple[str, ...]:
    """The words of ``paragraph`` (as the grammar reads it) that no derived text and no
    not-modelled record of ``abilities`` accounts for, sorted."""
    accounted: Counter[str] = Counter()
    for ability in abilities:
        if not ability.modelled:
            accounted += _words(normalise(ability.text, names))
            continue
        others = [normalise(text, names) for text in _others(ability.facts)]
        for derived in ability.derived:
            accounted += _words(_PLACEHOLDER.sub("", derived))
        for other in others:
            accounted += _words(other)
    missing = _words(normalise(paragraph, names)) - accounted
    return tuple(sorted(missing.elements()))


def audit(record: CardRecord) -> tuple[ParagraphAudit, ...]:
    """Each paragraph of ``record``'s Oracle text with the abilities compiled from it."""
    compiled = compile_card(record)
    names = self_names(record.name)
    by_index: dict[int, list[Ability]] = {}
    for ability in compiled.abilities:
        by_index.setdefault(ability.index, []).append(ability)
    out: list[ParagraphAudit] = []
    index = 0
    for ability in compiled.abilities:
        if ability.kind == "intrinsic":
            index = ability.index
            out.append(ParagraphAudit(index, None, (ability,), ()))
    for paragraph in paragraphs(record.text):
        if not strip_reminder(paragraph):
            continue
        index += 1
        abilities = tuple(by_index.get(index, ()))
        missing = unaccounted_words(paragraph, abilities, names)
        out.append(ParagraphAudit(index, paragraph, abilities, missing))
    return tuple(out)
