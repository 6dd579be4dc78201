"""MTGJSON's ``AtomicCards.json`` (https://mtgjson.com/data-models/card/card-atomic/) as database
entries: ``{"meta": {...}, "data": {full name: [face, ...]}}``, each face a mapping with
``name`` (the card's full name), ``faceName`` (a face of a multi-faced card), ``side``
(``a``, ``b``, ...), ``layout``, ``manaCost``, ``supertypes``, ``types``, ``subtypes``,
``power``, ``toughness``, ``loyalty`` and ``text``; other keys are ignored.

A multi-faced card gives one entry per face, by its face name (its full name finds the first
face), and a split card (``layout: split``) one more for the card as a whole, by its full name:
709.4, in every zone but the stack its characteristics are its halves' combined.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import QueryError
from .build import Entry
from .characteristics import ManaCostError, mana_symbols
from .record import CardRecord

__all__ = ["Skipped", "mtgjson_entries"]


class Skipped(list[str]):
    """The cards an import leaves out, each with why (e.g. a mana symbol mtgasp does not know)."""


def _fail(source: str, where: str, what: str) -> QueryError:
    return QueryError(
        f"{source}: {where}: {what}; expected MTGJSON's AtomicCards.json "
        '({"data": {"Card Name": [{"name": ..., "types": [...], ...}]}}, '
        "https://mtgjson.com/downloads/all-files/)"
    )


def mtgjson_entries(data: Any, source: str, skipped: Skipped) -> Iterator[Entry]:
    """The entries of an AtomicCards file's data (QueryError at the first thing that is not in
    its format); cards that cannot be read are added to ``skipped`` and left out."""
    if not isinstance(data, dict) or not isinstance(data.get("data"), dict):
        raise _fail(source, "(top level)", "no mapping 'data' of card names to their faces")
    for full_name, faces in data["data"].items():
        where = f"data[{full_name!r}]"
        if not isinstance(faces, list) or not faces:
            raise _fail(source, where, "expected a non-empty list of faces")
        records = [_record(source, f"{where}[{i}]", face) for i, face in enumerate(faces)]
        try:
            for record in records:
                mana_symbols(record.mana_cost)
        except ManaCostError as exc:
            skipped.append(f"{full_name}: {exc}")
            continue
        yield from _card_entries(full_name, faces, records)


def _card_entries(
    full_name: str, faces: list[dict[str, Any]], records: list[CardRecord]
) -> Iterator[Entry]:
    layout = str(faces[0].get("layout", "normal"))
    if len(records) == 1 and "faceName" not in faces[0]:
        yield Entry(records[0], full_name, 0, layout)
        return
    # Faces in printed order (side a, b, ...); the first printing of a face wins.
    order = sorted(range(len(faces)), key=lambda i: str(faces[i].get("side", "")))
    if layout == "split":
        yield Entry(_combined(full_name, [records[i] for i in order]), full_name, 0, layout)
    for position, index in enumerate(order, start=1):
        yield Entry(records[index], full_name, position, layout)


def _combined(full_name: str, halves: list[CardRecord]) -> CardRecord:
    """709.4: a split card's characteristics in every zone but the stack: both halves'."""

    def union(values: list[tuple[str, ...]]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(v for value in values for v in value))

    return CardRecord(
        name=full_name,
        supertypes=union([h.supertypes for h in halves]),
        types=union([h.types for h in halves]),
        subtypes=union([h.subtypes for h in halves]),
        mana_cost="".join(h.mana_cost for h in halves),
        text="\n//\n".join(h.text for h in halves),
    )


def _record(source: str, where: str, face: Any) -> CardRecord:
    if not isinstance(face, dict):
        raise _fail(source, where, "expected a mapping (one face of the card)")

    def text(key: str, required: bool = False) -> str | None:
        value = face.get(key)
        if value is None and not required:
            return None
        if not isinstance(value, str):
            raise _fail(source, f"{where}.{key}", f"expected a string, got {value!r:.60}")
        return value

    def words(key: str) -> tuple[str, ...]:
        value = face.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _fail(source, f"{where}.{key}", f"expected a list of strings, got {value!r:.60}")
        return tuple(value)

    name = text("faceName") or text("name", required=True) or ""
    if not isinstance(face.get("types"), list):
        raise _fail(source, f"{where}.types", "missing: expected the list of card types")
    return CardRecord(
        name=name,
        supertypes=words("supertypes"),
        types=words("types"),
        subtypes=words("subtypes"),
        mana_cost=text("manaCost") or "",
        power=text("power"),
        toughness=text("toughness"),
        loyalty=text("loyalty"),
        text=text("text") or "",
    )
