"""``mtgasp cards import FILE``: its options, and the summary it ends with (text or JSON)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..output.format import dumps
from . import _common, _limits

__all__ = ["DEFAULT_IMPORT_TIME_LIMIT", "configure_import", "run_import"]

#: The default --time-limit of an import (seconds): MTGJSON's 32,000 cards take a few minutes.
DEFAULT_IMPORT_TIME_LIMIT = 1800.0


def configure_import(actions: Any) -> None:
    """The ``import`` action of ``mtgasp cards``."""
    importing: argparse.ArgumentParser = actions.add_parser(
        "import",
        help="read MTGJSON's AtomicCards.json into your own card database",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Read FILE, MTGJSON's AtomicCards.json (https://mtgjson.com/downloads/all-files/), "
            "into your own card database, which then takes precedence over the bundled one.\n\n"
            "The file's cards are added to the card database in use (the bundled one, or yours "
            "after an earlier import): a card of the file replaces the one of the same name, "
            "every other card stays. With --replace the file's cards are the whole database. "
            "Multi-faced cards load by each face's name and by their full name ('Fire // Ice'); "
            "a board states the face up on the battlefield with `face:`.\n\n"
            "On a terminal the import shows its progress; it ends with a summary: the cards "
            "added and updated, the faces, and how many of the file's cards the Oracle-text "
            "compiler models fully or partly. A file that is not in that format, larger than "
            "512 MiB or with more than 100,000 cards is refused (exit code 2, with the location "
            "in the file); on an error, the time limit (exit code 4), Ctrl-C or SIGTERM your "
            "database is left as it was and no partial file stays behind."
        ),
    )
    importing.add_argument("file", type=Path, metavar="FILE", help="AtomicCards.json")
    importing.add_argument(
        "--replace",
        action="store_true",
        help="make the file's cards the whole database (default: add them to the one in use)",
    )
    importing.add_argument(
        "--time-limit",
        type=_limits._seconds,
        default=DEFAULT_IMPORT_TIME_LIMIT,
        metavar="SECONDS",
        help=f"stop after SECONDS (default {DEFAULT_IMPORT_TIME_LIMIT:g}; 0: no limit), leaving "
        "your database as it was, exit code 4",
    )
    _common.add_json(importing)


def run_import(args: argparse.Namespace) -> str:
    # The importer and the compiler (lark) load only when asked.
    from ..cards.importer import import_atomic_cards

    done = import_atomic_cards(args.file, replace=args.replace)
    if args.json:
        return dumps(
            {
                "query": "cards import",
                "schema": 1,
                "path": str(done.path),
                "cards": done.cards,
                "source": done.source,
                "mode": done.mode,
                "base": done.base,
                "read": done.read,
                "added": done.added,
                "updated": done.updated,
                "unchanged": done.unchanged,
                "multi_faced": done.multi_faced,
                "faces": done.faces,
                "coverage": {
                    "full": done.full,
                    "partial": done.partial,
                    "characteristics": done.characteristics,
                },
                "skipped": list(done.skipped),
            }
        )
    over = "as the whole database" if done.base is None else f"over the {done.base} database"
    lines = [
        f"imported {done.read} cards {over}: {done.added} added, {done.updated} updated, "
        f"{done.unchanged} unchanged",
        f"faces: {done.faces}, of {done.multi_faced} multi-faced cards",
        f"modelled (the file's cards and faces): {done.full} fully, {done.partial} partly, "
        f"{done.characteristics} by their characteristics only (mtgasp cards --coverage)",
    ]
    if done.skipped:
        count = len(done.skipped)
        lines.append(f"left out {count} card{'' if count == 1 else 's'} mtgasp cannot read, e.g.:")
        lines += [f"  {why}" for why in done.skipped[:5]]
    lines += [f"your card database: {done.path} ({done.cards} cards and faces)", done.source]
    return "\n".join(lines)
