"""The values of one face of an MTGJSON card, checked before anything is built from them.

Refused, each at its location (:class:`Problem`): a name that is empty, has a control character,
a lone surrogate, an invisible format character (a zero-width space) or spaces around it, or is
longer than :data:`~mtgasp.limits.MAX_CARD_NAME`; Oracle text with a control character other
than a line break, a lone surrogate, a digit outside 0-9 or a number past
:data:`~mtgasp.limits.MAX_NUMBER`, or longer than :data:`~mtgasp.limits.MAX_ORACLE_TEXT`; a
power, toughness, loyalty or mana cost amount past that number. clingo would cut a name at a NUL
byte, could not encode a lone surrogate, and computes with 32-bit numbers. Names and text are
NFC-normalised, as board names are (a name typed on another keyboard is the same name).

A mana cost with a symbol mtgasp does not know (``{HW}``) is not refused: the card is left out
of the import (:class:`Unreadable`), as real files have a few such cards.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from .._text import invisible_note, name_problem, quote
from ..limits import MAX_CARD_NAME, MAX_NUMBER, MAX_ORACLE_TEXT
from .characteristics import ManaCostError, mana_symbols

__all__ = [
    "Problem",
    "Unreadable",
    "check_amounts",
    "describe",
    "key_text",
    "name_value",
    "number_value",
    "text_value",
    "words_value",
]

#: A number as a power, toughness or loyalty (a whole number makes a fact; ``*`` does not).
_NUMBER = re.compile(r"-?[0-9]+")
#: A run of digits in Oracle text.
_DIGITS = re.compile(r"[0-9]+")
#: A mana symbol mtgasp can read is ASCII letters, digits and slashes.
_SYMBOL_BODY = re.compile(r"\{([^{}]*)\}")


class Problem(Exception):
    """Something wrong at a location of the file: refused."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where}: {what}")
        self.where = where
        self.what = what


class Unreadable(Exception):
    """A card mtgasp cannot read (a mana symbol it does not know): left out, said in the
    summary."""


def key_text(key: str) -> str:
    """A key of the file as its location writes it: ``"Fire // Ice"`` (JSON quoting, at most 60
    characters of it)."""
    shown = json.dumps(key[:60], ensure_ascii=False)
    # An invisible character (a zero-width space) is written as JSON would escape it.
    shown = "".join(f"\\u{ord(c):04x}" if invisible_note(c) else c for c in shown)
    return f'{shown[:-1]}..."' if len(key) > 60 else shown


def describe(value: Any) -> str:
    """A value that is not what was expected, said briefly (never the whole value: it may be
    nested too deeply to print, or be megabytes long)."""
    if isinstance(value, str):
        return f"the string {quote(value)}"
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    if isinstance(value, int | float):
        if isinstance(value, int) and abs(value) >= 10**30:
            return f"a number of {len(str(abs(value)))} digits"
        return f"the number {value!r}"
    if isinstance(value, list | dict):
        kind, item = ("list", "value") if isinstance(value, list) else ("mapping", "key")
        return f"a {kind} of {len(value)} {item}{'' if len(value) == 1 else 's'}"
    return type(value).__name__


def _string(where: str, value: Any) -> str:
    if not isinstance(value, str):
        raise Problem(where, f"expected a string, got {describe(value)}")
    return value


def name_value(where: str, value: Any) -> str:
    """A card or face name: printable, visible text without spaces around it, NFC."""
    name = _string(where, value)
    problem = name_problem(name)
    if problem is None:
        invisible = invisible_note(name)
        if invisible:
            problem = f"is not printable text{invisible}"
        elif not name.strip():
            problem = "is empty; a card has a name"
        elif name != name.strip():
            problem = "has spaces at its start or end; a card name has none"
        elif len(name) > MAX_CARD_NAME:
            problem = f"has {len(name)} characters; a card name has at most {MAX_CARD_NAME}"
    if problem is not None:
        raise Problem(where, f"{quote(name)} {problem}")
    return unicodedata.normalize("NFC", name)


