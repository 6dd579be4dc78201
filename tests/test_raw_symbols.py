"""Reading symbols by their handles (bridge/mtgasp/solve/_raw_symbols.py) gives what clingo.Symbol
gives, and equal symbols have equal handles (the replacement graph reader keys its dicts by
them)."""

from __future__ import annotations

import clingo
import pytest
from clingo import Function, Number, String, Symbol, Tuple_

from mtgasp.solve._raw_symbols import RawSymbols, shown_handles

pytestmark = pytest.mark.quick

SYMBOLS = [
    Function("edge", [String("e"), Number(-3), Function("mana", [Number(1), Number(0)])]),
    Function("none"),
    Function("g", [Number(12), Function("f", [Number(3), Number(2), Number(7)])]),
    Tuple_([Function("gain_life", [String("bob"), Number(2**31 - 1)]), Function("o")]),
    Function("neg", [Number(-(2**31)), Function("f", [Number(1)], False)], False),
]


def test_names_arguments_and_numbers_are_clingos() -> None:
    raw = RawSymbols()
    for symbol in SYMBOLS:
        handle = symbol._rep
        assert raw.name(handle) == symbol.name
        arguments = raw.arguments(handle)
        assert [Symbol(a) for a in arguments] == symbol.arguments
        for argument, expected in zip(arguments, symbol.arguments, strict=True):
            is_number = expected.type == clingo.SymbolType.Number
            assert raw.is_number(argument) == is_number
            assert raw.is_string(argument) == (expected.type == clingo.SymbolType.String)
            assert raw.is_function(argument) == (
                expected.type == clingo.SymbolType.Function and expected.positive
            )
            if is_number:
                assert raw.number(argument) == expected.number
                assert raw.number(argument) == expected.number  # kept, the same


def test_equal_symbols_have_equal_handles() -> None:
    # Made twice, and found in a model: one symbol, one handle.
    made = Function("mana", [Number(1), Number(0), Function("x", [String("a")])])
    again = Function("mana", [Number(1), Number(0), Function("x", [String("a")])])
    assert made._rep == again._rep
    ctl = clingo.Control()
    ctl.add("base", [], 'p(mana(1, 0, x("a"))). #show p/1.')
    ctl.ground([("base", [])])
    found: list[Symbol] = []
    ctl.solve(on_model=lambda m: found.extend(m.symbols(shown=True)))
    assert RawSymbols().arguments(found[0]._rep) == [made._rep]
    assert Function("mana", [Number(2), Number(0)])._rep != made._rep


def test_a_models_shown_handles_are_its_shown_symbols() -> None:
    ctl = clingo.Control(["0"])
    ctl.add("base", [], 'p(1). q("a", f(2)). r. #show p/1. #show q/2.')
    ctl.ground([("base", [])])
    found: list[tuple[list[Symbol], list[int]]] = []
    ctl.solve(on_model=lambda m: found.append((list(m.symbols(shown=True)), shown_handles(m))))
    ((symbols, handles),) = found
    assert handles == [s._rep for s in symbols]
    assert sorted(str(Symbol(h)) for h in handles) == ["p(1)", 'q("a",f(2))']
