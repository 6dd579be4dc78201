"""``mtgasp prove --engine enumerate``: the normal queries on every canonical board."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from mtgasp import parse_board
from mtgasp.answers.mana import could_produce
from mtgasp.board.write import board_to_data
from mtgasp.cli import main
from mtgasp.prove.boards import board_space
from mtgasp.prove.bounds import Bounds
from mtgasp.prove.enumerate import prove_enumerate
from mtgasp.prove.outputs import life_events

PROPERTIES = Path(__file__).parents[1] / "examples" / "properties"


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "property.lp"
    path.write_text(text, encoding="utf-8")
    return path


def test_reflecting_pool_with_pale_moon_is_a_smallest_counterexample(tmp_path: Path) -> None:
    # 106.7 and Pale Moon (614.1a): tapped for mana, a nonbasic land produces {C} instead, a type
    # no basic land of its controller could produce.
    cards = ("Reflecting Pool", "Forest", "Island", "Pale Moon")
    report = prove_enumerate(
        PROPERTIES / "reflecting-pool.lp", Bounds(permanents=2, cards=cards, effects=1), jobs=1
    )
    assert not report.holds
    assert report.counterexample is not None
    board = parse_board(report.counterexample, source="counterexample")
    assert sorted(p.card for p in board.battlefield) == ["Forest", "Reflecting Pool"]
    assert [e.card for e in board.effects] == ["Pale Moon"]
    pool = next(p for p in could_produce(board).permanents if p.card == "Reflecting Pool")
    assert pool.types == ("c",)
    # Nothing smaller fails: every board of up to two things was covered before it.
    assert report.boards is not None
    assert report.boards > board_space(report.bounds).count(2)
    saved = tmp_path / "cx.yaml"
    saved.write_text(report.counterexample, encoding="utf-8")
    argv = ["prove", str(PROPERTIES / "reflecting-pool.lp"), "--engine", "enumerate"]
    assert main([*argv, "--board", str(saved)]) == 1


def test_an_invariant_holds_on_every_board_and_says_how_many(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 107.5: a tapped permanent's {T} ability is never legal.
    argv = ["prove", str(PROPERTIES / "tapped-permanents.lp"), "--engine", "enumerate"]
    cards = "Llanowar Elves,Fervor,Forest"
    assert main([*argv, "--permanents", "2", "--cards", cards, "--jobs", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["holds"]
    assert data["engine"] == "enumerate"
    # 3 cards x 2 controllers x tapped or not x recently controlled or not = 24 permanents;
    # multisets of up to two of them: 1 + 24 + 300.
    assert data["boards"] == 1 + 24 + 300
    assert data["queries"] == ["board", "activations"]


def test_every_generated_board_is_a_valid_board_file() -> None:
    # The richer board space: 2HG teams, lasting effects, life totals, steps, history.
    bounds = Bounds(
        permanents=1,
        players=4,
        teams=True,
        cards=("Forest", "Rhox Faithmender", "Skullcrack"),
        effects=1,
        lives=(1, 30),
        steps=("upkeep", "end"),
        history=True,
    )
    space = board_space(bounds)
    for size in space.sizes:
        every = space.count(size)
        sample = itertools.islice(space.boards(size), 0, every, max(1, every // 20))
        for board in sample:
            text = yaml.safe_dump(board_to_data(board), sort_keys=False)
            assert parse_board(text, source="generated").battlefield == board.battlefield
    small = board_space(Bounds(permanents=2, players=3, cards=bounds.cards, effects=1))
    for size in small.sizes:
        assert small.count(size) == sum(1 for _ in small.boards(size))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('counterexample("x") :- could_produc(O, T).', "did you mean could_produce/2"),
        ('counterexample("x") :- foo(O).', "reads foo/1, which no query gives"),
        ('could_produce("s1", w). counterexample("x") :- could_produce(O, w).', "defines"),
        ('counterexample("x") :- tapped(O). :- permanent(O).', "integrity constraint"),
        ('{ counterexample("x") } :- tapped(O).', "plain atoms"),
        ("helper(1).", "defines no counterexample/1"),
    ],
    ids=["misspelt", "unknown", "redefines", "constraint", "choice", "no-counterexample"],
)
def test_bad_properties_are_usage_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    path = _write(tmp_path, text + "\n")
    assert main(["prove", str(path), "--engine", "enumerate", "--permanents", "1"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--engine", "enumerate", "--teams"], "needs --players 4"),
        (["--jobs", "2"], "the asp engine does not take"),
        (["--engine", "enumerate", "--steps", "lunch"], "'lunch' is not a step"),
        (["--engine", "enumerate", "--life", "x"], "expected whole numbers"),
        (["--engine", "enumerate", "--cards", "Forrest"], "unknown card"),
        (
            ["--engine", "enumerate", "--hand", "Llanowar Elvs"],
            "unknown card 'Llanowar Elvs' (did you mean 'Llanowar Elves'",
        ),
    ],
    ids=["teams", "asp-jobs", "step", "life", "card", "hand-typo"],
)
def test_bad_bounds_are_usage_errors(
    capsys: pytest.CaptureFixture[str], options: list[str], message: str
) -> None:
    assert main(["prove", str(PROPERTIES / "tapped-permanents.lp"), *options]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err


def test_a_chunk_of_boards_in_one_grounding_answers_as_each_board_alone() -> None:
    # The world batch (one grounding for many boards) must give each board exactly the atoms the
    # query gives it alone: could-produce, the activations view, the orderings graph.
    from mtgasp.facts.board import board_facts
    from mtgasp.facts.requests import event_request, mana_check
    from mtgasp.prove.outputs import chunk_outputs
    from mtgasp.prove.vocabulary import VOCABULARY
    from mtgasp.solve.control import solve

    cards = ("Reflecting Pool", "Forest", "Rhox Faithmender", "Pale Moon", "Fervor")
    space = board_space(Bounds(permanents=2, cards=cards, effects=1))
    boards = list(itertools.islice(space.boards(3), 0, None, 97))[:12]
    queries = ("could-produce", "activations", "orderings")
    outputs = chunk_outputs(boards, queries, (3,))
    for board, out in zip(boards, outputs, strict=True):
        facts = board_facts(board)
        alone = [
            *solve("could-produce", facts, consts={"interchange": 1, "independence": 1}).models[0],
            *solve("view-activations", facts, extra=[mana_check(False)]).models[0],
            *solve(
                "orderings",
                facts,
                extra=[event_request(e) for e in life_events(board, (3,))],
                consts={"interchange": 0, "independence": 0},
            ).models[0],
        ]
        signatures = {(p.name, p.arity) for p in VOCABULARY if p.query in queries}
        expected = {s for s in alone if (s.name, len(s.arguments)) in signatures}
        assert {s for s in out if s.name != "orderings" and s in expected} == expected
        assert {s for s in out if (s.name, len(s.arguments)) in signatures} - expected <= {
            s for s in out if s.name == "orderings"
        }


def test_workers_find_the_same_smallest_counterexample(tmp_path: Path) -> None:
    # One pool of workers for every size (the first 400 boards in this process): the failure is
    # the first in the search's order, the same board as one process finds, and the workers run
    # under the command's --memory-limit.
    cards = ("Reflecting Pool", "Forest", "Island", "Pale Moon")
    bounds = Bounds(permanents=2, cards=cards, effects=1)
    alone = prove_enumerate(PROPERTIES / "reflecting-pool.lp", bounds, jobs=1)
    pooled = prove_enumerate(PROPERTIES / "reflecting-pool.lp", bounds, jobs=2, memory=2048)
    assert not alone.holds
    assert (pooled.holds, pooled.boards, pooled.counterexample, pooled.reasons) == (
        alone.holds,
        alone.boards,
        alone.counterexample,
        alone.reasons,
    )
    assert alone.boards is not None
    assert alone.boards > 400


def test_workers_get_the_limits_and_their_errors_are_the_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # --memory-limit and the time left of --time-limit go to each worker; a worker stopped at
    # its memory limit stops the search with exit code 5, one paragraph, nothing on stdout.
    from mtgasp.batch import pool as _batch_pool

    seen: list[tuple[float, int, int]] = []

    def stopped(template: Any, tasks: list[str], jobs: int, memory: int = 0) -> Any:
        seen.append((template.time_limit, template.memory_limit, memory))
        message = "stopped at the memory limit: clingo ran out of memory (--memory-limit 512 MiB)"
        yield 0, {"board": tasks[0], "exit_code": 5, "result": None, "error": message}

    monkeypatch.setattr(_batch_pool, "pool_events", stopped)
    argv = ["prove", str(PROPERTIES / "mana-needs-ability.lp"), "--engine", "enumerate"]
    cards = "Reflecting Pool,Forest,Island,Exotic Orchard"
    limits = ["--memory-limit", "512", "--time-limit", "100"]
    assert main([*argv, "--cards", cards, "--jobs", "2", *limits]) == 5
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "mtgasp: stopped at the memory limit: clingo ran out of memory (--memory-limit 512 MiB)\n"
    )
    ((left, memory_limit, memory),) = seen
    assert (memory_limit, memory) == (512, 512)
    assert 0 < left <= 100


@pytest.mark.parametrize(
    ("name", "cards", "effects"),
    [
        ("reflecting-pool", ("Reflecting Pool", "Forest", "Island", "Pale Moon"), 1),
        ("basic-land-color", ("Forest", "Contamination", "Pale Moon"), 0),
        ("mana-needs-ability", ("Reflecting Pool", "Exotic Orchard", "Llanowar Elves"), 0),
        ("tapped-permanents", ("Llanowar Elves", "Fervor", "Forest"), 0),
        ("tap-adds-one-mana", ("Forest", "Llanowar Elves", "Mana Reflection"), 0),
    ],
)
def test_a_property_in_its_querys_world_program_finds_what_it_finds_apart(
    name: str, cards: tuple[str, ...], effects: int
) -> None:
    # A property that reads one query's vocabulary is ground with the query's world program (one
    # grounding): the failing boards and reasons are those of the property evaluated apart, on
    # the query's outputs (some boards of each chunk fail, some don't).
    from mtgasp.prove.enumerate import evaluate_chunk
    from mtgasp.prove.outputs import chunk_outputs, fused_query
    from mtgasp.prove.vocabulary import check_property
    from mtgasp.prove.worlds import Worlds

    prop = check_property(PROPERTIES / f"{name}.lp")
    assert fused_query(prop.queries) is not None
    space = board_space(Bounds(permanents=2, cards=cards, effects=effects))
    size = 2 + effects
    boards = list(itertools.islice(space.boards(size), 0, None, space.count(size) // 60))
    fused = evaluate_chunk(prop, boards, (1,))
    apart = Worlds(prop).failures(chunk_outputs(boards, prop.queries, (1,)))
    assert fused == apart
    assert 0 < len(fused) < len(boards) or name in ("mana-needs-ability", "tapped-permanents")
