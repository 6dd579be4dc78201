"""Writing a card database: one SQLite file, the schema :mod:`mtgasp.cards.database` reads.

Each row of ``cards`` is one name a board can give and load: a single-faced card, one face of a
multi-faced card, or a split card as a whole (709.4). It holds the record's characteristics and
Oracle text, and its facts beside them: the characteristics facts
(:mod:`~mtgasp.cards.characteristics`) and the facts the Oracle-text compiler
(``mtgasp.cards.oracle``, when present) makes of its abilities, one fact per line as clingo
prints it. ``full_name`` names the physical card (``Fire // Ice``) and ``position`` the face
(0: the card as a whole; 1, 2, ...: its faces in order). ``meta`` says where the data came from.

Every card fact's first argument is the card's name; ``facts`` stores each fact without it, and
without ``card/1`` and ``oracle/2`` (the name and the text are columns): ``card_type(land)``
stands for ``card_type("Forest", land)``.
"""

from __future__ import annotations

import importlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from clingo import Function, String, Symbol

from .characteristics import characteristics
from .record import CardRecord

__all__ = ["SCHEMA_VERSION", "Entry", "compiler", "write_database"]

#: The version of the schema below; a database of another version is refused.
SCHEMA_VERSION = "1"

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE cards (
    name TEXT PRIMARY KEY,
    full_name TEXT NOT NULL,
    position INTEGER NOT NULL,
    layout TEXT NOT NULL,
    supertypes TEXT NOT NULL,
    types TEXT NOT NULL,
    subtypes TEXT NOT NULL,
    mana_cost TEXT NOT NULL,
    power TEXT,
    toughness TEXT,
    loyalty TEXT,
    text TEXT NOT NULL,
    facts TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX cards_full_name ON cards (full_name, position);
"""


@dataclass(frozen=True)
class Entry:
    """One row to write: a record, the full name of its card, its face position, its layout."""

    record: CardRecord
    full_name: str
    position: int = 0
    layout: str = "normal"


Compiler = Callable[[CardRecord], Sequence[Symbol]]


def compiler() -> Compiler | None:
    """The Oracle-text compiler's ``compile_card`` (its facts), or None while it is absent."""
    try:
        compile_card = importlib.import_module(f"{__package__}.oracle").compile_card
    except (ImportError, AttributeError):
        return None

    def facts(record: CardRecord) -> Sequence[Symbol]:
        return tuple(compile_card(record).facts)

    return facts


def card_facts(record: CardRecord, compile_abilities: Compiler | None) -> list[Symbol]:
    """The facts stored for ``record``: characteristics, then its compiled abilities."""
    facts = list(characteristics(record))
    if compile_abilities is not None:
        seen = set(facts)
        facts.extend(f for f in compile_abilities(record) if f not in seen)
    return facts


def _stored(record: CardRecord, facts: Sequence[Symbol]) -> Iterator[str]:
    """Each fact without its first argument, the card's name (ValueError for a fact that is not
    about the card); ``card/1`` and ``oracle/2`` are left out."""
    name = String(record.name)
    for fact in facts:
        if not fact.arguments or fact.arguments[0] != name:
            raise ValueError(f"{fact} is not a fact about {record.name!r}")
        if fact.name not in ("card", "oracle"):
            yield str(Function(fact.name, fact.arguments[1:], fact.positive))


def write_database(
    path: Path,
    entries: Iterable[Entry],
    meta: dict[str, str],
    compile_abilities: Compiler | None,
) -> int:
    """Write the entries to a new database at ``path`` (replacing a file there only once the
    new one is complete); returns how many rows were written. A name given twice keeps its first
    entry."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    partial.unlink(missing_ok=True)
    connection = sqlite3.connect(partial)
    try:
        connection.executescript(_SCHEMA)
        rows = 0
        for entry in entries:
            record = entry.record
            facts = "\n".join(_stored(record, card_facts(record, compile_abilities)))
            cursor = connection.execute(
                "INSERT OR IGNORE INTO cards VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.name,
                    entry.full_name,
                    entry.position,
                    entry.layout,
                    json.dumps(record.supertypes),
                    json.dumps(record.types),
                    json.dumps(record.subtypes),
                    record.mana_cost,
                    record.power,
                    record.toughness,
                    record.loyalty,
                    record.text,
                    facts,
                ),
            )
            rows += cursor.rowcount
        values = {**meta, "schema": SCHEMA_VERSION, "cards": str(rows)}
        connection.executemany("INSERT INTO meta VALUES (?, ?)", sorted(values.items()))
        connection.commit()
        connection.execute("VACUUM")
    finally:
        connection.close()
    partial.replace(path)
    return rows
