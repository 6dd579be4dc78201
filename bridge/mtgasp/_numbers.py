"""The numbers a question gives (X, an amount, an ability number), bounded where they enter: the
command line's text (:func:`whole`) and the symbols of a request (:func:`number`)."""

from __future__ import annotations

from clingo import Number, Symbol

from ._text import quote
from .errors import QueryError
from .limits import MAX_NUMBER

__all__ = ["number", "whole"]


def number(value: int, what: str, least: int = 0) -> Symbol:
    """``Number(value)`` for a number a question gives (X, an amount, an ability number), or a
    QueryError if it lies outside ``least`` .. MAX_NUMBER (clingo's integers are 32 bits)."""
    if not least <= value <= MAX_NUMBER:
        raise QueryError(
            f"{what} must be a whole number from {least} to {MAX_NUMBER}, got {value}"
            + (f"; {MAX_NUMBER} is the largest number mtgasp computes with" if value > 0 else "")
        )
    return Number(value)


def whole(text: str, what: str, least: int = -MAX_NUMBER) -> int:
    """The whole number a command line writes (digits, maybe a minus), refusing more digits than
    any number mtgasp computes with has (Python would refuse 4300 with a ValueError)."""
    if len(text.lstrip("-")) > len(str(MAX_NUMBER)):
        raise QueryError(
            f"{what} must be a whole number from {least} to {MAX_NUMBER}, got {quote(text)}"
        )
    return int(text)
