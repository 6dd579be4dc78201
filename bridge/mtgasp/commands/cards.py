"""``mtgasp cards``: the cards mtgasp knows; ``mtgasp cards import FILE``: a user's card data."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..cards import catalog, database
from ..output.format import dumps
from . import _common


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "List the names a board can give (cards and faces of the card database in use, and the "
        "hand-written cards of asp/cards), one per line, sorted. A board can name any of them; "
        "its characteristics (types, colors, mana cost, power, toughness, loyalty) are always "
        "known, its abilities as far as the Oracle-text compiler or a hand-written file models "
        "them.\n\n"
        "The card database in use is your own if you imported one (`mtgasp cards import`), else "
        "the one bundled with mtgasp (a 2023 snapshot: older wording such as 'enters the "
        "battlefield'). Your database lives in the per-user data directory, or in "
        f"${database.DATA_DIR_VARIABLE} if set; delete it to use the bundled one again.\n\n"
        "examples:\n"
        "  mtgasp cards --search elves        names containing 'elves' (any case)\n"
        "  mtgasp cards --handwritten         the hand-written cards (prove's default pool)\n"
        "  mtgasp cards --database            which database is in use: path, cards, source\n"
        "  mtgasp cards --coverage            what the Oracle-text compiler models of it\n"
        "  mtgasp cards import AtomicCards.json   your current data, from mtgjson.com"
    )
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument(
        "--search", metavar="TEXT", help="only the names that contain TEXT (ignoring case)"
    )
    shown.add_argument(
        "--handwritten", action="store_true", help="only the hand-written cards (asp/cards)"
    )
    shown.add_argument("--database", action="store_true", help="say which card database is in use")
    shown.add_argument(
        "--coverage",
        action="store_true",
        help="how much of the database the Oracle-text compiler models: per card type, fully, "
        "partly or characteristics only; the mana abilities compiled; the 30 most common "
        "abilities not modelled (docs/oracle-compiler.md)",
    )
    _common.add_json(parser)
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    importing = actions.add_parser(
        "import",
        help="read MTGJSON's AtomicCards.json into your own card database",
        description=(
            "Read FILE, MTGJSON's AtomicCards.json (https://mtgjson.com/downloads/all-files/), "
            "into your own card database, which then takes precedence over the bundled one. "
            "Multi-faced cards load by each face's name and by their full name ('Fire // Ice'); "
            "a board states the face up on the battlefield with `face:`. A file that is not in "
            "that format is refused (exit code 2) and your database is left as it was."
        ),
    )
    importing.add_argument("file", type=Path, metavar="FILE", help="AtomicCards.json")
    _common.add_json(importing)


def run(args: argparse.Namespace) -> str:
    # The importer and the compiler (lark) load only when asked: every mtgasp command reads this
    # module at start-up (20 ms of imports otherwise).
    if args.action == "import":
        from ..cards.importer import import_atomic_cards

        done = import_atomic_cards(args.file)
        if args.json:
            return dumps(
                {
                    "query": "cards import",
                    "schema": 1,
                    "path": str(done.path),
                    "cards": done.cards,
                    "source": done.source,
                    "skipped": list(done.skipped),
                }
            )
        lines = [f"imported {done.cards} cards and faces into {done.path}", done.source]
        if done.skipped:
            lines.append(f"left out {len(done.skipped)} cards mtgasp cannot read, e.g.:")
            lines += [f"  {why}" for why in done.skipped[:5]]
        return "\n".join(lines)
    if args.database:
        return _database(args.json)
    if args.coverage:
        from ..cards.coverage import coverage
        from ._card_coverage import coverage_json, coverage_text

        db = database.current()
        report = coverage(db.records())
        where = f"the {db.kind} card database ({db.count} cards and faces)"
        return dumps(coverage_json(report, where)) if args.json else coverage_text(report, where)
    db = database.current()
    if args.handwritten:
        names = sorted(catalog.handwritten_names())
    elif args.search is not None:
        wanted = args.search.casefold()
        hand = [n for n in catalog.handwritten_names() if wanted in n.casefold()]
        names = sorted({*db.search(args.search), *hand})
    else:
        names = sorted({*db.names(), *catalog.handwritten_names()})
    if args.json:
        return dumps({"query": "cards", "schema": 1, "cards": names})
    return "\n".join(names)


def _database(as_json: bool) -> str:
    db = database.current()
    info: dict[str, Any] = {
        "query": "cards database",
        "schema": 1,
        "in_use": db.kind,
        "path": str(db.path),
        "cards": db.count,
        "source": db.meta.get("source", ""),
        "compiler": db.meta.get("compiler", ""),
        "user_path": str(database.user_path()),
        "handwritten": len(catalog.handwritten_names()),
    }
    if as_json:
        return dumps(info)
    return "\n".join(
        [
            f"in use: the {db.kind} card database",
            f"path: {db.path}",
            f"cards and faces: {info['cards']}",
            f"source: {info['source']}",
            f"abilities compiled by: {info['compiler']}",
            f"hand-written cards (asp/cards, override the database): {info['handwritten']}",
            f"your own database (mtgasp cards import): {info['user_path']}"
            + ("" if db.kind == "user" else " (none yet)"),
        ]
    )
