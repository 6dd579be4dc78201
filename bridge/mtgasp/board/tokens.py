"""Tokens on the battlefield (111): a token copy of a known card (``token: true``) or a token
definition (111.4: name, types, subtypes, colors, power, toughness, keywords): their validation
and model."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .._text import quote
from ..errors import BoardProblem

__all__ = ["TokenDefinition", "token_definition", "token_problems"]


@dataclass(frozen=True)
class TokenDefinition:
    """The characteristics an effect gives a token it creates (111.4)."""

    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    keywords: tuple[str, ...] = ()


def token_definition(data: Any) -> TokenDefinition | None:
    """The definition of a battlefield entry's ``token`` key (None for ``true`` or none)."""
    if not isinstance(data, dict):
        return None
    return TokenDefinition(
        name=data["name"],
        types=tuple(data["types"]),
        subtypes=tuple(data.get("subtypes", [])),
        colors=tuple(data.get("colors", [])),
        power=data.get("power"),
        toughness=data.get("toughness"),
        keywords=tuple(data.get("keywords", [])),
    )


def token_problems(battlefield: list[dict[str, Any]]) -> Iterator[BoardProblem]:
    """A permanent has a card or a token definition (not both, not neither); token definitions
    that share a name are the same definition (their characteristics are the name's)."""
    seen: dict[str, tuple[str, TokenDefinition]] = {}
    for index, perm in enumerate(battlefield):
        where = f"battlefield[{index}]"
        definition = token_definition(perm.get("token"))
        if definition is not None and "card" in perm:
            yield BoardProblem(
                f"{where}.card",
                "a token with a definition names no card; use either card (with token: true for "
                "a token copy of it) or a token definition",
            )
        elif definition is None and "card" not in perm:
            yield BoardProblem(where, "missing required key 'card' (or a token definition)")
        if definition is None:
            continue
        if (definition.power is None) != (definition.toughness is None):
            yield BoardProblem(f"{where}.token", "give both power and toughness, or neither")
        first = seen.setdefault(definition.name, (where, definition))
        if first[1] != definition:
            yield BoardProblem(
                f"{where}.token",
                f"another token named {quote(definition.name)} ({first[0]}) has other "
                "characteristics; give each kind of token its own name",
            )
