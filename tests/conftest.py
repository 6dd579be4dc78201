"""Every test runs on its own card data: ``$MTGASP_DATA_DIR`` names a directory of the test
session's, a fresh one for each test, so that no test reads the user's own card database (an
``mtgasp cards import`` made) or writes one (issue 27 point 17; tests/test_card_isolation.py).

``--record-fired PATH``: while the scenario cases (test_cases.py) run, record which rules of
the encodings fire, and write the fired record ``mtgasp coverage`` reads
(mtgasp.answers.coverage):

    PYTHONPATH=bridge python -m pytest tests/test_cases.py --record-fired tests/cases/fired.json

Off by default: recording grounds every rule's body twice.
"""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from mtgasp.answers.coverage import write_record
from mtgasp.cards.database import DATA_DIR_VARIABLE
from mtgasp.solve._fired import recording_fired

CASES_DIR = Path(__file__).parent / "cases"
_FIRED = pytest.StashKey[dict[str, set[tuple[str, int]]]]()
_DATA = pytest.StashKey[Path]()
_NUMBERS = itertools.count()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--record-fired",
        metavar="PATH",
        type=Path,
        help="record which encoded rules fire while the scenario cases run, for mtgasp coverage",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_FIRED] = {}
    # From the start (collection reads cards too), not only inside each test; subprocesses the
    # tests start inherit it.
    data = Path(tempfile.mkdtemp(prefix="mtgasp-test-data-"))
    config.stash[_DATA] = data
    os.environ[DATA_DIR_VARIABLE] = str(data / "session")


def pytest_unconfigure(config: pytest.Config) -> None:
    data = config.stash.get(_DATA, None)
    if data is not None:
        shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(autouse=True)
def _own_card_data(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A data directory of this test's own (made only if the test imports cards into it)."""
    data = request.config.stash[_DATA] / f"test-{next(_NUMBERS)}"
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(data))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    if item.config.getoption("record_fired") is None or item.path.name != "test_cases.py":
        return (yield)
    with recording_fired() as fired:
        try:
            return (yield)
        finally:
            item.config.stash[_FIRED][item.nodeid] = set(fired)


def pytest_sessionfinish(session: pytest.Session) -> None:
    path = session.config.getoption("record_fired")
    if path is not None:
        write_record(path, session.config.stash[_FIRED], CASES_DIR)
