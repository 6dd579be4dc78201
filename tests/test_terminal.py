"""On a terminal: long verdicts wrapped to its width, legal/illegal coloured (NO_COLOR respected),
progress on stderr; piped or with --json: the plain text, byte for byte, and no progress."""

from __future__ import annotations

import io
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

from mtgasp.cli import main
from mtgasp.output.terminal import render

ROOT = Path(__file__).parents[1]
EXAMPLE = str(ROOT / "examples" / "summoning-sickness.yaml")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _on_terminal(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], *, columns: int = 80
) -> tuple[str, str]:
    out, err = _Terminal(), _Terminal()
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setenv("COLUMNS", str(columns))
    assert main(argv) == 0
    return out.getvalue(), err.getvalue()


@pytest.mark.quick
def test_piped_output_is_the_plain_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", EXAMPLE]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert "\x1b[" not in out
    assert max(len(line) for line in out.splitlines()) > 100  # the README's long verdict line


@pytest.mark.quick
def test_a_terminal_gets_verdicts_wrapped_within_their_column_and_coloured(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    out, _ = _on_terminal(monkeypatch, ["check", EXAMPLE], columns=80)
    plain = out.replace("\x1b[31m", "").replace("\x1b[32m", "").replace("\x1b[0m", "")
    assert max(len(line) for line in plain.splitlines()) <= 80
    lines = plain.splitlines()
    row = next(i for i, line in enumerate(lines) if line.startswith("elves "))
    column = lines[row].index("illegal: 302.6")
    assert lines[row + 1].startswith(" " * column)
    assert lines[row + 1][column] != " "
    assert "\x1b[31millegal\x1b[0m: 302.6" in out
    assert "\x1b[32mlegal\x1b[0m" in out


@pytest.mark.quick
def test_no_color_turns_colour_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    out, _ = _on_terminal(monkeypatch, ["check", EXAMPLE], columns=200)
    assert "\x1b[" not in out
    assert "illegal: 302.6 summoning sick" in out


def test_json_on_a_terminal_is_unchanged_and_shows_no_progress(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", EXAMPLE, "--json"]) == 0
    piped = capsys.readouterr().out
    out, err = _on_terminal(monkeypatch, ["check", EXAMPLE, "--json"], columns=40)
    assert out == piped
    assert err == ""


def test_progress_on_a_terminal_says_what_is_ground_and_solved(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    board = str(ROOT / "examples" / "havoc-festival.yaml")
    _, err = _on_terminal(monkeypatch, ["step", board, "upkeep"])
    assert "mtgasp: grounding step" in err
    assert "mtgasp: solving step" in err
    assert err.endswith("\r\x1b[K")  # the line is cleared at the end


def test_render_keeps_short_text_and_wraps_prose_with_a_hanging_indent() -> None:
    assert render("short\n\nlines", 80, colour=False) == "short\n\nlines"
    wrapped = render("  " + "word " * 30, 40, colour=False).splitlines()
    assert wrapped[0].startswith("  word")
    assert wrapped[1].startswith("    word")
    assert all(len(line) <= 40 for line in wrapped)


def test_progress_reaches_a_real_terminal_but_not_a_pipe(tmp_path: Path) -> None:
    """A pseudo-terminal as stderr gets progress lines; a pipe gets nothing."""
    board = str(ROOT / "examples" / "havoc-festival.yaml")
    argv = [sys.executable, "-m", "mtgasp", "step", board, "upkeep"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "bridge")}
    piped = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120, check=True)
    assert piped.stderr == ""
    leader, follower = pty.openpty()
    with subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=follower, env=env) as process:
        os.close(follower)
        seen = b""
        while True:
            ready, _, _ = select.select([leader], [], [], 120)
            if not ready:
                break
            try:
                chunk = os.read(leader, 4096)
            except OSError:  # the child closed its end
                break
            if not chunk:
                break
            seen += chunk
        out = process.stdout.read() if process.stdout else b""
    os.close(leader)
    assert b"mtgasp: grounding step" in seen
    assert out.decode() == piped.stdout
