"""Names cannot change the program: facts are clingo symbols, never formatted strings."""

from __future__ import annotations

import clingo
import pytest
import yaml

from mtgasp import BoardError, activations, parse_board
from mtgasp._resources import query_path
from mtgasp.facts.board import board_facts, render_facts

NASTY = [
    'a"b',
    "x). permanent(evil",
    "p. q(X) <= p.",  # (a rule's ':-' is refused: ':' separates the parts of an event)
    "% comment",
    "a.b",
    "#show foo/0.",
    "back\\slash",
]


@pytest.mark.parametrize("name", NASTY)
def test_nasty_ids_and_players_are_inert(name: str) -> None:
    data = {
        "players": [{"name": name}, {"name": "bob"}],
        "battlefield": [
            {"id": name, "card": "Llanowar Elves", "controller": name, "since": "this_turn"}
        ],
    }
    board = parse_board(yaml.safe_dump(data))
    report = activations(board)
    (act,) = report.activations
    assert act.permanent == name
    assert act.controller == name
    assert [r.rule for r in act.reasons] == ["302.6"]


@pytest.mark.parametrize("name", ["line\nbreak", "nul\x00", "\x1b[31mred"])
def test_control_characters_in_names_are_refused(name: str) -> None:
    # Issue 10: a NUL byte ends a clingo string early (two players would merge); a line break or
    # an escape sequence would forge terminal output. Refused at the location, never carried.
    data = {"players": [{"name": name}], "battlefield": [{"id": "f", "card": "Forest"}]}
    data["battlefield"][0]["controller"] = name
    with pytest.raises(BoardError, match=r"players\[0\]\.name: .* contains "):
        parse_board(yaml.safe_dump(data))


@pytest.mark.parametrize("name", NASTY)
def test_printed_facts_parse_back_to_the_same_symbols(name: str) -> None:
    data = {
        "players": [{"name": name}],
        "battlefield": [{"id": name, "card": "Forest", "controller": name}],
    }
    facts = board_facts(parse_board(yaml.safe_dump(data)))
    text = render_facts(facts)
    ctl = clingo.Control()
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    parsed = sorted(a.symbol for a in ctl.symbolic_atoms if a.is_fact)
    assert parsed == sorted(facts)


def test_plain_clingo_on_printed_facts_gives_the_same_answer() -> None:
    """The README's recipe: mtgasp facts b.yaml | python -m clingo <asp>/queries/activations.lp -"""
    data = {
        "players": [{"name": "alice"}, {"name": "bob"}],
        "battlefield": [
            {"id": "e", "card": "Llanowar Elves", "controller": "alice", "since": "this_turn"},
            {"id": "f", "card": "Forest", "controller": "bob", "tapped": True},
        ],
    }
    board = parse_board(yaml.safe_dump(data))
    ctl = clingo.Control()
    ctl.load(str(query_path("activations")))
    ctl.add("base", [], render_facts(board_facts(board)))
    ctl.ground([("base", [])])
    shown: list[clingo.Symbol] = []
    ctl.solve(on_model=lambda m: shown.extend(m.symbols(shown=True)))
    violations = sorted(
        (s.arguments[0].arguments[0].string, s.arguments[1].string)
        for s in shown
        if s.name == "violation"
    )
    assert violations == [("e", "302.6"), ("f", "107.5")]
