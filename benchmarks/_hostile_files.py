"""Hypothesis generators of hostile files and signals (issue 27), shared by the in-suite fuzz
test (tests/test_fuzz.py) and the long run (``python -m benchmarks.fuzz``).

- A hostile property file is a valid property with one to three mutations: a snippet of a class
  that broke ``mtgasp prove`` or must be refused (``#include`` in every form, ``#script``, a
  redefined constant, an unsafe variable, a grounding that never ends, nesting deep enough to
  crash a parser, a derived term thousands deep), bytes that are not UTF-8 or control characters
  at a random place, a cut; or no regular file at all (a directory, a named pipe, a dangling
  link, a link loop, a link to /dev/zero, an empty or oversized file). :func:`run_property`
  runs ``mtgasp prove`` on it, with either engine, in a process of its own.
- A hostile batch directory holds boards and entries that are not boards (a dangling link, a
  loop, a named pipe, a link to /dev/zero, a directory named like a board, a hostile board's
  text, a file of another suffix). :func:`run_batch_directory` checks one record per board
  entry, in order, each whole.
- A hostile signal is SIGINT or SIGTERM, to the parent or its whole process group, while a batch
  or ``prove --engine enumerate`` runs its workers. :func:`run_signal` checks a clean stop.

Each says what happened ("answered", "refused", "stopped"); anything else raises
AssertionError: a traceback, a crash, an exit code out of the documented ones, output after an
error, a refusal that does not name the file.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hypothesis import strategies as st

ROOT = Path(__file__).parents[1]
_PROPERTIES = ROOT / "examples" / "properties"
#: Small, fast properties to mutate (each reads a different vocabulary).
_BASES = (
    "tapped-permanents.lp",
    "summoning-sickness.lp",
    "only-lands-pay.lp",
    "loss-never-gain.lp",
)
#: The bounds each hostile property is searched within: small, so that a valid one answers fast.
_BOUNDS = ["--permanents", "1", "--cards", "Forest,Llanowar Elves,Fervor"]
#: The time limit of each run (seconds); a run may stop there, saying so.
TIME_LIMIT = 10
#: What stderr never holds: a traceback, clingo's abort, a raw exception's prefix.
_NEVER = ("Traceback", "PANIC", "RuntimeError:", "[Errno", "UnicodeDecodeError")

_SNIPPETS = [
    '#include "/etc/passwd".',
    "#include <incmode>.",
    "#include 'x.lp'.",
    '#  include "a.lp".',
    '#INCLUDE "a.lp".',
    '% #include "x".',
    '%* #include "x". *%',
    'named("#include \\"x\\"").',
    '#script (python)\nimport os\nos.system("echo pwned")\n#end.',
    "#script (lua) os.exit(1) #end.",
    "#const max_number = 5.",
    "#const n = 3.",
    "#external e.",
    "#minimize { 1,O : tapped(O) }.",
    "#heuristic h. [1,true]",
    "#project tapped/1.",
    "#edge (a, b).",
    "#theory t { }.",
    "#program step(t).",
    "#show tapped/1.",
    "#defined helper/1.",
    ":- tapped(O).",
    "{ counterexample(x) }.",
    "counterexample(x) ; other(x).",
    "counterexample(X).",
    "counterexample(X) :- X = 1..1000000000.",
    "counterexample(X) :- X = 99999999999.",
    "counterexample(x) :- X = 1/0, tapped(O).",
    "a :- not b. b :- not a. counterexample(x) :- a.",
    "counterexample(x) :- legall(activate(O, N)).",
    "tapped(x).",
    "counterexample(x) :- tapped(O), not tapped(O).",
    'counterexample("é ☃ \u202e") :- tapped(O).',
    "counterexample(" + "f(" * 150 + "x" + ")" * 150 + ") :- tapped(O).",
    "counterexample(" + "f(" * 100_000 + "x" + ")" * 100_000 + ").",
    "counterexample(x) :- tapped(O), X = 1" + "+1" * 3000 + ".",
    "d(0, a). d(N + 1, f(T)) :- d(N, T), N < 3000. counterexample(T) :- d(3000, T), tapped(O).",
    'counterexample("' + "x" * 200_000 + '") :- tapped(O).',
    "%* unclosed",
    '"unclosed',
    "counterexample(x) :- tapped(O)",
    "",
]
#: Bytes that are not UTF-8 text, or control characters, or text clingo reads oddly.
_BYTES = [b"\x00", b"\x1b[2J", b"\x07", b"\x7f", b"\x80", b"\xff\xfe", b"\xc3", b"\xed\xa0\x80"]
_BYTES += [b"\xef\xbb\xbf", b"\xe9", b"\r", b"\t", "\u2028".encode(), b"\\"]
#: What a property file may be instead of a regular file.
_KINDS = ("directory", "fifo", "dangling", "loop", "device", "empty", "oversized")


@st.composite
def hostile_property(draw: st.DrawFn) -> tuple[str, bytes, str]:
    """``(kind, bytes, engine)``: kind "file" (the bytes are its content) or one of _KINDS."""
    engine = draw(st.sampled_from(["asp", "enumerate"]))
    if draw(st.integers(0, 9)) == 0:
        return draw(st.sampled_from(_KINDS)), b"", engine
    lines = (_PROPERTIES / draw(st.sampled_from(_BASES))).read_text(encoding="utf-8").splitlines()
    for _ in range(draw(st.integers(1, 3))):
        lines.insert(draw(st.integers(0, len(lines))), draw(st.sampled_from(_SNIPPETS)))
    data = "\n".join(lines).encode("utf-8") + b"\n"
    for _ in range(draw(st.integers(0, 2))):
        at = draw(st.integers(0, len(data)))
        mutation = draw(st.sampled_from(["insert", "flip", "cut"]))
        if mutation == "insert":
            data = data[:at] + draw(st.sampled_from(_BYTES)) + data[at:]
        elif mutation == "flip" and at < len(data):
            data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
        elif mutation == "cut":
            data = data[:at]
    return "file", data, engine


def _make(path: Path, kind: str, data: bytes) -> None:
    """Make ``path`` the kind of entry asked for."""
    if kind == "file":
        path.write_bytes(data)
    elif kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "dangling":
        path.symlink_to(path.parent / "missing")
    elif kind == "loop":
        path.symlink_to(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    elif kind == "empty":
        path.write_bytes(b"")
    elif kind == "oversized":
        path.write_bytes(b"% padding\n" * 110_000)
    else:
        raise ValueError(kind)


def _environment() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "bridge")}


def _outcome(code: int, out: str, err: str, name: str | None) -> str:
    """What a run's exit code, stdout and stderr say happened; AssertionError if not allowed."""
    for never in _NEVER:
        assert never not in err, f"exit code {code}: {err[:2000]}"
    if code in (0, 1):
        assert out, "an answer is printed"
        return "answered"
    if code in (4, 5):
        assert "stopped at the" in err, f"exit code {code}: {err[:2000]}"
        return "stopped"
    assert code == 2, f"exit code {code}: {err[:2000]}"
    assert out == "", "nothing on stdout after an error"
    assert err.strip(), "an error says what is wrong"
    assert name is None or name in err, f"the error names the file: {err[:2000]}"
    return "refused"


