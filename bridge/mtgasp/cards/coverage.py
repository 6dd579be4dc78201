"""How much of a card database the Oracle-text compiler models (``mtgasp cards --coverage``): per
card type, how many cards are fully modelled, partly, or known by their characteristics only; the
share of mana abilities compiled; the most common shapes of the abilities no template covers."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .oracle import KEYWORDS, CompiledCard, compile_card
from .oracle._text import paragraphs, self_names, strip_reminder
from .record import CardRecord

__all__ = ["Coverage", "Share", "TypeRow", "coverage", "shape"]

#: The statuses of a compiled card (``CompiledCard.status``), in report order.
STATUSES = ("full", "partial", "characteristics")
# 605.1a: the activated mana abilities (305.6: a basic land type's intrinsic one included).
_MANA_KINDS = ("mana", "intrinsic")


@dataclass(frozen=True)
class TypeRow:
    """The cards of one card type (a card of two types counts in both) by status."""

    type: str
    full: int
    partial: int
    characteristics: int

    @property
    def cards(self) -> int:
        return self.full + self.partial + self.characteristics


@dataclass(frozen=True)
class Share:
    """``done`` of ``total`` (cards or abilities)."""

    done: int
    total: int

    @property
    def percent(self) -> float:
        return 100.0 * self.done / self.total if self.total else 100.0


@dataclass(frozen=True)
class Coverage:
    types: tuple[TypeRow, ...]
    total: TypeRow
    basic_lands: Share  # fully modelled basic lands
    vanilla_creatures: Share  # creatures without rules text
    keyword_creatures: Share  # creatures whose text is keywords the rules know only
    land_mana_abilities: Share  # activated mana abilities of lands compiled
    mana_abilities: Share  # activated mana abilities of all cards compiled
    abilities: Share  # abilities modelled, of all abilities
    shapes: tuple[tuple[str, str, int], ...]  # (kind, shape, count), most common first


def shape(record: CardRecord, text: str) -> str:
    """An ability's text with its card's name, numbers and mana symbols abstracted: the shape
    shared by the cards a template for it would cover."""
    text = strip_reminder(text)
    for name in self_names(record.name):
        text = text.replace(name, "~")
    text = re.sub(r"\{[^{}]*\}", "{M}", text)
    return re.sub(r"\b\d+\b", "N", text)


def coverage(records: Iterable[CardRecord], *, top: int = 30) -> Coverage:
    """Compile every record and count (deterministic: ties in the shapes by text)."""
    by_type: dict[str, Counter[str]] = {}
    total: Counter[str] = Counter()
    counts: dict[str, list[int]] = {k: [0, 0] for k in ("basic", "vanilla", "keyword")}
    mana = {"land": [0, 0], "all": [0, 0], "abilities": [0, 0]}
    shapes: Counter[tuple[str, str]] = Counter()
    for record in records:
        compiled = compile_card(record)
        status = compiled.status
        total[status] += 1
        for card_type in record.types or ("(none)",):
            by_type.setdefault(card_type, Counter())[status] += 1
        _goals(record, compiled, counts)
        for ability in compiled.abilities:
            mana["abilities"][0] += ability.modelled
            mana["abilities"][1] += 1
            if ability.kind in _MANA_KINDS:
                for key in ("land", "all") if "Land" in record.types else ("all",):
                    mana[key][0] += ability.modelled
                    mana[key][1] += 1
            if not ability.modelled:
                shapes[(ability.kind, shape(record, ability.text))] += 1
    rows = tuple(
        TypeRow(t, c["full"], c["partial"], c["characteristics"])
        for t, c in sorted(by_type.items(), key=lambda item: (-sum(item[1].values()), item[0]))
    )
    ranked = sorted(shapes.items(), key=lambda item: (-item[1], item[0]))[:top]
    return Coverage(
        types=rows,
        total=TypeRow("all", total["full"], total["partial"], total["characteristics"]),
        basic_lands=Share(*counts["basic"]),
        vanilla_creatures=Share(*counts["vanilla"]),
        keyword_creatures=Share(*counts["keyword"]),
        land_mana_abilities=Share(*mana["land"]),
        mana_abilities=Share(*mana["all"]),
        abilities=Share(*mana["abilities"]),
        shapes=tuple((kind, text, n) for (kind, text), n in ranked),
    )


def _goals(record: CardRecord, compiled: CompiledCard, counts: dict[str, list[int]]) -> None:
    """Issue 11's goals: basic lands, vanilla creatures, creatures with known keywords only."""
    full = compiled.status == "full"
    if "Basic" in record.supertypes and "Land" in record.types:
        counts["basic"][0] += full
        counts["basic"][1] += 1
    if "Creature" not in record.types:
        return
    if not compiled.abilities:
        counts["vanilla"][0] += full
        counts["vanilla"][1] += 1
    elif _known_keywords_only(record):
        counts["keyword"][0] += full
        counts["keyword"][1] += 1


def _known_keywords_only(record: CardRecord) -> bool:
    """Every paragraph of the text is a list of keywords the rules know ("Flying, vigilance")."""
    lines = [strip_reminder(p).lower() for p in paragraphs(record.text)]
    words = [w.strip() for line in lines if line for w in line.replace(";", ",").split(",")]
    return bool(words) and all(w in KEYWORDS for w in words)
