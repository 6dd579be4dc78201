"""The test suite never reads the user's own card database (issue 27 point 17): after a user's
``mtgasp cards import`` of a 15-card file, ``tests/test_cases.py`` failed with "unknown card
'Craw Wurm'". tests/conftest.py gives every test a data directory of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mtgasp import parse_board
from mtgasp.cards import database

ROOT = Path(__file__).parents[1]


@pytest.mark.quick
def test_the_card_database_in_use_is_the_bundled_one() -> None:
    assert database.current().kind == "bundled"
    board = parse_board(
        "players: [{name: alice}]\nbattlefield: [{id: w, card: Craw Wurm, controller: alice}]\n"
    )
    assert board.battlefield[0].card == "Craw Wurm"


def test_a_bad_database_in_the_users_data_directory_changes_no_test(tmp_path: Path) -> None:
    """A broken cards.sqlite where the platform keeps the user's data (XDG_DATA_HOME), and no
    MTGASP_DATA_DIR: the mtgasp program reads it and fails; the test above, run by pytest in
    the same environment, passes."""
    planted = tmp_path / "xdg" / "mtgasp" / "cards.sqlite"
    planted.parent.mkdir(parents=True)
    planted.write_bytes(b"not a card database, planted by a test")
    env = {k: v for k, v in os.environ.items() if k != database.DATA_DIR_VARIABLE}
    env.update(XDG_DATA_HOME=str(tmp_path / "xdg"), HOME=str(tmp_path / "home"))
    user = subprocess.run(
        [sys.executable, "-m", "mtgasp", "cards", "--database"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert user.returncode == 2
    assert f"the user card database {planted} cannot be read" in user.stderr
    suite = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            f"{Path(__file__).name}::test_the_card_database_in_use_is_the_bundled_one",
        ],
        cwd=Path(__file__).parent,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert suite.returncode == 0, suite.stdout + suite.stderr
    assert "1 passed" in suite.stdout
    assert planted.read_bytes() == b"not a card database, planted by a test"
