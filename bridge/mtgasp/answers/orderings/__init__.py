"""The orderings query (616.1): the replacement graph of one event read out of the model
(``atoms``, ``graph``, ``summed``), counted and witnessed, for one event or a draw of several
cards (``draws``); ``query`` asks it.

May import: what ``answers`` may import, and the other answers below it.
"""
