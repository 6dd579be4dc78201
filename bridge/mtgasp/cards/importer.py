"""``mtgasp cards import FILE``: an MTGJSON ``AtomicCards.json`` into the user's card database,
which then takes precedence over the bundled one (:mod:`mtgasp.cards.database`)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..errors import QueryError
from .build import compiler, write_database
from .database import user_path
from .mtgjson import Skipped, mtgjson_entries

__all__ = ["Imported", "import_atomic_cards"]


@dataclass(frozen=True)
class Imported:
    """What an import wrote: where, how many names, which cards it left out and why."""

    path: Path
    cards: int
    source: str
    skipped: tuple[str, ...]


def import_atomic_cards(file: Path) -> Imported:
    """Read ``file`` (MTGJSON's AtomicCards.json) and write the user's card database from it.
    A bad file is a QueryError and leaves the user's database as it was."""
    try:
        data = json.loads(file.read_bytes())
    except FileNotFoundError:
        raise QueryError(f"{file}: no such file") from None
    except IsADirectoryError:
        raise QueryError(f"{file}: is a directory, not an AtomicCards.json file") from None
    except OSError as exc:
        raise QueryError(f"{file}: cannot be read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise QueryError(f"{file}: not JSON ({exc}); expected MTGJSON's AtomicCards.json") from None
    skipped = Skipped()
    entries = list(mtgjson_entries(data, str(file), skipped))
    if not entries:
        raise QueryError(f"{file}: no card could be read from it; the database is unchanged")
    meta = data.get("meta") if isinstance(data.get("meta"), dict) else {}
    version = ", ".join(f"{k} {meta[k]}" for k in ("version", "date") if k in meta)
    source = f"imported from {file.resolve()}" + (f" (MTGJSON {version})" if version else "")
    compile_abilities = compiler()
    info = {
        "source": source,
        "compiler": "mtgasp.cards.oracle" if compile_abilities else "none (characteristics only)",
    }
    path = user_path()
    try:
        rows = write_database(path, entries, info, compile_abilities)
    except OSError as exc:
        raise QueryError(f"{path}: cannot write the user's card database: {exc}") from None
    return Imported(path, rows, source, tuple(skipped))
