"""Rebuild the bundled card database, ``bridge/mtgasp/cards/cards.sqlite``, from the corpus
(``tools/cards/card-corpus.json.xz``) with the Oracle-text compiler of this checkout.

    PYTHONPATH=bridge python tools/build_cards.py

Run it after changing a template, the compiler, the corpus or the builder:
``tests/test_card_database.py`` fails while the shipped file is stale.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from mtgasp.cards.build import compiler, write_database
from mtgasp.cards.corpus import corpus_entries, inputs_hash, read_corpus
from mtgasp.cards.database import BUNDLED

CORPUS = Path(__file__).resolve().parent / "cards" / "card-corpus.json.xz"


def main() -> int:
    start = time.perf_counter()
    data = read_corpus(CORPUS)
    compile_abilities = compiler()
    meta = {
        "source": f"bundled: {data['source']}",
        "inputs": inputs_hash(CORPUS),
        "compiler": "mtgasp.cards.oracle" if compile_abilities else "none (characteristics only)",
    }
    rows = write_database(BUNDLED, corpus_entries(data), meta, compile_abilities)
    seconds = time.perf_counter() - start
    size = BUNDLED.stat().st_size
    print(f"{BUNDLED}: {rows} cards, {size / 1e6:.1f} MB, {seconds:.1f} s ({meta['compiler']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
