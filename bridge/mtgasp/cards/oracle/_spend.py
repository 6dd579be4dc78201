"""Spend restrictions (106.6): what "Spend this mana only ..." allows, as a term the payment rules
read (``spend_only_on(C, N, Use)``, rules/601-mana-payment.lp). Kept apart from the grammar's
other templates: the shapes are a closed list, and any other wording stays ``other(Text)``, which
the rules treat as a restriction they can't judge (a "no" that depends on it is unproved).

Uses: ``spells(K)`` (a spell with the card type, supertype or color K: ``artifact``,
``creature``, ``legendary``, ``colorless``, ...), ``creature_spells_of_chosen_type`` ("a creature
spell of the chosen type"), ``abilities`` ("to activate abilities"), ``abilities_of(K)``
("abilities of artifacts"), ``costs_with_x``; ``or(A, B)`` for either; ``uncounterable(U)``
for "..., and that spell can't be countered" (the use U; no rule here counters a spell).
"""

from __future__ import annotations

import re

from clingo import Function, String, Symbol

__all__ = ["spend_use"]

# 205.2a, 205.4a, 105.2c: the words a spell restriction may name, each with its term.
_KINDS = {
    "artifact": "artifact",
    "creature": "creature",
    "enchantment": "enchantment",
    "instant": "instant",
    "sorcery": "sorcery",
    "planeswalker": "planeswalker",
    "legendary": "legendary",
    "colorless": "colorless",
    "multicolored": "multicolored",
}
_PLURAL_KINDS = {"artifacts": "artifact", "creatures": "creature"}
_UNCOUNTERABLE = ", and that spell can't be countered"
_CHOSEN_TYPE = (
    "cast a creature spell of the chosen type",
    "cast creature spells of the chosen type",
)


def _c(name: str, *args: Symbol) -> Symbol:
    return Function(name, list(args))


def _either(uses: list[Symbol]) -> Symbol:
    """``or(A, or(B, C))`` for several uses, the use itself for one."""
    result = uses[-1]
    for use in reversed(uses[:-1]):
        result = _c("or", use, result)
    return result


def _spells(words: str) -> Symbol | None:
    """``artifact`` / ``instant or sorcery`` / ``artifact or creature`` ... as spells(K) terms."""
    kinds = words.split(" or ")
    if not all(k in _KINDS for k in kinds):
        return None
    return _either([_c("spells", _c(_KINDS[k])) for k in kinds])


def _cast(part: str) -> Symbol | None:
    """ "cast artifact spells", "cast a legendary spell", "cast a creature spell of the chosen
    type"."""
    if part in _CHOSEN_TYPE:
        return _c("creature_spells_of_chosen_type")
    match = re.fullmatch(r"cast (?:an? )?(.+?) spells?", part)
    return _spells(match.group(1)) if match else None


def _activate(part: str) -> Symbol | None:
    """ "activate abilities", "activate abilities of artifacts"."""
    if part == "activate abilities":
        return _c("abilities")
    match = re.fullmatch(r"activate abilities of (\w+)", part)
    if match and match.group(1) in _PLURAL_KINDS:
        return _c("abilities_of", _c(_PLURAL_KINDS[match.group(1)]))
    return None


def spend_use(what: str) -> Symbol:
    """The use term of ``what`` (the words after "Spend this mana only", lowercased, without the
    period): one of the shapes above, else ``other(Text)``."""
    what = " ".join(what.split())
    if what == "on costs that contain {x}":
        return _c("costs_with_x")
    uncounterable = what.endswith(_UNCOUNTERABLE)
    body = what.removesuffix(_UNCOUNTERABLE)
    found: Symbol | None = None
    if body.startswith("to "):
        parts = body[3:].split(" or activate ", 1)
        uses = [_cast(parts[0]) if parts[0].startswith("cast ") else _activate(parts[0])]
        if len(parts) == 2:
            uses.append(_activate("activate " + parts[1]))
        if all(u is not None for u in uses):
            found = _either([u for u in uses if u is not None])
    if found is None:
        return _c("other", String(what))
    return _c("uncounterable", found) if uncounterable else found
