"""A card record's characteristics as facts, written as the hand-written files of ``asp/cards``
write them: ``card/1``, ``oracle/2``, ``card_supertype/2``, ``card_type/2``, ``card_subtype/2``,
``card_color/2`` (from the mana cost, 105.2 and 202.2), ``mana_cost/3``, ``power/2``,
``toughness/2``, ``loyalty/2`` (vocabulary: ``asp/README.md``).

Mana symbols (107.4): ``{2}`` is ``generic``, ``{G}`` is ``g``, ``{C}`` is ``c``, ``{X}`` is
``x``, ``{R/G}`` is ``hybrid(r, g)``, ``{2/W}`` is ``monohybrid(w)``, ``{W/P}`` is
``phyrexian(w)``. A power or toughness that is not a whole number (``*``, ``1+*``: a
characteristic-defining ability, 604.3) gives no fact.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from clingo import Function, Number, String, Symbol

from .record import CardRecord

__all__ = ["ManaCostError", "characteristics", "constant", "mana_symbols"]

_COLORS = "wubrg"
_SYMBOL = re.compile(r"\{([^{}]*)\}")
_NUMBER = re.compile(r"-?[0-9]+")


class ManaCostError(ValueError):
    """A mana cost that is not a sequence of mana symbols mtgasp knows."""


def constant(word: str) -> str:
    """The ASP constant of a type, supertype or subtype: ``Assembly-Worker`` is
    ``assembly_worker``, ``Urza's`` is ``urzas``."""
    text = re.sub(r"[^a-z0-9]+", "_", word.lower().replace("'", "").replace("\u2019", ""))
    text = text.strip("_") or "none"
    return text if text[0].isalpha() else f"t_{text}"


def mana_symbols(cost: str) -> Counter[Symbol]:
    """How many of each mana symbol (as its ASP term) the mana cost ``cost`` has; the generic
    amount is one ``generic`` entry. Raises ManaCostError for anything else."""
    found: Counter[Symbol] = Counter()
    rest = _SYMBOL.sub("", cost).strip()
    if rest:
        raise ManaCostError(f"{cost!r} is not a sequence of mana symbols like {{2}}{{G}}")
    for body in _SYMBOL.findall(cost.upper()):
        term, amount = _symbol(body, cost)
        found[term] += amount
    return found


def _symbol(body: str, cost: str) -> tuple[Symbol, int]:
    if body.isdigit():
        return Function("generic"), int(body)
    low = body.lower()
    if low in _COLORS or low == "c":
        return Function(low), 1
    if low in ("x", "y", "z"):  # 107.3: variables
        return Function("x"), 1
    parts = low.split("/")
    if len(parts) == 2 and parts[0] in _COLORS and parts[1] in _COLORS:  # 107.4e
        return Function("hybrid", [Function(parts[0]), Function(parts[1])]), 1
    if len(parts) == 2 and parts[0] == "2" and parts[1] in _COLORS:  # 107.4e: {2/W}
        return Function("monohybrid", [Function(parts[1])]), 1
    if len(parts) == 2 and parts[0] in _COLORS and parts[1] == "p":  # 107.4f
        return Function("phyrexian", [Function(parts[0])]), 1
    raise ManaCostError(f"{cost!r} has the mana symbol {{{body}}}, which mtgasp does not know")


def _colors(symbols: Counter[Symbol]) -> list[str]:
    """202.2: a card's colors are the colors of the mana symbols in its mana cost."""
    colors: set[str] = set()
    for term in symbols:
        if term.name in _COLORS:
            colors.add(term.name)
        for argument in term.arguments:
            if argument.name in _COLORS:
                colors.add(argument.name)
    return [k for k in _COLORS if k in colors]


def characteristics(record: CardRecord) -> tuple[Symbol, ...]:
    """The characteristics facts of ``record`` (raises ManaCostError for a cost mtgasp cannot
    read)."""
    return tuple(_facts(record))


def _facts(record: CardRecord) -> Iterator[Symbol]:
    name = String(record.name)

    def fact(predicate: str, *args: Symbol) -> Symbol:
        return Function(predicate, [name, *args])

    yield fact("card")
    yield fact("oracle", String(record.text))
    for supertype in record.supertypes:
        yield fact("card_supertype", Function(constant(supertype)))
    for card_type in record.types:
        yield fact("card_type", Function(constant(card_type)))
    for subtype in record.subtypes:
        yield fact("card_subtype", Function(constant(subtype)))
    symbols = mana_symbols(record.mana_cost)
    for color in _colors(symbols):
        yield fact("card_color", Function(color))
    for term, amount in symbols.items():
        if amount > 0:
            yield fact("mana_cost", term, Number(amount))
    for predicate, value in (
        ("power", record.power),
        ("toughness", record.toughness),
        ("loyalty", record.loyalty),
    ):
        if value is not None and _NUMBER.fullmatch(value.strip()):
            yield fact(predicate, Number(int(value)))
