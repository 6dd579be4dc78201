"""Oracle text -> card facts: ``compile_card(record)``, one ability (paragraph) at a time.

A paragraph the grammar (``oracle.lark``) derives yields the facts of its template
(``_templates.py``, ``solve/_parse.py``); a keyword line ("Flying, vigilance") yields ``keyword/2``
for each keyword the rules know; an ability modelled in part (``_partial.py``) yields its facts and
the rest; everything else yields ``not_modelled(Card, Index, Kind, Text)`` with the paragraph's
text, which the rules read to say which answers could depend on it (docs/oracle-compiler.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from clingo import Function, Number, String, Symbol

from ..record import CardRecord
from ._kinds import activated_keyword, kind_of
from ._parse import template
from ._partial import activated_effect, with_riders
from ._text import normalise, paragraphs, self_names, strip_reminder

__all__ = ["KEYWORDS", "Ability", "CompiledCard", "compile_card"]

#: Keyword abilities the rules know (702), by their Oracle words.
KEYWORDS = {
    "haste": "haste", "defender": "defender", "flying": "flying", "vigilance": "vigilance",
    "lifelink": "lifelink", "first strike": "first_strike", "double strike": "double_strike",
    "trample": "trample", "deathtouch": "deathtouch", "indestructible": "indestructible",
    "wither": "wither", "reach": "reach", "flash": "flash",
}  # fmt: skip

# 305.6: the basic land types and the mana their intrinsic ability adds.
_BASIC_TYPES = (
    ("Plains", "w"),
    ("Island", "u"),
    ("Swamp", "b"),
    ("Mountain", "r"),
    ("Forest", "g"),
)


@dataclass(frozen=True)
class Ability:
    """One ability of a card: its number, its Oracle text, its kind and whether it is modelled.

    ``kind`` is the template's kind for a modelled ability (``mana``, ``keyword``, ``intrinsic``,
    ``enters``, ``static``, ``replacement``, ``mana_trigger``, ``triggered``, ``spell``) and the
    classification of ``_kinds.kind_of`` for one that is not.
    """

    index: int
    text: str
    kind: str
    modelled: bool


@dataclass(frozen=True)
class CompiledCard:
    """The ability facts of one card and an account of each of its abilities."""

    name: str
    facts: tuple[Symbol, ...]
    abilities: tuple[Ability, ...]

    @property
    def status(self) -> str:
        """``full`` (every ability modelled, or none to model), ``partial`` or
        ``characteristics`` (no ability modelled: only its characteristics are known)."""
        modelled = [a.modelled for a in self.abilities]
        if all(modelled):
            return "full"
        return "partial" if any(modelled) else "characteristics"


def compile_card(record: CardRecord) -> CompiledCard:
    """The facts of ``record``'s abilities (not its characteristics), one ability at a time."""
    card = String(record.name)
    names = self_names(record.name)
    spell = bool({"Instant", "Sorcery"} & set(record.types))
    facts: list[Symbol] = []
    abilities: list[Ability] = []
    index = 0
    # 305.6: each basic land type gives the land "{T}: Add [mana]"; its reminder text says so.
    if "Land" in record.types:
        for subtype, mana in _BASIC_TYPES:
            if subtype in record.subtypes:
                index += 1
                facts.extend(_intrinsic(card, index, mana))
                abilities.append(
                    Ability(index, f"({{T}}: Add {{{mana.upper()}}}.)", "intrinsic", True)
                )
    for paragraph in paragraphs(record.text):
        if not strip_reminder(paragraph):
            continue  # reminder text only: the intrinsic abilities above (305.6), or none
        index += 1
        text = normalise(paragraph, names)
        if _keyword_line(text):
            for word in _keywords(text):
                modelled = word in KEYWORDS
                if modelled:
                    facts.append(Function("keyword", [card, Function(KEYWORDS[word])]))
                kind = "keyword" if modelled else kind_of(word, spell=spell)
                if not modelled and not spell and activated_keyword(word):
                    kind = "activated"
                abilities.append(Ability(index, _original(paragraph, word), kind, modelled))
                if not modelled:
                    facts.append(_not_modelled(card, index, kind, _original(paragraph, word)))
            continue
        found = template(record.name, index, text, spell, paragraph)
        partial = None
        if found is None and not spell:
            partial = with_riders(record.name, index, text, paragraph) or activated_effect(
                record.name, index, text, paragraph
            )
        if partial is not None:
            kind, produced, rest_kind, rest = partial
            facts.extend(produced)
            abilities.append(Ability(index, paragraph, kind, True))
            for part in rest:
                abilities.append(Ability(index, part, rest_kind, False))
                facts.append(_not_modelled(card, index, rest_kind, part))
        elif found is None:
            kind = kind_of(text, spell=spell)
            abilities.append(Ability(index, paragraph, kind, False))
            facts.append(_not_modelled(card, index, kind, paragraph))
        else:
            facts.extend(found[1])
            abilities.append(Ability(index, paragraph, found[0], True))
    return CompiledCard(record.name, tuple(dict.fromkeys(facts)), tuple(abilities))


def _intrinsic(card: Symbol, index: int, mana: str) -> list[Symbol]:
    n = Number(index)
    return [
        Function("activated", [card, n]),
        Function("cost", [card, n, Function("tap")]),
        Function("mana_ability", [card, n]),
        Function("produces", [card, n, Function(mana), Number(1)]),
    ]


def _not_modelled(card: Symbol, index: int, kind: str, text: str) -> Symbol:
    return Function("not_modelled", [card, Number(index), Function(kind), String(text)])


def _keyword_line(text: str) -> bool:
    """A line of keywords: no sentence (702.1: keywords are listed, separated by commas)."""
    return bool(text) and not text.endswith((".", '"')) and ":" not in text and text[-1] != "—"


def _keywords(text: str) -> list[str]:
    return [w.strip() for w in text.replace(";", ",").split(",") if w.strip()]


def _original(paragraph: str, word: str) -> str:
    """The keyword as printed (its case) when the paragraph holds several, else the paragraph."""
    for piece in paragraph.replace(";", ",").split(","):
        if strip_reminder(piece).lower() == word:
            return strip_reminder(piece)
    return paragraph
