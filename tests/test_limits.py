"""Bounded time and memory (issue 10): --time-limit, --memory-limit, Ctrl-C, and `prove`'s guards.

No assertion here is about how long anything took: a tiny limit on a question known to take
longer must stop it with the documented mark and exit code.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mtgasp.answers.orderings.query import orderings, parse_event
from mtgasp.board.load import load_board
from mtgasp.cli import main
from mtgasp.commands._answer import EXIT_INTERRUPTED, EXIT_MEMORY_LIMIT, EXIT_TIME_LIMIT, EXIT_USAGE
from mtgasp.errors import TimeLimitError
from mtgasp.solve import budget

ROOT = Path(__file__).parents[1]
REPLACEMENTS = str(ROOT / "examples" / "life-replacements.yaml")


def _forever(tmp_path: Path) -> str:
    """A property whose grounding never ends (a billion counterexamples)."""
    path = tmp_path / "forever.lp"
    path.write_text("counterexample(X) :- X = 1..1000000000.\n", encoding="utf-8")
    return str(path)


def _command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "mtgasp", *argv]


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "bridge")}


@pytest.mark.parametrize(
    "argv",
    [
        ["event", REPLACEMENTS, "gain:bob:3"],
        ["orderings", REPLACEMENTS, "gain:bob:3"],
        ["check", REPLACEMENTS],
    ],
)
def test_a_tiny_time_limit_stops_the_command_marked(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--time-limit", "0.001"]) == EXIT_TIME_LIMIT
    out, err = capsys.readouterr()
    assert "stopped at the time limit (0.001 s)" in out
    assert "stopped at the time limit" in err
    assert "Traceback" not in err


def test_the_time_limit_in_json_is_a_truncation_flag(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["event", REPLACEMENTS, "gain:bob:3", "--time-limit", "0.001", "--json"]) == 4
    data = json.loads(capsys.readouterr().out)
    assert data == {
        "query": "event",
        "schema": 1,
        "truncated": True,
        "stopped_at_time_limit": True,
        "time_limit": 0.001,
    }


def test_the_default_time_limit_does_not_cut_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    # 616.1: the nine outcomes of bob's gain (tests/cases/turns.yaml) within the default limit.
    assert main(["event", REPLACEMENTS, "gain:bob:3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["truncated"] is False
    assert data["distinct_final_states"] == 9


def test_a_bad_time_limit_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["event", REPLACEMENTS, "gain:bob:3", "--time-limit", "soon"])
    assert exit_info.value.code == EXIT_USAGE
    assert "is not a number of seconds" in capsys.readouterr().err


def test_the_api_takes_a_time_limit() -> None:
    board = load_board(REPLACEMENTS)
    with pytest.raises(TimeLimitError), budget.time_limit(0.001):
        orderings(board, parse_event("gain:bob:3"))
    # Outside the block nothing is limited.
    assert len(orderings(board, parse_event("gain:bob:3")).outcomes) == 9


def test_prove_grounding_forever_stops_at_the_time_limit(tmp_path: Path) -> None:
    done = subprocess.run(
        _command("prove", _forever(tmp_path), "--time-limit", "0.5"),
        capture_output=True,
        text=True,
        env=_env(),
        timeout=60,
    )
    assert done.returncode == EXIT_TIME_LIMIT
    assert "stopped at the time limit" in done.stdout
    assert "Traceback" not in done.stderr


def test_running_out_of_memory_is_a_clean_error(tmp_path: Path) -> None:
    done = subprocess.run(
        _command("prove", _forever(tmp_path), "--memory-limit", "300", "--time-limit", "60"),
        capture_output=True,
        text=True,
        env=_env(),
        timeout=90,
    )
    assert done.returncode == EXIT_MEMORY_LIMIT
    assert "stopped at the memory limit" in done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout == ""


def _wait_for_the_grounding(pid: int) -> None:
    """Until the command grounds (its clingo worker thread has started), which clingo cannot
    interrupt; on a loaded machine starting Python alone can take more than a second. (Linux: a
    process's threads are listed in /proc; elsewhere, a fixed wait.)"""
    tasks = Path(f"/proc/{pid}/task")
    if not tasks.is_dir():
        time.sleep(1.5)
        return
    for _ in range(600):
        if len(list(tasks.iterdir())) > 1:
            time.sleep(0.2)  # well into the grounding
            return
        time.sleep(0.05)


def test_ctrl_c_stops_a_long_command_with_exit_130(tmp_path: Path) -> None:
    process = subprocess.Popen(
        _command("prove", _forever(tmp_path)),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
    )
    try:
        _wait_for_the_grounding(process.pid)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()  # never left running after a failure (it grounds forever)
        process.communicate()
    assert process.returncode == EXIT_INTERRUPTED
    assert "mtgasp: interrupted" in err
    assert "Traceback" not in err
    assert out == ""


@pytest.mark.parametrize(
    ("program", "message"),
    [
        ("#script (python)\ndef f(): return 1\n#end.\n", "may not contain #script"),
        ("#script (lua)\nfunction f() return 1 end\n#end.\n", "may not contain #script"),
        ('#include "other.lp".\n', "may not #include a file"),
    ],
)
def test_a_property_that_runs_code_or_includes_files_is_refused(
    tmp_path: Path, program: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "other.lp").write_text("helper(1).\n", encoding="utf-8")
    prop = tmp_path / "property.lp"
    prop.write_text(program + "counterexample(1) :- legal(activate(O, N)).\n", encoding="utf-8")
    assert main(["prove", str(prop)]) == EXIT_USAGE
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err


def test_the_alarm_is_not_lost_inside_a_garbage_collector_callback() -> None:
    # Python drops an exception raised in a gc callback (another library's, here a slow one):
    # the time limit must still stop the work, after the callback returns.
    import gc
    import time as clock

    def slow_callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            clock.sleep(0.3)

    def work() -> None:
        with budget.time_limit(0.05):
            gc.collect()
            for _ in range(300):  # Python work after the callback: the alarm rings here
                clock.sleep(0.01)

    gc.callbacks.append(slow_callback)
    try:
        with pytest.raises(TimeLimitError):
            work()
    finally:
        gc.callbacks.remove(slow_callback)


class _SlowFinalizer:
    """An object whose finalizer takes a while: Python drops any exception raised inside it."""

    def __del__(self) -> None:
        import time as clock

        clock.sleep(0.3)


def test_the_alarm_is_not_lost_inside_a_finalizer() -> None:
    # The alarm rings while a finalizer runs (an object freed by the garbage collector in the
    # middle of a command; a leftover subprocess.Popen did so in a CI run): Python would print
    # and drop the TimeLimitError, so the limit must ring again once the finalizer returns.
    import time as clock

    def work() -> None:
        with budget.time_limit(0.05):
            _SlowFinalizer()  # freed at once: its __del__ runs through the deadline
            for _ in range(300):
                clock.sleep(0.01)

    with pytest.raises(TimeLimitError):
        work()


def test_ctrl_c_is_not_lost_inside_a_finalizer() -> None:
    # Ctrl-C while a finalizer runs: the KeyboardInterrupt is raised again a moment later.
    import _thread
    import signal
    import threading
    import time as clock

    def work() -> None:
        threading.Timer(0.05, _thread.interrupt_main).start()
        _SlowFinalizer()
        for _ in range(300):
            clock.sleep(0.01)

    previous = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    budget.catch_interrupts()
    try:
        with pytest.raises(KeyboardInterrupt):
            work()
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def test_a_shielded_block_is_never_stopped_halfway() -> None:
    # The alarm rings inside a shielded block (building a clingo Control, whose finalizer fails
    # if its __init__ stops halfway): the block ends whole, and the limit stops the work after it.
    import time as clock

    finished = []

    def work() -> None:
        with budget.time_limit(0.05):
            with budget.shielded():
                clock.sleep(0.3)  # through the deadline
                finished.append(True)
            for _ in range(300):
                clock.sleep(0.01)

    with pytest.raises(TimeLimitError):
        work()
    assert finished == [True]
