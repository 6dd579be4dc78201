"""Hostile board files (issue 10): each gets a clear error, exit code 2, its location, nothing on
stdout and no traceback; never a crash and never a wrong answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp import BoardError, parse_board
from mtgasp._text import escape, quote
from mtgasp.cli import main
from mtgasp.limits import MAX_ALIAS_VALUES, MAX_BOARD_BYTES, MAX_NUMBER

GOOD = """\
players: [{name: alice}, {name: bob}]
turn: {active: alice}
battlefield:
  - {id: f, card: Forest, controller: alice}
"""

BILLION_LAUGHS = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "".join(
    f"{name}: &{name} [{', '.join([f'*{prev}'] * 9)}]\n"
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True)
)


def check(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, suffix: str = ".yaml"):
    path = tmp_path / f"board{suffix}"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    code = main(["check", str(path)])
    out, err = capsys.readouterr()
    assert (code, out) == (2, ""), err
    assert "Traceback" not in err
    assert err.startswith(f"mtgasp: error: {path}: ")
    return err


@pytest.mark.parametrize(
    ("text", "suffix", "words"),
    [
        pytest.param(
            json.dumps({"players": [{"name": "alice"}, {"name": "alice\x00"}]}),
            ".json",
            "players[1].name: 'alice\\x00' contains a NUL byte at position 5",
            id="nul-in-name",
        ),
        pytest.param(
            '{"players": [{"name": "a\\ud800"}]}',
            ".json",
            "players[0].name: 'a\\ud800' contains a lone surrogate (U+D800",
            id="lone-surrogate",
        ),
        pytest.param(
            GOOD.replace("id: f", 'id: "f\\nforged  legal"'),
            ".yaml",
            "battlefield[0].id: 'f\\nforged  legal' contains the control character U+000A",
            id="newline-in-id",
        ),
        pytest.param(
            GOOD.replace("{name: alice}", "{name: alice, life: 2147483648}"),
            ".yaml",
            f"players[0].life: must be at most {MAX_NUMBER}, got 2147483648",
            id="life-too-large",
        ),
        pytest.param(
            GOOD.replace("{name: alice}", "{name: alice, life: -2147483649}"),
            ".yaml",
            f"players[0].life: must be at least -{MAX_NUMBER}",
            id="life-too-small",
        ),
        pytest.param(
            GOOD.replace("alice}\n", "alice, counters: {charge: 9999999999}}\n"),
            ".yaml",
            "battlefield[0].counters.charge: must be at most",
            id="counter-too-large",
        ),
        pytest.param(
            GOOD.replace("turn: {active: alice}", "turn: {active: alice, number: 4294967297}"),
            ".yaml",
            "turn.number: must be at most",
            id="turn-number-too-large",
        ),
        pytest.param(
            GOOD + "this_turn: {gained_life: {alice: 2147483648}}\n",
            ".yaml",
            "this_turn.gained_life.alice: must be at most",
            id="history-amount-too-large",
        ),
        pytest.param(
            GOOD.replace("{name: alice}", "{name: alice, life: 20.0}"),
            ".yaml",
            "players[0].life: expected a whole number, got float 20.0",
            id="float-life",
        ),
        pytest.param(
            '{"players": [{"name": "a", "life": 1e308}]}',
            ".json",
            "players[0].life: expected a whole number, got float 1e+308",
            id="float-json",
        ),
        pytest.param(
            GOOD + "hand: {1: [Forest]}\n",
            ".yaml",
            "hand.1: keys must be strings, got int 1",
            id="int-key",
        ),
        pytest.param(
            GOOD + "this_turn: {gained_life: {null: 1}}\n",
            ".yaml",
            "this_turn.gained_life.None: keys must be strings, got NoneType None",
            id="null-key",
        ),
        pytest.param(
            GOOD.replace("alice}\n", "alice, counters: {1: 2}}\n"),
            ".yaml",
            "battlefield[0].counters.1: keys must be strings",
            id="counter-int-key",
        ),
        pytest.param(
            GOOD + "1.5: x\nzz: 1\n", ".yaml", "1.5: keys must be strings", id="float-key"
        ),
        pytest.param("[" * 100_000, ".json", "nest more than 64 levels deep", id="deep-json"),
        pytest.param(
            "a:\n" + "".join(" " * (i + 1) + "a:\n" for i in range(990)),
            ".yaml",
            "line 65: lists and mappings nest more than 64 levels deep",
            id="deep-yaml",
        ),
        pytest.param(
            GOOD + "turn: {active: bob}\n",
            ".yaml",
            "line 5: duplicate key 'turn' (first at line 2)",
            id="duplicate-key",
        ),
        pytest.param(
            BILLION_LAUGHS, ".yaml", f"at most {MAX_ALIAS_VALUES} are allowed", id="billion-laughs"
        ),
        pytest.param(
            "a: &a [*a]\n",
            ".yaml",
            "an alias refers to a value that contains it",
            id="recursive-alias",
        ),
        pytest.param(
            GOOD.replace("{name: alice}", "{name: alice, life: " + "9" * 5000 + "}"),
            ".yaml",
            "a number with more than 4300 digits",
            id="huge-literal",
        ),
    ],
)
def test_hostile_board(tmp_path, capsys, text, suffix, words):
    assert words in check(tmp_path, capsys, text, suffix)


def test_aliases_within_the_limit_still_work(tmp_path, capsys):
    path = tmp_path / "b.yaml"
    path.write_text("players: [{name: &a alice}, {name: bob}]\nturn: {active: *a}\n", "utf-8")
    assert main(["check", str(path)]) == 0
    assert "alice" in capsys.readouterr().out


def test_a_long_value_is_quoted_short(tmp_path, capsys):
    err = check(tmp_path, capsys, GOOD.replace("card: Forest", "card: " + "x" * 1_000_000))
    assert "' (1000000 characters)" in err
    assert len(err) < 1000


def test_a_file_that_is_no_board_is_not_echoed(tmp_path, capsys):
    err = check(
        tmp_path, capsys, "\n".join(f"user{i}:x:{i}:{i}::/home:/bin/sh" for i in range(500))
    )
    assert "(top level): expected a mapping, got the string 'user0:x:0:0" in err
    assert len(err) < 500


def test_problems_are_capped(tmp_path, capsys):
    items = "".join(f"  - {{id: f{i}, card: Forrest, controller: alice}}\n" for i in range(50))
    err = check(tmp_path, capsys, GOOD + items)
    assert "... and 30 more problems" in err


def test_too_large_file(tmp_path, capsys):
    err = check(tmp_path, capsys, GOOD + "#" * MAX_BOARD_BYTES)
    assert f"is larger than {MAX_BOARD_BYTES} bytes" in err


@pytest.mark.parametrize(
    ("path", "words"), [("/dev/zero", "not a regular file"), ("/", "directory")]
)
def test_devices_and_directories(capsys, path, words):
    assert main(["check", path]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert words in err


def test_api_raises_board_error():
    with pytest.raises(BoardError, match="duplicate key"):
        parse_board(GOOD + "turn: {active: bob}\n")


def test_a_path_with_control_characters_is_printed_escaped(tmp_path, capsys):
    assert main(["check", str(tmp_path / "\x1b[31mred.yaml")]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "\\x1b[31mred.yaml: no such file" in err
    assert "\x1b" not in err


def test_text_output_escapes_control_characters():
    # One place (cli.main) escapes what reaches a terminal: ANSI escapes cannot colour or move it.
    assert escape("a\x1b[31mb\x00\ud800\n\t") == "a\\x1b[31mb\\x00\\ud800\n\t"
    assert quote("a\nb") == "'a\\nb'"


def test_no_error_line_echoes_a_long_name(tmp_path, capsys):
    # A valid board whose player name is 100,000 characters; the question names someone else.
    path = tmp_path / "b.yaml"
    path.write_text(f"players: [{{name: {'x' * 100_000}}}]\n", encoding="utf-8")
    assert main(["activations", str(path), "--player", "zed"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "no player named 'zed'" in err
    assert "(line cut: " in err
    assert len(err) < 1200
