"""Oracle text -> card facts: ``compile_card(record)``, one ability (paragraph) at a time.

A paragraph the grammar (``oracle.lark``) derives yields the facts of its template
(``_templates.py``, ``solve/_parse.py``); a keyword line ("Flying, vigilance") yields ``keyword/2``
for each keyword the rules know; an ability modelled in part (``_partial.py``) yields its facts and
the rest; everything else yields ``not_modelled(Card, Index, Kind, Text)`` with the paragraph's
text, which the rules read to say which answers could depend on it (docs/oracle-compiler.md).
"""

from __future__ import annotations

import re
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

# 711.2: a level symbol ("LEVEL 2-6", "LEVEL 7+").
_LEVEL_SYMBOL = re.compile(r"^level \d+(?:-\d+|\+)$")

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
    #: The texts the grammar derived into this ability's facts (normalised; a cost part no
    #: template derives is written ``{o1}``, ``{o2}``, ... and kept as ``cost(.., other(Text))``).
    #: Empty for an ability not modelled: its ``text`` is its ``not_modelled`` record's.
    derived: tuple[str, ...] = ()
    #: The facts of this ability (its ``not_modelled`` fact when it is not modelled).
    facts: tuple[Symbol, ...] = ()


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
                abilities.append(
                    Ability(
                        index,
                        f"({{T}}: Add {{{mana.upper()}}}.)",
                        "intrinsic",
                        True,
                        facts=tuple(_intrinsic(card, index, mana)),
                    )
                )
    leveled = False
    for paragraph in paragraphs(record.text):
        if not strip_reminder(paragraph):
            continue  # reminder text only: the intrinsic abilities above (305.6), or none
        index += 1
        text = normalise(paragraph, names)
        # 711.2: from the first level symbol on, every line of a leveler card (its P/T boxes, its
        # keywords, its abilities) is part of a level's static ability, which no rule models.
        leveled = leveled or bool(_LEVEL_SYMBOL.match(text))
        if leveled:
            abilities.append(_unmodelled(card, index, "static", paragraph))
            continue
        if _keyword_line(text):
            for word in _keywords(text):
                original = _original(paragraph, word)
                if word in KEYWORDS:
                    fact = Function("keyword", [card, Function(KEYWORDS[word])])
                    abilities.append(Ability(index, original, "keyword", True, (word,), (fact,)))
                    continue
                kind = kind_of(word, spell=spell)
                if not spell and activated_keyword(word):
                    kind = "activated"
                abilities.append(_unmodelled(card, index, kind, original))
            continue
        found = template(record.name, index, text, spell, paragraph)
        partial = None
        if found is None and not spell:
            partial = with_riders(record.name, index, text, paragraph) or activated_effect(
                record.name, index, text, paragraph
            )
        if partial is not None:
            kind, produced, rest_kind, rest, derived = partial
            abilities.append(Ability(index, paragraph, kind, True, tuple(derived), tuple(produced)))
            abilities.extend(_unmodelled(card, index, rest_kind, part) for part in rest)
        elif found is None:
            abilities.append(_unmodelled(card, index, kind_of(text, spell=spell), paragraph))
        else:
            kind, produced, parsed = found
            abilities.append(Ability(index, paragraph, kind, True, (parsed,), tuple(produced)))
    facts.extend(f for ability in abilities for f in ability.facts)
    return CompiledCard(record.name, tuple(dict.fromkeys(facts)), tuple(abilities))


def _unmodelled(card: Symbol, index: int, kind: str, text: str) -> Ability:
    """An ability (or the part of one) no template covers, with its not_modelled/4 fact."""
    return Ability(index, text, kind, False, facts=(_not_modelled(card, index, kind, text),))


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