def run_property(kind: str, data: bytes, engine: str) -> str:
    """``mtgasp prove`` on the property, as the ``mtgasp`` program: "answered" (exit 0 or 1),
    "refused" (exit 2, the file named on stderr, nothing on stdout) or "stopped" (exit 4 or 5,
    said on stderr); never a traceback, a crash or a raw exception's prefix."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "property.lp"
        _make(path, kind, data)
        jobs = ["--jobs", "1"] if engine == "enumerate" else []
        argv = ["prove", str(path), *_BOUNDS, "--engine", engine, *jobs]
        done = subprocess.run(
            [sys.executable, "-m", "mtgasp", *argv, "--time-limit", str(TIME_LIMIT)],
            capture_output=True,
            text=True,
            errors="replace",
            env=_environment(),
            timeout=TIME_LIMIT + 120,
            check=False,
        )
        return _outcome(done.returncode, done.stdout, done.stderr, path.name)


#: What a batch directory's entry may be: a board file, or something else named like one.
_ENTRIES = ("board", "hostile", "dangling", "loop", "fifo", "device", "directory", "other")
_BOARD = (ROOT / "examples" / "summoning-sickness.yaml").read_bytes()


@st.composite
def hostile_directory(draw: st.DrawFn) -> list[tuple[str, str, bytes]]:
    """The entries of a batch directory: ``(relative path, kind, content)``."""
    from ._hostile import hostile_board

    entries = []
    for index in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(_ENTRIES))
        folder = draw(st.sampled_from(["", "sub/", "sub/deeper/"]))
        suffix = draw(st.sampled_from([".yaml", ".yml", ".json"]))
        data = _BOARD
        if kind == "hostile":
            text, json_only = draw(hostile_board())
            suffix = ".json" if json_only else ".yaml"
            data = text.encode("utf-8", "surrogatepass")
        if kind == "other":
            suffix = ".txt"
        entries.append((f"{folder}{index}{suffix}", kind, data))
    return entries


def run_batch_directory(entries: list[tuple[str, str, bytes]]) -> str:
    """``mtgasp batch DIR`` on a directory of these entries: one whole record per entry named
    like a board (every kind but a directory or another suffix), in sorted order, each an
    answer or a documented error; "answered" (exit 0 or 1) or "refused" (exit 2: no board)."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        expected = []
        for name, kind, data in entries:
            path = root / name
            path.parent.mkdir(parents=True, exist_ok=True)
            _make(path, {"board": "file", "hostile": "file", "other": "file"}.get(kind, kind), data)
            if kind not in ("directory", "other"):
                expected.append(str(path))
        done = subprocess.run(
            [sys.executable, "-m", "mtgasp", "batch", str(root), *_BATCH_OPTIONS],
            capture_output=True,
            text=True,
            env=_environment(),
            timeout=TIME_LIMIT * len(entries) + 120,
            check=False,
        )
        if not expected:
            return _outcome(done.returncode, done.stdout, done.stderr, None)
        assert done.stderr == "", done.stderr[:2000]  # not a terminal: no progress bar
        records = [json.loads(line) for line in done.stdout.splitlines()]
        assert [r["board"] for r in records] == sorted(expected), done.stdout[:2000]
        assert all(r["exit_code"] in (0, 2, 4, 5) for r in records), done.stdout[:2000]
        failed = any(r["exit_code"] for r in records)
        assert done.returncode == (1 if failed else 0)
        return "answered"


