"""Writing a board back (``board_write.board_to_data``, what ``--write-board`` saves) and reading it
again gives the same board, for every example and every case's board (issue 9)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from mtgasp import Board, load_board, parse_board
from mtgasp.board.write import board_to_data

ROOT = Path(__file__).parents[1]


def _boards() -> list[tuple[str, Board]]:
    boards = [(p.name, load_board(p)) for p in sorted((ROOT / "examples").glob("*.yaml"))]
    for path in sorted((ROOT / "tests" / "cases").glob("*.yaml")):
        for index, case in enumerate(yaml.safe_load(path.read_text(encoding="utf-8"))):
            if isinstance(case, dict) and isinstance(case.get("board"), dict):
                text = yaml.safe_dump(case["board"])
                boards.append((f"{path.stem}[{index}]", parse_board(text, source=case["name"])))
    return boards


BOARDS = _boards()


def test_the_boards_cover_every_part_of_a_board() -> None:
    # Teams, effects, zones, the stack and this turn's history are all written back somewhere.
    assert any(b.teams for _, b in BOARDS)
    assert any(b.effects for _, b in BOARDS)
    assert any(b.stack for _, b in BOARDS)
    assert any(b.hand or b.graveyard or b.library for _, b in BOARDS)
    assert any(b.this_turn.gained_life or b.this_turn.tapped_for_mana for _, b in BOARDS)
    assert any(
        p.counters or p.attached_to or p.x is not None for _, b in BOARDS for p in b.battlefield
    )


@pytest.mark.parametrize(("name", "board"), BOARDS, ids=[n for n, _ in BOARDS])
def test_a_written_board_reads_back_the_same(name: str, board: Board) -> None:
    text = yaml.safe_dump(board_to_data(board), sort_keys=False, allow_unicode=True)
    assert parse_board(text, source=board.source) == board
