"""The card database: normalised card records (``record``), their characteristics as facts,
the SQLite database shipped in the wheel and a user's own (imported from MTGJSON), the hand-written
card files of ``asp/cards`` that override it, and the Oracle-text compiler (``oracle``); which cards
can never be permanents, asked of the rules (``permanence``).

May import: ``solve`` and the foundation modules. Never a board, a query or an output.
"""
