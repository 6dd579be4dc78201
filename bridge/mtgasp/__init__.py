"""mtgasp: the Magic: The Gathering Comprehensive Rules as answer-set programs.

>>> from mtgasp import load_board, activations
>>> report = activations(load_board("examples/summoning-sickness.yaml"))  # doctest: +SKIP
"""

from __future__ import annotations

from .activations import Activation, ActivationReport, Reason, activations
from .board import Board, Permanent, Player, load_board, parse_board
from .check import CheckReport, check
from .errors import BoardError, BoardProblem, EncodingError, MtgaspError, QueryError

__all__ = [
    "Activation",
    "ActivationReport",
    "Board",
    "BoardError",
    "BoardProblem",
    "CheckReport",
    "EncodingError",
    "MtgaspError",
    "Permanent",
    "Player",
    "QueryError",
    "Reason",
    "activations",
    "check",
    "load_board",
    "parse_board",
]
