"""An entry program without the rules that cannot fire on a query's facts.

gringo pays for every rule of a program when it grounds it, whether or not the rule has an
instance: about 12 microseconds a rule, most of a small query's grounding (an orderings query of a
life event: 290 rules, of which about 90 read mana, damage or courses only). A rule with a
positive body literal (outside aggregates and conditions) whose predicate no fact has and no live
rule derives has no ground instance; leaving it out changes nothing but the time. Which rules are
live depends only on the signatures of the query's facts, so a program is sliced once per set of
signatures, per process (a slice is the indices of the statements kept: plain data, which threads
may share, unlike clingo's ASTs, ``_ast_cache``).

Which predicates each rule reads and derives is read from a table made when the encodings change
(``python tools/build_live.py``, ``live/*.json``, checked fresh by the tests): walking the parsed
program in Python would cost a one-shot command more than the slicing saves. A table whose
encoding files changed since is not used (their checksums are in it). The table also holds each
statement's text, as clingo writes it, so that a process's first query of a program gives clingo
the slice as text (:func:`live_text`) and no statement is made in Python: parsing a whole program
into ASTs costs 3-11 ms, as much as grounding a small board's query (``_parse.load_encoding``).

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
from typing import Any, NamedTuple

import clingo
import clingo.ast

from .._resources import asp_path
from ._ast_cache import ThreadCache
from ._raw_symbols import RawSymbols

__all__ = [
    "TABLES",
    "VERSION",
    "fact_shapes",
    "has_table",
    "live_statements",
    "live_text",
    "shape",
]

#: The tables, one per entry program (``tools/build_live.py`` writes them).
TABLES = Path(__file__).resolve().parent / "live"
VERSION = 3

_Signature = tuple[str, int]
#: A predicate as the tables write it: ``name/arity``.
_Predicate = str
#: A position of a predicate: (``name/arity``, position from 0).
_Position = tuple[_Predicate, int]
#: The shapes a position may hold; None: any.
_Shapes = frozenset[str] | None
#: The tables as JSON gives them, used as they are (converting them cost a one-shot command more
#: than reading them): a rule is None (kept whatever the facts) or a list of unpooled variants,
#: each [body, heads]. body: [[predicate, [[position, shape], ...]], ...], its positive literals
#: on declared predicates with the shapes they ask for; heads: [[predicate, [spec, ...]], ...],
#: a spec per argument: [shapes of its own term, [[predicate, position], ...] that bind it].
_Rules = list[Any]
#: What a query's facts are: their signatures, and the shapes at the positions the program tests.
_Inputs = tuple[frozenset[_Signature], frozenset[tuple[_Position, _Shapes]]]
_State = dict[_Predicate, list[set[str] | None]]

#: At most this many slices of a program are kept (boards name different cards).
_KEPT = 256


class _Slice(NamedTuple):
    """What is left of a program: the indices of the statements kept, and the head predicates of
    those left out (declared ``#defined``). Plain data, so one process shares them among threads."""

    kept: tuple[int, ...]
    dropped: tuple[_Signature, ...]


class _Table:
    """An entry program's table, as ``tools/build_live.py`` wrote it, and its slices made so far
    in this process (each a few hundred integers; plain data, which threads may share)."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        """From the table's JSON; TypeError, ValueError or KeyError if it is damaged."""
        rules, texts = data["rules"], data["texts"]
        if not isinstance(rules, list) or not isinstance(texts, list) or len(texts) != len(rules):
            raise ValueError("the rules and texts of a table do not match")
        if not all(isinstance(text, str) for text in texts):
            raise TypeError("a statement's text is not a string")
        self.rules: _Rules = rules
        #: The positions of fact predicates the rules test.
        self.tested = tuple(_position(text) for text in data["tested"])
        #: Each statement as clingo writes it (``str`` of its AST; clingo parses it back the same).
        self.texts: tuple[str, ...] = tuple(texts)
        #: The slices made, by the facts' signatures and shapes; None: the table failed on them.
        self.slices: dict[_Inputs, _Slice | None] = {}


#: ``#defined name/arity`` statements, made once per thread (clingo's ASTs: ``_ast_cache``).
_DEFINED: ThreadCache[_Signature, Any] = ThreadCache()


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
    ``#defined`` for their heads. Unchanged without a fresh table."""
    table = _table(path)
    if table is None or len(table.rules) != len(statements):
        return tuple(statements)
    found = _sliced(table, inputs, shapes)
    if found is None:
        return tuple(statements)
    defined = _DEFINED.mine()
    location = statements[0].location
    for signature in found.dropped:
        if signature not in defined:
            defined[signature] = clingo.ast.Defined(location, *signature, True)
    return (*(statements[i] for i in found.kept), *(defined[s] for s in found.dropped))


def live_text(
    path: Path, inputs: Iterable[_Signature], shapes: Mapping[_Position, _Shapes] | None = None
) -> str | None:
    """The same slice as :func:`live_statements` gives, as program text made from the table's
    texts (for clingo to parse: no statement is made in Python). None without a fresh table."""
    table = _table(path)
    found = None if table is None else _sliced(table, inputs, shapes)
    if table is None or found is None:
        return None
    return "\n".join(
        [
            *(table.texts[i] for i in found.kept),
            *(f"#defined {name}/{arity}." for name, arity in found.dropped),
        ]
    )


def _sliced(
    table: _Table, inputs: Iterable[_Signature], shapes: Mapping[_Position, _Shapes] | None
) -> _Slice | None:
    """The table's slice for these facts, made once per process; None: a damaged table (then the
    whole program, every time)."""
    key = (frozenset(inputs), frozenset((shapes or {}).items()))
    if key in table.slices:
        return table.slices[key]
    if len(table.slices) >= _KEPT:
        table.slices.clear()
    found: _Slice | None
    try:
        found = _slice(table.rules, key)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError):
        found = None
    table.slices[key] = found
    return found


