"""The tables ``_live`` slices programs with, made from an entry program's parsed statements
(``tools/build_live.py``): for each rule, its positive body literals with the shapes they ask for,
and its heads with what each argument may be (``_live``'s docstring says how they are used)."""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

import clingo
import clingo.ast
from clingo.ast import ASTType, ComparisonOperator, Sign

from .._resources import asp_path
from ._asp_atoms import signature, symbolic_atoms
from ._live import VERSION, shape
from ._raw_symbols import RawSymbols

__all__ = ["make_table"]

_Signature = tuple[str, int]
#: What a head's argument is: the shapes of its own term (``("f/2",)``), and the body positions
#: that bind it (a variable); no shapes and no positions: it may be anything.
_Spec = tuple[tuple[str, ...], tuple[tuple[_Signature, int], ...]]
#: A positive body literal on a declared predicate, with the shapes it asks for at positions.
_Literal = tuple[_Signature, tuple[tuple[int, str], ...]]
#: One unpooled variant of a rule: its positive body literals, its heads with their arguments.
_Variant = tuple[tuple[_Literal, ...], tuple[tuple[_Signature, tuple[_Spec, ...]], ...]]


def make_table(statements: list[Any] | tuple[Any, ...]) -> dict[str, Any]:
    """The table of an entry program, parsed (``tools/build_live.py``)."""
    declared = {(s.name, s.arity) for s in statements if s.ast_type == ASTType.Defined}
    # A constant (#const) is replaced by its value when grounding: its name is not a shape.
    constants = frozenset(s.name for s in statements if s.ast_type == ASTType.Definition)
    for statement in statements:
        for _, heads in _analyse(statement, None, constants) or ():
            declared |= {head for head, _ in heads}
    analysed = [_analyse(s, declared, constants) for s in statements]
    derived = {head for variants in analysed for _, heads in variants or () for head, _ in heads}
    # The positions whose shapes can matter: those a body tests, and those that bind a head's
    # argument at a position that matters. Of those, the facts' are read at each query.
    matters = {
        (name, arity, i)
        for variants in analysed
        for body, _ in variants or ()
        for (name, arity), tests in body
        for i, _ in tests
    }
    grown = True
    while grown:
        grown = False
        for variants in analysed:
            for _, heads in variants or ():
                for head, specs in heads:
                    for i, (_, bound) in enumerate(specs):
                        if (*head, i) in matters:
                            for predicate, j in bound:
                                if (*predicate, j) not in matters:
                                    matters.add((*predicate, j))
                                    grown = True
    tested = sorted(position for position in matters if position[:2] not in derived)
    root = asp_path().resolve()
    files = sorted({Path(s.location.begin.filename).resolve() for s in statements})
    return {
        "version": VERSION,
        "files": {
            f.relative_to(root).as_posix(): zlib.crc32(f.read_bytes())
            for f in files
            if f.is_relative_to(root)
        },
        "tested": [f"{name}/{arity}:{i}" for name, arity, i in tested],
        "texts": [str(statement) for statement in statements],
        "rules": [
            None
            if variants is None
            else [
                [
                    [[_text(p), [[i, s] for i, s in tests]] for p, tests in body],
                    [
                        [
                            _text(h),
                            [
                                [list(own), [[_text(p), i] for p, i in bound]]
                                for own, bound in specs
                            ],
                        ]
                        for h, specs in heads
                    ],
                ]
                for body, heads in variants
            ]
            for variants in analysed
        ],
    }


def _text(signature: _Signature) -> str:
    return f"{signature[0]}/{signature[1]}"


