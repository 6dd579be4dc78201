"""One card face as the database and the Oracle-text compiler see it: a normalised record.

Values are as printed on the card (Oracle words and symbols), not yet ASP constants: types
``("Artifact", "Creature")``, mana cost ``"{1}{G}"`` (``""`` when it has none), power ``"2"`` or
``"*"`` or ``"1+*"`` (None when it has none), text the Oracle text with its lines joined by ``\\n``
(``""`` for a card without rules text).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from typing import Any

__all__ = ["CardRecord"]


@dataclass(frozen=True)
class CardRecord(Mapping[str, Any]):
    """A card (or one face of a multi-face card): its characteristics and Oracle text.

    Also a read-only mapping of its field names to values (``record["mana_cost"]``).
    """

    name: str
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    mana_cost: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    text: str = ""

    def __getitem__(self, key: str) -> Any:
        if key not in _FIELDS:
            raise KeyError(key)
        return getattr(self, key)

    def __iter__(self) -> Iterator[str]:
        return iter(_FIELDS)

    def __len__(self) -> int:
        return len(_FIELDS)


_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(CardRecord))
