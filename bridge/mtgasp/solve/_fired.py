"""Recording which rules of mtgasp's encodings fire (for ``mtgasp coverage``): off unless a
:func:`recording_fired` block is open (``tests/conftest.py --record-fired``).

While recording, every grounding (``solve._grounded``) also derives ``__mtgasp_fired(File,
Line)`` wherever the body of the rule starting on ``Line`` of ``File`` (relative to asp/, e.g.
``rules/106-mana.lp``) holds, for each rule with a head (an integrity constraint never holds in a
model); a propagator that only watches collects each such atom true in some model found.
Recording grounds every body twice and watches every model: it is for coverage runs only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import clingo
import clingo.ast

from .._resources import asp_path

__all__ = ["fired_rules", "recording", "recording_fired", "watch"]

#: The sets recording, each, the (File, Line) of the rules that fired inside its block.
_RECORDING: list[set[tuple[str, int]]] = []
_FIRED = "__mtgasp_fired"


@contextmanager
def recording_fired() -> Iterator[set[tuple[str, int]]]:
    """Inside the ``with`` block, the set yielded collects the ``(File, Line)`` of every rule of
    mtgasp's encodings whose body held in some model found (see the module's doc)."""
    fired: set[tuple[str, int]] = set()
    _RECORDING.append(fired)
    try:
        yield fired
    finally:
        _RECORDING.remove(fired)


def recording() -> bool:
    """True inside a :func:`recording_fired` block."""
    return bool(_RECORDING)


def fired_rules(statements: Iterable[Any]) -> list[Any]:
    """For each rule with a head among ``statements`` (parsed from mtgasp's encodings), the rule
    ``__mtgasp_fired(File, Line) :- Body.``"""
    root = asp_path().resolve()
    found = []
    for statement in statements:
        if statement.ast_type != clingo.ast.ASTType.Rule:
            continue
        head = statement.head
        if (
            head.ast_type == clingo.ast.ASTType.Literal
            and head.atom.ast_type == clingo.ast.ASTType.BooleanConstant
        ):
            continue  # an integrity constraint
        begin = statement.location.begin
        try:
            file = Path(begin.filename).resolve().relative_to(root).as_posix()
        except ValueError:
            continue
        loc = statement.location
        arguments = [
            clingo.ast.SymbolicTerm(loc, clingo.String(file)),
            clingo.ast.SymbolicTerm(loc, clingo.Number(begin.line)),
        ]
        term = clingo.ast.Function(loc, _FIRED, arguments, 0)
        atom = clingo.ast.Literal(loc, clingo.ast.Sign.NoSign, clingo.ast.SymbolicAtom(term))
        found.append(clingo.ast.Rule(loc, atom, statement.body))
    return found


def watch(ctl: clingo.Control) -> None:
    """Record, into every open recording set, the fired atoms true in the models ``ctl`` finds."""
    ctl.register_propagator(_FiredWatch(list(_RECORDING)))  # type: ignore[arg-type]


class _FiredWatch:
    """A propagator that only watches: on each model (a total assignment), which
    ``__mtgasp_fired`` atoms are true; each is recorded once."""

    def __init__(self, sinks: Sequence[set[tuple[str, int]]]):
        self._sinks = sinks
        self._open: dict[int, list[tuple[str, int]]] = {}

    def init(self, init: clingo.PropagateInit) -> None:
        self._open = {}
        for atom in init.symbolic_atoms.by_signature(_FIRED, 2):
            file, line = atom.symbol.arguments
            key = (file.string, line.number)
            self._open.setdefault(init.solver_literal(atom.literal), []).append(key)
        init.check_mode = clingo.PropagatorCheckMode.Total

    def check(self, control: clingo.PropagateControl) -> None:
        for literal in [lit for lit in self._open if control.assignment.is_true(lit)]:
            for key in self._open.pop(literal):
                for sink in self._sinks:
                    sink.add(key)
