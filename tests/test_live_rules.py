"""Rules that cannot fire on a query's facts are left out of its grounding
(bridge/mtgasp/solve/_live.py).

A rule whose positive body names a predicate that no fact has and no live rule derives has no
ground instance (gringo still pays for it). Leaving such rules out must never change the stable
models: every entry program has the same models sliced and whole, on the example boards.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import clingo
import clingo.ast
import pytest
from clingo import Function, Number
from tools.build_live import tables

from mtgasp._resources import asp_path, query_path
from mtgasp.board.load import load_board
from mtgasp.cards.catalog import card_facts
from mtgasp.errors import EncodingError
from mtgasp.facts.board import board_cards, board_facts
from mtgasp.solve import _live, _parse
from mtgasp.solve._live_table import make_table
from mtgasp.solve._parse import parse_program
from mtgasp.solve.control import solve

EXAMPLES = sorted((Path(__file__).parents[1] / "examples").glob("*.yaml"))
SLICED = sorted(p.stem for p in _live.TABLES.glob("*.json"))


def _parsed(text: str) -> tuple[object, ...]:
    found: list[object] = []
    clingo.ast.parse_string(text, found.append)
    return tuple(found)


def _models(statements: tuple[object, ...], facts: list[clingo.Symbol]) -> set[frozenset[str]]:
    """Every model (at most 2,000: then more are not compared)."""
    messages: list[str] = []
    ctl = clingo.Control(["2000"], logger=lambda code, message: messages.append(message))
    with ctl.backend() as backend:
        for fact in facts:
            backend.add_rule([backend.add_atom(fact)])
    with clingo.ast.ProgramBuilder(ctl) as builder:
        for statement in statements:
            builder.add(statement)
    ctl.ground([("base", [])])
    models: set[frozenset[str]] = set()
    ctl.solve(on_model=lambda m: models.add(frozenset(map(str, m.symbols(atoms=True)))))
    assert messages == []  # no "atom does not occur in any rule head"
    return models


def _model(statements: tuple[object, ...], facts: list[clingo.Symbol]) -> set[str]:
    (model,) = _models(statements, facts)
    return set(model)


def test_the_tables_are_those_the_encodings_give() -> None:
    shipped = {p.name: p.read_text(encoding="utf-8") for p in _live.TABLES.glob("*.json")}
    hint = "the encodings changed: run PYTHONPATH=bridge python tools/build_live.py"
    assert shipped == tables(), hint


@pytest.mark.parametrize("query", SLICED)
def test_a_tables_texts_parse_to_its_programs_statements(query: str) -> None:
    # A process's first query of a program gives clingo the slice as the table's texts
    # (_parse.load_encoding): they must be the very statements the program's files give.
    path = query_path(query)
    table = _live._table(path)
    assert table is not None
    statements = parse_program(path)
    again: tuple[Any, ...] = _parsed("\n".join(table.texts))
    base = clingo.ast.ASTType.Program  # clingo's own "#program base." opening a parsed string
    assert [s for s in again if s.ast_type != base] == [s for s in statements if s.ast_type != base]
    assert len(table.texts) == len(statements)


def test_every_entry_program_has_a_table() -> None:
    # So that every query is sliced, the first of a process too: never sliced one time and whole
    # another (a smaller ground program can lead the solver to another first witness).
    entries = {p.stem for p in (asp_path() / "queries").glob("*.lp")}
    assert set(SLICED) == {e for e in entries if not e.startswith("_")}


def test_a_rule_on_a_predicate_nothing_gives_is_left_out_and_its_head_declared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    program = _parsed(
        "a(X) :- f(X).\n"
        "b(X) :- g(X).\n"  # g: no fact, no rule: dead
        "c(X) :- b(X).\n"  # dead through b
        "d(X) :- f(X), not b(X).\n"  # negation does not kill a rule
        "e(1; 2).\n"  # a pool is a fact
        "h(X) :- e(X), x(X).\n"  # x is an external: it can hold
        "#external x(1).\n"
        "k :- #count { X : g(X) } = 0.\n"  # an aggregate over nothing may hold
        "#defined g/1.\n"
        "#defined f/1.\n"
    )
    path = tmp_path / "p.lp"
    table = make_table(program)
    assert table is not None
    made = _live._Table(table)
    monkeypatch.setattr(_live, "_table", lambda p: made)
    sliced = _live.live_statements(path, program, [("f", 1)])
    texts = [str(s) for s in sliced]
    assert "b(X) :- g(X)." not in texts
    assert "c(X) :- b(X)." not in texts
    assert {"#defined b/1.", "#defined c/1."} <= set(texts)
    assert len(sliced) == len(program)  # two rules out, two declarations in
    facts = [Function("f", [Number(1)]), Function("f", [Number(2)])]
    assert _model(sliced, facts) == _model(program, facts)


def _sliced(program: tuple[object, ...], facts: list[clingo.Symbol]) -> tuple[object, ...]:
    """``program`` sliced for ``facts`` by its own table, the facts' shapes read from clingo as
    a query reads them."""
    table = _live._Table(make_table(program))
    ctl = clingo.Control()
    with ctl.backend() as backend:
        for fact in facts:
            backend.add_rule([backend.add_atom(fact)])
    original = _live._table
    try:
        _live._table = lambda p: table  # type: ignore[assignment]
        signatures = {(f.name, len(f.arguments)) for f in facts}
        shapes = _live.fact_shapes(Path("p.lp"), ctl, signatures)
        return _live.live_statements(Path("p.lp"), program, signatures, shapes)
    finally:
        _live._table = original


def test_a_rule_asking_for_a_shape_nothing_gives_is_left_out() -> None:
    # Beyond predicates: the name and arity of a function at a position (or a number, a
    # string). f's facts only hold h(_) terms, so nothing asks successfully for g(_), directly,
    # through a variable that carries f's shapes (c/1), or through "X = g(_)".
    program = _parsed(
        "a(X) :- f(h(X)).\n"
        "b(X) :- f(g(X)).\n"  # no g/1 in f: dead
        "c(Y) :- f(Y).\n"  # c holds f's shapes: h/1 only
        "d(X) :- c(g(X)).\n"  # dead through c
        "e(X) :- f(X), X = g(_).\n"  # dead: X = g(_) asks for g/1 of f
        "k(X) :- f(X), X = h(_).\n"  # lives
        "m(X) :- n(X).\n"
        "n(g(1)) :- a(1).\n"  # a rule's head gives its own shape
        "o :- m(g(_)).\n"  # lives through n's head
        "#defined f/1.\n"
    )
    facts = [Function("f", [Function("h", [Number(1)])])]
    sliced = _sliced(program, facts)
    texts = {str(s) for s in sliced}
    for dead in ("b(X) :- f(g(X)).", "d(X) :- c(g(X)).", "e(X) :- f(X); X = g(_)."):
        assert dead not in texts
    assert {"#defined b/1.", "#defined d/1.", "#defined e/1."} <= texts
    for live in ("a(X) :- f(h(X)).", "k(X) :- f(X); X = h(_).", "o :- m(g(_))."):
        assert live in texts
    assert _model(sliced, facts) == _model(program, facts)
    assert "o" in _model(sliced, facts)


def test_a_constant_is_no_shape() -> None:
    # #const names are replaced by their values when grounding: p(horizon) may be p(3).
    program = _parsed("#const horizon = 3.\np(horizon) :- f(1).\nq :- p(3).\n#defined f/1.\n")
    facts = [Function("f", [Number(1)])]
    sliced = _sliced(program, facts)
    assert "q :- p(3)." in {str(s) for s in sliced}
    assert "q" in _model(sliced, facts)


def test_the_facts_shapes_are_read_at_the_tested_positions_only() -> None:
    program = _parsed("a :- f(g(_), _).\n#defined f/2.\n")
    table = make_table(program)
    assert table["tested"] == ["f/2:0"]  # the second position is never tested: not read


def test_a_predicate_nothing_declares_still_is_an_encoding_error(tmp_path: Path) -> None:
    # A typo in a rule's body must not make the rule silently dead: clingo's message stays.
    table = make_table(_parsed("q :- r.\n#show q/0.\n"))
    assert table is not None
    # (statement 0 is "#program base.") r is declared nowhere: it kills nothing.
    assert table["rules"][1] == [[[], [["q/0", []]]]]
    entry = tmp_path / "bad.lp"
    entry.write_text("q :- r.\n#show q/0.\n")
    with pytest.raises(EncodingError):
        solve(entry, [])


def test_a_table_whose_encodings_changed_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = query_path("orderings-life")
    data = json.loads((_live.TABLES / "orderings-life.json").read_text(encoding="utf-8"))
    name = next(iter(data["files"]))
    data["files"][name] += 1  # as if the file had changed since
    monkeypatch.setattr(_live, "TABLES", tmp_path)
    (tmp_path / "orderings-life.json").write_text(json.dumps(data), encoding="utf-8")
    _live._table.cache_clear()
    try:
        assert not _live.has_table(path)
        statements = parse_program(path)
        assert _live.live_statements(path, statements, []) == statements
    finally:
        _live._table.cache_clear()


#: Programs with choices: compared on the examples whose courses are few.
CHOOSING = {"castable", "cast", "step", "resolve", "event", "courses", "orderings", "prove-world"}
SMALL = ["summoning-sickness.yaml", "witch-target-gone.yaml", "life-replacements.yaml"]


def _example_facts(
    example: Path,
) -> tuple[list[clingo.Symbol], set[tuple[str, int]], clingo.Control]:
    """An example board's facts, their signatures, and a Control holding them (a query reads the
    facts' shapes from its Control)."""
    board = load_board(example)
    facts = [*board_facts(board), *card_facts(board_cards(board))]
    ctl = clingo.Control()
    with ctl.backend() as backend:
        for fact in facts:
            backend.add_rule([backend.add_atom(fact)])
    return facts, {(f.name, len(f.arguments)) for f in facts}, ctl


