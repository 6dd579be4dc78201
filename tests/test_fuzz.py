"""Fuzz (issue 10): hostile boards through the API and hostile command lines through the CLI
(issue 27: hostile property files, batch directories and signals too) never raise anything but
a documented MtgaspError, and the CLI never prints a traceback or
anything on stdout after an error (or it stops at its time or memory limit, saying so); hostile
card files (issue 27) are imported or refused, leaving nothing behind. The
generators are benchmarks/_hostile.py's; the long run (10,000 inputs) is ``python -m
benchmarks.fuzz`` (docs/hardening.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmarks._hostile import hostile_board, hostile_command, run_board, run_command
from benchmarks._hostile_files import (
    hostile_directory,
    hostile_property,
    hostile_signal,
    run_batch_directory,
    run_property,
    run_signal,
)
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


# Issue 27: hostile property files, batch directories and signals (benchmarks/_hostile_files.py;
# the long run: 500 property files, 50 directories, 20 signals). Each in processes of its own.


@settings(max_examples=10, **_SETTINGS)  # type: ignore[arg-type]
@given(hostile_property())
def test_hostile_property_files_answer_or_are_refused_at_the_file(
    prop: tuple[str, bytes, str],
) -> None:
    assert run_property(*prop) in ("answered", "refused", "stopped")


@settings(max_examples=2, **_SETTINGS)  # type: ignore[arg-type]
@given(hostile_directory())
def test_hostile_batch_directories_give_one_whole_record_per_entry(
    entries: list[tuple[str, str, bytes]],
) -> None:
    assert run_batch_directory(entries) in ("answered", "refused")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
@settings(max_examples=1, **_SETTINGS)  # type: ignore[arg-type]
@given(hostile_signal())
def test_a_signal_stops_a_run_cleanly(stop: tuple[str, int, str, float]) -> None:
    assert run_signal(*stop) == "stopped"
