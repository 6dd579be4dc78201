"""The encodings themselves: card files are complete and use only declared vocabulary."""

from __future__ import annotations

import re

import clingo
import clingo.ast

from mtgasp._resources import asp_path
from mtgasp.answers.orderings.atoms import EDGE_ARITY

ASP = asp_path()


def test_every_card_file_is_included() -> None:
    listed = set(re.findall(r'#include "([^"]+)"', (ASP / "cards" / "cards.lp").read_text()))
    files = {p.name for p in (ASP / "cards").glob("*.lp")} - {"cards.lp"}
    assert listed == files


def test_every_card_file_carries_its_oracle_text_and_only_declared_predicates() -> None:
    declared = set(re.findall(r"#defined (\w+/\d+)\.", (ASP / "defined.lp").read_text()))
    for path in sorted((ASP / "cards").glob("*.lp")):
        if path.name == "cards.lp":
            continue
        text = path.read_text()
        assert "% Oracle:" in text, f"{path.name} has no Oracle text comment"
        ctl = clingo.Control()
        ctl.add("base", [], text)
        ctl.ground([("base", [])])
        used = {f"{a.symbol.name}/{len(a.symbol.arguments)}" for a in ctl.symbolic_atoms}
        assert used <= declared, f"{path.name} uses undeclared {sorted(used - declared)}"


def test_every_rule_file_cites_the_cr() -> None:
    for path in sorted((ASP / "rules").glob("*.lp")):
        text = path.read_text()
        assert re.match(r"% \d{3}-[\w-]+\.lp - ", text), f"{path.name} lacks its header"
        rules = [line for line in text.splitlines() if ":-" in line and not line.startswith("%")]
        assert rules, path.name
        assert re.search(r"% \d{3}\.\d+", text), f"{path.name} cites no CR rule"


def test_edge_is_the_only_shown_atom_of_its_arity_in_the_orderings_answer() -> None:
    # graph_atoms.EDGE_ARITY: the reader tells an orderings answer's edges by their arity alone.
    shown: set[tuple[str, int]] = set()

    def visit(statement: clingo.ast.AST) -> None:
        if statement.ast_type == clingo.ast.ASTType.ShowSignature:
            shown.add((statement.name, statement.arity))
        elif statement.ast_type == clingo.ast.ASTType.ShowTerm:
            term = statement.term
            if term.ast_type == clingo.ast.ASTType.Function:
                shown.add((term.name, len(term.arguments)))

    clingo.ast.parse_files([str(asp_path() / "queries" / "_orderings_show.lp")], visit)
    assert ("edge", EDGE_ARITY) in shown
    assert {name for name, arity in shown if arity == EDGE_ARITY} == {"edge"}
    assert len(shown) > 20  # every #show was read (a ShowTerm's term, a ShowSignature's name)