@pytest.mark.parametrize("query", SLICED)
def test_every_program_has_the_same_models_sliced_and_whole(query: str) -> None:
    path = query_path(query)
    statements = parse_program(path)
    left_out = 0
    examples = [e for e in EXAMPLES if query not in CHOOSING or e.name in SMALL]
    for example in examples:
        facts, signatures, ctl = _example_facts(example)
        shapes = _live.fact_shapes(path, ctl, signatures)
        sliced = _live.live_statements(path, statements, signatures, shapes)
        by_predicates = _live.live_statements(path, statements, signatures)
        # (Each slice declares the heads it leaves out: fewer rules, never fewer statements.)
        rules = sum(s.ast_type == clingo.ast.ASTType.Rule for s in sliced)
        assert rules <= sum(s.ast_type == clingo.ast.ASTType.Rule for s in by_predicates)
        left_out += sum(s.ast_type == clingo.ast.ASTType.Rule for s in statements) - rules
        assert _models(sliced, facts) == _models(statements, facts), example.name
    assert left_out > 0  # the examples do leave rules out


def test_a_slices_text_is_its_statements_written_out() -> None:
    # The same slice, as text (the first query of a process) or as statements (the later ones):
    # one program, so the same answers and the same first witness.
    _, signatures, ctl = _example_facts(EXAMPLES[0])
    for query in SLICED:
        path = query_path(query)
        shapes = _live.fact_shapes(path, ctl, signatures)
        statements = _live.live_statements(path, parse_program(path), signatures, shapes)
        assert _live.live_text(path, signatures, shapes) == "\n".join(map(str, statements))


