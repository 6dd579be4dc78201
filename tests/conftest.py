"""``--record-fired PATH``: while the scenario cases (test_cases.py) run, record which rules of
the encodings fire, and write the fired record ``mtgasp coverage`` reads (mtgasp.answers.coverage):

    PYTHONPATH=bridge python -m pytest tests/test_cases.py --record-fired tests/cases/fired.json

Off by default: recording grounds every rule's body twice.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mtgasp.answers.coverage import write_record
from mtgasp.solve._fired import recording_fired

CASES_DIR = Path(__file__).parent / "cases"
_FIRED = pytest.StashKey[dict[str, set[tuple[str, int]]]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--record-fired",
        metavar="PATH",
        type=Path,
        help="record which encoded rules fire while the scenario cases run, for mtgasp coverage",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_FIRED] = {}


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
