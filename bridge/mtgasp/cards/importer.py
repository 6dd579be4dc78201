"""``mtgasp cards import FILE``: an MTGJSON ``AtomicCards.json`` into the user's card database,
which then takes precedence over the bundled one (:mod:`mtgasp.cards.database`).

By default the file's cards are added to the card database in use (the bundled one, or the
user's own after an earlier import): a card of the file replaces the one of the same name, every
other card stays. ``replace=True`` makes the file's cards the whole database. The import is
bounded (the file's size and card count, :mod:`mtgasp.limits`; the time limit of the enclosing
:func:`mtgasp.budget.time_limit`), shows progress when the command line shows it
(:mod:`mtgasp.progress`), and on any error, the time limit, Ctrl-C or SIGTERM leaves the user's
database as it was and no file behind (:mod:`.import_write`).
"""

from __future__ import annotations

import signal
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from clingo import Symbol

from .. import progress
from .._text import escape
from ..errors import EncodingError, MtgaspError, QueryError, TimeLimitError
from ..solve.budget import _interrupt
from .build import Entry
from .database import current, user_path
from .import_write import write_user_database
from .mtgjson import Skipped, mtgjson_entries, mtgjson_version, read_file
from .oracle import compile_card
from .record import CardRecord

__all__ = ["ImportStopped", "Imported", "import_atomic_cards"]

#: At most this often (seconds) the progress line is rewritten.
_EVERY = 0.2


@dataclass(frozen=True)
class Imported:
    """What an import did. ``cards``: the names the new database can load; ``read``: the cards
    of the file written (``added`` to the base, ``updated`` in it, or ``unchanged``);
    ``faces``: the faces of its ``multi_faced`` cards; ``full``, ``partial``,
    ``characteristics``: how its cards' faces are modelled (``mtgasp cards --coverage``)."""

    path: Path
    cards: int
    source: str
    skipped: tuple[str, ...]
    mode: str  # "overlay" or "replace"
    base: str | None  # the database written over: "bundled" or "user" (None: replaced)
    read: int
    added: int
    updated: int
    unchanged: int
    multi_faced: int
    faces: int
    full: int
    partial: int
    characteristics: int


class ImportStopped(TimeLimitError):
    """The import was stopped at its time limit; the user's database is as it was."""

    def __init__(self, seconds: float, done: int, total: int) -> None:
        super().__init__(seconds)
        where = f"after {done} of {total} cards" if total else "while reading the file"
        self.args = (
            f"the import stopped at the time limit ({seconds:g} s) {where}; your card database "
            "is unchanged. Import again with a larger --time-limit (0: none)",
        )


def import_atomic_cards(file: Path, *, replace: bool = False) -> Imported:
    """Read ``file`` (MTGJSON's AtomicCards.json) into the user's card database: over the
    database in use, or (``replace``) as the whole of it. A bad file is a QueryError, at its
    location in the file, and leaves the user's database as it was; so does the time limit of
    an enclosing :func:`mtgasp.budget.time_limit` (:class:`ImportStopped`)."""
    counter = _Counter()
    try:
        return _import(file, replace, counter)
    except ImportStopped:
        raise
    except TimeLimitError as exc:
        raise ImportStopped(exc.seconds, counter.done, counter.total) from None


def _import(file: Path, replace: bool, counter: _Counter) -> Imported:
    data = read_file(file)
    version = mtgjson_version(data, str(file)) if isinstance(data, dict) else ""
    skipped = Skipped()
    entries = list(mtgjson_entries(data, str(file), skipped))
    if not entries:
        raise QueryError(f"{file}: no card could be read from it; the database is unchanged")
    counter.total = len({e.full_name for e in entries})
    base = None if replace else current()  # a user's database that can't be read: QueryError
    # (A path from the API may hold bytes that are not UTF-8: escaped, as in a message.)
    source = f"imported from {escape(str(file.resolve()))}"
    source += f" (MTGJSON {version})" if version else ""
    if base is not None and base.kind == "bundled":
        source += ", over the bundled card database"
    elif base is not None:  # an earlier import's, which says what it was over
        source += f", over your earlier import ({base.meta.get('source', '')[:1000]})"
    statuses: dict[str, str] = {}

    def compile_abilities(record: CardRecord) -> tuple[Symbol, ...]:
        try:
            compiled = compile_card(record)
        except MtgaspError:
            raise
        except Exception as exc:  # a bug of the compiler: said, never a traceback
            raise EncodingError(
                f"{file}: the Oracle-text compiler failed on the card {record.name!r} "
                f"({type(exc).__name__}: {exc}); this is a bug in mtgasp, please report it"
            ) from None
        statuses[record.name] = compiled.status
        return compiled.facts

    path = user_path()
    info = {"source": source, "compiler": "mtgasp.cards.oracle"}
    try:
        with _sigterm_interrupts():
            changes = write_user_database(
                path, counter.counted(entries), info, compile_abilities, base
            )
    except (OSError, sqlite3.Error) as exc:
        raise QueryError(f"{path}: cannot write your card database: {exc}") from None
    faces = [e for e in entries if e.position > 0]
    modelled = [statuses.get(e.record.name, "") for e in entries if not _whole_split(e)]
    return Imported(
        path=path,
        cards=changes.rows,
        source=source,
        skipped=tuple(skipped),
        mode="replace" if replace else "overlay",
        base=None if base is None else base.kind,
        read=counter.total,
        added=len(changes.added),
        updated=len(changes.updated),
        unchanged=len(changes.unchanged),
        multi_faced=len({e.full_name for e in faces}),
        faces=len(faces),
        full=modelled.count("full"),
        partial=modelled.count("partial"),
        characteristics=modelled.count("characteristics"),
    )


def _whole_split(entry: Entry) -> bool:
    """The row of a split card as a whole (709.4), not a face of it."""
    return entry.position == 0 and entry.layout == "split" and " // " in entry.full_name


class _Counter:
    """How many cards (full names) have been written, shown as progress."""

    def __init__(self) -> None:
        self.total = 0  # known once the file is read
        self.done = 0
        self._last = 0.0

    def counted(self, entries: list[Entry]) -> Iterator[Entry]:
        """The entries, counting each card once all its entries are written."""
        card = None
        for entry in entries:
            if entry.full_name != card:
                if card is not None:
                    self.done += 1
                card = entry.full_name
                now = time.monotonic()
                if now - self._last >= _EVERY:
                    self._last = now
                    share = 100 * self.done // self.total
                    progress.say(f"importing cards: {self.done} of {self.total} ({share}%)")
            yield entry
        self.done = self.total
        progress.say(f"importing cards: {self.total} of {self.total}; writing the database")


@contextmanager
def _sigterm_interrupts() -> Iterator[None]:
    """SIGTERM stops the import as Ctrl-C does (an exception, never inside a shielded clean-up:
    :func:`mtgasp.budget.catch_interrupts`'s handler), so that its partial file is removed; in
    the main thread, where SIGTERM would otherwise end the process at once (a program that
    handles or ignores it keeps its own way)."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    ):
        yield
        return
    previous: Any = signal.signal(signal.SIGTERM, _interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
