"""Reading many clingo symbols fast, by their handles, through clingo's C interface.

A replacement graph is read from thousands of ``edge/6`` atoms. Through ``clingo.Symbol`` every
argument is a new Python object, every ``name``, ``type`` or ``number`` a call into clingo, and
every dict lookup of a node hashes its value through clingo again: about 9 microseconds an edge,
as much as gringo spends deriving it. Here an atom is read as its handle (``Symbol._rep``, an
int): its name with one call (the names themselves kept by clingo's pointer to them), its
arguments as a list of handles with one call, each number once per distinct handle. clingo
keeps one copy of each distinct symbol, so equal symbols have equal handles: handles key dicts
without calling clingo (``tests/test_raw_symbols.py`` checks both against ``clingo.Symbol``).

Each reader owns its buffers: one per thread (a reader is made per answer read).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NoReturn, cast

from clingo import Symbol, _internal

__all__ = ["RawSymbols", "shown_handles", "symbol_of"]

#: clingo's C interface and its cffi handle (unannotated, private: ``solve._statistic`` uses
#: them too).
_LIB: Any = vars(_internal)["_lib"]
_FFI: Any = vars(_internal)["_ffi"]
_NUMBER = _LIB.clingo_symbol_type_number
_STRING = _LIB.clingo_symbol_type_string
_FUNCTION = _LIB.clingo_symbol_type_function

#: The ``clingo.Symbol`` of a handle (clingo's own constructor, unannotated).
symbol_of = cast(Callable[[int], Symbol], Symbol)


class RawSymbols:
    """Names, arguments and numbers of symbols given by their handles."""

    def __init__(self) -> None:
        self._arguments = _FFI.new("clingo_symbol_t**")
        self._size = _FFI.new("size_t*")
        self._name = _FFI.new("char**")
        self._int = _FFI.new("int*")
        self._bool = _FFI.new("bool*")
        self._numbers: dict[int, int] = {}
        self._texts: dict[int, str] = {}

    def name(self, handle: int) -> str:
        """The name of a function symbol."""
        if not _LIB.clingo_symbol_name(handle, self._name):
            _raise()
        found: str = _FFI.string(self._name[0]).decode()
        return found

    def arguments(self, handle: int) -> list[int]:
        """The handles of a function symbol's arguments."""
        if not _LIB.clingo_symbol_arguments(handle, self._arguments, self._size):
            _raise()
        size = self._size[0]
        found: list[int] = _FFI.unpack(self._arguments[0], size) if size else []
        return found

    def text(self, handle: int) -> str:
        """A string symbol's text, or any other symbol as clingo writes it (``as_str``)."""
        found = self._texts.get(handle)
        if found is None:
            if _LIB.clingo_symbol_type(handle) == _STRING:
                if not _LIB.clingo_symbol_string(handle, self._name):
                    _raise()
                found = _FFI.string(self._name[0]).decode()
            else:
                found = str(symbol_of(handle))
            self._texts[handle] = found
        return found

    def is_number(self, handle: int) -> bool:
        return bool(_LIB.clingo_symbol_type(handle) == _NUMBER)

    def is_string(self, handle: int) -> bool:
        return bool(_LIB.clingo_symbol_type(handle) == _STRING)

    def is_function(self, handle: int) -> bool:
        """A function symbol with a positive sign (``-f(X)`` is not one)."""
        if _LIB.clingo_symbol_type(handle) != _FUNCTION:
            return False
        if not _LIB.clingo_symbol_is_positive(handle, self._bool):
            _raise()
        return bool(self._bool[0])

    def number(self, handle: int) -> int:
        """The value of a number symbol (read once per handle)."""
        found = self._numbers.get(handle)
        if found is None:
            if _LIB.clingo_symbol_type(handle) != _NUMBER:
                raise ValueError(f"expected a number, got {symbol_of(handle)}")
            if not _LIB.clingo_symbol_number(handle, self._int):
                _raise()
            found = self._numbers[handle] = int(self._int[0])
        return found


def shown_handles(model: Any) -> list[int]:
    """The handles of a ``clingo.Model``'s shown symbols (``Model.symbols(shown=True)``, without
    a ``clingo.Symbol`` made for each)."""
    show = _LIB.clingo_show_type_shown
    size = _FFI.new("size_t*")
    if not _LIB.clingo_model_symbols_size(model._rep, show, size):
        _raise()
    found = _FFI.new("clingo_symbol_t[]", size[0])
    if not _LIB.clingo_model_symbols(model._rep, show, found, size[0]):
        _raise()
    handles: list[int] = _FFI.unpack(found, size[0])
    return handles


def _raise() -> NoReturn:
    message = _FFI.string(_LIB.clingo_error_message()).decode()
    raise RuntimeError(f"clingo: {message}")
