"""Fuzz (issue 10): hostile boards through the API and hostile command lines through the CLI
never raise anything but a documented MtgaspError, and the CLI never prints a traceback or
anything on stdout after an error (or it stops at its time or memory limit, saying so); hostile
card files (issue 27) are imported or refused, leaving nothing behind. The
generators are benchmarks/_hostile.py's; the long run (10,000 inputs) is ``python -m
benchmarks.fuzz`` (docs/hardening.md)."""

from __future__ import annotations

import json

from benchmarks._hostile import hostile_board, hostile_command, run_board, run_command
from benchmarks._hostile_imports import VALID, hostile_import, run_import
from hypothesis import HealthCheck, given, settings

_SETTINGS = {
    "deadline": None,
    "database": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large],
}


@settings(max_examples=150, **_SETTINGS)  # type: ignore[arg-type]
@given(hostile_board())
def test_hostile_boards_load_or_are_refused(board: tuple[str, bool]) -> None:
    text, json_only = board
    assert run_board(text, json_only) in ("loaded", "refused")


@settings(max_examples=25, **_SETTINGS)  # type: ignore[arg-type]
@given(hostile_command())
def test_hostile_command_lines_answer_or_are_refused(argv: list[str]) -> None:
    # Each in a process of its own, as a user runs it (benchmarks/_hostile.py: run_command).
    assert run_command(argv) in ("answered", "refused", "stopped")


@settings(max_examples=40, **_SETTINGS)  # type: ignore[arg-type]
@given(hostile_import())
def test_hostile_card_files_are_imported_or_refused(card_file: tuple[bytes, bool]) -> None:
    # Issue 27: no traceback, no hang, no partial file left, no value that must be refused
    # accepted, no name or text clingo could not carry (benchmarks/_hostile_imports.py).
    content, must_refuse = card_file
    assert run_import(content, must_refuse) in ("imported", "refused")


def test_the_valid_card_file_of_the_fuzz_is_imported_over_the_bundled_database() -> None:
    assert run_import(json.dumps(VALID).encode(), False, False) == "imported"
