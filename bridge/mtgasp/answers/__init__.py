"""The queries: each asks the encodings one question about a board and decodes the symbols into
typed, frozen results, one module (or package) per query family: activations, castable,
attackers, creatures, mana (could-produce, tap), ``orderings/``, ``courses/``, and ``check``,
which asks them all; ``coverage`` answers about the encodings themselves.

May import: ``facts``, ``board``, ``cards``, ``solve`` and the foundation modules. Never an
output or a command.
"""
