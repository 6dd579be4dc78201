"""Abilities this version does not model (issue 11): the ``object_not_modelled/5`` atoms a query
shows, and the ``could_depend/3`` atoms (which answer could depend on which of them), decoded. A
card's Oracle text compiles to facts one ability at a time; an ability no template covers is kept
as ``not_modelled(Card, N, Kind, Text)`` and every answer that could depend on it says so
(docs/oracle-compiler.md)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from clingo import Symbol, SymbolType

from ..solve._symbols import as_int, as_str

__all__ = [
    "Depends",
    "NotModelled",
    "decode_could_depend",
    "decode_not_modelled",
    "depends_json",
    "depends_text",
    "object_name",
]


@dataclass(frozen=True)
class NotModelled:
    """Ability ``ability`` of ``card`` (the object ``object`` of the board), not modelled: its
    ``kind`` (what could depend on it: ``mana``, ``mana_effect``, ``mana_rider``, ``activated``,
    ``triggered``, ``static``, ``spell``) and its Oracle text."""

    object: str
    card: str
    ability: int
    kind: str
    text: str


def object_name(symbol: Symbol) -> str:
    """A permanent's id, or ``alice's hand #2`` for the card ``c(alice, hand, 2)`` of a zone."""
    if symbol.type == SymbolType.Function and symbol.name == "c" and len(symbol.arguments) == 3:
        player, zone, index = symbol.arguments
        return f"{as_str(player)}'s {as_str(zone)} #{as_int(index)}"
    return as_str(symbol)


def decode_not_modelled(
    symbols: Iterable[Symbol], order: dict[str, int]
) -> tuple[NotModelled, ...]:
    """The ``object_not_modelled(X, C, N, Kind, Text)`` atoms among ``symbols``, in board order
    (``order``: each permanent id's position; zone cards after the permanents)."""
    found = {
        NotModelled(
            object_name(s.arguments[0]),
            as_str(s.arguments[1]),
            as_int(s.arguments[2]),
            as_str(s.arguments[3]),
            as_str(s.arguments[4]),
        )
        for s in symbols
        if s.name == "object_not_modelled"
    }
    return tuple(
        sorted(found, key=lambda n: (order.get(n.object, len(order)), n.object, n.ability, n.text))
    )


#: Abilities not modelled (object, ability number) an answer could depend on, in board order.
Depends = tuple[tuple[str, int], ...]


def decode_could_depend(symbols: Iterable[Symbol], order: dict[str, int]) -> dict[Symbol, Depends]:
    """The ``could_depend(A, S, N)`` atoms among ``symbols`` (rules/604-could-depend.lp): for each
    answer term A (``pt("elves")``, ``payment("alice")``, ...), the abilities N of objects S it
    could depend on, in board order (``order``: each permanent id's position)."""
    found: dict[Symbol, set[tuple[str, int]]] = {}
    for s in symbols:
        if s.name == "could_depend":
            answer, source, ability = s.arguments
            found.setdefault(answer, set()).add((object_name(source), as_int(ability)))
    return {
        answer: tuple(sorted(abilities, key=lambda k: (order.get(k[0], len(order)), k)))
        for answer, abilities in found.items()
    }


def depends_text(depends: Depends) -> str:
    """``could depend on: druid #1, urborg #1`` (empty for none): the caveat an answer prints."""
    if not depends:
        return ""
    return "could depend on: " + ", ".join(f"{o} #{n}" for o, n in depends)


def depends_json(depends: Depends) -> list[dict[str, object]]:
    """The ``depends_on`` list of an answer in JSON (docs/json-output.md)."""
    return [{"permanent": o, "ability": n} for o, n in depends]
