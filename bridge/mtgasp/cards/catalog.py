"""Every card mtgasp knows, and the facts of the cards a board names.

A card is known from the card database in use (:mod:`~mtgasp.cards.database`) or from a
hand-written file of ``asp/cards`` (``asp/cards/<lower-kebab-case name>.lp``, facts only). A
hand-written file overrides the database's facts for its card: it is read, instead of the
database's row, whenever a board names that card.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import clingo
from clingo import Symbol, SymbolType

from .._resources import asp_path
from ..errors import EncodingError
from ..solve import budget
from . import database

__all__ = [
    "Card",
    "card_facts",
    "file_name",
    "handwritten_names",
    "lookup",
    "nearest",
    "normal_name",
    "search",
]


def normal_name(name: str) -> str:
    """A name as the card database and the hand-written files write it: NFC-normalised."""
    return unicodedata.normalize("NFC", name)


def file_name(card: str) -> str:
    """The file of a hand-written card: ``Gaea's Cradle`` is ``gaeas-cradle.lp``."""
    stem = re.sub(r"[^a-z0-9]+", "-", card.lower().replace("'", "").replace("\u2019", ""))
    return f"{stem.strip('-')}.lp"


@dataclass(frozen=True)
class Card:
    """A known card: the name its facts use, its faces (multi-faced cards), where it is from."""

    name: str
    full_name: str
    faces: tuple[str, ...]
    handwritten: bool


def lookup(name: str) -> Card | None:
    """The card a board's ``name`` stands for: a card name, a face name, or the full name of a
    multi-faced card (``Fire // Ice``; a double-faced card's full name stands for its front
    face). None if mtgasp knows no such card. The name is read NFC-normalised, as the database's
    names are: ``Lim-Dûl's Vault`` typed with a combining circumflex is the same card."""
    name = normal_name(name)
    card = _handwritten_card(name)
    if card is not None:
        return card
    db = database.current()
    row = db.row(name)
    if row is None:
        return None
    faces = tuple(db.faces(row.full_name)) if row.layout != "normal" else ()
    return Card(row.record.name, row.full_name, faces, False)


def card_facts(names: Iterable[str]) -> list[Symbol]:
    """The facts of the named cards (names as :func:`lookup` gives them), each card once, in
    the order of the sorted names; unknown names have none."""
    facts: list[Symbol] = []
    db = database.current()
    for name in sorted(set(names)):
        facts.extend(_facts(db, name))
    return facts


@cache
def _facts(db: database.Database, name: str) -> tuple[Symbol, ...]:
    handwritten = _handwritten(name)
    if handwritten is not None:
        return handwritten
    row = db.row(name)
    return () if row is None or row.record.name != name else row.symbols()


@lru_cache(maxsize=4096)
def _handwritten_card(name: str) -> Card | None:
    """The card of a hand-written file (None: no file has it), made once per name."""
    return None if _handwritten(name) is None else Card(name, name, (), True)


@lru_cache(maxsize=4096)
def _handwritten(name: str) -> tuple[Symbol, ...] | None:
    """The facts of a hand-written card (None: no file has it); asked once per name in a
    process (a board names each card as often as it has permanents of it)."""
    path = _card_files().get(file_name(name))
    return None if path is None else _file_facts(path).get(name)


@cache
def _card_files() -> dict[str, Path]:
    """The hand-written card files, by file name (read once per process)."""
    files = sorted((asp_path() / "cards").glob("*.lp"))
    return {path.name: path for path in files if path.name != "cards.lp"}


@cache
def _file_facts(path: Path) -> dict[str, tuple[Symbol, ...]]:
    """The facts of a hand-written file, by the card they are about (their first argument)."""
    messages: list[str] = []
    with budget.shielded():
        ctl = clingo.Control(logger=lambda _, text: messages.append(text.strip()))
    try:
        ctl.load(str(path))
        ctl.ground([("base", [])])
    except RuntimeError:
        pass
    if messages:
        raise EncodingError(f"internal error in mtgasp's card file {path.name}: {messages}")
    by_card: dict[str, list[Symbol]] = {}
    tokens: list[Symbol] = []  # a token's characteristics (111.4: token(Name)) go with the card
    for atom in ctl.symbolic_atoms:
        symbol = atom.symbol
        if symbol.arguments[0].type != SymbolType.String:
            tokens.append(symbol)
            continue
        by_card.setdefault(symbol.arguments[0].string, []).append(symbol)
    return {card: tuple(sorted([*symbols, *tokens])) for card, symbols in by_card.items()}


@cache
def handwritten_names() -> frozenset[str]:
    """The cards of the hand-written files (``asp/cards/*.lp``)."""
    names: set[str] = set()
    for path in _card_files().values():
        names.update(_file_facts(path))
    return frozenset(names)


def search(text: str) -> list[str]:
    """The names a board can give (the database's and the hand-written ones) that contain
    ``text``, sorted; compared as :func:`_searched` writes both, so that case, ligatures
    (``ﬁ``) and the normal form make no difference."""
    wanted = _searched(text)
    db = database.current()
    return sorted(name for key, name in _search_keys(db) if wanted in key)


def _searched(text: str) -> str:
    """``text`` compatibility-normalised (NFKC: ``ﬁ`` is ``fi``) and case-folded."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", text).casefold())


@cache
def _search_keys(db: database.Database) -> tuple[tuple[str, str], ...]:
    """Every name a board can give, with its searched form."""
    names = sorted({*db.names(), *handwritten_names()})
    return tuple((_searched(n), n) for n in names)


def nearest(name: str, extra: Iterable[str] = ()) -> list[str]:
    """Up to three known card names (or ``extra`` names) closest to ``name``, ignoring case."""
    if len(name) > 100:
        return []
    folded = _folded(database.current())
    pool = folded
    if extra:
        pool = {**folded, **{n.casefold(): n for n in extra}}
    close = difflib.get_close_matches(name.casefold(), list(pool), n=3, cutoff=0.6)
    return [pool[c] for c in close]


@cache
def _folded(db: database.Database) -> dict[str, str]:
    """Every name a board can give, by its case-folded spelling (sorted)."""
    names = sorted({*db.names(), *handwritten_names()})
    return {n.casefold(): n for n in names}
