"""The cards of a board file: known names (with the nearest ones suggested), faces, and the
names their facts use (:mod:`mtgasp.cards.catalog`)."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .._text import quote
from ..cards import catalog
from ..errors import BoardProblem

__all__ = [
    "card_name",
    "card_problem",
    "did_you_mean",
    "face_problems",
    "fact_name",
    "permanent_problem",
]


def card_problem(location: str, name: str) -> Iterator[BoardProblem]:
    if catalog.lookup(name) is None:
        yield BoardProblem(
            location,
            f"unknown card {quote(name)}{did_you_mean(catalog.nearest(name))}; card names are "
            "Oracle names of the card database's cards (see `mtgasp cards --search WORD`)",
        )


def did_you_mean(names: Sequence[str]) -> str:
    return f" (did you mean {' or '.join(quote(n) for n in names)}?)" if names else ""


def face_problems(where: str, perm: dict[str, Any]) -> list[BoardProblem]:
    """A stated face must be a face of the permanent's card (711.1: a double-faced card has two
    faces; 709.1, 715.1: split and adventurer cards have two halves)."""
    face = perm.get("face")
    card = catalog.lookup(perm["card"])
    if face is None or card is None:
        return []
    if not card.faces:
        return [
            BoardProblem(
                f"{where}.face",
                f"{quote(perm['card'])} has a single face; leave out `face` (it names the face "
                "up of a multi-faced card, e.g. a double-faced card's back face)",
            )
        ]
    if face not in card.faces:
        faces = ", ".join(quote(f) for f in card.faces)
        return [
            BoardProblem(
                f"{where}.face",
                f"{quote(card.full_name)} has no face {quote(face)}"
                f"{did_you_mean(difflib.get_close_matches(face, card.faces, n=1))}; "
                f"its faces are {faces}",
            )
        ]
    return []


def card_name(perm: dict[str, Any]) -> str:
    """The name the facts of a permanent's card use: its face's, else its card's."""
    face = perm.get("face")
    if face is not None:
        return str(face)
    card = catalog.lookup(perm["card"])
    return card.name if card is not None else str(perm["card"])


def fact_name(written: str) -> str:
    """The name the facts of a card use (a double-faced card's full name: its front face's)."""
    card = catalog.lookup(written)
    return card.name if card is not None else written


def permanent_problem(
    location: str, name: str, nonpermanent: Mapping[str, tuple[str, str]]
) -> Iterator[BoardProblem]:
    """110.4, 304.4, 307.4: an instant or sorcery card is never a permanent."""
    found = nonpermanent.get(name)
    if found is not None:
        kind, rule = found
        yield BoardProblem(
            location,
            f"{quote(name)} is {'an' if kind == 'instant' else 'a'} {kind} card, which can't be on "
            f"the battlefield (CR {rule}); a lasting effect of a resolved spell goes under "
            f"`effects` (e.g. effects: [{{id: e1, card: {name}, controller: PLAYER}}])",
        )
