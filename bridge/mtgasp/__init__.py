"""mtgasp: the Magic: The Gathering Comprehensive Rules as answer-set programs.

>>> from mtgasp import load_board, activations
>>> report = activations(load_board("examples/summoning-sickness.yaml"))  # doctest: +SKIP
"""

from __future__ import annotations

from . import _startup  # noqa: F401  (first: Ctrl-C while the program starts, exit 130)
from ._version import version as _version
from .answers.activations import Activation, ActivationReport, Reason, activations
from .answers.castable import CastableReport, Payment, castable
from .answers.check import CheckReport, check
from .answers.courses.query import (
    CourseReport,
    Outcome,
    cast,
    life_event,
    resolve,
    step,
    triggers_at,
)
from .answers.mana import CouldProduceReport, TapReport, could_produce, tap
from .answers.orderings.query import OrderingsReport, orderings
from .batch.checker import Checker
from .board.events import LifeEvent, TapEvent, parse_event
from .board.load import load_board, parse_board
from .board.model import Board, Permanent, Player
from .errors import (
    BoardError,
    BoardProblem,
    EncodingError,
    MemoryLimitError,
    MtgaspError,
    QueryError,
    TimeLimitError,
)
from .solve.budget import time_limit


def __getattr__(name: str) -> str:
    """``mtgasp.__version__``, read when first asked."""
    if name == "__version__":
        return _version()
    raise AttributeError(f"module 'mtgasp' has no attribute {name!r}")


__all__ = [
    "Activation",
    "ActivationReport",
    "Board",
    "BoardError",
    "BoardProblem",
    "CastableReport",
    "CheckReport",
    "Checker",
    "CouldProduceReport",
    "CourseReport",
    "EncodingError",
    "LifeEvent",
    "MemoryLimitError",
    "MtgaspError",
    "OrderingsReport",
    "Outcome",
    "Payment",
    "Permanent",
    "Player",
    "QueryError",
    "Reason",
    "TapEvent",
    "TapReport",
    "TimeLimitError",
    "__version__",
    "activations",
    "cast",
    "castable",
    "check",
    "could_produce",
    "life_event",
    "load_board",
    "orderings",
    "parse_board",
    "parse_event",
    "resolve",
    "step",
    "tap",
    "time_limit",
    "triggers_at",
]
