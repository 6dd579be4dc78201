"""Board -> clingo symbols: the input facts of every query (``board``) and what a query is
asked besides (``requests``), built as Symbols, never by formatting strings.

May import: ``board``, ``cards``, ``solve`` and the foundation modules.
"""
