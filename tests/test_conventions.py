"""Conventions of the encodings, checked on the programs as clingo parses them (clingo.ast).

- Every rule group of asp/rules (a comment block and the rules under it, up to the next blank
  line or comment block) opens its comment block with its citation list (``% 302.6, 107.5:``),
  and has only that one: coverage ties the numbers of that list, and only those, to the group's
  rules. A CR number mentioned in the prose further on is not a citation; each one is flagged
  against tests/cr_mentions_in_prose.txt, which may only shrink.
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
from mtgasp.answers.coverage import citations, comment_block_above, prose_mentions
from mtgasp.solve import _asp_atoms
from mtgasp.solve._asp_atoms import symbolic_atoms

ASP = asp_path()
RULE_FILES = sorted((ASP / "rules").glob("*.lp"))
QUERY_FILES = sorted((ASP / "queries").glob("*.lp"))
MENTIONS_IN_PROSE = Path(__file__).parent / "cr_mentions_in_prose.txt"
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


def _rule_groups(path: Path) -> Iterator[tuple[int, str, list[str]]]:
    """(line, rule, comment block bottom-up) of the first rule with a body of each rule group."""
    lines = path.read_text(encoding="utf-8").splitlines()
    seen: set[int] = set()
    for statement in statements(path):
        if statement.ast_type != ast.ASTType.Rule or len(statement.body) == 0:
            continue
        index = statement.location.begin.line - 1
        above = lines[index - 1].strip() if index > 0 else ""
        while above and not above.startswith("%"):  # up past the group's statements above
            index -= 1
            above = lines[index - 1].strip() if index > 0 else ""
        if index not in seen:
            seen.add(index)
            yield statement.location.begin.line, str(statement), comment_block_above(lines, index)


def uncited_rule_groups(path: Path) -> list[tuple[int, str]]:
    """(line, rule) of each rule group whose comment block does not open with a citation list."""
    return [(line, rule) for line, rule, block in _rule_groups(path) if citations(block) is None]


def second_citation_lists(path: Path) -> list[tuple[int, str]]:
    """(line, rule) of each rule group whose comment block has a citation list below its first
    line: the numbers of that list would not be tied to the group's rules."""
    return [
        (line, rule)
        for line, rule, block in _rule_groups(path)
        if any(citations([text]) is not None for text in block[:-1])
    ]


def test_every_rule_group_opens_with_its_citation_list() -> None:
    uncited = [
        f"{path.name}:{line}: {rule}"
        for path in RULE_FILES
        for line, rule in uncited_rule_groups(path)
    ]
    assert not uncited, "rule groups not opening with a citation list:\n" + "\n".join(uncited)


def test_a_rule_group_has_one_citation_list() -> None:
    second = [
        f"{path.name}:{line}: {rule}"
        for path in RULE_FILES
        for line, rule in second_citation_lists(path)
    ]
    assert not second, "rule groups with a second citation list:\n" + "\n".join(second)


def test_the_citation_check_sees_a_missing_citation(tmp_path: Path) -> None:
    program = tmp_path / "p.lp"
    program.write_text(
        "% 302.6: cited.\na(X) :- b(X).\nc(X) :- a(X).\n\n"
        "d(X) :- c(X).\n% no number\ne(X) :- d(X).\n"
        "% Prose first (302.6).\nf(X) :- e(X).\n"
        "% 302.6: cited;\n% 107.5: a second list.\ng(X) :- f(X).\n"
    )
    assert [line for line, _ in uncited_rule_groups(program)] == [5, 7, 9]
    assert [line for line, _ in second_citation_lists(program)] == [12]


def mentions_in_prose() -> list[str]:
    """``file: number`` for each CR number the prose of a rule group's comment mentions and its
    citation list does not cite, in file order."""
    return [
        f"{path.name}: {number}"
        for path in RULE_FILES
        for _, _, block in _rule_groups(path)
        for number in prose_mentions(block)
    ]


def test_citations_in_prose_are_flagged() -> None:
    known = [
        line
        for line in MENTIONS_IN_PROSE.read_text(encoding="utf-8").splitlines()
        if line and not line.startswith("#")
    ]
    found = mentions_in_prose()
    new = sorted(set(found) - set(known))
    assert not new, (
        "CR numbers mentioned in the prose of a rule group's comment, not in its citation list "
        "(coverage does not count them): cite them in the list opening the comment, or reword:\n"
        + "\n".join(new)
    )
    gone = sorted(set(known) - set(found))
    assert not gone, f"no longer mentioned in prose: remove from {MENTIONS_IN_PROSE.name}: {gone}"


def test_prose_mentions_are_not_citations() -> None:
    block = ["% the shield (615.7) is used up.", "% 120.3: damage dealt (as 608.3 says);"]
    assert prose_mentions(block) == ("608.3", "615.7")
    cited = citations(block)
    assert cited is not None
    assert cited.numbers == ("120.3",)


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
