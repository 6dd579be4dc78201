"""mtgasp: the Magic: The Gathering Comprehensive Rules as answer-set programs.

>>> from mtgasp import load_board, activations
>>> report = activations(load_board("examples/summoning-sickness.yaml"))  # doctest: +SKIP
"""

from __future__ import annotations

import importlib

from . import _startup  # noqa: F401  (first: Ctrl-C while the program starts, exit 130)

#: ``typing.TYPE_CHECKING`` without importing typing (start-up: issue 29).
TYPE_CHECKING = False
if TYPE_CHECKING:
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

#: The module of each public name: imported when the name is first asked for, so that importing
#: mtgasp (``mtgasp --version``, ``mtgasp --help``) loads neither clingo nor jsonschema.
_WHERE = {
    "Activation": "answers.activations",
    "ActivationReport": "answers.activations",
    "Board": "board.model",
    "BoardError": "errors",
    "BoardProblem": "errors",
    "CastableReport": "answers.castable",
    "CheckReport": "answers.check",
    "Checker": "batch.checker",
    "CouldProduceReport": "answers.mana",
    "CourseReport": "answers.courses.query",
    "EncodingError": "errors",
    "LifeEvent": "board.events",
    "MemoryLimitError": "errors",
    "MtgaspError": "errors",
    "OrderingsReport": "answers.orderings.query",
    "Outcome": "answers.courses.query",
    "Payment": "answers.castable",
    "Permanent": "board.model",
    "Player": "board.model",
    "QueryError": "errors",
    "Reason": "answers.activations",
    "TapEvent": "board.events",
    "TapReport": "answers.mana",
    "TimeLimitError": "errors",
    "activations": "answers.activations",
    "cast": "answers.courses.query",
    "castable": "answers.castable",
    "check": "answers.check",
    "could_produce": "answers.mana",
    "life_event": "answers.courses.query",
    "load_board": "board.load",
    "orderings": "answers.orderings.query",
    "parse_board": "board.load",
    "parse_event": "board.events",
    "resolve": "answers.courses.query",
    "step": "answers.courses.query",
    "tap": "answers.mana",
    "time_limit": "solve.budget",
    "triggers_at": "answers.courses.query",
}


def __getattr__(name: str) -> object:
    """A public name, imported from its module when first asked for; ``mtgasp.__version__``."""
    if name == "__version__":
        from ._version import version

        return version()
    if name not in _WHERE:
        raise AttributeError(f"module 'mtgasp' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value


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
