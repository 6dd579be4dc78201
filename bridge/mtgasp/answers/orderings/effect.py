"""A replacement effect that could modify an event (616.1), as the orderings query reports it."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Effect"]


@dataclass(frozen=True)
class Effect:
    """A replacement effect that could modify the event."""

    id: str
    source: str
    card: str
    ability: int
    controller: str
    reason: str
    rule_class: int
    applies_now: bool
    kind: str = ""
    """The first effect of its kind: effects of one kind act alike on the event (same kind of
    condition, change and 616.1 class) and always commute."""
    independent: bool = False
    """Its order cannot matter: it commutes with every other effect and never makes one apply
    or stop applying, so it may stand anywhere in any ordering."""