def text_value(where: str, value: Any) -> str:
    """Oracle text: lines of printable text (the line break is the only control character),
    numbers within :data:`MAX_NUMBER`, digits 0-9, NFC."""
    text = _string(where, value)
    if len(text) > MAX_ORACLE_TEXT:
        raise Problem(
            where, f"has {len(text)} characters; Oracle text has at most {MAX_ORACLE_TEXT}"
        )
    # A line break is the one control character Oracle text has: seen as a space, the rest of
    # the text is checked as a name is (same positions).
    problem = name_problem(text.replace("\n", " "))
    if problem is not None:
        problem = problem.replace("; names must be printable text", "")
    elif invisible_note(text):
        problem = f"is not printable text{invisible_note(text)}"
    if problem is not None:
        raise Problem(
            where,
            f"{quote(text)} {problem}; Oracle text is printable text, its lines separated by "
            "line breaks",
        )
    odd = next((c for c in text if c.isdigit() and not c.isascii()), None)
    if odd is not None:
        raise Problem(
            where,
            f"contains the digit {quote(odd)} at position {text.index(odd)}; numbers in Oracle "
            "text are written with the digits 0-9",
        )
    for digits in _DIGITS.finditer(text):
        if len(digits.group()) > 10 or int(digits.group()) > MAX_NUMBER:
            raise Problem(
                where,
                f"contains the number {quote(digits.group(), 20)} at position {digits.start()};"
                f" {MAX_NUMBER} is the largest number mtgasp computes with",
            )
    return unicodedata.normalize("NFC", text)


def words_value(where: str, value: Any) -> tuple[str, ...]:
    """A list of types, supertypes or subtypes: at most 50 words, each a name."""
    if not isinstance(value, list):
        raise Problem(where, f"expected a list of strings, got {describe(value)}")
    if len(value) > 50:
        raise Problem(where, f"has {len(value)} words; a card has at most 50 of a kind")
    return tuple(name_value(f"{where}[{i}]", word) for i, word in enumerate(value))


def number_value(where: str, value: Any) -> str | None:
    """A power, toughness or loyalty as printed (``2``, ``*``, ``1+*``); a whole number is at
    most :data:`MAX_NUMBER` either way."""
    if value is None:
        return None
    text = _string(where, value)
    if name_problem(text) is not None or len(text) > 20:
        raise Problem(
            where, f"{quote(text)} is not a power, toughness or loyalty ('2', '*', '1+*')"
        )
    stripped = text.strip()
    if _NUMBER.fullmatch(stripped) and (len(stripped) > 11 or abs(int(stripped)) > MAX_NUMBER):
        raise Problem(
            where,
            f"{quote(text)} is past {MAX_NUMBER}, the largest number mtgasp computes with",
        )
    return unicodedata.normalize("NFC", text)


def mana_cost_value(where: str, value: Any) -> str:
    """A mana cost (``{1}{G}``; ``""`` for none): each generic amount and their sum at most
    :data:`MAX_NUMBER`. A symbol mtgasp does not know raises :class:`Unreadable`."""
    if value is None:
        return ""
    cost = _string(where, value)
    problem = name_problem(cost)
    if problem is not None:
        raise Problem(where, f"{quote(cost)} {problem}; a mana cost is symbols like {{2}}{{G}}")
    for body in _SYMBOL_BODY.findall(cost):
        if not (body.isascii() and body.isprintable()):
            raise Unreadable(f"{cost!r} has the mana symbol {{{body}}}, which mtgasp does not know")
        if body.isdigit() and (len(body) > 10 or int(body) > MAX_NUMBER):
            raise Problem(
                where,
                f"{quote(cost)} has the amount {quote(body, 20)}; {MAX_NUMBER} is the largest "
                "number mtgasp computes with",
            )
    check_amounts(where, cost)
    return cost


def check_amounts(where: str, cost: str) -> None:
    """Every amount of ``cost`` (a face's, or a split card's halves together) is at most
    :data:`MAX_NUMBER`; a symbol mtgasp does not know raises :class:`Unreadable`."""
    try:
        symbols = mana_symbols(cost)
    except ManaCostError as exc:
        raise Unreadable(str(exc)) from None
    largest = max(symbols.values(), default=0)
    if largest > MAX_NUMBER:
        raise Problem(
            where,
            f"{quote(cost)} adds up to {largest} mana of one kind; {MAX_NUMBER} is the largest "
            "number mtgasp computes with",
        )
