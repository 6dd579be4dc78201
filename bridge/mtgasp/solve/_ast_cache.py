"""Caches of parsed clingo statements (``clingo.ast.AST``), each thread with its own.

clingo counts the references to a parsed statement without a lock, so two threads that give the
same statements to their Controls at once, or free such a Control while the other adds them,
corrupt the counts: statements freed while in use, wrong answers, "invalid ast", a segmentation
fault (seen in CI after a Dask run with two threads in one process; ``budget._serve`` says what
was seen within one thread and its clingo worker). So no statement is ever shared between two
threads that can run at once:

- every cache that keeps statements is a :class:`ThreadCache`: each thread parses and rewrites
  its own copy, once (a few milliseconds per program);
- a thread whose clingo worker is left running a grounding (the time limit or Ctrl-C cut it,
  :func:`mtgasp.solve.budget.run`) calls :func:`retire`: its caches start empty, and what they held
  is kept for the rest of the process, so that only the abandoned grounding's thread ever touches
  those statements again (a few hundred kilobytes, once per abandoned grounding), until the
  interpreter exits (then they are freed while clingo is still loaded; ``mtgasp`` itself leaves
  at once, budget.abandoned()).
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["ThreadCache", "retire"]

K = TypeVar("K")
V = TypeVar("V")

#: Every cache made, so that :func:`retire` empties them all.
_CACHES: list[ThreadCache[object, object]] = []
#: What retired caches held: never freed, see the module's docstring.
_RETIRED: list[object] = []
_LOCK = threading.Lock()


class ThreadCache(Generic[K, V]):
    """A dictionary of each thread's own."""

    def __init__(self) -> None:
        self._local = threading.local()
        with _LOCK:
            _CACHES.append(self)  # type: ignore[arg-type]

    def mine(self) -> dict[K, V]:
        """The calling thread's dictionary."""
        items: dict[K, V] | None = getattr(self._local, "items", None)
        if items is None:
            items = self._local.items = {}
        return items

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The calling thread's value for ``key``, made by ``make()`` the first time."""
        items = self.mine()
        if key not in items:
            items[key] = make()
        return items[key]

    def _retire(self) -> None:
        items = getattr(self._local, "items", None)
        if items:
            _RETIRED.append(items)
        self._local.items = {}


def retire() -> None:
    """The calling thread's caches start empty; what they held is kept, never freed."""
    with _LOCK:
        caches = list(_CACHES)
        for cache in caches:
            cache._retire()


@atexit.register
def _free() -> None:
    # Left to the end, the exiting thread's caches (a thread's own data outlives the modules)
    # and the retired ones would be freed after clingo's module, whose finalizers then fail.
    with _LOCK:
        for cache in _CACHES:
            cache._local.items = {}
        _RETIRED.clear()
