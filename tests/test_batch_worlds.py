"""The activations query asked of many boards in one grounding (``mtgasp batch``, issue 13 point
3: each board a world of one Control) gives every board exactly the report ``activations`` gives
it alone: on every board of the data-driven cases and the examples, on random boards with
replacement effects, filters and doublers, with and without the mana check (601.2h), for a named
player (602.2) and not. A board that fails on its own (a bad file, no such player) gets its own
error record; a chunk that fails as a whole is asked board by board; a worker that dies inside a
chunk costs only the record of the board it died on.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgasp import activations, parse_board
from mtgasp.answers.activations import ActivationReport
from mtgasp.batch.pool import pool_events
from mtgasp.batch.run import answer_board, answer_chunk, chunk_size
from mtgasp.batch.worlds import ChunkFailed, activations_many
from mtgasp.board.model import Board
from mtgasp.cli import main
from mtgasp.commands._limits import DEFAULT_MEMORY_LIMIT
from mtgasp.errors import MtgaspError, QueryError
from test_payment_bounds import _boards as random_boards

ROOT = Path(__file__).parents[1]
EXAMPLES = sorted(str(path) for path in (ROOT / "examples").glob("*.yaml"))


def _case_boards(pattern: str = "*") -> list[Board]:
    """Every board of the data-driven cases (of the files ``pattern`` names) that loads (some
    cases are about bad boards)."""
    boards = []
    for path in sorted((ROOT / "tests" / "cases").glob(f"{pattern}.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            if "board" not in case:
                continue
            try:
                boards.append(parse_board(yaml.safe_dump(case["board"]), source=case["name"]))
            except MtgaspError:
                continue
    return boards


def _alone(board: Board, player: str | None, check_mana: bool) -> ActivationReport | QueryError:
    try:
        return activations(board, player=player, check_mana=check_mana)
    except QueryError as exc:
        return exc


def _same(chunked: ActivationReport | QueryError, alone: ActivationReport | QueryError) -> bool:
    if isinstance(alone, QueryError) or isinstance(chunked, QueryError):
        return type(chunked) is type(alone) and str(chunked) == str(alone)
    return (chunked.player, chunked.activations, chunked.not_modelled) == (
        alone.player,
        alone.activations,
        alone.not_modelled,
    )


def _check(boards: list[Board], player: str | None, check_mana: bool, chunk: int) -> None:
    for start in range(0, len(boards), chunk):
        part = boards[start : start + chunk]
        answers = activations_many(part, player=player, check_mana=check_mana)
        assert len(answers) == len(part)
        for board, answer in zip(part, answers, strict=True):
            assert _same(answer, _alone(board, player, check_mana)), board.source


def _examples() -> list[Board]:
    return [parse_board(Path(p).read_text(encoding="utf-8"), source=p) for p in EXAMPLES]


def test_every_case_and_example_board_gets_its_own_answer_without_the_mana_check() -> None:
    boards = _case_boards() + _examples()
    assert len(boards) > 250
    _check(boards, None, False, 40)


def test_the_mana_cases_and_examples_get_their_own_exact_answers() -> None:
    """601.2h: the costs the encodings decide at once, and the castable query's verdicts on the
    others, are each board's own."""
    boards = _case_boards("activations") + _case_boards("mana*") + _examples()
    assert len(boards) > 90
    _check(boards, None, True, 40)


def test_a_named_player_is_asked_on_every_board_that_has_one() -> None:
    """602.2: judged as ``carol`` would activate; a board without her is that board's error."""
    boards = _case_boards("mana") + _examples()
    have = [any(p.name == "carol" for p in board.players) for board in boards]
    assert any(have)
    assert not all(have)
    _check(boards, "carol", True, 25)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(random_boards(), min_size=1, max_size=6), st.booleans())
def test_random_boards_in_one_grounding_get_their_own_answers(
    data: list[dict[str, Any]], check_mana: bool
) -> None:
    boards = [parse_board(yaml.safe_dump(d), source=f"random {i}") for i, d in enumerate(data)]
    _check(boards, None, check_mana, len(boards))


