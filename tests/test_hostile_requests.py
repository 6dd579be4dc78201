"""Hostile requests (issue 12's hostile-input note): every request grammar of every command, the
counts and the names in it, gives one clear error (exit code 2, nothing on stdout, no traceback)
that says what is wrong and what is right; Ctrl-C while the program starts ends it with exit code
130 and no traceback."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgasp import QueryError, parse_event
from mtgasp.board.events import MAX_DRAWS
from mtgasp.cli import main
from mtgasp.limits import MAX_NUMBER

BOARD = "examples/summoning-sickness.yaml"  # alice and bob; forest, birds, elves...
PROPERTY = "examples/properties/summoning-sickness.lp"
ROOT = Path(__file__).resolve().parent.parent

#: Counts no grammar takes: negative, past every bound, not whole, not the digits 0-9, empty.
BAD_NUMBERS = ["-1", "99999999999", "9" * 5000, "1.5", "²", "٣", "+3", "1_0"]


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the command: exit code 2, nothing on stdout, no traceback, one error."""
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's own errors
        code = exc.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert (code, out) == (2, ""), err
    assert "Traceback" not in err
    assert err.count("error:") == 1, err
    return err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        # The draw request's count: its real bound, 100 (121.2), and a wrong count said as such.
        (
            [BOARD, "draw:alice:99999999999"],
            f"number of cards must be a whole number from 1 to {MAX_DRAWS}",
        ),
        ([BOARD, "draw:alice:-1"], "got '-1'; one request draws at most 100 cards"),
        ([BOARD, "draw:alice:0"], "from 1 to 100, got '0'"),
        ([BOARD, "draw:alice:101"], "from 1 to 100, got '101'"),
        ([BOARD, "draw:alice:²"], "from 1 to 100, got '²'"),
        ([BOARD, "draw:zed:2"], "no player named 'zed'; players are: alice, bob"),
        ([BOARD, "draw::2"], "draw needs a player"),
        (
            [BOARD, "gain:alice:-3"],
            f"amount of life must be a whole number from 0 to {MAX_NUMBER}, got '-3'",
        ),
        ([BOARD, "gain:alice:1.5"], "got '1.5'"),
        ([BOARD, "lose:alice:٣"], "got '٣'"),
        ([BOARD, "set:alice:-99999999999"], f"from -{MAX_NUMBER} to {MAX_NUMBER}"),
        ([BOARD, "gain:alice"], "gain needs a player and an amount"),
        ([BOARD, "damage:forest:bob:-1"], "amount of damage must be a whole number from 0"),
        ([BOARD, "damage:forest:bob:²"], "amount of damage must be a whole number from 0"),
        ([BOARD, "damage:forest:bob"], "damage needs a source, a target and an amount"),
        ([BOARD, "damage:nowhere:bob:1"], "no permanent with id 'nowhere'"),
        ([BOARD, "damage:forest:zed:1"], "'zed' is neither"),
    ],
)
@pytest.mark.parametrize("command", ["event", "orderings"])
def test_event_requests(capsys, command, argv, words):
    assert words in refused(capsys, command, *argv)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["orderings", BOARD, "tap:forest:0"], "the ability number must be a whole number from 1"),
        (["orderings", BOARD, "tap:forest:-1"], "the ability number must be a whole number from 1"),
        (
            ["orderings", BOARD, "tap:forest:²:g"],
            "the ability number must be a whole number from 1",
        ),
        (["orderings", BOARD, "tap:"], "tap needs a permanent id"),
        (["orderings", BOARD, "gain:alice:3", "--caused-by", "zed"], "no player named 'zed'"),
        (["event", BOARD, "tap:forest"], "unknown event 'tap:forest'"),
        (["tap", BOARD, "forest", "--ability", "0"], "the ability number must be a whole number"),
        (["tap", BOARD, "nowhere"], "no permanent with id 'nowhere'"),
        (["cast", BOARD, "Grizzly Bears", "--controller", "zed"], "no player named 'zed'"),
        (["cast", BOARD, "Grizly Bears"], "Grizzly Bears"),
        (["cast", BOARD, "Grizzly Bears", "--id", ""], "the id of the permanent is empty"),
        (["step", BOARD, "drw"], "invalid choice: 'drw'"),
        (["step", BOARD, "upkeep", "--through", "untap"], "the step must come after upkeep"),
        (["step", BOARD, "upkeep", "--through", "declare_attackers"], "would pass into"),
        (["could-produce", BOARD, "--permanent", "nowhere"], "nowhere"),
    ],
)
def test_other_requests(capsys, argv, words):
    assert words in refused(capsys, *argv)


