"""Mana symbols in Oracle text: a cost (``{1}{G}{G/U}``, 107.4) or the mana an ability adds
(``{G}{U}``, 106.1) as clingo symbols, and :class:`NotCovered` for what the vocabulary lacks."""

from __future__ import annotations

from clingo import Function, Number, Symbol

__all__ = ["NotCovered", "mana_symbols"]


class NotCovered(Exception):
    """The paragraph parsed, but a part of it has no word in the vocabulary (e.g. ``{2/W}``)."""


def _c(name: str, *args: Symbol) -> Symbol:
    return Function(name, list(args))


_COLORS = {"w", "u", "b", "r", "g"}
_TYPES = _COLORS | {"c"}


def mana_symbols(text: str) -> list[Symbol]:
    """``{1}{G}{G/U}`` as cost terms ``mana(generic, 1)``, ``mana(g, 1)``,
    ``mana(hybrid(g, u), 1)`` (107.4), symbols of a kind added up; anything else (``{T}``,
    ``{S}``, ``{2/W}``) is not covered."""
    counts: dict[Symbol, int] = {}
    for raw in text.strip("{}").split("}{"):
        sym = raw.lower()
        if sym.isdigit():
            key: Symbol = _c("generic")
            amount = int(sym)
        elif sym in _TYPES or sym == "x":
            key, amount = _c(sym), 1
        elif len(sym) == 3 and sym[1] == "/" and sym[0] in _COLORS and sym[2] in _COLORS:
            key, amount = _c("hybrid", _c(sym[0]), _c(sym[2])), 1
        else:
            raise NotCovered(f"the mana symbol {{{raw}}}")
        counts[key] = counts.get(key, 0) + amount
    return [_c("mana", key, Number(n)) for key, n in counts.items() if n > 0 or key.name == "x"]


def _types(text: str) -> list[tuple[str, int]]:
    """``{G}{U}`` / ``{C}{C}`` as types of mana with amounts (106.1)."""
    counts: dict[str, int] = {}
    for raw in text.strip("{}").split("}{"):
        if raw not in _TYPES:
            raise NotCovered(f"the mana symbol {{{raw}}} in an ability that adds mana")
        counts[raw] = counts.get(raw, 0) + 1
    return list(counts.items())
