"""SIGTERM stops ``mtgasp`` as Ctrl-C does (issue 27, point 11): cleanly, without a traceback
from the program or its workers, with "mtgasp: terminated" and exit code 143 (128 + SIGTERM).

Before, SIGTERM during ``batch`` or ``prove --engine enumerate`` killed the parent at once, and
every worker then died on its next answer with a BrokenPipeError traceback (``_batch_pool``).

Robust on a loaded machine: each test waits for a condition it can see (a line on stdout, a
worker process in /proc), never for a fixed time, with generous timeouts, and asserts no time.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from mtgasp._startup import EXIT_TERMINATED, Terminated
from mtgasp.batch.pool import _Worker
from mtgasp.solve import budget

ROOT = Path(__file__).parents[1]
REPLACEMENTS = ROOT / "examples" / "life-replacements.yaml"
PROPERTIES = ROOT / "examples" / "properties"
#: How long a test waits for what it waits for (seconds): far more than it takes unloaded.
PATIENCE = 120

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").exists(), reason="reads /proc (Linux); sends POSIX signals"
)


def _start(*argv: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "mtgasp", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "bridge")},
        start_new_session=True,  # a process group of its own, as `kill -- -PGID` reaches
    )


def _group(group: int) -> list[tuple[int, str]]:
    """The parent and the command line of each of a process group's running processes (zombies
    excepted)."""
    running = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:  # ended meanwhile
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            running.append((int(fields[1]), command))
    return running


def _until(condition: Callable[[], bool]) -> bool:
    """Whether ``condition`` comes true within PATIENCE seconds (looked at every 0.1 s)."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


def _workers(group: int) -> list[str]:
    """The group's worker processes: spawned (``spawn_main``) or forked by the fork server (its
    children); neither the fork server nor multiprocessing's resource tracker is one."""
    return [
        command
        for parent, command in _group(group)
        if "spawn_main" in command or ("forkserver" in command and parent != group)
    ]


def _finish(process: subprocess.Popen[str]) -> tuple[str, str]:
    """What the process writes until it ends (killed, with its group, if it does not)."""
    assert process.stdout is not None
    assert process.stderr is not None
    try:
        with process:  # (closes both pipes)
            out = process.stdout.read()
            err = process.stderr.read()
            process.wait(timeout=PATIENCE)
    finally:
        if process.returncode is None:
            os.killpg(process.pid, signal.SIGKILL)
    return out, err


@pytest.mark.parametrize("whom", ["group", "parent"])
def test_sigterm_stops_a_batch_cleanly(tmp_path: Path, whom: str) -> None:
    # "group": `kill -- -PGID`, every worker too; "parent": `kill PID`, the workers left to it.
    for index in range(40):
        (tmp_path / f"board-{index:02}.yaml").write_bytes(REPLACEMENTS.read_bytes())
    process = _start("batch", str(tmp_path), "--jobs", "2")
    assert process.stdout is not None
    first = process.stdout.readline()  # the workers are answering
    if whom == "group":
        os.killpg(process.pid, signal.SIGTERM)
    else:
        process.send_signal(signal.SIGTERM)
    rest, err = _finish(process)
    assert process.returncode == EXIT_TERMINATED
    assert err == "mtgasp: terminated\n"  # no traceback from the program or a worker
    lines = [first, *rest.splitlines()]
    assert 1 <= len(lines) < 40
    assert all(json.loads(line)["exit_code"] == 0 for line in lines)  # each line whole
    assert _until(lambda: _workers(process.pid) == [])


def test_sigterm_stops_prove_enumerate_cleanly() -> None:
    # An invariant over every board of up to 3 permanents of every card: minutes of work, the
    # first boards in the parent, then on two workers.
    process = _start(
        "prove", str(PROPERTIES / "tapped-permanents.lp"), "--engine", "enumerate",
        "--permanents", "3", "--jobs", "2",
    )  # fmt: skip
    try:
        assert _until(lambda: len(_workers(process.pid)) == 2)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
    out, err = _finish(process)
    assert (process.returncode, out, err) == (EXIT_TERMINATED, "", "mtgasp: terminated\n")
    assert _until(lambda: _workers(process.pid) == [])


def test_a_worker_whose_parent_is_gone_ends_quietly(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    # The parent killed with SIGKILL: the worker finds its connection closed when it answers.
    import argparse

    import batch_helpers

    template = argparse.Namespace(
        command="check", json=True, time_limit=0.0, memory_limit=0,
        run=batch_helpers.die_on_crash_boards,
    )  # fmt: skip
    worker = _Worker(template, 0)
    worker.give([(0, str(tmp_path / "a.yaml"))])
    worker.conn.close()
    worker.process.join(PATIENCE)
    assert worker.process.exitcode == 0
    assert "Traceback" not in capfd.readouterr().err


def test_sigterm_inside_a_finalizer_is_raised_a_moment_later() -> None:
    # As Ctrl-C (test_limits.py): Python would drop an exception raised in a finalizer.
    import _thread
    import threading

    class SlowFinalizer:
        def __del__(self) -> None:
            time.sleep(0.3)

    def work() -> None:
        threading.Timer(0.05, _thread.interrupt_main, args=(signal.SIGTERM,)).start()
        SlowFinalizer()
        for _ in range(3000):
            time.sleep(0.01)

    previous = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    budget.catch_interrupts()
    try:
        with pytest.raises(Terminated):
            work()
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


_SPAWN_MASKS = """
import argparse, signal
from multiprocessing import util
from mtgasp.batch.pool import _Worker

masks = []
spawn = util.spawnv_passfds

def recording(path, args, passfds):
    masks.append(signal.pthread_sigmask(signal.SIG_BLOCK, []))
    return spawn(path, args, passfds)

util.spawnv_passfds = recording
template = argparse.Namespace(command="check", json=True, time_limit=0.0, memory_limit=0)
worker = _Worker(template, 0)
worker.end(at_once=True)
blocked = [int(s) for s in masks[-1]]
print(int(signal.SIGINT) in blocked and int(signal.SIGTERM) in blocked)
"""


def test_the_first_worker_starts_with_both_signals_blocked() -> None:
    # Found by the fuzz run (issue 27): multiprocessing's resource tracker, started with the
    # first worker inside the block, unblocked SIGINT and SIGTERM in the parent's thread, so
    # the first worker started with them unblocked and a Ctrl-C to the group ended it in
    # Python's start-up ("Fatal Python error: init_import_site"). In a fresh process, where
    # the tracker is not running yet: the mask each process is spawned with, recorded.
    done = subprocess.run(
        [sys.executable, "-c", _SPAWN_MASKS],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "bridge")},
        timeout=PATIENCE,
        check=True,
    )
    assert done.stdout.splitlines()[-1] == "True"
