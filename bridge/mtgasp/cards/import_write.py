"""Writing the user's card database for ``mtgasp cards import``: the imported cards over a base
database (the one in use: by default an import adds to it and updates its cards), or alone
(``--replace``).

The new database is written to ``cards.sqlite.<pid>.partial`` beside the user's, without a
journal (a partial file is thrown away whole, never recovered), and renamed over the user's
database only once complete. On any exit before that (an error, the time limit, Ctrl-C, SIGTERM)
the partial file is removed, shielded from a second interruption; partial files that a killed
import (SIGKILL, a power cut) left behind are removed by the next import.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from clingo import Symbol

from ..solve import budget
from .build import _SCHEMA, SCHEMA_VERSION, Entry, _stored, card_facts
from .database import Database
from .record import CardRecord

__all__ = ["Changes", "write_user_database"]

Compiler = Callable[[CardRecord], Sequence[Symbol]]

_COLUMNS = (
    "full_name, position, layout, supertypes, types, subtypes, mana_cost, power, toughness, "
    "loyalty, text, facts"
)


@dataclass
class Changes:
    """What an import did to the database it was written over: its cards (by full name) that
    were not there, were there with other data, were there with the same; how many names the
    new database can load."""

    added: set[str] = field(default_factory=set)
    updated: set[str] = field(default_factory=set)
    unchanged: set[str] = field(default_factory=set)
    rows: int = 0

    def note(
        self, full_name: str, before: tuple[object, ...] | None, now: tuple[object, ...]
    ) -> None:
        """One name of the card ``full_name``: its row before (None: none) and now."""
        if before is None:
            state = self.added
        elif before == now:
            state = self.unchanged
        else:
            state = self.updated
        known = (self.added, self.updated, self.unchanged)
        previous = next((s for s in known if full_name in s), None)
        if previous is None:
            state.add(full_name)
        elif previous is not state:  # a card some of whose names are new or changed
            previous.discard(full_name)
            self.updated.add(full_name)


def write_user_database(
    path: Path,
    entries: Iterable[Entry],
    meta: dict[str, str],
    compile_abilities: Compiler,
    base: Database | None,
) -> Changes:
    """Write ``entries`` (then, with a ``base``, every card of it that none of theirs replaces)
    to a new database that then replaces ``path``. A name given twice keeps its first entry;
    an entry replaces every name of the base's card it shares a name or full name with."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _remove_left_behind(path)
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    connection: sqlite3.Connection | None = None
    try:
        connection = sqlite3.connect(partial.resolve().as_uri(), uri=True)
        connection.execute("PRAGMA journal_mode = OFF")
        connection.execute("PRAGMA synchronous = OFF")
        connection.executescript(_SCHEMA)
        if base is not None:
            connection.execute("ATTACH DATABASE ? AS base", (f"{base.path.as_uri()}?mode=ro",))
        changes = _insert(connection, entries, compile_abilities, base is not None)
        if base is not None:
            _copy_base(connection)
        changes.rows = int(connection.execute("SELECT count(*) FROM cards").fetchone()[0])
        values = {**meta, "schema": SCHEMA_VERSION, "cards": str(changes.rows)}
        connection.executemany("INSERT INTO meta VALUES (?, ?)", sorted(values.items()))
        connection.commit()
        if base is not None:
            connection.execute("DETACH DATABASE base")
        connection.close()
        connection = None
        partial.replace(path)
        return changes
    finally:
        with budget.shielded():  # Ctrl-C, SIGTERM or the time limit wait until it is done
            if connection is not None:
                connection.close()
            partial.unlink(missing_ok=True)


def _insert(
    connection: sqlite3.Connection,
    entries: Iterable[Entry],
    compile_abilities: Compiler,
    overlay: bool,
) -> Changes:
    changes = Changes()
    for entry in entries:
        record = entry.record
        facts = "\n".join(_stored(record, card_facts(record, compile_abilities)))
        row = (
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
        )
        cursor = connection.execute(
            "INSERT OR IGNORE INTO cards VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (record.name, *row),
        )
        if cursor.rowcount:
            before = (
                connection.execute(
                    f"SELECT {_COLUMNS} FROM base.cards WHERE name = ?", (record.name,)
                ).fetchone()
                if overlay
                else None
            )
            changes.note(entry.full_name, None if before is None else tuple(before), row)
    return changes


def _copy_base(connection: sqlite3.Connection) -> None:
    """The base's cards none of the imported ones replaces: a card whose name or full name, or
    a face's, is imported is the imported one's whole (all its names go)."""
    connection.executescript(
        """
        CREATE TEMP TABLE replaced AS
            SELECT DISTINCT full_name FROM base.cards
            WHERE name IN (SELECT name FROM main.cards)
               OR full_name IN (SELECT full_name FROM main.cards);
        INSERT OR IGNORE INTO main.cards
            SELECT * FROM base.cards WHERE full_name NOT IN (SELECT full_name FROM replaced);
        DROP TABLE replaced;
        """
    )


def _remove_left_behind(path: Path) -> None:
    """Partial files of imports that no longer run (their process is gone), and those of mtgasp
    versions that wrote ``cards.sqlite.partial`` and its journal."""
    for leftover in path.parent.glob(f"{path.name}.*partial*"):
        middle = leftover.name[len(path.name) + 1 :].split(".")[0]
        if middle.isdigit() and _running(int(middle)):
            continue
        with contextlib.suppress(OSError):
            leftover.unlink()


def _running(pid: int) -> bool:
    if pid == os.getpid():
        return False  # this process's own: an import of it that ended without cleaning up
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # no process has that number
        return False
    except OSError:
        return True  # another user's process: leave its file alone
    return True
