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
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import clingo.ast
from clingo.ast import ASTType, Sign

from ._asp_atoms import signature, symbolic_atoms
from ._ast_cache import ThreadCache
from ._resources import asp_path

__all__ = ["TABLES", "has_table", "live_statements", "make_table"]

#: The tables, one per entry program (``tools/build_live.py`` writes them).
TABLES = Path(__file__).resolve().parent / "live"
_VERSION = 1

_Signature = tuple[str, int]
#: One unpooled variant of a rule: the declared predicates of its positive body, of its head.
_Variant = tuple[frozenset[_Signature], frozenset[_Signature]]
#: Each statement's variants (None: kept whatever the facts).
_Rules = tuple[tuple[_Variant, ...] | None, ...]

#: At most this many slices of a program are kept per thread (boards name different cards).
_KEPT = 256
_SLICES: ThreadCache[tuple[Path, frozenset[_Signature]], tuple[Any, ...]] = ThreadCache()


def has_table(path: Path) -> bool:
    """Whether the entry program ``path`` has a fresh table (its queries are sliced)."""
    return _table(path) is not None


def live_statements(
    path: Path, statements: Sequence[Any], inputs: Iterable[_Signature]
) -> tuple[Any, ...]:
    """``statements``, the entry program ``path`` parsed, without the rules that cannot fire
    when the only facts are of the signatures ``inputs``, with ``#defined`` for their heads.
    Kept for the thread. Unchanged without a fresh table."""
    rules = _table(path)
    if rules is None or len(rules) != len(statements):
        return tuple(statements)
    key = (path, frozenset(inputs))
    slices = _SLICES.mine()
    found = slices.get(key)
    if found is None:
        if len(slices) >= _KEPT:
            slices.clear()
        found = slices[key] = _slice(statements, rules, key[1])
    return found


def _slice(
    statements: Sequence[Any], rules: _Rules, inputs: frozenset[_Signature]
) -> tuple[Any, ...]:
    derivable = set(inputs)
    variants = [found for found in rules if found is not None]
    changed = True
    while changed:  # the least fixed point: a few rounds (the longest chain of predicates)
        changed = False
        for rule in variants:
            for body, heads in rule:
                if body <= derivable and not heads <= derivable:
                    derivable |= heads
                    changed = True
    kept: list[Any] = []
    dropped: set[_Signature] = set()
    for statement, found in zip(statements, rules, strict=True):
        if found is None or any(body <= derivable for body, _ in found):
            kept.append(statement)
        else:
            dropped.update(head for _, heads in found for head in heads)
    location = statements[0].location
    kept.extend(clingo.ast.Defined(location, name, arity, True) for name, arity in sorted(dropped))
    return tuple(kept)


@cache
def _table(path: Path) -> _Rules | None:
    """The table of ``path``: None if it has none, an encoding file changed since it was made,
    or it cannot be read (a damaged installation: then the whole program is ground, as before
    tables)."""
    try:
        data = json.loads((TABLES / f"{path.stem}.json").read_text(encoding="utf-8"))
        if data["version"] != _VERSION:
            return None
        root = asp_path()
        if any(_checksum(root / name) != checksum for name, checksum in data["files"].items()):
            return None
        return _rules(data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
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
        None if rule is None else tuple((_signatures(b), _signatures(h)) for b, h in rule)
        for rule in table["rules"]
    )


def _signatures(texts: list[str]) -> frozenset[_Signature]:
    found = set()
    for text in texts:
        name, _, arity = text.rpartition("/")
        found.add((name, int(arity)))
    return frozenset(found)


def make_table(statements: Sequence[Any]) -> dict[str, Any]:
    """The table of an entry program, parsed (``tools/build_live.py``)."""
    analysed = [_analyse(s) for s in statements]
    declared = {(s.name, s.arity) for s in statements if s.ast_type == ASTType.Defined}
    for variants in analysed:
        for _, heads in variants or ():
            declared |= heads
    root = asp_path().resolve()
    files = sorted({Path(s.location.begin.filename).resolve() for s in statements})
    return {
        "version": _VERSION,
        "files": {
            f.relative_to(root).as_posix(): zlib.crc32(f.read_bytes())
            for f in files
            if f.is_relative_to(root)
        },
        "rules": [
            None
            if variants is None
            else [[_texts(body & declared), _texts(heads)] for body, heads in variants]
            for variants in analysed
        ],
    }


def _texts(signatures: Iterable[_Signature]) -> list[str]:
    return sorted(f"{name}/{arity}" for name, arity in signatures)


def _analyse(statement: Any) -> tuple[_Variant, ...] | None:
    if statement.ast_type == ASTType.External:
        # Its atom is derivable whatever the facts: the bridge assigns it (``ground``).
        atom = signature(statement.atom)
        return ((frozenset(), frozenset([atom] if atom is not None else [])),)
    if statement.ast_type != ASTType.Rule:
        return None
    variants = []
    for rule in statement.unpool():
        body = frozenset(
            found
            for literal in rule.body
            if literal.ast_type == ASTType.Literal
            and literal.sign == Sign.NoSign
            and literal.atom.ast_type == ASTType.SymbolicAtom
            and (found := signature(literal.atom)) is not None
        )
        heads = frozenset(
            found for atom in symbolic_atoms(rule.head) if (found := signature(atom)) is not None
        )
        variants.append((body, heads))
    return tuple(variants)
