"""Conventions of the encodings, checked on the programs as clingo parses them (clingo.ast).

- Every rule group of asp/rules (a comment block and the rules under it, up to the next blank
  line or comment block) cites a CR number in its comment block.
- A private helper (a predicate whose name starts with `_`) is used in one file only.
- defined.lp declares only inputs: no rule of asp/rules or asp/queries derives a declared
  predicate (except queries/_boards.lp, which chooses the board's inputs for `prove`).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import clingo.ast as ast

from mtgasp._resources import asp_path
from mtgasp.answers.coverage import comment_block_above
from mtgasp.solve import _asp_atoms
from mtgasp.solve._asp_atoms import symbolic_atoms

ASP = asp_path()
RULE_FILES = sorted((ASP / "rules").glob("*.lp"))
QUERY_FILES = sorted((ASP / "queries").glob("*.lp"))
CR_NUMBER = re.compile(r"\b\d{3}\.\d+[a-z]?\b")
BOARD_GENERATOR = ASP / "queries" / "_boards.lp"


def statements(path: Path) -> list[Any]:
    """The statements of ``path`` itself (not of the files it includes)."""
    found: list[Any] = []
    ast.parse_files([str(path)], found.append)
    return [s for s in found if s.location.begin.filename == str(path)]


def _signature(atom: Any) -> str | None:
    found = _asp_atoms.signature(atom)
    return None if found is None else f"{found[0]}/{found[1]}"


def _head_atoms(node: Any) -> Iterator[Any]:
    """The atoms a rule head derives (not the conditions of its elements)."""
    if isinstance(node, ast.AST):
        if node.ast_type == ast.ASTType.ConditionalLiteral:
            yield from symbolic_atoms(node.literal)
        elif node.ast_type == ast.ASTType.SymbolicAtom:
            yield node
        else:
            for key in node.child_keys:
                yield from _head_atoms(getattr(node, key))
    elif isinstance(node, (list, tuple)) or type(node).__name__ == "ASTSequence":
        for child in node:
            yield from _head_atoms(child)


def predicates(path: Path) -> tuple[set[str], set[str]]:
    """(derived, used): the predicates rules of ``path`` derive, and every predicate it names."""
    derived: set[str] = set()
    used: set[str] = set()
    for statement in statements(path):
        for atom in symbolic_atoms(statement):
            if (sig := _signature(atom)) is not None:
                used.add(sig)
        if statement.ast_type == ast.ASTType.Rule:
            derived |= {s for a in _head_atoms(statement.head) if (s := _signature(a))}
        elif statement.ast_type in (ast.ASTType.ShowSignature, ast.ASTType.Defined):
            used.add(f"{statement.name}/{statement.arity}")
    return derived, used


def uncited_rule_groups(path: Path) -> list[tuple[int, str]]:
    """(line, rule) of each rule with a body whose group's comment block cites no CR number."""
    lines = path.read_text(encoding="utf-8").splitlines()
    uncited = []
    for statement in statements(path):
        if statement.ast_type != ast.ASTType.Rule or len(statement.body) == 0:
            continue
        block = comment_block_above(lines, statement.location.begin.line - 1)
        if not any(CR_NUMBER.search(line) for line in block):
            uncited.append((statement.location.begin.line, str(statement)))
    return uncited


def test_every_rule_group_cites_a_cr_number() -> None:
    uncited = [
        f"{path.name}:{line}: {rule}"
        for path in RULE_FILES
        for line, rule in uncited_rule_groups(path)
    ]
    assert not uncited, "rule groups without a CR number:\n" + "\n".join(uncited)


def test_the_citation_check_sees_a_missing_citation(tmp_path: Path) -> None:
    program = tmp_path / "p.lp"
    program.write_text(
        "% 302.6: cited.\na(X) :- b(X).\nc(X) :- a(X).\n\n"
        "d(X) :- c(X).\n% no number\ne(X) :- d(X).\n"
    )
    assert [line for line, _ in uncited_rule_groups(program)] == [5, 7]


def test_private_helpers_are_used_in_their_own_file_only() -> None:
    files_of: dict[str, set[str]] = defaultdict(set)
    for path in [*RULE_FILES, *QUERY_FILES]:
        for signature in predicates(path)[1]:
            if signature.startswith("_"):
                files_of[signature].add(path.name)
    shared = {sig: sorted(files) for sig, files in files_of.items() if len(files) > 1}
    assert not shared, f"private helpers used in more than one file: {shared}"


def declared_inputs() -> set[str]:
    return {
        f"{s.name}/{s.arity}"
        for s in statements(ASP / "defined.lp")
        if s.ast_type == ast.ASTType.Defined
    }


def test_defined_declares_only_inputs() -> None:
    declared = declared_inputs()
    derived = {
        f"{path.name}: {signature}"
        for path in [*RULE_FILES, *QUERY_FILES]
        if path != BOARD_GENERATOR
        for signature in predicates(path)[0] & declared
    }
    assert not derived, f"defined.lp declares derived predicates: {sorted(derived)}"


def _arity(arguments: str) -> int:
    depth, count = 0, 1
    for char in arguments:
        depth += (char == "(") - (char == ")")
        count += char == "," and depth == 0
    return count


def readme_table_predicates() -> set[str]:
    """The predicates named in the first column of asp/README.md's tables."""
    found = set()
    for line in (ASP / "README.md").read_text(encoding="utf-8").splitlines():
        if not line.startswith("|") or line.startswith("| ---"):
            continue
        for name, arguments, arity in re.findall(
            r"`([a-z]\w*)(?:\(([^`]*)\)|/(\d+))?`", line.split("|")[1]
        ):
            count = int(arity) if arity else _arity(arguments) if arguments else 0
            found.add(f"{name}/{count}")
    return found


def test_the_readme_tables_match_the_programs() -> None:
    derived: set[str] = set()
    used: set[str] = set()
    for path in [*RULE_FILES, *QUERY_FILES]:
        heads, names = predicates(path)
        derived |= heads
        used |= names
    inputs = declared_inputs()
    tables = readme_table_predicates()
    public = {sig for sig in derived | inputs if not sig.startswith("_")}
    assert not public - tables, f"not in asp/README.md's tables: {sorted(public - tables)}"
    stale = tables - used - derived - inputs
    assert not stale, f"asp/README.md's tables name predicates no program has: {sorted(stale)}"
