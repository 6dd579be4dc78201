"""Hostile property files for ``mtgasp prove`` (issue 27, points 4, 7 and 16): every
``#include`` refused before anything is read, text that is not UTF-8 (or holds a control
character) refused at its line and column before clingo sees it, and clingo's messages about a
property given without its code names or mtgasp's install path. Each: exit code 2, the file and
its location, nothing on stdout, no traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mtgasp.cli import main

ROOT = Path(__file__).parents[1]
#: A property that reads the activations vocabulary and holds on every board.
CONTROL = "contains the control character"
RULE = "counterexample(x) :- legal(activate(O, N)), tapped(O), not tapped(O).\n"


def _refused(capsys: pytest.CaptureFixture[str], path: Path, *options: str) -> str:
    assert main(["prove", str(path), "--permanents", "1", *options]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err
    return err


@pytest.mark.quick
@pytest.mark.parametrize(
    ("before", "line"),
    [
        ('#include "{secret}".\n', 1),
        ("#include <incmode>.\n", 1),
        ("% a comment\n  #include '{secret}'.\n", 2),
        ('%* a block\ncomment *%\n#   INCLUDE "{secret}".\n', 3),
        ('a("#include"). %* unclosed\n#include "{secret}".\n', 2),
    ],
    ids=["file", "incmode", "after-a-comment", "spaced", "after-an-unclosed-block-comment"],
)
@pytest.mark.parametrize("engine", ["asp", "enumerate"])
def test_every_include_is_refused_before_anything_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], before: str, line: int, engine: str
) -> None:
    # Issue 27: `#include "/etc/passwd"` showed the file's first line in the syntax error, and
    # `#include <incmode>.` was accepted. (An unclosed block comment is searched as rules: the
    # scan refuses more than clingo would include, never less.)
    secret = tmp_path / "secret.lp"
    secret.write_text("root:x:0:0:the first line\n", encoding="utf-8")
    path = tmp_path / "property.lp"
    path.write_text(before.format(secret=secret) + RULE, encoding="utf-8")
    err = _refused(capsys, path, "--engine", engine)
    assert f"property.lp:{line}:" in err
    assert "a property may not #include a file" in err
    assert "first line" not in err


def test_include_in_a_comment_or_a_string_is_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "property.lp"
    path.write_text(
        '% #include "x".\n%* #include "y". *%\nnamed("#include \\"z\\"").\n' + RULE,
        encoding="utf-8",
    )
    assert main(["prove", str(path), "--permanents", "1"]) == 0
    assert "HOLDS" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("data", "where", "words"),
    [
        (b"counterexample(x) :- tapped(O).\n% caf\xe9\n", ":2:6:", "is not UTF-8 text (byte 0xe9)"),
        (b"a\xff\xfe:-b.\n", ":1:2:", "is not UTF-8 text (byte 0xff)"),
        (b"counterexample(x) :- tapped(O).\x00 junk(\n", ":1:32:", f"{CONTROL} U+0000"),
        (b"\x1b[2Jcounterexample(x) :- tapped(O).\n", ":1:1:", f"{CONTROL} U+001B"),
    ],
    ids=["latin-1", "7-bytes", "nul", "escape"],
)
def test_text_that_is_not_utf8_is_refused_at_its_location(
    tmp_path: Path, data: bytes, where: str, words: str
) -> None:
    # Issue 27: 7 bytes that are not UTF-8 ended `prove` with a UnicodeDecodeError in clingo's
    # logger callback and "PANIC: exception in nothrow scope". In a process of its own: a panic
    # aborts the process.
    path = tmp_path / "property.lp"
    path.write_bytes(data)
    for engine in ("asp", "enumerate"):
        done = subprocess.run(
            [sys.executable, "-m", "mtgasp", "prove", str(path), "--engine", engine],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT / "bridge")},
            timeout=300,
            check=False,
        )
        assert (done.returncode, done.stdout) == (2, "")
        assert f"property.lp{where} the property {words}" in done.stderr
        assert "PANIC" not in done.stderr
        assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("kind", "words"),
    [("directory", "is a directory, not a property file"), ("fifo", "is not a regular file")],
)
def test_a_property_that_is_no_regular_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str, words: str
) -> None:
    path = tmp_path / "property.lp"
    if kind == "directory":
        path.mkdir()
    else:
        os.mkfifo(path)  # never opened: no writer, it would wait for ever
    assert words in _refused(capsys, path)


def test_a_property_too_large_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "property.lp"
    path.write_text(RULE + "% padding\n" * 120_000, encoding="utf-8")
    assert "is larger than 1048576 bytes" in _refused(capsys, path)


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        (
            "#const max_number = 5.\n",
            "property.lp:1:1-23: error: redefinition of constant:\n  #const max_number=5.\n"
            "asp/defined.lp:",
        ),
        ("counterexample(x) :- legal(.\n", "property.lp:1:28-29: error: syntax error"),
        ("counterexample(x) :- tapped(O), X = 1/0.\n", "property.lp:1:37-40: info: operation"),
    ],
    ids=["redefined-constant", "syntax", "undefined-operation"],
)
def test_clingos_messages_about_a_property_name_no_code_and_no_install_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], rule: str, words: str
) -> None:
    # Issue 27: "RuntimeError: ... redefinition of constant" with the path mtgasp's
    # defined.lp is installed at.
    path = tmp_path / "property.lp"
    path.write_text(rule + RULE, encoding="utf-8")
    err = _refused(capsys, path)
    assert words in err
    assert "RuntimeError" not in err
    assert "OperationUndefined" not in err
    assert str(ROOT / "asp") not in err


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        (
            "counterexample(" + "f(" * 100_000 + "x" + ")" * 100_000 + ") :- tapped(O).\n",
            ":1:215:",
            "parentheses, brackets or braces nest more than 100 deep",
        ),
        (
            "counterexample(x) :- tapped(O), X = 1" + "+1" * 3000 + ".\n",
            ":1:1:",
            "the rule's terms nest more than 100 deep",
        ),
    ],
    ids=["parentheses", "operator-chain"],
)
def test_terms_nested_too_deep_are_refused_at_their_location(
    tmp_path: Path, text: str, where: str, words: str
) -> None:
    # Found by the fuzz run (issue 27): 100,000 nested parentheses crashed clingo's parser
    # (a segmentation fault), 20,000, or an operator chain of 3,000, Python's walk of the rules
    # (RecursionError). In a process of its own: a crash ends the process.
    path = tmp_path / "property.lp"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mtgasp", "prove", str(path), "--permanents", "1"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "bridge")},
        timeout=300,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert f"property.lp{where} {words}" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("engine", ["asp", "enumerate"])
def test_a_reason_nested_thousands_deep_is_printed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], engine: str
) -> None:
    # A property may derive a term 3,000 deep (within every bound): its reason was decoded by a
    # recursive walk (RecursionError); it is printed as clingo writes it.
    path = tmp_path / "property.lp"
    path.write_text(
        "d(0, a).\nd(N + 1, f(T)) :- d(N, T), N < 3000.\n"
        "counterexample(T) :- d(3000, T), legal(activate(O, N)).\n",
        encoding="utf-8",
    )
    argv = ["prove", str(path), "--permanents", "1", "--cards", "Forest", "--engine", engine]
    assert main([*argv, "--json"]) == 1
    reasons = json.loads(capsys.readouterr().out)["reasons"]
    assert reasons == ["f(" * 3000 + "a" + ")" * 3000]


def test_a_character_that_is_not_ascii_outside_strings_and_comments_is_refused(
    tmp_path: Path,
) -> None:
    # Found by the fuzz run (issue 27): clingo's lexer reports an unexpected character byte by
    # byte, so an em dash outside a comment (a comment line cut by a line break) reached
    # clingo's logger as a cut UTF-8 sequence: the same PANIC as bytes that are not UTF-8. In a
    # string or a comment it is text.
    path = tmp_path / "property.lp"
    path.write_text(
        'counterexample("é ☃") :- tapped(O). % café\nrs, other \u2014 x.\n', encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-m", "mtgasp", "prove", str(path), "--permanents", "1"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "bridge")},
        timeout=300,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert "property.lp:2:11: the character U+2014 is not part of clingo's language" in (
        done.stderr
    )
    assert "PANIC" not in done.stderr
