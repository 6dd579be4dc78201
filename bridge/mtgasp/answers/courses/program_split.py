"""The ground program of a course query as clasp gets it (a ``clingo.Observer``), and its split
into a bottom and independent parts (the splitting set theorem; see ``final_states``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from clingo import Symbol

from .count import _handle

__all__ = ["Program", "Rule", "Split", "split_program"]


#: A rule as the observer sees it: choice, head atoms, body literals (weight: (literal, weight))
#: and the lower bound of a weight rule (None for a plain rule).
Rule = tuple[bool, Sequence[int], Sequence[int] | Sequence[tuple[int, int]], int | None]


class Program:
    """The ground program passed to the solver (a ``clingo.Observer``): its rules and shown
    symbols; ``other`` when it has a statement the split does not read (then it is not split)."""

    def __init__(self) -> None:
        self.rules: list[Rule] = []
        self.shown: list[tuple[Symbol, Sequence[int]]] = []
        self.other = False

    def rule(self, choice: bool, head: Sequence[int], body: Sequence[int]) -> None:
        self.rules.append((choice, head, body, None))
        if len(head) > 1 and not choice:
            self.other = True  # a disjunction

    def weight_rule(
        self, choice: bool, head: Sequence[int], lower_bound: int, body: Sequence[tuple[int, int]]
    ) -> None:
        self.rules.append((choice, head, body, lower_bound))
        if len(head) > 1 and not choice:
            self.other = True

    def output_atom(self, symbol: Symbol, atom: int) -> None:
        self.shown.append((symbol, [atom] if atom else []))

    def output_term(self, symbol: Symbol, condition: Sequence[int]) -> None:
        self.shown.append((symbol, condition))

    def _unread(self, *_: object) -> None:
        self.other = True

    minimize = external = assume = heuristic = acyc_edge = theory_atom = _unread
    theory_atom_with_guard = _unread


def _atoms(rule: Rule) -> list[int]:
    """The atoms a rule mentions, head and body."""
    _, head, body, bound = rule
    if bound is None:
        return [*head, *(abs(lit) for lit in body)]  # type: ignore[arg-type]
    return [*head, *(abs(lit) for lit, _ in body)]  # type: ignore[misc]


@dataclass(frozen=True)
class Split:
    """The bottom (atoms in no part), the parts (atom -> part number), the rules of the bottom
    and the atoms of the bottom that the parts read."""

    part: dict[int, int]
    parts: int
    bottom: list[int]
    bottom_rules: list[Rule]
    interface: list[int]


def split_program(program: Program) -> Split | None:
    """The bottom and the independent parts of the rest, or None (fewer than two parts)."""
    if program.other:
        return None
    rule_atoms = [_atoms(rule) for rule in program.rules]
    feeds: dict[int, list[int]] = defaultdict(list)  # body atom -> rules it is in
    choices: set[int] = set()
    for index, (choice, head, _, _) in enumerate(program.rules):
        if choice:
            choices.update(head)
        for atom in rule_atoms[index][len(head) :]:
            feeds[atom].append(index)

    def reached(starts: set[int], keep: bool) -> set[int]:
        """The atoms a path of rules leads to from ``starts`` (with them if ``keep``)."""
        seen = set(starts) if keep else set()
        todo = list(starts)
        while todo:
            for index in feeds.get(todo.pop(), ()):
                for atom in program.rules[index][1]:
                    if atom not in seen:
                        seen.add(atom)
                        todo.append(atom)
        return seen

    later = choices & reached(choices, keep=False)  # choices another choice leads to
    top = reached(later, keep=True)
    if not top:
        return None
    parent: dict[int, int] = {atom: atom for atom in top}

    def find(atom: int) -> int:
        while parent[atom] != atom:
            parent[atom] = parent[parent[atom]]
            atom = parent[atom]
        return atom

    def join(atoms: Sequence[int]) -> None:
        linked = [a for a in atoms if a in top]
        for atom in linked[1:]:
            parent[find(atom)] = find(linked[0])

    interface: set[int] = set()
    bottom_rules: list[Rule] = []
    for rule, atoms in zip(program.rules, rule_atoms, strict=True):
        if any(a in top for a in atoms):
            join(atoms)
            interface.update(a for a in atoms if a not in top)
        else:
            bottom_rules.append(rule)
    shown_as: dict[int, list[int]] = defaultdict(list)  # a symbol shown under several conditions
    for symbol, condition in program.shown:
        atoms = [abs(lit) for lit in condition]
        join(atoms)
        interface.update(a for a in atoms if a not in top and any(b in top for b in atoms))
        shown_as[_handle(symbol)].extend(a for a in atoms if a in top)
    for atoms in shown_as.values():
        join(atoms)
    roots = sorted({find(atom) for atom in top})
    if len(roots) < 2:
        return None
    number = {root: i for i, root in enumerate(roots)}
    every = {a for atoms in rule_atoms for a in atoms}
    return Split(
        part={atom: number[find(atom)] for atom in top},
        parts=len(roots),
        bottom=sorted(every - top),
        bottom_rules=bottom_rules,
        interface=sorted(interface),
    )
