"""The files a command writes besides its answer (issue 27, points 6 and 16): ``--html``,
``--graph`` (and the ``.dot`` beside an ``.svg``/``.png``), ``prove --save`` and
``--write-board`` all refuse to overwrite a file without ``--force`` (before any work), and
write through a temporary file renamed over the name, so that a failed write (a full disk)
leaves nothing behind and says why in a sentence, never ``[Errno 28]``."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from mtgasp.cli import main
from mtgasp.output import files as _output_file

EXAMPLES = Path(__file__).parents[1] / "examples"
REFLECTION = str(EXAMPLES / "mana-reflection-contamination.yaml")
FESTIVAL = str(EXAMPLES / "havoc-festival.yaml")
#: A property every board with a tapped permanent breaks: a counterexample at once.
FALSE_CLAIM = "counterexample(x) :- tapped(O).\n"

#: Each output option: the command line (OUT: the file) and the file it writes there.
COMMANDS = {
    "check --html": (["check", REFLECTION, "--html", "OUT"], "r.html"),
    "orderings --graph .dot": (["orderings", REFLECTION, "tap:forest", "--graph", "OUT"], "g.dot"),
    "orderings --html": (["orderings", REFLECTION, "tap:forest", "--html", "OUT"], "r.html"),
    "could-produce --graph": (["could-produce", REFLECTION, "--why", "--graph", "OUT"], "g.dot"),
    "step --html": (["step", FESTIVAL, "upkeep", "--html", "OUT"], "r.html"),
    "step --graph": (["step", FESTIVAL, "upkeep", "--graph", "OUT"], "g.dot"),
    "step --write-board": (["step", FESTIVAL, "upkeep", "--write-board", "OUT"], "b.yaml"),
    "prove --save": (["prove", "PROPERTY", "--permanents", "1", "--save", "OUT"], "c.yaml"),
}


def _argv(name: str, tmp_path: Path) -> tuple[list[str], Path]:
    argv, file = COMMANDS[name]
    (tmp_path / "property.lp").write_text(FALSE_CLAIM, encoding="utf-8")
    out = tmp_path / file
    swap = {"OUT": str(out), "PROPERTY": str(tmp_path / "property.lp")}
    return [swap.get(word, word) for word in argv], out


def _code(name: str) -> int:
    return 1 if name.startswith("prove") else 0  # prove: a counterexample found


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_an_existing_file_is_overwritten_only_with_force(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Issue 27: --html, --graph and prove --save overwrote existing files; --write-board
    # refused without --force. One rule for every output.
    argv, out = _argv(name, tmp_path)
    out.write_text("mine\n", encoding="utf-8")
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert f"would overwrite {out}; remove it, choose another file name or add --force" in (
        captured.err
    )
    assert out.read_text(encoding="utf-8") == "mine\n"
    assert main([*argv, "--force"]) == _code(name)
    assert out.read_text(encoding="utf-8") != "mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted({out.name, "property.lp"})


@pytest.mark.quick
def test_the_dot_beside_a_rendered_graph_is_an_output_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "g.dot").write_text("mine\n", encoding="utf-8")
    argv = ["orderings", REFLECTION, "tap:forest", "--graph", str(tmp_path / "g.svg")]
    assert main(argv) == 2  # refused before Graphviz is asked for anything
    assert "--graph would overwrite" in capsys.readouterr().err
    assert (tmp_path / "g.dot").read_text(encoding="utf-8") == "mine\n"
    assert not (tmp_path / "g.svg").exists()


class _FullDisk:
    """A file whose writes fail as on a full disk (or a read-only file system)."""

    def __init__(self, code: int, real: Any) -> None:
        self.code, self.real = code, real

    def __enter__(self) -> _FullDisk:
        return self

    def __exit__(self, *exc: object) -> None:
        self.real.close()

    def write(self, data: bytes) -> int:
        raise OSError(self.code, os.strerror(self.code))


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
@pytest.mark.parametrize("name", ["check --html", "step --write-board", "prove --save"])
def test_a_failed_write_leaves_no_file_and_says_why_in_a_sentence(
    name: str,
    code: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Issue 27: a full disk left 0-byte files that then blocked a retry; "[Errno 30]" leaked.
    argv, out = _argv(name, tmp_path)
    real_fdopen = os.fdopen
    monkeypatch.setattr(
        _output_file.os, "fdopen", lambda fd, mode: _FullDisk(code, real_fdopen(fd, mode))
    )
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    option = argv[-2]
    assert f"mtgasp: error: {option} {out}: cannot write it: {os.strerror(code)}\n" == (
        captured.err
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["property.lp"]  # no cut file, no temp
    monkeypatch.undo()
    assert main(argv) == _code(name)  # the retry needs no --force
    assert out.stat().st_size > 0


def test_a_file_is_written_with_the_usual_permissions(tmp_path: Path) -> None:
    # The temporary file is made 0o666 less the umask, as any new file, not 0o600.
    mask = os.umask(0o022)
    try:
        path = _output_file.write_output(tmp_path / "x.html", b"<p>", "--html", force=False)
    finally:
        os.umask(mask)
    assert path.stat().st_mode & 0o777 == 0o644
