"""``check`` shares its work (issue 9): each entry program is ground at most once per board, and
(issue 29) the board becomes facts once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
import yaml
from clingo import Symbol

from mtgasp import Board, Checker, LifeEvent, check, load_board, orderings, parse_board
from mtgasp.answers.check import CheckReport, _next_step
from mtgasp.answers.courses.query import next_step_triggers, step
from mtgasp.answers.orderings.query import life_orderings
from mtgasp.commands import check as check_command
from mtgasp.errors import MtgaspError
from mtgasp.facts import board as facts_module
from mtgasp.facts.board import board_facts
from mtgasp.solve.control import counting_groundings, solve

EXAMPLES = sorted((Path(__file__).parents[1] / "examples").glob("*.yaml"))


def test_the_counter_counts_each_grounding() -> None:
    board = load_board(EXAMPLES[0])
    with counting_groundings() as counts:
        solve("activations", board_facts(board))
        solve("activations", board_facts(board))
    assert counts == {"activations.lp": 2}


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_check_grounds_each_program_at_most_once(path: Path) -> None:
    board = load_board(path)
    with counting_groundings() as counts:
        report = check(board)
    counts = _less_combat_damage(board, report, counts)
    assert set(counts) <= {
        "activations.lp",
        "attackers.lp",
        "castable.lp",
        "could-produce.lp",
        "creatures.lp",
        "orderings-life.lp",
        "step.lp",
        "next-step.lp",
    }
    assert {name: n for name, n in counts.items() if n > 1} == {}
    # The main job asks every query: activations, could-produce, creatures (208, 613.4) and the
    # next step's triggers (the step alone where nothing can trigger).
    assert {
        "activations.lp",
        "could-produce.lp",
        "creatures.lp",
        "orderings-life.lp",
    } <= set(counts)
    assert len({"step.lp", "next-step.lp"} & set(counts)) <= 1
    # At the declare blockers step the combat damage step's courses say what triggers next.
    assert len({"step.lp", "next-step.lp"} & set(counts)) == 1 or report.combat_damage is not None


def _less_combat_damage(
    board: Board, report: CheckReport, counts: dict[str, int]
) -> dict[str, int]:
    """The groundings of ``check`` but those of the combat damage step's courses (510), a query
    of their own that ``mtgasp step BOARD combat_damage`` makes alike."""
    if report.combat_damage is None:
        return counts
    with counting_groundings() as damage:
        step(board, "combat_damage")
    return {name: n for name, n in (Counter(counts) - Counter(damage)).items() if n > 0}


def _counting_builds(monkeypatch: pytest.MonkeyPatch) -> list[Board]:
    """The boards whose facts are built from now on (``facts.board._board_facts`` entered)."""
    built: list[Board] = []
    real = facts_module._board_facts

    def counting(board: Board) -> Iterator[Symbol]:
        built.append(board)
        return real(board)

    monkeypatch.setattr(facts_module, "_board_facts", counting)
    return built


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_check_builds_the_boards_facts_once(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    board = load_board(path)
    built = _counting_builds(monkeypatch)
    report = check(board)
    check_command.to_json(report)
    check_command.to_text(report)
    # Every query (five families, eight solves) reads the one set of facts; the step queries ask
    # about the board without its stack, a board of its own only where the stack is not empty.
    expected = [board] if not board.stack else [board, board.without_stack()]
    if report.combat_damage is not None:
        # The combat damage step's courses (510) are a query of their own, on the board as that
        # step begins (what `mtgasp step BOARD combat_damage` asks).
        expected.append(replace(board, turn=replace(board.turn, step="combat_damage")))
    assert built == expected


def test_a_boards_facts_are_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    board = load_board(EXAMPLES[0])
    built = _counting_builds(monkeypatch)
    first = board_facts(board)
    first.append(first[0])  # each call has a list of its own
    assert board_facts(board) == first[:-1]
    # An equal board loaded again is another board: built anew, with the same facts.
    again = load_board(EXAMPLES[0])
    assert board_facts(again) == first[:-1]
    assert built == [board, again]


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_life_events_in_one_solve_equal_one_solve_each(path: Path) -> None:
    # 616.1: each event's replacement graph is its own, whether asked alone or with the others.
    board = load_board(path)
    events = [LifeEvent(kind, p.name, 1) for p in board.players for kind in ("gain", "lose")]
    for together, event in zip(life_orderings(board, events), events, strict=True):
        alone = orderings(board, event)
        assert replace(together, stats=alone.stats) == alone


def test_a_checker_checks_like_check() -> None:
    # The batch handle parses the programs check grounds when it is made, then answers alike.
    checker = Checker()
    assert set(checker.statements) == {
        "activations",
        "attackers",
        "castable",
        "could-produce",
        "creatures",
        "orderings-life",
        "step",
        "next-step",
    }
    assert all(n > 0 for n in checker.statements.values())
    for path in EXAMPLES:
        board = load_board(path)
        with counting_groundings() as counts:
            report = checker.check(board)
        assert max(_less_combat_damage(board, report, counts).values()) == 1
        assert check_command.to_text(report) == check_command.to_text(check(board))


def _some_case_boards(per_file: int) -> list[Board]:
    """The examples, and the first boards that load of each file of cases."""
    boards = [load_board(path) for path in EXAMPLES]
    for path in sorted((Path(__file__).parent / "cases").glob("*.yaml")):
        found = 0
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            if "board" in case and found < per_file:
                try:
                    boards.append(parse_board(yaml.safe_dump(case["board"]), source=case["name"]))
                except MtgaspError:
                    continue
                found += 1
    return boards


def test_the_next_step_alone_where_nothing_can_trigger_is_the_step_querys_answer() -> None:
    """500.1, 603.2b: ``check`` names the next step from ``next-step.lp`` on a board whose cards
    have no triggered ability (nothing can trigger as the step begins); the step query's probe
    gives the same step and no trigger, on the examples and cases of every kind (and the probe is
    still asked where a card has one: boards of both kinds are here)."""
    kinds = set()
    for board in _some_case_boards(3):
        with counting_groundings() as counts:
            fast = _next_step(board)
        kinds.add("next-step.lp" in counts)
        assert fast == next_step_triggers(board), board.source
    assert kinds == {True, False}


@pytest.mark.parametrize("cards", [["Grizzly Bears"], ["Soul Warden"]], ids=["none", "a trigger"])
def test_after_the_cleanup_step_there_is_no_next_step_in_the_turn(cards: list[str]) -> None:
    # 500.1: the cleanup step ends the turn (the next turn's untap step is not this turn's), with
    # or without a card with a triggered ability (next-step.lp, or the step query's probe).
    # Found by fuzzing: a board at cleanup whose cards had no triggered ability made `check`
    # fail with StopIteration.
    battlefield = [{"id": f"o{i}", "card": c, "controller": "bob"} for i, c in enumerate(cards)]
    text = yaml.safe_dump(
        {
            "players": [{"name": "alice"}, {"name": "bob"}],
            "turn": {"active": "bob", "step": "cleanup", "number": 5},
            "battlefield": battlefield,
        }
    )
    board = parse_board(text, source="cleanup")
    assert _next_step(board) == (None, ())
    assert next_step_triggers(board) == (None, ())
    assert check(board).next_step is None
