"""Readable names in a course: the stack objects (items) of a model, the card objects of a board."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from clingo import Symbol, SymbolType

from ...board.model import Board
from ...solve._symbols import as_int, as_str


@dataclass(frozen=True)
class StackObject:
    """An object on the stack in a course: a spell, an ability, or the requested event."""

    id: str
    card: str | None
    ability: int
    controller: str
    source: str | None
    subject: str | None
    x: int | None
    amount: int | None

    @property
    def label(self) -> str:
        if self.id == "request":
            if self.source is not None:
                return "the requested damage event"
            # a requested draw has an amount (the cards drawn), a life event none
            return "the requested life event" if self.amount is None else "the requested draw"
        if self.card is None:
            return self.id
        what = self.card if self.ability == 0 else f"{self.card} #{self.ability}"
        if self.source is not None:
            what += f" ({self.source})"
        if (
            self.subject is not None
            and self.id.startswith("t(")
            and self.subject != self.controller
        ):
            what += f" for {self.subject}"
        return what


class _Names:
    """Readable names for items and card objects of one board."""

    def __init__(self, board: Board, items: dict[Symbol, StackObject]) -> None:
        self.board = board
        self.items = items
        self.cards: dict[str, str] = {p.id: p.card for p in board.battlefield}

    def item(self, symbol: Symbol) -> str:
        obj = self.items.get(symbol)
        return obj.label if obj is not None else str(symbol)

    def card(self, symbol: Symbol) -> str:
        if symbol.type == SymbolType.String:
            name = symbol.string
            card = self.cards.get(name)
            return f"{card} ({name})" if card is not None else name
        if symbol.name == "c" and len(symbol.arguments) == 3:
            owner, zone, index = symbol.arguments
            names = {
                "hand": self.board.hand,
                "graveyard": self.board.graveyard,
                "library": self.board.library,
            }
            return names[str(zone)][as_str(owner)][as_int(index) - 1]
        if symbol.name == "gone":
            return f"{as_str(symbol.arguments[0])} (gone)"
        if symbol.name == "tok":  # a token a course created (111.1)
            source, _, number = symbol.arguments
            return f"{as_str(source)}-token-{as_int(number)} (a token)"
        return str(symbol)

    def card_name(self, symbol: Symbol) -> str:
        if symbol.type == SymbolType.String:
            return self.cards.get(symbol.string, symbol.string)
        return self.card(symbol)


def _item_id(symbol: Symbol) -> str:
    if symbol.name == "s":
        return as_str(symbol.arguments[0])
    if symbol.name == "cast":
        return f"cast:{as_str(symbol.arguments[0])}"
    return str(symbol)


def _items(model: Sequence[Symbol]) -> dict[Symbol, StackObject]:
    attrs: dict[Symbol, dict[str, Any]] = defaultdict(dict)
    for s in model:
        if s.name == "item":
            attrs[s.arguments[0]]
        elif s.name in (
            "item_card",
            "item_ability",
            "item_controller",
            "item_source",
            "item_subject",
            "item_x",
            "item_amount",
        ):
            key = s.name.removeprefix("item_")
            value = s.arguments[1]
            attrs[s.arguments[0]][key] = (
                as_int(value) if value.type == SymbolType.Number else as_str(value)
            )
    return {
        sym: StackObject(
            id=_item_id(sym),
            card=a.get("card"),
            ability=a.get("ability", 0),
            controller=a.get("controller", "?"),
            source=a.get("source"),
            subject=a.get("subject"),
            x=a.get("x"),
            amount=a.get("amount"),
        )
        for sym, a in attrs.items()
    }