#: A batch's options: two workers, the fuzz run's time limit on each board.
_BATCH_OPTIONS = ["--jobs", "2", "--time-limit", str(TIME_LIMIT)]


@st.composite
def hostile_signal(draw: st.DrawFn) -> tuple[str, int, str, float]:
    """``(command, signal, whom, delay)``: SIGINT or SIGTERM to the parent or its group, a
    random moment (``delay`` seconds) after the workers are seen answering."""
    return (
        draw(st.sampled_from(["batch", "prove"])),
        draw(st.sampled_from([signal.SIGINT, signal.SIGTERM])),
        draw(st.sampled_from(["parent", "group"])),
        draw(st.sampled_from([0.0, 0.0, 0.05, 0.3, 1.0])),
    )


def _workers(group: int) -> int:
    """How many worker processes the group runs: spawned (``spawn_main``) or forked by the fork
    server (its children); neither the fork server nor the resource tracker is one."""
    count = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        forked = b"forkserver" in command and int(fields[1]) != group
        running = int(fields[2]) == group and fields[0] != "Z"
        count += running and (b"spawn_main" in command or forked)
    return count


def run_signal(command: str, number: int, whom: str, delay: float) -> str:
    """Stop a batch of 40 boards (after its first line) or ``prove --engine enumerate`` (once
    its workers run) with the signal: "stopped" (exit 130 or 143, "mtgasp: interrupted" or
    "mtgasp: terminated" alone on stderr, every line on stdout whole, no worker left)."""
    with tempfile.TemporaryDirectory() as folder:
        if command == "batch":
            for index in range(40):
                (Path(folder) / f"b{index:02}.yaml").write_bytes(_BOARD)
            argv = ["batch", folder, "--jobs", "2"]
        else:
            prop = str(_PROPERTIES / "tapped-permanents.lp")
            argv = ["prove", prop, "--engine", "enumerate", "--permanents", "3", "--jobs", "2"]
        with subprocess.Popen(
            [sys.executable, "-m", "mtgasp", *argv],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=_environment(),
            start_new_session=True,
        ) as process:  # (closes both pipes)
            try:
                return _stop(process, command, number, whom, delay)
            finally:
                if process.poll() is None:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()


def _stop(
    process: subprocess.Popen[str], command: str, number: int, whom: str, delay: float
) -> str:
    assert process.stdout is not None
    assert process.stderr is not None
    lines = []
    if command == "batch":
        lines.append(process.stdout.readline())  # the workers are answering
    else:
        deadline = time.monotonic() + 120
        while _workers(process.pid) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _workers(process.pid) == 2, "the workers started"
    time.sleep(delay)  # a random moment, not a synchronisation
    if whom == "group":
        os.killpg(process.pid, number)
    else:
        process.send_signal(number)
    out = process.stdout.read()
    err = process.stderr.read()
    process.wait(timeout=120)
    expected = {signal.SIGINT: (130, "interrupted"), signal.SIGTERM: (143, "terminated")}[number]
    assert (process.returncode, err) == (expected[0], f"mtgasp: {expected[1]}\n"), err[:2000]
    if command == "batch":  # every line written is whole
        assert all(json.loads(line)["exit_code"] == 0 for line in [*lines, *out.splitlines()])
    else:
        assert out == "", out[:2000]
    deadline = time.monotonic() + 120
    while _workers(process.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _workers(process.pid) == 0, "no worker left"
    return "stopped"