def fact_shapes(
    path: Path, ctl: clingo.Control, signatures: Iterable[_Signature]
) -> dict[_Position, _Shapes]:
    """The shapes the facts of ``ctl`` (of these ``signatures``) hold at the positions the
    program ``path`` tests (read from clingo, by handles: a few atoms per card)."""
    table = _table(path)
    if table is None:
        return {}
    present = set(signatures)
    raw = RawSymbols()
    found: dict[_Position, _Shapes] = {}
    for predicate, position in table.tested:
        name, arity = _signature(predicate)
        if (name, arity) not in present:
            continue
        shapes: set[str] = set()
        for atom in ctl.symbolic_atoms.by_signature(name, arity):
            one = shape(raw, raw.arguments(atom.symbol._rep)[position])
            if one is None:
                break
            shapes.add(one)
        else:
            found[(predicate, position)] = frozenset(shapes)
    return found


def shape(raw: RawSymbols, handle: int) -> str | None:
    """The shape of a symbol given by its handle: its name/arity (a function), ``#n`` (a
    number), ``#s`` (a string); None for anything else (``-f(X)``, ``#inf``, ``#sup``)."""
    if raw.is_number(handle):
        return "#n"
    if raw.is_string(handle):
        return "#s"
    if raw.is_function(handle):
        return f"{raw.name(handle)}/{len(raw.arguments(handle))}"
    return None


def _slice(rules: _Rules, inputs: _Inputs) -> _Slice:
    signatures, given = inputs
    known = dict(given)
    # What can be derived: per predicate, the shapes at each position (None: any).
    state: _State = {}
    for name, arity in signatures:
        predicate = f"{name}/{arity}"
        state[predicate] = [
            None if (shapes := known.get((predicate, i))) is None else set(shapes)
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
    kept: list[int] = []
    dropped: set[_Signature] = set()
    for index, found in enumerate(rules):
        if found is None or any(_fires(body, state) for body, _ in found):
            kept.append(index)
        else:
            dropped.update(_signature(head) for _, heads in found for head, _ in heads)
    return _Slice(tuple(kept), tuple(sorted(dropped)))


def _fires(body: list[Any], state: _State) -> bool:
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


def _value(spec: list[Any], state: _State) -> set[str] | None:
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
def _table(path: Path) -> _Table | None:
    """The table of ``path``: None if it has none, an encoding file changed since it was made,
    or it cannot be read (a damaged installation: then the whole program is ground, as before
    tables)."""
    try:
        data = json.loads((TABLES / f"{path.stem}.json").read_text(encoding="utf-8"))
        if data["version"] != VERSION:
            return None
        root = asp_path()
        if any(_checksum(root / name) != checksum for name, checksum in data["files"].items()):
            return None
        return _Table(data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, IndexError):
        return None


@cache
def _checksum(path: Path) -> int | None:
    """An encoding file's CRC-32 (read once per process: the programs share most files)."""
    try:
        return zlib.crc32(path.read_bytes())
    except OSError:
        return None


def _signature(predicate: _Predicate) -> _Signature:
    name, _, arity = predicate.rpartition("/")
    return name, int(arity)


def _position(text: str) -> _Position:
    predicate, _, position = text.rpartition(":")
    _signature(predicate)  # (a damaged entry fails here, when the table is read)
    return predicate, int(position)
