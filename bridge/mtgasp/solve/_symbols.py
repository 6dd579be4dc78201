"""Small helpers to read clingo symbols back into Python values (used by the result decoders)."""

from __future__ import annotations

from clingo import Symbol, SymbolType

__all__ = ["as_int", "as_str", "choice_name", "cost_text", "shown_text", "value"]

_MANA_LETTERS = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G", "c": "C", "x": "X"}


def as_str(symbol: Symbol) -> str:
    """A string or constant symbol as text."""
    if symbol.type == SymbolType.String:
        return symbol.string
    return str(symbol)


def choice_name(symbol: Symbol) -> str | None:
    """A mana ability's choice: a type name, or None for ``none`` (nothing to choose)."""
    name = as_str(symbol)
    return None if name == "none" else name


def as_int(symbol: Symbol) -> int:
    if symbol.type != SymbolType.Number:
        raise ValueError(f"expected a number, got {symbol}")
    return symbol.number


def shown_text(symbol: Symbol) -> str:
    """A symbol as a reason reads: a string's text, else clingo's own writing of it (no walk
    of its arguments here: a property may derive terms nested thousands deep)."""
    return symbol.string if symbol.type == SymbolType.String else str(symbol)


def value(symbol: Symbol) -> object:
    """A symbol as a plain JSON-able value: numbers, strings, and [name, args...] for terms."""
    if symbol.type == SymbolType.Number:
        return symbol.number
    if symbol.type == SymbolType.String:
        return symbol.string
    if symbol.type == SymbolType.Function and not symbol.arguments:
        return symbol.name
    return [symbol.name, *(value(arg) for arg in symbol.arguments)]


def _mana_symbol(kind: Symbol) -> str:
    if kind.type == SymbolType.Function and kind.name == "hybrid":
        return "{" + "/".join(_MANA_LETTERS.get(a.name, a.name) for a in kind.arguments) + "}"
    return "{" + _MANA_LETTERS.get(kind.name, kind.name) + "}"


def cost_text(cost: Symbol) -> str:
    """One cost term in card notation: ``mana(w, 2)`` -> ``{W}{W}``, ``tap`` -> ``{T}``."""
    if cost.type == SymbolType.Function:
        if cost.name == "tap" and not cost.arguments:
            return "{T}"
        if cost.name == "untap" and not cost.arguments:
            return "{Q}"
        if cost.name == "mana" and len(cost.arguments) == 2:
            kind, count = cost.arguments
            if kind.type == SymbolType.Function and kind.name == "generic":
                return "{" + str(count.number) + "}"
            return _mana_symbol(kind) * count.number
        if cost.name == "other" and len(cost.arguments) == 1:
            return as_str(cost.arguments[0])
        if cost.name == "pay_life" and len(cost.arguments) == 1:
            return f"Pay {cost.arguments[0].number} life"
        if cost.name == "sacrifice" and len(cost.arguments) == 1:
            what = as_str(cost.arguments[0])
            return "Sacrifice this permanent" if what == "this" else f"Sacrifice a {what}"
        if cost.name == "tap_untapped" and len(cost.arguments) == 1:
            return f"Tap an untapped {as_str(cost.arguments[0])} you control"
        if cost.name == "remove_counter" and len(cost.arguments) == 2:
            kind, count = cost.arguments
            plural = "s" if count.number != 1 else ""
            return f"Remove {count.number} {as_str(kind)} counter{plural}"
    return str(cost).replace("_", " ")
