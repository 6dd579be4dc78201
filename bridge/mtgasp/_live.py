"""An entry program without the rules that cannot fire on a query's facts.

gringo pays for every rule of a program when it grounds it, whether or not the rule has an
instance: about 12 microseconds a rule, most of a small query's grounding (an orderings query of a
life event: 290 rules, of which about 90 read mana, damage or courses only). A rule with a
positive body literal (outside aggregates and conditions) whose predicate no fact has and no live
rule derives has no ground instance; leaving it out changes nothing but the time. Which rules are
live depends only on the signatures of the query's facts, so a program is sliced once per set of
signatures (per thread: the statements are clingo ASTs, ``_ast_cache``).

Which predicates each rule reads and derives is read from a table made when the encodings change
(``python tools/build_live.py``, ``live/*.json``, checked fresh by the tests): walking the parsed
program in Python would cost a one-shot command more than the slicing saves. A table whose
encoding files changed since is not used (their checksums are in it).

Every entry program has a table, and every query of one is sliced, the first of a process too
(``_parse.load_encoding``): its stable models are those of the whole program, but a smaller ground
program can lead the solver to another first model, and so to another witness (a castable plan,
a course's example), so that a query must never be sliced one time and whole another. A query
with a user's program (``prove``) or the fired record (``mtgasp coverage``) is never sliced.

The head predicates of left-out rules are declared ``#defined``: clingo would otherwise say that
an atom of theirs occurs in no rule head (an error for mtgasp's own encodings). clingo checks
this by the atom's shape, not only its predicate (``item(w(O, N, E))`` when only the rules of
``item(cast(O))`` are left), so this holds of every such predicate, derivable or not. A body
predicate that nothing declares (a typo) never makes a rule dead: clingo still reports it. The
analysis over-approximates what can be derived (every atom of a live rule's head counts,
conditions included), so it may keep a rule that cannot fire, never leave out one that can.

Beyond predicates, the analysis follows the *shapes* of arguments: a function's name and arity
(``would_gain_life/1``), or a number (``#n``) or a string (``#s``). A rule whose body asks for
``_condition(R, would_deal_damage(To, K))`` cannot fire when no fact and no live rule can give
``_condition/2`` a second argument of shape ``would_deal_damage/2``: on a board without
prevention effects, every rule about damage values is left out, most of them in the replacement
graph's recursion, where gringo visits each rule again on every round. Shapes flow from the
facts (the positions the program tests, read from the Control: ``fact_shapes``) through the
rules: a head's argument takes the shape its term has, or, for a variable, the shapes of the
body positions that bind it (all of them: a value must fit each), narrowed by ``X = f(..)``.
Anything else (a variable bound only in an aggregate, a condition or an arithmetic term of
unknown shape) may be anything.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import clingo
import clingo.ast
from clingo.ast import ASTType, ComparisonOperator, Sign

from ._asp_atoms import signature, symbolic_atoms
from ._ast_cache import ThreadCache
from ._resources import asp_path

__all__ = ["TABLES", "fact_shapes", "has_table", "live_statements", "make_table"]

#: The tables, one per entry program (``tools/build_live.py`` writes them).
TABLES = Path(__file__).resolve().parent / "live"
_VERSION = 2

_Signature = tuple[str, int]
#: A position of a predicate: (name, arity, position from 0).
_Position = tuple[str, int, int]
#: The shapes a position may hold; None: any.
_Shapes = frozenset[str] | None
#: What a head's argument is: the shapes of its term itself (``("f/2",)``), and the body positions
#: that bind it (a variable); no shapes and no positions: it may be anything.
_Spec = tuple[tuple[str, ...], tuple[tuple[_Signature, int], ...]]
#: A positive body literal on a declared predicate, with the shapes it asks for at positions.
_Literal = tuple[_Signature, tuple[tuple[int, str], ...]]
#: One unpooled variant of a rule: its positive body literals, its heads with their arguments.
_Variant = tuple[tuple[_Literal, ...], tuple[tuple[_Signature, tuple[_Spec, ...]], ...]]
#: Each statement's variants (None: kept whatever the facts).
_Rules = tuple[tuple[_Variant, ...] | None, ...]
#: What a query's facts are: their signatures, and the shapes at the positions the program tests.
_Inputs = tuple[frozenset[_Signature], frozenset[tuple[_Position, _Shapes]]]

#: At most this many slices of a program are kept per thread (boards name different cards).
_KEPT = 256
_SLICES: ThreadCache[tuple[Path, _Inputs], tuple[Any, ...]] = ThreadCache()


def has_table(path: Path) -> bool:
    """Whether the entry program ``path`` has a fresh table (its queries are sliced)."""
    return _table(path) is not None


def live_statements(
    path: Path,
    statements: Sequence[Any],
    inputs: Iterable[_Signature],
    shapes: Mapping[_Position, _Shapes] | None = None,
) -> tuple[Any, ...]:
    """``statements``, the entry program ``path`` parsed, without the rules that cannot fire
    when the only facts are of the signatures ``inputs``, whose tested positions hold the
    ``shapes`` given (:func:`fact_shapes`; a position not given may hold anything), with
    ``#defined`` for their heads. Kept for the thread. Unchanged without a fresh table."""
    table = _table(path)
    if table is None or len(table[0]) != len(statements):
        return tuple(statements)
    key = (path, (frozenset(inputs), frozenset((shapes or {}).items())))
    slices = _SLICES.mine()
    found = slices.get(key)
    if found is None:
        if len(slices) >= _KEPT:
            slices.clear()
        found = slices[key] = _slice(statements, table[0], key[1])
    return found


