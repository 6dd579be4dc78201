"""The seed of the bundled database: the card corpus (``tools/cards/card-corpus.json.xz``, a
copy of ``card-corpus.json``: ``{"source", "count", "cards": [{name, supertypes, types,
subtypes, mana_cost, power, toughness, loyalty, oracle}]}``), and the hash of everything the
bundled database is built from (the staleness test compares it with the one stored)."""

from __future__ import annotations

import hashlib
import json
import lzma
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .build import Entry
from .record import CardRecord

__all__ = ["corpus_entries", "inputs_hash", "read_corpus"]

#: The sources whose change changes the built database (the compiler's package included).
_PACKAGE = Path(__file__).resolve().parent
_SOURCES = ("record.py", "characteristics.py", "build.py", "corpus.py")


def read_corpus(path: Path) -> Any:
    """The corpus's data, from its JSON file or an xz-compressed copy."""
    data = path.read_bytes()
    if path.suffix == ".xz":
        data = lzma.decompress(data)
    return json.loads(data)


def corpus_entries(data: Any) -> Iterator[Entry]:
    """One entry per card of the corpus; its engine's internal pseudo-cards (names beginning
    with ``;``, e.g. ``;Morph``) are left out. The corpus lists each face of a multi-faced card
    as a card of its own."""
    for card in data["cards"]:
        if card["name"].startswith(";"):
            continue
        record = CardRecord(
            name=card["name"],
            supertypes=tuple(card["supertypes"]),
            types=tuple(card["types"]),
            subtypes=tuple(card["subtypes"]),
            mana_cost=card["mana_cost"] or "",
            power=card["power"],
            toughness=card["toughness"],
            loyalty=card["loyalty"],
            text=card["oracle"] or "",
        )
        yield Entry(record, record.name)


def inputs_hash(corpus: Path) -> str:
    """SHA-256 of the corpus's content and of the builder's and the compiler's sources."""
    digest = hashlib.sha256()
    data = corpus.read_bytes()
    digest.update(lzma.decompress(data) if corpus.suffix == ".xz" else data)
    sources = [_PACKAGE / name for name in _SOURCES]
    oracle = _PACKAGE / "oracle"
    if oracle.is_dir():
        sources += sorted(
            p for p in oracle.rglob("*") if p.is_file() and "__pycache__" not in p.parts
        )
    for source in sources:
        digest.update(str(source.relative_to(_PACKAGE)).encode())
        digest.update(b"\0")
        digest.update(source.read_bytes())
    return digest.hexdigest()
