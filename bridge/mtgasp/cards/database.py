"""Reading a card database: the one bundled in the wheel, or the user's own (``mtgasp cards
import``), which takes precedence when it exists.

The user's database is ``cards.sqlite`` in the directory ``$MTGASP_DATA_DIR`` names, else in the
per-user data directory of the platform (``platformdirs.user_data_dir("mtgasp")``, e.g.
``~/.local/share/mtgasp`` on Linux). A command reads only the rows of the cards its board names.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import platformdirs
from clingo import Function, String, Symbol, parse_term

from .._text import is_text
from ..errors import QueryError
from .build import SCHEMA_VERSION
from .record import CardRecord

__all__ = ["BUNDLED", "DATA_DIR_VARIABLE", "Database", "Row", "current", "user_path"]

#: The database shipped in the wheel (``python tools/build_cards.py`` rebuilds it).
BUNDLED = Path(__file__).resolve().parent / "cards.sqlite"
#: The environment variable that names the directory of the user's database.
DATA_DIR_VARIABLE = "MTGASP_DATA_DIR"


def user_path() -> Path:
    """Where the user's database is (or would be written by ``mtgasp cards import``)."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    base = Path(override) if override else Path(platformdirs.user_data_dir("mtgasp"))
    return base / "cards.sqlite"


@dataclass(frozen=True)
class Row:
    """One loadable name of the database: a card, a face, or a split card as a whole."""

    record: CardRecord
    full_name: str
    position: int
    layout: str
    facts: str

    def symbols(self) -> tuple[Symbol, ...]:
        """The card's facts, as clingo symbols: ``card/1``, ``oracle/2`` and the stored ones
        (each line a term clingo printed, the card's name left out)."""
        name = String(self.record.name)
        facts = [Function("card", [name]), Function("oracle", [name, String(self.record.text)])]
        for line in self.facts.split("\n"):
            if line:
                term = parse_term(line)
                facts.append(Function(term.name, [name, *term.arguments], term.positive))
        return tuple(facts)


class Database:
    """An open card database (read only)."""

    def __init__(self, path: Path, kind: str) -> None:
        self.path = path
        self.kind = kind
        try:
            # Read only; shared by the threads of a process (never across a fork: see current).
            self._db = sqlite3.connect(
                f"{path.as_uri()}?mode=ro", uri=True, check_same_thread=False
            )
            self.meta = dict(self._db.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.Error as exc:
            raise QueryError(
                f"the {kind} card database {path} cannot be read ({exc}); " + _remedy(kind)
            ) from None
        if self.meta.get("schema") != SCHEMA_VERSION:
            raise QueryError(
                f"the {kind} card database {path} has schema {self.meta.get('schema')!r}, "
                f"not {SCHEMA_VERSION!r}; " + _remedy(kind)
            )

    @property
    def count(self) -> int:
        """How many names the database can load."""
        return int(self._db.execute("SELECT count(*) FROM cards").fetchone()[0])

    def row(self, name: str) -> Row | None:
        """The row of ``name``: a card or face name, or the full name of a multi-faced card
        (its first face, or the split card as a whole). None for a name that is not text (a lone
        surrogate: no card has one, and SQLite can't be asked for it)."""
        if not is_text(name):
            return None
        found = self._db.execute(f"{_SELECT} WHERE name = ?", (name,)).fetchone()
        if found is None:
            found = self._db.execute(
                f"{_SELECT} WHERE full_name = ? ORDER BY position LIMIT 1", (name,)
            ).fetchone()
        return None if found is None else _row(found)

    def faces(self, full_name: str) -> list[str]:
        """The face names of the card ``full_name``, in order (none for a single-faced card)."""
        rows = self._db.execute(
            "SELECT name FROM cards WHERE full_name = ? AND position > 0 ORDER BY position",
            (full_name,),
        ).fetchall()
        return [name for (name,) in rows]

    def names(self) -> list[str]:
        """Every name the database can load, sorted."""
        return [n for (n,) in self._db.execute("SELECT name FROM cards ORDER BY name")]

    def records(self) -> Iterator[CardRecord]:
        """Every card (each face of a multi-faced card, not the card as a whole), by name."""
        rows = self._db.execute(
            f"{_SELECT} WHERE position > 0 OR full_name NOT IN "
            "(SELECT full_name FROM cards WHERE position > 0) ORDER BY name"
        )
        for values in rows:
            yield _row(values).record


def _remedy(kind: str) -> str:
    if kind == "user":
        return (
            "write a new one with `mtgasp cards import --replace FILE`, or delete it to use "
            "the bundled one"
        )
    return "reinstall mtgasp (or run `python tools/build_cards.py` in a checkout)"


_SELECT = (
    "SELECT name, supertypes, types, subtypes, mana_cost, power, toughness, loyalty, text, "
    "full_name, position, layout, facts FROM cards"
)


def _row(values: tuple[object, ...]) -> Row:
    name, supertypes, types, subtypes, cost, power, toughness, loyalty, text = values[:9]
    full_name, position, layout, facts = values[9:]
    record = CardRecord(
        name=str(name),
        supertypes=tuple(json.loads(str(supertypes))),
        types=tuple(json.loads(str(types))),
        subtypes=tuple(json.loads(str(subtypes))),
        mana_cost=str(cost),
        power=None if power is None else str(power),
        toughness=None if toughness is None else str(toughness),
        loyalty=None if loyalty is None else str(loyalty),
        text=str(text),
    )
    return Row(record, str(full_name), int(str(position)), str(layout), str(facts))


def current() -> Database:
    """The database in use: the user's if it exists, else the bundled one."""
    user = user_path()
    if user.is_file():
        return _open(user, "user", user.stat().st_mtime_ns, os.getpid())
    return _open(BUNDLED, "bundled", 0, os.getpid())


@cache
def _open(path: Path, kind: str, _version: int, _process: int) -> Database:
    """One connection per database file, version and process (SQLite connections must not
    cross a fork: a process pool's workers open their own)."""
    return Database(path, kind)
