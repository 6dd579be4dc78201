"""What the batch's fork server imports before it forks a worker (``pool.PRELOAD``): the modules
a worker answers with (every query a batch asks, ``command.QUERIES``, and the batch's own), and
Ctrl-C and SIGTERM ignored. The fork server restores in each worker the handlers it had before it
began to serve, so that every worker ignores both from its first instruction: the parent handles
them (``pool``); the fork server itself ends when the parent does. Imported by the fork server
alone (it changes its process's signal handlers)."""

from __future__ import annotations

import signal

from ..commands import (  # noqa: F401  (imported for the workers, which then import nothing)
    activations,
    cast,
    castable,
    check,
    could_produce,
    event,
    orderings,
    resolve,
    step,
    tap,
)
from . import run, worlds  # noqa: F401  (as above)

signal.signal(signal.SIGINT, signal.SIG_IGN)
signal.signal(signal.SIGTERM, signal.SIG_IGN)
