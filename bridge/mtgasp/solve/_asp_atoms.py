"""The atoms of a parsed ASP program (clingo.ast): where a check or a page needs to know which
predicates a statement names (the conventions test, the docs site's rule pages, a property's
vocabulary)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import clingo.ast

__all__ = ["signature", "symbolic_atoms"]


def symbolic_atoms(node: Any) -> Iterator[Any]:
    """Every symbolic atom (``clingo.ast.SymbolicAtom``) below an AST node or a list of them."""
    if isinstance(node, clingo.ast.AST):
        if node.ast_type == clingo.ast.ASTType.SymbolicAtom:
            yield node
            return
        for key in node.child_keys:
            yield from symbolic_atoms(getattr(node, key))
    elif isinstance(node, list | tuple | clingo.ast.ASTSequence):
        for item in node:
            yield from symbolic_atoms(item)


def signature(atom: Any) -> tuple[str, int] | None:
    """The predicate a symbolic atom names, as (name, arity); None for an atom that is not a
    predicate (a number or a string as an atom)."""
    term = atom.symbol
    if term.ast_type == clingo.ast.ASTType.Function:
        return term.name, len(term.arguments)
    if term.ast_type == clingo.ast.ASTType.SymbolicTerm:
        symbol = term.symbol
        if symbol.type == clingo.SymbolType.Function:
            return symbol.name, len(symbol.arguments)
    return None