def _analyse(
    statement: Any, declared: set[_Signature] | None, constants: frozenset[str]
) -> tuple[_Variant, ...] | None:
    """A statement's variants: the positive body literals on ``declared`` predicates (all, when
    None) with the shapes they ask for, and its heads with what each argument may be (the names
    of ``constants`` stand for values of any shape)."""
    if statement.ast_type == ASTType.External:
        # Its atom is derivable whatever the facts: the bridge assigns it (``ground``).
        atom = _head(statement.atom, {}, {}, constants)
        return (((), (atom,) if atom is not None else ()),)
    if statement.ast_type != ASTType.Rule:
        return None
    variants = []
    for rule in statement.unpool():
        literals = [
            literal.atom
            for literal in rule.body
            if literal.ast_type == ASTType.Literal and literal.sign == Sign.NoSign
        ]
        # X = f(..): X has f's shape.
        narrowed: dict[str, set[str]] = {}
        for atom in literals:
            if atom.ast_type == ASTType.Comparison and len(atom.guards) == 1:
                guard = atom.guards[0]
                if guard.comparison == ComparisonOperator.Equal:
                    for left, right in ((atom.term, guard.term), (guard.term, atom.term)):
                        shape = _term_shape(right, constants)
                        if left.ast_type == ASTType.Variable and shape is not None:
                            narrowed.setdefault(left.name, set()).add(shape)
        bound: dict[str, list[tuple[_Signature, int]]] = {}
        body: list[_Literal] = []
        for atom in literals:
            if atom.ast_type != ASTType.SymbolicAtom:
                continue
            predicate = signature(atom)
            if predicate is None or (declared is not None and predicate not in declared):
                continue
            tests: set[tuple[int, str]] = set()
            for i, argument in enumerate(_arguments(atom.symbol)):
                if argument.ast_type == ASTType.Variable:
                    if argument.name != "_":
                        bound.setdefault(argument.name, []).append((predicate, i))
                        tests.update((i, shape) for shape in narrowed.get(argument.name, ()))
                elif (shape := _term_shape(argument, constants)) is not None and shape[0] != "#":
                    tests.add((i, shape))
            body.append((predicate, tuple(sorted(tests))))
        heads = tuple(
            found
            for atom in symbolic_atoms(rule.head)
            if (found := _head(atom, bound, narrowed, constants)) is not None
        )
        variants.append((tuple(body), heads))
    return tuple(variants)


def _head(
    atom: Any,
    bound: dict[str, list[tuple[_Signature, int]]],
    narrowed: dict[str, set[str]],
    constants: frozenset[str],
) -> tuple[_Signature, tuple[_Spec, ...]] | None:
    predicate = signature(atom)
    if predicate is None:
        return None
    specs: list[_Spec] = []
    for argument in _arguments(atom.symbol):
        if argument.ast_type == ASTType.Variable:
            own = narrowed.get(argument.name, set())
            specs.append((tuple(sorted(own)), tuple(sorted(set(bound.get(argument.name, ()))))))
        else:
            shape = _term_shape(argument, constants)
            specs.append(((shape,) if shape is not None else (), ()))
    return predicate, tuple(specs)


def _arguments(term: Any) -> list[Any]:
    """The arguments of an atom's term (a constant atom has none)."""
    if term.ast_type == ASTType.Function:
        return list(term.arguments)
    if term.ast_type == ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        return [clingo.ast.SymbolicTerm(term.location, s) for s in term.symbol.arguments]
    return []


def _term_shape(term: Any, constants: frozenset[str]) -> str | None:
    """The shape of a term as written: a function's name/arity, ``#n`` for a number (or
    arithmetic), ``#s`` for a string; None when it cannot be told (a variable, ``-t``, a
    constant's name: ``horizon`` is a number once ground)."""
    kind = term.ast_type
    if kind == ASTType.Function and not term.external:
        if not term.arguments and term.name in constants:
            return None
        return f"{term.name}/{len(term.arguments)}"
    if kind == ASTType.SymbolicTerm:
        symbol = term.symbol
        if (
            symbol.type == clingo.SymbolType.Function
            and not symbol.arguments
            and symbol.name in constants
        ):
            return None
        return shape(RawSymbols(), symbol._rep)
    if kind in (ASTType.BinaryOperation, ASTType.Interval):
        return "#n"
    return None
