"""``mtgasp cards``: the cards mtgasp knows; ``mtgasp cards import FILE``: a user's card data."""

from __future__ import annotations

import argparse
from typing import Any

from .._text import quote
from ..cards import catalog, database
from ..output.format import dumps
from . import _common
from ._card_import import configure_import, run_import


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
        '  mtgasp cards show "Urza\'s Mine"    its text beside what was compiled of it\n'
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
    configure_import(actions)
    showing = actions.add_parser(
        "show",
        help="a card's Oracle text beside what mtgasp compiled of it",
        description=(
            "Print each paragraph of NAME's Oracle text beside what the Oracle-text compiler "
            "made of it: in words and as facts, or why it is not modelled and which answers say "
            "so (docs/oracle-compiler.md). A card of asp/cards is shown as compiled, with a note "
            "that its hand-written file overrides it."
        ),
    )
    showing.add_argument("name", metavar="NAME", help="a card name (as a board gives it)")
    _common.add_json(showing)


def run(args: argparse.Namespace) -> str:
    # The importer and the compiler (lark) load only when asked (_card_import): every mtgasp
    # command reads this module at start-up (20 ms of imports otherwise).
    if args.action == "import":
        return run_import(args)
    if args.action == "show":
        from ._card_show import show_json, show_record, show_text

        record, source = show_record(args.name)
        return dumps(show_json(record, source)) if args.json else show_text(record, source)
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
        names = catalog.search(args.search)
    else:
        names = sorted({*db.names(), *catalog.handwritten_names()})
    if args.json:
        return dumps({"query": "cards", "schema": 1, "cards": names})
    if not names and args.search is not None:
        return (
            f"no card name contains {quote(args.search)} (case and ligatures ignored); "
            "`mtgasp cards` lists every name"
        )
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
