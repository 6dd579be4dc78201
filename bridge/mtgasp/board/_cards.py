"""The cards of a board file: known names (with the nearest ones suggested), faces, and the
names their facts use (:mod:`mtgasp.cards.catalog`)."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from .._text import invisible_note, quote
from ..cards import catalog, database
from ..errors import BoardProblem

__all__ = [
    "card_name",
    "card_problem",
    "did_you_mean",
    "face_problems",
    "fact_name",
    "permanent_problem",
]


def card_problem(location: str, name: str, following: object = None) -> Iterator[BoardProblem]:
    """An unknown card name; ``following``, the next item of a card list, which with ``name``
    may make one name a comma split ("Rofellos, Llanowar Emissary" unquoted in ``[...]``)."""
    if catalog.lookup(name) is None:
        joined = f"{name}, {following}"
        if isinstance(following, str) and catalog.lookup(joined) is not None:
            yield BoardProblem(
                location,
                f"unknown card {quote(name)}; with the next item it makes {quote(joined)}: in a "
                "YAML list a comma separates items, so quote a name that has one "
                f'(["{joined}"])',
            )
            return
        yield BoardProblem(
            location,
            f"unknown card {quote(name)}{invisible_note(name)}"
            f"{did_you_mean(catalog.nearest(name))}; card names are "
            "Oracle names of the card database's cards (see `mtgasp cards --search WORD`)"
            f"{_full_name_note(name)}",
        )


def _full_name_note(name: str) -> str:
    """For a full name (``Fire // Ice``) the database does not know: the bundled database lists
    the faces of multi-faced cards as cards of their own, with no full names."""
    faces = name.split(" // ")
    if len(faces) < 2 or database.current().kind != "bundled":
        return ""
    known = [face for face in faces if catalog.lookup(face) is not None]
    listed = f" ({', '.join(quote(face) for face in known)} are known)" if known else ""
    return (
        f"; the bundled card database has no full names of multi-faced cards: name a face"
        f"{listed}, or import MTGJSON's AtomicCards.json (`mtgasp cards import FILE`), which "
        "links each card's faces"
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
    if catalog.normal_name(face) not in card.faces:
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
        return catalog.normal_name(str(face))
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
