"""The numbers a question gives (X, an amount, an ability number), bounded where they enter: the
command line's text (:func:`numeral`, :func:`whole`) and a request's symbols (:func:`number`)."""

from __future__ import annotations

from clingo import Number, Symbol

from .._text import quote
from ..errors import QueryError
from ..limits import MAX_NUMBER

__all__ = ["number", "numeral", "whole"]


def number(value: int, what: str, least: int = 0, most: int = MAX_NUMBER) -> Symbol:
    """``Number(value)`` for a number a question gives (X, an amount, an ability number), or a
    QueryError if it lies outside ``least`` .. ``most`` (at most MAX_NUMBER: clingo's integers
    are 32 bits)."""
    if not least <= value <= most:
        raise QueryError(_range(what, least, most, str(value), value > most))
    return Number(value)


def numeral(text: str) -> bool:
    """Whether a command line's text is meant as a number: digits of any script, maybe with a
    sign, a point or a comma (``-1``, ``1.5``, ``²``): :func:`whole` then says if it is one."""
    body = text[1:] if text[:1] in "+-" else text
    return any(c.isnumeric() for c in body) and all(c.isnumeric() or c in ".,_" for c in body)


def whole(text: str, what: str, least: int = -MAX_NUMBER, most: int = MAX_NUMBER) -> int:
    """The whole number ``least`` .. ``most`` a command line writes (the digits 0-9, maybe a
    minus), or a QueryError that says the range: never Python's own error (a superscript digit,
    or 4300 digits and more, would raise a ValueError)."""
    digits = text[1:] if text.startswith("-") else text
    fits = digits.isascii() and digits.isdigit() and len(digits) <= len(str(MAX_NUMBER))
    if not fits or not least <= int(text) <= most:
        positive = digits.isascii() and digits.isdigit() and not text.startswith("-")
        too_large = positive and (not fits or int(text) > most)
        raise QueryError(_range(what, least, most, quote(text), too_large))
    return int(text)


def _range(what: str, least: int, most: int, got: str, too_large: bool) -> str:
    text = f"{what} must be" if what else "must be"
    text += f" a whole number from {least} to {most}, got {got}"
    if too_large and most == MAX_NUMBER:
        text += f"; {MAX_NUMBER} is the largest number mtgasp computes with"
    return text
