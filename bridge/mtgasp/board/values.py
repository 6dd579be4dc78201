"""Event values as typed Python objects: mana produced, life gained or lost, damage dealt, or
nothing."""

from __future__ import annotations

from dataclasses import dataclass

from clingo import Symbol

from ..solve._symbols import as_int, as_str

__all__ = [
    "MANA_TYPES",
    "Damage",
    "Draw",
    "LifeChange",
    "Mana",
    "Nothing",
    "Value",
    "counter_chain",
    "decode_value",
    "value_sort_key",
]

#: The six types of mana in the order of the ``mana(W, U, B, R, G, C)`` term (105.1, 106.1b).
MANA_TYPES = ("w", "u", "b", "r", "g", "c")


@dataclass(frozen=True, order=True)
class Mana:
    """An amount of each type of mana."""

    w: int = 0
    u: int = 0
    b: int = 0
    r: int = 0
    g: int = 0
    c: int = 0

    def amounts(self) -> dict[str, int]:
        return {t: getattr(self, t) for t in MANA_TYPES if getattr(self, t)}

    def __str__(self) -> str:
        """Card notation, ``{G}{G}``; a type with more than 16 mana prints as ``{G}x65536``."""
        parts = []
        for t in MANA_TYPES:
            amount = getattr(self, t)
            symbol = "{" + t.upper() + "}"
            parts.append(f"{symbol}x{amount}" if amount > 16 else symbol * amount)
        return "".join(parts) or "no mana"

    def to_json(self) -> dict[str, object]:
        return {"kind": "mana", "mana": self.amounts(), "text": str(self)}


@dataclass(frozen=True, order=True)
class LifeChange:
    """A player gains or loses an amount of life."""

    kind: str  # "gain" or "lose"
    player: str
    amount: int

    def __str__(self) -> str:
        verb = "gains" if self.kind == "gain" else "loses"
        return f"{self.player} {verb} {self.amount} life"

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "player": self.player, "amount": self.amount, "text": str(self)}


@dataclass(frozen=True, order=True)
class Nothing:
    """The event does not happen (replaced by nothing, or it can't happen: 614.17c)."""

    def __str__(self) -> str:
        return "nothing happens"

    def to_json(self) -> dict[str, object]:
        return {"kind": "nothing", "text": str(self)}


@dataclass(frozen=True, order=True)
class Damage:
    """A source deals an amount of damage to a player or permanent (120.1), what prevention left of
    it (615); ``extra`` is what a prevention effect does besides (Nine Lives: a counter on it)."""

    source: str
    target: str
    amount: int
    counters: tuple[tuple[str, str], ...] = ()
    """The counters prevention effects put besides (Nine Lives, 615.5): (object, kind) each."""

    def __str__(self) -> str:
        if self.amount == 0:
            text = f"all damage {self.source} would deal to {self.target} is prevented"
        else:
            text = f"{self.source} deals {self.amount} damage to {self.target}"
        for on, kind in self.counters:
            text += f", and {on} gets an {kind} counter"
        return text

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "kind": "damage",
            "source": self.source,
            "target": self.target,
            "amount": self.amount,
        }
        if self.counters:
            data["counters"] = [{"on": on, "kind": kind} for on, kind in self.counters]
        return data | {"text": str(self)}


@dataclass(frozen=True, order=True)
class Draw:
    """A player draws an amount of cards (121.1; replacement effects may change it: 121.6)."""

    player: str
    cards: int

    def __str__(self) -> str:
        return f"{self.player} draws {self.cards} card{'' if self.cards == 1 else 's'}"

    def to_json(self) -> dict[str, object]:
        return {"kind": "draw", "player": self.player, "cards": self.cards, "text": str(self)}


Value = Mana | LifeChange | Damage | Draw | Nothing


def decode_value(symbol: Symbol) -> Value:
    """``mana(W,U,B,R,G,C)``, ``gain_life(P,N)``, ``lose_life(P,N)``, ``damage(S,X,N,Extra)``,
    ``draw(P,N)`` or ``none``."""
    if symbol.name == "mana" and len(symbol.arguments) == 6:
        return Mana(*(as_int(a) for a in symbol.arguments))
    if symbol.name in ("gain_life", "lose_life") and len(symbol.arguments) == 2:
        player, amount = symbol.arguments
        return LifeChange(symbol.name.split("_")[0], as_str(player), as_int(amount))
    if symbol.name == "damage" and len(symbol.arguments) == 4:
        source, target, amount, extra = symbol.arguments
        counters = tuple((as_str(on), as_str(kind)) for on, kind in counter_chain(extra))
        return Damage(as_str(source), as_str(target), as_int(amount), counters)
    if symbol.name == "draw" and len(symbol.arguments) == 2:
        return Draw(as_str(symbol.arguments[0]), as_int(symbol.arguments[1]))
    if symbol.name == "none" and not symbol.arguments:
        return Nothing()
    raise ValueError(f"unknown event value {symbol}")


def counter_chain(extra: Symbol) -> list[tuple[Symbol, Symbol]]:
    """The counters of a damage value's extra (614-replacement.lp): ``none``, or
    ``counter(O, K, Rest)`` followed by those of ``Rest``; (object, kind) each."""
    found = []
    while extra.name == "counter" and len(extra.arguments) == 3:
        found.append((extra.arguments[0], extra.arguments[1]))
        extra = extra.arguments[2]
    return found


def value_sort_key(value: Value) -> tuple[int, tuple[object, ...]]:
    """A total, deterministic order on values of any kind (less mana first, then by type)."""
    if isinstance(value, Mana):
        amounts = tuple(getattr(value, t) for t in MANA_TYPES)
        return (0, (sum(amounts), *(-a for a in amounts)))
    if isinstance(value, LifeChange):
        return (1, (value.player, value.kind, value.amount))
    if isinstance(value, Damage):
        return (2, (value.amount, value.counters))
    if isinstance(value, Draw):
        return (3, (value.player, value.cards))
    return (4, ())