@pytest.mark.parametrize("value", BAD_NUMBERS)
@pytest.mark.parametrize(
    "argv",
    [
        ["cast", BOARD, "Grizzly Bears", "--x"],
        ["tap", BOARD, "forest", "--ability"],
        ["step", BOARD, "upkeep", "--max-courses"],
        ["step", BOARD, "upkeep", "--show"],
        ["orderings", BOARD, "gain:alice:1", "--max-orderings"],
        ["orderings", BOARD, "gain:alice:1", "--graph-limit"],
        ["step", BOARD, "upkeep", "--memory-limit"],
        ["prove", PROPERTY, "--permanents"],
        ["prove", PROPERTY, "--players"],
        ["prove", PROPERTY, "--effects"],
        ["prove", PROPERTY, "--jobs"],
        ["batch", BOARD, "--jobs"],
    ],
    ids=lambda argv: f"{argv[0]} {argv[-1]}",
)
def test_numbers_of_options(capsys, argv, value):
    assert f"argument {argv[-1]}: " in refused(capsys, *argv, value)


@settings(max_examples=150, deadline=None)
@given(
    kind=st.sampled_from(["gain", "lose", "set", "damage", "draw", "tap", "mill", ""]),
    parts=st.lists(st.one_of(st.text(max_size=8), st.integers().map(str)), max_size=4),
)
def test_any_event_text_parses_or_is_a_query_error(kind, parts):
    """Whatever the text, an Event or a QueryError (never Python's own error)."""
    with contextlib.suppress(QueryError):
        parse_event(":".join([kind, *parts]))


@settings(max_examples=100, deadline=None)
@given(count=st.integers())
def test_a_draw_count_is_refused_with_its_real_range(count):
    if 1 <= count <= MAX_DRAWS:
        assert parse_event(f"draw:alice:{count}").count == count  # type: ignore[union-attr]
    else:
        with pytest.raises(QueryError, match=f"from 1 to {MAX_DRAWS}, got '{count}'"):
            parse_event(f"draw:alice:{count}")


# --- Arguments whose bytes are not UTF-8 ---


@pytest.mark.parametrize(
    "argv",
    [
        ["cast", BOARD, b"\xed\xa0\x80", "--x", "0"],  # (a surrogate's UTF-8: not UTF-8 text)
        ["orderings", BOARD, b"gain:\xff:3"],
        ["cards", "--search", b"\xc3"],
        ["check", b"board-\xe9.yaml"],
    ],
    ids=["card name", "event", "search", "file name"],
)
def test_an_argument_that_is_not_utf8_text_is_refused(argv: list[str | bytes]) -> None:
    # A terminal can send any bytes; Python hands the program those that are not UTF-8 as lone
    # surrogates (PEP 383), which no card, name or id holds. Found by the fuzz run once its
    # command lines ran as programs: `cast` looked such a card name up in SQLite, which can't
    # encode it, and ended in a traceback (UnicodeEncodeError).
    done = subprocess.run(
        [sys.executable, "-m", "mtgasp", *argv],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT / "bridge")},
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert "is not text: its bytes are not UTF-8" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_name_that_is_not_text_is_an_unknown_card_to_the_api() -> None:
    from mtgasp import cast, load_board
    from mtgasp.cards import catalog

    assert catalog.lookup("\ud800") is None
    with pytest.raises(QueryError, match="unknown card"):
        cast(load_board(ROOT / BOARD), "\ud800", x=0)


# --- Ctrl-C while the program starts (imports) ---

INTERRUPTING_CLINGO = """\
import signal
signal.raise_signal(signal.SIGINT)  # Ctrl-C, as Python imports clingo for mtgasp
raise AssertionError("the interrupt did not stop the import")
"""
#: What pip writes for the ``mtgasp`` script (pyproject's [project.scripts]).
SCRIPT = "import sys\nfrom mtgasp.cli import run\nsys.exit(run())\n"


def _interrupted_start(tmp_path: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "clingo").mkdir()
    (tmp_path / "clingo" / "__init__.py").write_text(INTERRUPTING_CLINGO, encoding="utf-8")
    (tmp_path / "mtgasp").write_text(SCRIPT, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT / "bridge")])}
    return subprocess.run(
        [sys.executable, *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        # Ctrl-C as at a terminal, even when the suite runs with it ignored (a background job):
        # Python then installs its own handler, and mtgasp's start-up its own.
        preexec_fn=_ctrl_c_default,
    )


def _ctrl_c_default() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("how", ["-m", "script"])
def test_ctrl_c_while_the_program_starts_exits_130_without_a_traceback(tmp_path, how):
    program = ["-m", "mtgasp"] if how == "-m" else [str(tmp_path / "mtgasp")]
    done = _interrupted_start(tmp_path, *program, "check", BOARD)
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "mtgasp: interrupted\n")


def test_a_library_import_keeps_pythons_ctrl_c(tmp_path):
    # (``import mtgasp`` alone imports no clingo: its public names are imported when first used.)
    done = _interrupted_start(tmp_path, "-c", "from mtgasp import check")
    assert done.returncode != 0
    assert "KeyboardInterrupt" in done.stderr  # a library user's own program decides
