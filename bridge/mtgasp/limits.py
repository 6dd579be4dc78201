"""The limits mtgasp enforces on its input, stated once (docs/board-format.md, docs/commands.md).

clingo computes with 32-bit integers and wraps silently past them; mtgasp keeps every number it
accepts, and every number its encodings compute, within :data:`MAX_NUMBER` (107.1: the rules
only use whole numbers), so that a sum of two such numbers still fits. A result past it is an
error, never a wrapped number.
"""

from __future__ import annotations

__all__ = [
    "MAX_ALIAS_VALUES",
    "MAX_BOARD_BYTES",
    "MAX_CARD_NAME",
    "MAX_DEPTH",
    "MAX_FACES",
    "MAX_IMPORT_BYTES",
    "MAX_IMPORT_CARDS",
    "MAX_NUMBER",
    "MAX_ORACLE_TEXT",
    "MAX_PROBLEMS",
    "MAX_PROPERTY_BYTES",
]

#: The largest number mtgasp computes with (life, counters, X, amounts, turn numbers); -MAX_NUMBER
#: is the smallest life total. Also ``#const max_number`` in ``asp/defined.lp``.
MAX_NUMBER = 1_000_000_000

#: The largest board file mtgasp reads (10 MiB).
MAX_BOARD_BYTES = 10 * 1024 * 1024

#: The largest property file ``mtgasp prove`` reads (1 MiB: a property is a page of rules).
MAX_PROPERTY_BYTES = 1024 * 1024

#: How many values YAML aliases (``*name``) may add to a board beyond what is written.
MAX_ALIAS_VALUES = 100_000

#: How deeply lists and mappings may nest in a board file (a board needs 5 levels).
MAX_DEPTH = 64

#: How many problems of one board file an error lists (the rest are counted).
MAX_PROBLEMS = 20

#: The largest card file ``mtgasp cards import`` reads (512 MiB; MTGJSON's AtomicCards.json is
#: about a quarter of it, and reading JSON takes several times its size in memory).
MAX_IMPORT_BYTES = 512 * 1024 * 1024

#: How many cards one import may hold (MTGJSON lists about 32,000).
MAX_IMPORT_CARDS = 100_000

#: How many faces one card of an import may have ("Who // What // When // Where // Why": 5).
MAX_FACES = 10

#: The longest card or face name an import may hold (the longest printed one has 141 characters).
MAX_CARD_NAME = 200

#: The longest Oracle text of one face an import may hold (the longest printed one has fewer
#: than 1,000 characters; the Oracle-text compiler's time grows with it).
MAX_ORACLE_TEXT = 5_000