def fact_shapes(path: Path, ctl: clingo.Control) -> dict[_Position, _Shapes]:
    """The shapes the facts of ``ctl`` hold at the positions the program ``path`` tests (of the
    predicates it has facts of: read from clingo, a few atoms per card)."""
    table = _table(path)
    if table is None:
        return {}
    present = {(name, arity) for name, arity, _ in ctl.symbolic_atoms.signatures}
    found: dict[_Position, _Shapes] = {}
    for name, arity, position in table[1]:
        if (name, arity) not in present:
            continue
        shapes: set[str] = set()
        for atom in ctl.symbolic_atoms.by_signature(name, arity):
            shape = _symbol_shape(atom.symbol.arguments[position])
            if shape is None:
                break
            shapes.add(shape)
        else:
            found[(name, arity, position)] = frozenset(shapes)
    return found


def _symbol_shape(symbol: clingo.Symbol) -> str | None:
    kind = symbol.type
    if kind == clingo.SymbolType.Number:
        return "#n"
    if kind == clingo.SymbolType.String:
        return "#s"
    if kind == clingo.SymbolType.Function and symbol.positive:
        return f"{symbol.name}/{len(symbol.arguments)}"
    return None


def _slice(statements: Sequence[Any], rules: _Rules, inputs: _Inputs) -> tuple[Any, ...]:
    signatures, given = inputs
    known = dict(given)
    # What can be derived: per predicate, the shapes at each position (None: any).
    state: dict[_Signature, list[set[str] | None]] = {}
    for name, arity in signatures:
        state[(name, arity)] = [
            None if (shapes := known.get((name, arity, i))) is None else set(shapes)
            for i in range(arity)
        ]
    variants = [variant for found in rules if found is not None for variant in found]
    changed = True
    while changed:  # the least fixed point: a few rounds (the longest chain of predicates)
        changed = False
        for body, heads in variants:
            if not _fires(body, state):
                continue
            for head, specs in heads:
                values = [_value(spec, state) for spec in specs]
                old = state.get(head)
                if old is None:
                    state[head] = values
                    changed = True
                    continue
                for i, value in enumerate(values):
                    now = old[i]
                    if now is None:
                        continue
                    if value is None:
                        old[i] = None
                        changed = True
                    elif not value <= now:
                        now |= value
                        changed = True
    kept: list[Any] = []
    dropped: set[_Signature] = set()
    for statement, found in zip(statements, rules, strict=True):
        if found is None or any(_fires(body, state) for body, _ in found):
            kept.append(statement)
        else:
            dropped.update(head for _, heads in found for head, _ in heads)
    location = statements[0].location
    kept.extend(clingo.ast.Defined(location, name, arity, True) for name, arity in sorted(dropped))
    return tuple(kept)


def _fires(body: tuple[_Literal, ...], state: dict[_Signature, list[set[str] | None]]) -> bool:
    """Whether every positive body literal may hold: its predicate derivable, each shape it
    asks for possible at its position."""
    for predicate, tests in body:
        positions = state.get(predicate)
        if positions is None:
            return False
        for i, shape in tests:
            possible = positions[i]
            if possible is not None and shape not in possible:
                return False
    return True


def _value(spec: _Spec, state: dict[_Signature, list[set[str] | None]]) -> set[str] | None:
    """The shapes a head's argument may take (None: any): those its term has, and those every
    body position binding it allows."""
    own, bindings = spec
    found: set[str] | None = set(own) if own else None
    for predicate, i in bindings:
        possible = state[predicate][i]
        if possible is not None:
            found = set(possible) if found is None else found & possible
    return found


@cache
def _table(path: Path) -> tuple[_Rules, tuple[_Position, ...]] | None:
    """The table of ``path`` (its rules, and the positions of fact predicates the rules test):
    None if it has none, an encoding file changed since it was made, or it cannot be read (a
    damaged installation: then the whole program is ground, as before tables)."""
    try:
        data = json.loads((TABLES / f"{path.stem}.json").read_text(encoding="utf-8"))
        if data["version"] != _VERSION:
            return None
        root = asp_path()
        if any(_checksum(root / name) != checksum for name, checksum in data["files"].items()):
            return None
        return _rules(data), tuple(_position(text) for text in data["tested"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None


@cache
def _checksum(path: Path) -> int | None:
    """An encoding file's CRC-32 (read once per process: the programs share most files)."""
    try:
        return zlib.crc32(path.read_bytes())
    except OSError:
        return None


def _rules(table: dict[str, Any]) -> _Rules:
    return tuple(
        None
        if rule is None
        else tuple(
            (
                tuple(
                    (_signature(literal), tuple((int(i), str(s)) for i, s in tests))
                    for literal, tests in body
                ),
                tuple(
                    (
                        _signature(head),
                        tuple(
                            (tuple(map(str, own)), tuple((_signature(p), int(i)) for p, i in bound))
                            for own, bound in specs
                        ),
                    )
                    for head, specs in heads
                ),
            )
            for body, heads in rule
        )
        for rule in table["rules"]
    )


def _signature(text: str) -> _Signature:
    name, _, arity = text.rpartition("/")
    return name, int(arity)


def _position(text: str) -> _Position:
    name, arity = _signature(text.rpartition(":")[0])
    return name, arity, int(text.rpartition(":")[2])


def make_table(statements: Sequence[Any]) -> dict[str, Any]:
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
        "version": _VERSION,
        "files": {
            f.relative_to(root).as_posix(): zlib.crc32(f.read_bytes())
            for f in files
            if f.is_relative_to(root)
        },
        "tested": [f"{name}/{arity}:{i}" for name, arity, i in tested],
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
        return _symbol_shape(symbol)
    if kind in (ASTType.BinaryOperation, ASTType.Interval):
        return "#n"
    return None
