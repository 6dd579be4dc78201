"""Solving: load an entry program, add facts as clingo symbols, ground, solve and copy the
models out, within the time and memory limits (``budget``), on a slice of the rules that can
fire (``_live``, the tables in ``live/``); many boards as worlds of one grounding (``worlds``);
a user's program (a property) checked as text before clingo reads it (``user_program``).

May import: the package's foundation modules (``errors``, ``limits``, ``_text``, ``_resources``,
``progress``). Never a board, a query or an output: it knows clingo, not Magic.
"""
