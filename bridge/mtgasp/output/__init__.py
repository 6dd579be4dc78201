"""What a person or a program reads: fixed-width tables and JSON (``format``), text on a
terminal (``terminal``), graphs of answers as Graphviz DOT (``graphs``, ``pictures``) and the
self-contained HTML report (``html``).

May import: ``answers``, ``board`` and the foundation modules. Never a command.
"""
