"""``mtgasp cards import`` hardened (issue 27 points 1, 2, 8, 9, 10, 12, 14; issue 28 point 4):
every bad value is refused at its location in the file (exit code 2, no traceback), the import
is bounded, shows progress, ends with a summary, and leaves no partial file on any exit."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import unicodedata
from pathlib import Path
from typing import Any

import pytest

from mtgasp import BoardError, parse_board
from mtgasp import progress as progress_line
from mtgasp.cards import database, import_write, importer, mtgjson
from mtgasp.cli import main
from mtgasp.facts.board import board_facts

CARDS = Path(__file__).parent / "cards"
MULTI_FACED = CARDS / "multi-faced.json"
BEARS: dict[str, Any] = {
    "name": "Bears",
    "layout": "normal",
    "manaCost": "{1}{G}",
    "types": ["Creature"],
    "subtypes": ["Bear"],
    "power": "2",
    "toughness": "2",
    "text": "",
}


def _file(tmp_path: Path, cards: dict[str, Any], name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"data": cards}), encoding="utf-8")
    return path


def _data_dir() -> Path:
    return database.user_path().parent


def _left(data: Path) -> list[str]:
    return sorted(p.name for p in data.iterdir()) if data.exists() else []


def _refused(path: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    """Import ``path``: refused (exit 2, nothing on stdout, no traceback), the user's data
    directory as it was (nothing written, nothing left behind); the message."""
    before = _left(_data_dir())
    assert main(["cards", "import", str(path), *extra]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err
    assert _left(_data_dir()) == before
    return err


def _bears(**changes: Any) -> dict[str, Any]:
    return {"Bears": [{**BEARS, **changes}]}


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        # Issue 27 point 1: the text was cut at the NUL inside clingo ("legal if Flying can be
        # paid").
        (
            _bears(text="Flying\x00{T}: Add {G}."),
            "data[\"Bears\"][0].text: 'Flying\\x00{T}: Add {G}.' contains a NUL byte at position 6",
        ),
        (_bears(text="\x1b[31mFlying"), "contains the control character U+001B at position 0"),
        (_bears(text="Flying\tTrample"), "contains the control character U+0009 at position 6"),
        ({"": [{**BEARS, "name": ""}]}, "data[\"\"]: '' is empty; a card has a name"),
        ({" ": [{**BEARS, "name": " "}]}, "data[\" \"]: ' ' is empty"),
        ({"Bears\x00": [{**BEARS, "name": "Bears\x00"}]}, "data[\"Bears\\u0000\"]: 'Bears\\x00'"),
        (
            {"Be\u200bars": [{**BEARS, "name": "Be\u200bars"}]},
            "data[\"Be\\u200bars\"]: 'Be\\u200bars' is not printable text (it holds the "
            "invisible character U+200B ZERO WIDTH SPACE at position 2)",
        ),
        (_bears(name="Forest"), 'data["Bears"][0].name: "Forest" is not the name of the card'),
        (_bears(faceName="Bear\x07"), "data[\"Bears\"][0].faceName: 'Bear\\x07'"),
        (_bears(faceName="Cubs"), '"Cubs" is not one of the names in the card\'s full name'),
        (_bears(types=["Creature\x00"]), "data[\"Bears\"][0].types[0]: 'Creature\\x00'"),
        (_bears(subtypes="Bear"), 'data["Bears"][0].subtypes: expected a list of strings'),
        (_bears(power=2), 'data["Bears"][0].power: expected a string, got the number 2'),
        # Issue 27 point 9: UnicodeEncodeError in clingo.String, a .partial left behind.
        (_bears(text="Flying \ud800"), "a lone surrogate (U+D800, not a character) at position 7"),
        (_bears(name="\udfff"), "a lone surrogate"),
        # Issue 27 point 10: OverflowError, a .partial left behind.
        (_bears(power="99999999999"), "data[\"Bears\"][0].power: '99999999999' is past 1000000000"),
        (_bears(toughness="-" + "9" * 5000), 'data["Bears"][0].toughness:'),
        (
            _bears(manaCost="{999999999999}"),
            "data[\"Bears\"][0].manaCost: '{999999999999}' has the amount '999999999999'",
        ),
        (_bears(text="~ deals 99999999999 damage."), "contains the number '99999999999'"),
        (_bears(text="Add {²}."), "contains the digit '²' at position 5"),
        (_bears(text="x" * 5001), "has 5001 characters; Oracle text has at most 5000"),
        (
            {"B" * 201: [{**BEARS, "name": "B" * 201}]},
            "has 201 characters; a card name has at most",
        ),
        ({"Bears": [BEARS] * 11}, 'data["Bears"]: has 11 faces; a card has at most 10'),
    ],
)
def test_a_bad_value_is_refused_at_its_location(
    cards: dict[str, Any],
    expected: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"data": cards}), encoding="utf-8")
    err = _refused(path, capsys)
    assert f"mtgasp: error: {path}: " in err
    assert expected in err


@pytest.mark.quick
def test_a_split_cards_halves_together_stay_within_the_number_bound(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    half = {**BEARS, "name": "A // B // C", "layout": "split", "manaCost": "{900000000}"}
    faces = [
        {**half, "faceName": face, "side": side} for face, side in zip("ABC", "abc", strict=True)
    ]
    err = _refused(_file(tmp_path, {"A // B // C": faces}), capsys)
    assert 'data["A // B // C"] (its halves\' mana costs together, 709.4): ' in err
    assert "adds up to 2700000000 mana of one kind" in err


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        # Issue 27 point 8: RecursionError on 10 KB.
        (b'{"data": ' + b"[" * 10_000 + b"]" * 10_000 + b"}", "nest too deeply to read"),
        (b'{"data": {"Bears": [1' + b"0" * 5000 + b"]}}", "not JSON mtgasp can read"),
        (b'{"data": {"B\xffears": []}}', "byte 12: not UTF-8 text (invalid start byte)"),
        (b'{"data": {"Bears": [], "Bears": []}}', 'data: the card "Bears" is given twice'),
        (
            b'{"data": {"Bears": [{"name": "Bears", "name": "Bears", "types": []}]}}',
            'data["Bears"][0]: the key "name" is given twice',
        ),
        (b'{"data": {"Bears": [{"types": []}]}}', 'data["Bears"][0].name: missing'),
        # Found by the fuzz run: a lone surrogate in MTGJSON's version (UnicodeEncodeError).
        (
            b'{"meta": {"version": "5\\ud800"}, "data": {}}',
            "meta.version: expected MTGJSON's version as text ('5.2.2', '2026-11-30'), got the "
            "string '5\\ud800'",
        ),
        (b'{"meta": [], "data": {}}', "meta: expected a mapping, got a list of 0 values"),
        (
            b'{"data": {"Bears": [[[[1]]]]}}',
            "expected a mapping (one face of the card), got a list",
        ),
    ],
)
def test_a_file_that_is_not_atomic_cards_is_refused(
    content: bytes, expected: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    assert expected in _refused(path, capsys)


def test_a_file_of_cards_mtgasp_cannot_read_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _file(tmp_path, _bears(manaCost="{HW}"))
    assert "no card could be read from it; the database is unchanged" in _refused(path, capsys)


def test_the_import_is_bounded_in_size_and_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _file(tmp_path, {"Bears": [BEARS], "Cubs": [{**BEARS, "name": "Cubs"}]})
    monkeypatch.setattr(mtgjson, "MAX_IMPORT_CARDS", 1)
    assert "data: lists 2 cards; one import reads at most 1" in _refused(path, capsys)
    monkeypatch.setattr(mtgjson, "MAX_IMPORT_BYTES", 100)
    assert f"is {path.stat().st_size} bytes, larger than 100 bytes" in _refused(path, capsys)
    # A FIFO would block the read forever, /dev/zero would never end: refused before opening.
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert "is not a regular file (a device, a FIFO or a socket)" in _refused(fifo, capsys)
    assert "is not a regular file" in _refused(Path("/dev/zero"), capsys)
    assert "is a directory" in _refused(tmp_path, capsys)


def test_the_time_limit_stops_the_import_and_leaves_the_database_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def slow(record: Any) -> Any:
        time.sleep(30)  # the time limit's alarm ends the sleep

    monkeypatch.setattr(importer, "compile_card", slow)
    path = _file(tmp_path, {"Bears": [BEARS]})
    assert main(["cards", "import", str(path), "--time-limit", "0.5"]) == 4
    out, err = capsys.readouterr()
    assert out.startswith("stopped at the time limit (0.5 s)")
    assert "the import stopped at the time limit (0.5 s) after 0 of 1 cards" in err
    assert "your card database is unchanged" in err
    assert "Traceback" not in err
    assert _left(_data_dir()) == []  # no partial file, no database
    # Stopped while the file is read (a large file takes a while to parse).
    monkeypatch.setattr(importer, "read_file", slow)
    assert main(["cards", "import", str(path), "--time-limit", "0.5"]) == 4
    assert "stopped at the time limit (0.5 s) while reading the file; your" in (
        capsys.readouterr().err
    )


def test_a_failed_write_leaves_no_partial_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk in the middle of the write (the import of 27 point 12 left its partial
    file and journal behind)."""
    assert main(["cards", "import", str(_file(tmp_path, {"Bears": [BEARS]})), "--json"]) == 0
    capsys.readouterr()
    written = database.user_path().read_bytes()

    def full(*_: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(import_write, "card_facts", full)
    path = _file(tmp_path, {"Cubs": [{**BEARS, "name": "Cubs"}]}, "cubs.json")
    err = _refused(path, capsys)
    assert "cannot write your card database: [Errno 28] No space left on device" in err
    assert database.user_path().read_bytes() == written
    assert _left(_data_dir()) == ["cards.sqlite"]


def test_partial_files_of_a_killed_import_are_removed_by_the_next(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _data_dir()
    data.mkdir(parents=True)
    for leftover in (
        "cards.sqlite.partial",
        "cards.sqlite.partial-journal",
        "cards.sqlite.99999999.partial",
    ):
        (data / leftover).write_bytes(b"left by a kill -9")
    assert main(["cards", "import", str(_file(tmp_path, {"Bears": [BEARS]})), "--json"]) == 0
    assert _left(data) == ["cards.sqlite"]


def _big_file(tmp_path: Path, cards: int) -> Path:
    """A file that takes seconds to import: ``cards`` cards of a few abilities each."""
    text = "Flying\n{T}: Add {G}.\nWhen ~ enters, you gain 1 life."
    return _file(
        tmp_path,
        {f"Bears {i}": [{**BEARS, "name": f"Bears {i}", "text": text}] for i in range(cards)},
        "big.json",
    )


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_sigterm_and_ctrl_c_stop_the_import_and_leave_nothing_behind(
    signum: int, tmp_path: Path
) -> None:
    """Issue 27 point 12: a kill left cards.sqlite.partial and its journal behind."""
    path = _big_file(tmp_path, 20_000)
    data = _data_dir()
    command = [sys.executable, "-m", "mtgasp", "cards", "import", str(path), "--replace"]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    while not any(name.endswith(".partial") for name in _left(data)):
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        time.sleep(0.05)
    process.send_signal(signum)
    _, err = process.communicate(timeout=120)
    # Ctrl-C: "interrupted", 130. SIGTERM stops the program as Ctrl-C does (issue 27 point 11:
    # "interrupted", or "terminated" with 143 where the program tells them apart).
    said = {(130, "mtgasp: interrupted")}
    if signum == signal.SIGTERM:
        said.add((143, "mtgasp: terminated"))
    assert (process.returncode, err.strip()) in said, err
    assert _left(data) == []


def test_progress_is_shown_when_asked_and_the_summary_says_what_changed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with progress_line.shown(True):
        importer.import_atomic_cards(MULTI_FACED)
    err = capsys.readouterr().err
    assert "\r\x1b[Kmtgasp: importing cards: 0 of 3 (0%)" in err
    assert "importing cards: 3 of 3; writing the database" in err
    # Piped (not a terminal), the command line shows none.
    assert main(["cards", "import", str(MULTI_FACED)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines()[:3] == [
        "imported 3 cards over the user database: 0 added, 0 updated, 3 unchanged",
        "faces: 6, of 3 multi-faced cards",
        # Fully: Insectile Aberration (flying) and Ice ("Tap target permanent. Draw a card.",
        # issue 25's effects); partly: Agadeem, the Undercrypt (its mana ability, not its "as ~
        # enters").
        "modelled (the file's cards and faces): 2 fully, 1 partly, 3 by their characteristics "
        "only (mtgasp cards --coverage)",
    ]


def test_full_names_load_from_an_import_and_not_from_the_bundled_database(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 27 point 2: the bundled corpus lists each face as a card of its own, with no link
    between them; an MTGJSON file links them: a split, a transforming and a modal double-faced
    card load by full name."""
    board = (
        "players: [{name: alice}]\n"
        "battlefield: [{id: d, card: Delver of Secrets // Insectile Aberration,"
        " controller: alice, face: Insectile Aberration},"
        ' {id: a, card: "Agadeem\'s Awakening // Agadeem, the Undercrypt", controller: alice,'
        ' face: "Agadeem, the Undercrypt"}]\n'
        "hand: {alice: [Fire // Ice, Fire]}\n"
    )
    with pytest.raises(BoardError) as error:
        parse_board(board)
    message = str(error.value)
    assert (
        "battlefield[0].card: unknown card 'Delver of Secrets // Insectile Aberration'" in message
    )
    assert "hand.alice[0]: unknown card 'Fire // Ice'" in message
    assert "the bundled card database has no full names of multi-faced cards: name a face " in (
        message
    )
    assert "('Fire', 'Ice' are known)" in message
    assert main(["cards", "import", str(MULTI_FACED), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert (summary["read"], summary["multi_faced"], summary["faces"]) == (3, 3, 6)
    loaded = parse_board(board)
    assert [p.card for p in loaded.battlefield] == [
        "Insectile Aberration",
        "Agadeem, the Undercrypt",
    ]
    assert loaded.hand["alice"] == ("Fire // Ice", "Fire")
    facts = {str(f) for f in board_facts(loaded)}
    assert 'card_type("Agadeem, the Undercrypt",land)' in facts
    assert 'card_color("Fire // Ice",r)' in facts  # 709.4: both halves' colors
    assert 'power("Insectile Aberration",3)' in facts


def test_names_are_read_nfc_normalised(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Issue 27 point 14: "unknown card 'Lim-Dûl's Vault' (did you mean 'Lim-Dûl's Vault')";
    a zero-width space was invisible in the error."""
    decomposed = unicodedata.normalize("NFD", "Lim-Dûl's Vault")
    assert decomposed != "Lim-Dûl's Vault"
    board = parse_board(f'players: [{{name: a}}]\nbattlefield: []\nhand: {{a: ["{decomposed}"]}}\n')
    assert board.hand["a"] == ("Lim-Dûl's Vault",)
    with pytest.raises(BoardError) as error:
        parse_board(
            'players: [{name: a}]\nbattlefield: []\nhand: {a: ["Lim-Dûl\u200b\'s Vault"]}\n'
        )
    assert (
        "unknown card 'Lim-Dûl\\u200b's Vault' (it holds the invisible character U+200B ZERO "
        "WIDTH SPACE at position 7) (did you mean 'Lim-Dûl's Vault'"
    ) in str(error.value)
    # An imported name is stored NFC: a board's NFC name finds it.
    bears = unicodedata.normalize("NFD", "Bêars")
    assert main(["cards", "import", str(_file(tmp_path, {bears: [{**BEARS, "name": bears}]}))]) == 0
    assert database.current().row("Bêars") is not None


def test_search_ignores_case_and_ligatures_and_says_when_nothing_matches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 27 point 15: ``ﬁ`` matched the hand-written cards but none of the database's; no
    match printed a blank line."""
    assert main(["cards", "--search", "ﬁREBALL"]) == 0  # the ligature ﬁ (U+FB01)
    assert capsys.readouterr().out.splitlines() == ["Fireball"]
    assert main(["cards", "--search", "zzqq"]) == 0
    assert capsys.readouterr().out == (
        "no card name contains 'zzqq' (case and ligatures ignored); `mtgasp cards` lists every "
        "name\n"
    )


def test_an_unreadable_database_of_yours_is_replaced_only_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An import adds to the database in use: one that can't be read is an error naming
    --replace, which writes a new one from the file alone."""
    broken = database.user_path()
    broken.parent.mkdir(parents=True)
    broken.write_bytes(b"not a database")
    path = _file(tmp_path, {"Bears": [BEARS]})
    assert main(["cards", "import", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"the user card database {broken} cannot be read" in err
    assert "write a new one with `mtgasp cards import --replace FILE`" in err
    assert broken.read_bytes() == b"not a database"
    assert main(["cards", "import", str(path), "--replace", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cards"] == 1
    assert database.current().names() == ["Bears"]
