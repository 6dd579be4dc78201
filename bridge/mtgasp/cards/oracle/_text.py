"""Oracle text as the grammar reads it: one paragraph per ability, reminder text removed, the
card's references to itself written ``~``, lowercased, one space between words."""

from __future__ import annotations

import re

__all__ = ["normalise", "paragraphs", "self_names"]

# 207.2: reminder text is in parentheses and has no effect on the game.
_REMINDER = re.compile(r"\s*\([^()]*\)")
# 201.5: a card refers to itself by name; current Oracle text also says "this creature" etc.
_THIS = re.compile(
    r"\bthis (?:creature|land|artifact|enchantment|permanent|aura|equipment|vehicle|card|spell)\b",
    re.IGNORECASE,
)
_SPACES = re.compile(r"\s+")
# 207.2c: an ability word ("Raid — ") has no rules meaning.
_ABILITY_WORD = re.compile(r"^[A-Z][a-z]+(?: [a-z]+)? \u2014 (?=(?:When|Whenever|At)\b)")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def paragraphs(text: str) -> list[str]:
    """The paragraphs of an Oracle text (its lines), blank ones dropped."""
    return [line.strip() for line in text.split("\n") if line.strip()]


def self_names(name: str) -> tuple[str, ...]:
    """The ways a card names itself, longest first: its name and, for a legendary name with a
    title ("Erebos, God of the Dead"), the part before the comma (201.5a)."""
    names = {name}
    if ", " in name:
        names.add(name.split(", ", 1)[0])
    return tuple(sorted(names, key=len, reverse=True))


def strip_reminder(paragraph: str) -> str:
    """The paragraph without its reminder text (207.2)."""
    return _SPACES.sub(" ", _REMINDER.sub("", paragraph)).strip()


def normalise(paragraph: str, names: tuple[str, ...]) -> str:
    """The paragraph as the grammar reads it."""
    text = _ABILITY_WORD.sub("", strip_reminder(paragraph.translate(_QUOTES)))
    for name in names:
        text = _replace_name(text, name)
    text = _THIS.sub("~", text)
    return text.lower()


def _replace_name(text: str, name: str) -> str:
    """``text`` with each whole-word occurrence of ``name`` written ``~`` (not inside a longer
    word, a possessive's start or a mana symbol). Plain string search: a regular expression per
    card name would be compiled once per card (a third of compiling the database)."""
    out: list[str] = []
    start = 0
    while (found := text.find(name, start)) >= 0:
        end = found + len(name)
        before = text[found - 1] if found else ""
        after = text[end] if end < len(text) else ""
        if (before and (before.isalnum() or before in "_'{")) or (
            after and (after.isalnum() or after in "_}")
        ):
            out.append(text[start : found + 1])
            start = found + 1
            continue
        out.append(text[start:found] + "~")
        start = end
    out.append(text[start:])
    return "".join(out)
