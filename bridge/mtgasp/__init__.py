"""mtgasp: the Magic: The Gathering Comprehensive Rules as answer-set programs.

>>> from mtgasp import load_board, activations
>>> report = activations(load_board("examples/summoning-sickness.yaml"))  # doctest: +SKIP
"""

from __future__ import annotations

from .activations import Activation, ActivationReport, Reason, activations
from .board import Board, Permanent, Player, load_board, parse_board
from .check import CheckReport, check
from .courses import CourseReport, Outcome, cast, life_event, resolve, step, triggers_at
from .errors import BoardError, BoardProblem, EncodingError, MtgaspError, QueryError

__all__ = [
    "Activation",
    "ActivationReport",
    "Board",
    "BoardError",
    "BoardProblem",
    "CheckReport",
    "CourseReport",
    "EncodingError",
    "MtgaspError",
    "Outcome",
    "Permanent",
    "Player",
    "QueryError",
    "Reason",
    "activations",
    "cast",
    "check",
    "life_event",
    "load_board",
    "parse_board",
    "resolve",
    "step",
    "triggers_at",
]