def _template(query: str) -> argparse.Namespace:
    from mtgasp.batch.command import _template as parse
    from mtgasp.cli import _parser

    args = _parser().parse_args(["batch", "x", "--query", query])
    template = parse(query, args.queries)
    template.time_limit = args.board_time_limit
    template.memory_limit = args.board_memory_limit
    return template


@pytest.mark.parametrize("query", ["activations", "activations --no-mana-check --player bob"])
def test_a_chunks_records_are_the_single_runs_bad_boards_included(
    tmp_path: Path, query: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: []\n", encoding="utf-8")
    boards = [*EXAMPLES[:4], str(bad), str(tmp_path / "missing.yaml"), *EXAMPLES[4:8]]
    template = _template(query)
    chunked = answer_chunk(template, boards)
    alone = [answer_board(template, board) for board in boards]
    assert chunked == alone
    assert [r["exit_code"] for r in chunked].count(2) >= 2
    # A chunk that fails as a whole (here: as clingo's messages would make it) is asked board by
    # board, with the same records.
    import mtgasp.batch.worlds as worlds

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise ChunkFailed("as clingo's messages would")

    monkeypatch.setattr(worlds, "activations_many", fail)
    assert answer_chunk(template, boards) == alone


def test_the_command_writes_the_single_runs_records(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(["batch", *EXAMPLES, "--query", "activations", "--jobs", "1"])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    template = _template("activations")
    assert chunk_size(template, len(EXAMPLES), 1) > 1
    assert code == 0
    assert records == [answer_board(template, board) for board in EXAMPLES]


def test_a_worker_that_dies_in_a_chunk_costs_only_that_boards_record(tmp_path: Path) -> None:
    import batch_helpers

    template = argparse.Namespace(
        command="check",
        json=True,
        run=batch_helpers.die_on_crash_boards,
        time_limit=0,
        memory_limit=DEFAULT_MEMORY_LIMIT,
    )
    boards = [str(tmp_path / name) for name in ("a.yaml", "crash.yaml", "b.yaml", "c.yaml")]
    events = pool_events(template, boards, jobs=1, chunk=3)
    records = dict(event for event in events if event is not None)
    assert [records[i]["exit_code"] for i in range(4)] == [0, 3, 0, 0]
    assert "ended unexpectedly (exit code 9)" in records[1]["error"]
    assert records[0]["result"] == records[2]["result"] == records[3]["result"] == {}


def test_a_dask_cluster_answers_chunks_with_the_single_runs_records(
    capsys: pytest.CaptureFixture[str],
) -> None:
    distributed = pytest.importorskip("distributed")  # the 'dask' extra, in 'test' too
    template = _template("activations --no-mana-check")
    assert chunk_size(template, len(EXAMPLES), 1) > 1
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        code = main(
            [
                "batch",
                *EXAMPLES,
                "--query",
                "activations --no-mana-check",
                "--dask",
                cluster.scheduler_address,
            ]
        )
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    assert records == [answer_board(template, board) for board in EXAMPLES]


def test_a_chunk_grounds_at_most_so_many_permanents_together(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A large board is ground alone (never a bigger grounding than its own query's), small ones
    together up to the bound; the records stay the single runs'."""
    import mtgasp.batch.run as batch

    boards = _examples()
    monkeypatch.setattr(batch, "MAX_CHUNK_PERMANENTS", 6)
    parts = batch._parts(dict(enumerate(boards)))
    assert [i for part in parts for i in part] == list(range(len(boards)))
    for part in parts:
        sizes = [len(boards[i].battlefield) for i in part]
        assert len(part) == 1 or sum(sizes) <= 6
    assert any(len(part) > 1 for part in parts)
    assert any(len(boards[part[0]].battlefield) > 6 for part in parts)
    template = _template("activations --no-mana-check")
    assert answer_chunk(template, EXAMPLES) == [answer_board(template, b) for b in EXAMPLES]
