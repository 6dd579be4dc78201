"""MTGJSON's ``AtomicCards.json`` (https://mtgjson.com/data-models/card/card-atomic/) as database
entries: ``{"meta": {...}, "data": {full name: [face, ...]}}``, each face a mapping with
``name`` (the card's full name), ``faceName`` (a face of a multi-faced card), ``side``
(``a``, ``b``, ...), ``layout``, ``manaCost``, ``supertypes``, ``types``, ``subtypes``,
``power``, ``toughness``, ``loyalty`` and ``text``; other keys are ignored.

A multi-faced card gives one entry per face, by its face name (its full name finds the first
face), and a split card (``layout: split``) one more for the card as a whole, by its full name:
709.4, in every zone but the stack its characteristics are its halves' combined.

Anything not in this format is refused at its location (``data["Fire // Ice"][0].name``), with
what is wrong and what would be right; the values are checked by :mod:`.mtgjson_values`.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .._text import name_problem
from ..errors import QueryError
from ..limits import MAX_FACES, MAX_IMPORT_BYTES, MAX_IMPORT_CARDS
from .build import Entry
from .mtgjson_values import (
    Problem,
    Unreadable,
    check_amounts,
    describe,
    key_text,
    mana_cost_value,
    name_value,
    number_value,
    text_value,
    words_value,
)
from .record import CardRecord

__all__ = ["Skipped", "mtgjson_entries", "mtgjson_version", "read_file"]

_FORMAT = (
    "expected MTGJSON's AtomicCards.json "
    '({"data": {"Card Name": [{"name": "Card Name", "types": [...], ...}]}}, '
    "https://mtgjson.com/downloads/all-files/)"
)


class Skipped(list[str]):
    """The cards an import leaves out, each with why (e.g. a mana symbol mtgasp does not know)."""


class _Object(dict[str, Any]):
    """A JSON object, with the keys it was given more than once (JSON keeps the last)."""

    repeated: tuple[str, ...] = ()


def _object(pairs: list[tuple[str, Any]]) -> _Object:
    found = _Object(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        repeated: list[str] = []
        for key, _ in pairs:
            if key in seen:
                repeated.append(key)
            seen.add(key)
        found.repeated = tuple(repeated)
    return found


def read_file(file: Path) -> Any:
    """The JSON data of ``file``: a regular file of at most :data:`MAX_IMPORT_BYTES` (a FIFO or
    a device is refused before it is opened), UTF-8 JSON. QueryError otherwise."""
    try:
        info = os.stat(file)
        if stat.S_ISDIR(info.st_mode):
            raise QueryError(f"{file}: is a directory, not an AtomicCards.json file")
        if not stat.S_ISREG(info.st_mode):
            raise QueryError(
                f"{file}: is not a regular file (a device, a FIFO or a socket); give the path "
                "of an AtomicCards.json file"
            )
        if info.st_size > MAX_IMPORT_BYTES:
            raise QueryError(_too_large(file, info.st_size))
        with file.open("rb") as stream:
            content = stream.read(MAX_IMPORT_BYTES + 1)
    except FileNotFoundError:
        raise QueryError(f"{file}: no such file") from None
    except OSError as exc:
        raise QueryError(f"{file}: cannot be read: {exc.strerror or exc}") from None
    if len(content) > MAX_IMPORT_BYTES:  # it grew while being read
        raise QueryError(_too_large(file, len(content)))
    try:
        return json.loads(content, object_pairs_hook=_object)
    except UnicodeDecodeError as exc:
        raise QueryError(
            f"{file}: byte {exc.start}: not UTF-8 text ({exc.reason}); {_FORMAT}"
        ) from None
    except json.JSONDecodeError as exc:
        raise QueryError(
            f"{file}: line {exc.lineno} column {exc.colno}: not JSON ({exc.msg}); {_FORMAT}"
        ) from None
    except RecursionError:
        raise QueryError(
            f"{file}: lists and mappings nest too deeply to read (more than about "
            f"1,000 levels); {_FORMAT}, which nests 4 levels"
        ) from None
    except ValueError as exc:  # e.g. a number of more than 4,300 digits
        raise QueryError(f"{file}: not JSON mtgasp can read ({exc}); {_FORMAT}") from None


def _too_large(file: Path, size: int) -> str:
    return (
        f"{file}: is {size} bytes, larger than {MAX_IMPORT_BYTES} bytes (512 MiB), the largest "
        "card file mtgasp imports"
    )


def mtgjson_entries(data: Any, source: str, skipped: Skipped) -> Iterator[Entry]:
    """The entries of an AtomicCards file's data (QueryError at the first thing that is not in
    its format); cards that cannot be read are added to ``skipped`` and left out."""
    if not isinstance(data, dict) or not isinstance(data.get("data"), dict):
        raise QueryError(
            f"{source}: (top level): no mapping 'data' of card names to their faces; {_FORMAT}"
        )
    cards: dict[str, Any] = data["data"]
    try:
        _no_repeats("data", cards, "card")
        if len(cards) > MAX_IMPORT_CARDS:
            raise Problem(
                "data",
                f"lists {len(cards)} cards; one import reads at most {MAX_IMPORT_CARDS} "
                "(split the file)",
            )
        for full_name, faces in cards.items():
            where = f"data[{key_text(full_name)}]"
            try:
                yield from _card_entries(where, full_name, faces)
            except Unreadable as exc:
                skipped.append(f"{full_name}: {exc}")
    except Problem as exc:
        raise QueryError(f"{source}: {exc.where}: {exc.what}") from None


def mtgjson_version(data: dict[str, Any], source: str) -> str:
    """MTGJSON's version and date from the file's ``meta`` (``version 5.2.2, date
    2026-11-30``; empty without them): each a line of printable text of at most 100
    characters, or QueryError at ``meta.version``."""
    meta = data.get("meta", {})
    if not isinstance(meta, dict):
        raise QueryError(f"{source}: meta: expected a mapping, got {describe(meta)}; {_FORMAT}")
    found = []
    for key in ("version", "date"):
        value = meta.get(key)
        if value is None:
            continue
        if not isinstance(value, str) or name_problem(value) is not None or len(value) > 100:
            raise QueryError(
                f"{source}: meta.{key}: expected MTGJSON's {key} as text ('5.2.2', "
                f"'2026-11-30'), got {describe(value)}"
            )
        found.append(f"{key} {value}")
    return ", ".join(found)


def _no_repeats(where: str, mapping: Any, what: str) -> None:
    repeated = getattr(mapping, "repeated", ())
    if repeated:
        raise Problem(
            where,
            f"the {what} {key_text(repeated[0])} is given twice; JSON keeps only the last, so "
            f"give each {what} once",
        )


def _card_entries(where: str, key: str, faces: Any) -> Iterator[Entry]:
    full_name = name_value(where, key)
    if not isinstance(faces, list) or not faces:
        raise Problem(where, f"expected a non-empty list of faces, got {describe(faces)}")
    if len(faces) > MAX_FACES:
        raise Problem(where, f"has {len(faces)} faces; a card has at most {MAX_FACES}")
    records = [_record(f"{where}[{i}]", full_name, face) for i, face in enumerate(faces)]
    layout = _word(f"{where}[0].layout", faces[0].get("layout", "normal"))
    if len(records) == 1 and "faceName" not in faces[0]:
        yield Entry(records[0], full_name, 0, layout)
        return
    # Faces in printed order (side a, b, ...); the first printing of a face wins.
    sides = [_word(f"{where}[{i}].side", face.get("side", "")) for i, face in enumerate(faces)]
    order = sorted(range(len(faces)), key=lambda i: sides[i])
    if layout == "split":
        whole = _combined(full_name, [records[i] for i in order])
        check_amounts(f"{where} (its halves' mana costs together, 709.4)", whole.mana_cost)
        yield Entry(whole, full_name, 0, layout)
    for position, index in enumerate(order, start=1):
        yield Entry(records[index], full_name, position, layout)


def _word(where: str, value: Any) -> str:
    """A layout or a side: a short name (``split``, ``a``)."""
    if value == "":
        return ""
    word = name_value(where, value)
    if len(word) > 40:
        raise Problem(where, f"has {len(word)} characters; a layout or side has at most 40")
    return word


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


def _record(where: str, full_name: str, face: Any) -> CardRecord:
    if not isinstance(face, dict):
        raise Problem(where, f"expected a mapping (one face of the card), got {describe(face)}")
    _no_repeats(where, face, "key")
    if "name" not in face:
        raise Problem(f"{where}.name", f"missing: expected the card's name, {key_text(full_name)}")
    name = name_value(f"{where}.name", face["name"])
    if name != full_name:
        raise Problem(
            f"{where}.name",
            f"{key_text(name)} is not the name of the card it is listed under, "
            f"{key_text(full_name)}; each face's name is its card's full name (a face's own "
            "name is its faceName)",
        )
    if "faceName" in face:
        name = name_value(f"{where}.faceName", face["faceName"])
        parts = full_name.split(" // ")
        if name not in parts:
            raise Problem(
                f"{where}.faceName",
                f"{key_text(name)} is not one of the names in the card's full name "
                f"({', '.join(key_text(p) for p in parts)})",
            )
    if not isinstance(face.get("types"), list):
        got = f", got {describe(face['types'])}" if "types" in face else ""
        raise Problem(f"{where}.types", f"missing: expected the list of card types{got}")
    return CardRecord(
        name=name,
        supertypes=words_value(f"{where}.supertypes", face.get("supertypes", [])),
        types=words_value(f"{where}.types", face["types"]),
        subtypes=words_value(f"{where}.subtypes", face.get("subtypes", [])),
        mana_cost=mana_cost_value(f"{where}.manaCost", face.get("manaCost")),
        power=number_value(f"{where}.power", face.get("power")),
        toughness=number_value(f"{where}.toughness", face.get("toughness")),
        loyalty=number_value(f"{where}.loyalty", face.get("loyalty")),
        text=text_value(f"{where}.text", "" if face.get("text") is None else face["text"]),
    )
