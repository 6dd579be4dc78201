"""The guides run as shown (issue 28 point 6): docs/getting-started.md's commands print what the
page shows, and docs/python-api.md's notebook cells, run in order, print what the page shows."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from itertools import pairwise
from pathlib import Path

import pytest

from mtgasp.cli import main

ROOT = Path(__file__).parents[1]
DOCS = ROOT / "docs"


def _blocks(text: str) -> list[tuple[str, str]]:
    """Every fenced block of a page: (its language, its text)."""
    return re.findall(r"^```(\w*)\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)


def test_getting_started_shows_the_example_board_and_real_output(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    page = (DOCS / "getting-started.md").read_text(encoding="utf-8")
    blocks = _blocks(page)
    board = (ROOT / "examples" / "first-board.yaml").read_text(encoding="utf-8")
    assert ("yaml", board) in blocks
    ran = 0
    for language, text in blocks:
        if language != "console":
            continue
        # Each "$ ..." line and the lines up to the next are one command and its output.
        for command, shown in re.findall(r"^\$ (.*)\n((?:(?!\$ ).*\n)*)", text, re.MULTILINE):
            argv = shlex.split(command)
            if argv[0] == "cat":  # a file the next command reads: write it where it runs
                (tmp_path / argv[1]).write_text(shown, encoding="utf-8")
                continue
            if "/" in command:
                monkeypatch.chdir(ROOT)
            else:
                monkeypatch.chdir(tmp_path)
            code = main(argv[1:])
            out, err = capsys.readouterr()
            assert (out + err).rstrip("\n") == shown.rstrip("\n"), command
            assert code == (2 if err else 0)
            ran += 1
    assert ran == 3


def test_the_python_api_notebook_runs_and_prints_what_it_shows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)  # the cells name example boards relative to the repository root
    blocks = _blocks((DOCS / "python-api.md").read_text(encoding="utf-8"))
    cells = [
        (code, shown)
        for (language, code), (after, shown) in pairwise(blocks)
        if language == "python" and after == "text"
    ]
    assert len(cells) >= 5
    namespace: dict[str, object] = {}
    for code, shown in cells:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(code, "python-api.md", "exec"), namespace)
        assert printed.getvalue() == shown, code
