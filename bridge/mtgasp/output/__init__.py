"""What a person or a program reads: fixed-width tables and JSON (``format``), text on a
terminal (``terminal``), graphs of answers as Graphviz DOT (``graphs``, ``pictures``) and the
self-contained HTML report (``html``); every file written besides an answer, by one rule
(``files``: never overwritten without --force, written whole or not at all).

May import: ``answers``, ``board`` and the foundation modules. Never a command.
"""
