"""Courses of events (603, 608): ``step``, ``resolve``, ``event`` and ``cast`` (``query``). A
model's final states are counted (``count``) and told apart (``final_states``), decoded
(``decode``, ``names``, ``state``) into the report (``model``) with one witness each
(``witness``) and the board each course ends on (``end_board``).

May import: what ``answers`` may import.
"""