def test_a_processs_first_query_of_a_program_is_given_to_clingo_as_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = query_path("orderings-life")
    facts, signatures, _ = _example_facts(EXAMPLES[0])
    monkeypatch.setattr(_parse, "_LOADED", set())  # as in a new process
    texts: list[str] = []
    models: list[set[str]] = []
    parsed: list[bool] = []

    class TextsKept(clingo.Control):
        """A Control that keeps the program texts it is given."""

        def add(self, *args: Any) -> None:
            texts.append(args[-1])
            super().add(*args)

    def query() -> None:
        ctl = TextsKept()
        with ctl.backend() as backend:
            for fact in facts:
                backend.add_rule([backend.add_atom(fact)])
        _parse.load_encoding(ctl, path, signatures)
        parsed.append(path in _parse._PARSED.mine())
        ctl.ground([("base", [])])
        ctl.solve(on_model=lambda m: models.append(set(map(str, m.symbols(shown=True)))))

    def two_queries() -> None:  # in a thread of its own: no statements parsed before
        query()
        query()

    thread = threading.Thread(target=two_queries)
    thread.start()
    thread.join()
    assert len(texts) == 1  # the first as text, the second from the statements parsed then
    assert parsed == [False, True]
    assert len(models) == 2
    assert models[0] == models[1]


DAMAGED = ["{not json", '{"version": 1}', '{"version": 1, "files": 3}', "[]"]


@pytest.mark.parametrize("text", DAMAGED)
def test_a_damaged_table_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    path = query_path("orderings-life")
    monkeypatch.setattr(_live, "TABLES", tmp_path)
    (tmp_path / "orderings-life.json").write_text(text, encoding="utf-8")
    _live._table.cache_clear()
    try:
        assert not _live.has_table(path)
    finally:
        _live._table.cache_clear()
