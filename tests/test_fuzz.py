"""Fuzz (issue 10): hostile boards through the API and hostile command lines through the CLI
never raise anything but a documented MtgaspError, and the CLI never prints a traceback or
anything on stdout after an error (or it stops at its time or memory limit, saying so). The
generators are benchmarks/_hostile.py's; the long run (10,000 inputs) is ``python -m
benchmarks.fuzz`` (docs/hardening.md)."""

from __future__ import annotations

from benchmarks._hostile import hostile_board, hostile_command, run_board, run_command
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
