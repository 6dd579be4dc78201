"""Hypothesis generators of hostile card files for ``mtgasp cards import`` (issue 27), shared by
the in-suite fuzz test (tests/test_fuzz.py) and the long run (``python -m benchmarks.fuzz``).

A hostile import file is a valid MTGJSON AtomicCards file (a single-faced card, a split card, a
transforming card) with one to three mutations: a value of a class that broke the import
before (control characters, lone surrogates, numbers past 32 bits, digits outside 0-9, empty
and over-long names, deep nesting) at any place, a key renamed or dropped, a face name that is
not the card's; or damaged as bytes (a key twice, cut short, not UTF-8, nested 100,000 deep).

:func:`run_import` imports it with the ``mtgasp`` command line into a data directory of its
own and says what happened: "imported" or "refused". Anything else fails (an AssertionError):
a traceback or an exit code but 0 and 2, output on stdout after an error, an error that does
not name the file, a run past the time limit, a file left beside the database, a refusal of
the valid file, an acceptance of a mutation that must be refused (:data:`MUST_REFUSE`), or an
accepted database with a name or text clingo could not carry (a NUL, a lone surrogate, a
control character, a number past 10^9 in its facts).
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import re
import tempfile
import time
import unicodedata
from pathlib import Path
from typing import Any

from clingo import SymbolType
from hypothesis import strategies as st

from mtgasp.cards import catalog, database
from mtgasp.cli import main
from mtgasp.limits import MAX_NUMBER

from ._hostile import HOSTILE_NUMBERS, HOSTILE_STRINGS, paths

_FACE = {"layout": "normal", "supertypes": [], "subtypes": []}
VALID: dict[str, Any] = {
    "meta": {"date": "2026-12-01", "version": "5.2.2+fuzz"},
    "data": {
        "Hostile Bears": [
            {
                **_FACE,
                "name": "Hostile Bears",
                "manaCost": "{1}{G}",
                "types": ["Creature"],
                "subtypes": ["Bear"],
                "power": "2",
                "toughness": "2",
                "text": "{T}: Add {G}.\nFlying",
            }
        ],
        "Hostile Fire // Hostile Ice": [
            {
                **_FACE,
                "name": "Hostile Fire // Hostile Ice",
                "faceName": name,
                "side": side,
                "layout": "split",
                "manaCost": cost,
                "types": ["Instant"],
                "text": text,
            }
            for name, side, cost, text in [
                ("Hostile Fire", "a", "{1}{R}", "Hostile Fire deals 2 damage to any target."),
                ("Hostile Ice", "b", "{1}{U}", "Tap target permanent.\nDraw a card."),
            ]
        ],
        "Hostile Delver // Hostile Aberration": [
            {
                **_FACE,
                "name": "Hostile Delver // Hostile Aberration",
                "faceName": name,
                "side": side,
                "layout": "transform",
                "types": ["Creature"],
                "power": power,
                "toughness": "1",
                "text": text,
                **({"manaCost": "{U}"} if side == "a" else {}),
            }
            for name, side, power, text in [
                ("Hostile Delver", "a", "1", "At the beginning of your upkeep, draw a card."),
                ("Hostile Aberration", "b", "3", "Flying"),
            ]
        ],
    },
}

#: Values that must be refused wherever a name, a type, a text or a number of a face is
#: (issue 27 points 1, 9, 10): the import must never accept a file that holds one there.
MUST_REFUSE = [
    "Bears\x00",
    "\x1b[31mred",
    "\ud800",
    "x\udfff",
    "\x7f\x85",
    "Be\u200bars",
    "\u202eevil",
    "",
    " ",
    "99999999999",
    "{999999999999}",
    "9" * 5000,
    "Add {²}.",
]
_STRINGS = st.one_of(st.sampled_from(MUST_REFUSE), HOSTILE_STRINGS)
_LEAVES = st.one_of(
    _STRINGS, HOSTILE_NUMBERS, st.lists(_STRINGS, max_size=2), st.just({}), st.just([])
)
#: The values of MUST_REFUSE each key of a face refuses: a name or face name any that is not
#: the card's; a type, one that is not printable or empty; Oracle text, one that is not
#: printable or has a number past 10^9 or a digit outside 0-9; a power or toughness, a number
#: past 10^9 (the others get a NUL byte added).
_NOT_PRINTABLE = [v for v in MUST_REFUSE if v and not v.isdigit() and "{" not in v]
_REFUSED_BY = {
    "name": MUST_REFUSE,
    "faceName": MUST_REFUSE,
    "types": _NOT_PRINTABLE,
    "subtypes": _NOT_PRINTABLE,
    "supertypes": _NOT_PRINTABLE,
    "text": [v for v in MUST_REFUSE if v.strip()],
    "power": MUST_REFUSE,
    "toughness": MUST_REFUSE,
    "manaCost": ["{999999999999}", "{G}\x00", "\ud800"],
}


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@st.composite
def hostile_import(draw: st.DrawFn) -> tuple[bytes, bool]:
    """A hostile card file: (its bytes, whether mtgasp must refuse it)."""
    data = copy.deepcopy(VALID)
    must_refuse = False
    damage = draw(st.sampled_from(["value"] * 6 + ["targeted"] * 3 + ["bytes", "none"]))
    if damage == "none":
        return json.dumps(data).encode(), False
    if damage == "bytes":
        text = json.dumps(data, ensure_ascii=False).encode()
        kind = draw(st.sampled_from(["duplicate", "cut", "utf8", "deep", "huge", "face-twice"]))
        if kind == "duplicate":  # a card given twice: JSON would keep only the last
            return text.replace(b'"data": {', b'"data": {"Hostile Bears": [], ', 1), True
        if kind == "face-twice":
            return text.replace(b'"name": "Hostile Bears"', b'"name": "X", "name": "Y"', 1), True
        if kind == "cut":
            return text[: draw(st.integers(0, len(text) - 1))], True
        if kind == "utf8":
            return text.replace(b"Flying", b"Fly\xffing", 1), True
        if kind == "deep":
            return b'{"data": ' + b"[" * 100_000, True
        return text.replace(b'"2"', b"1" + b"0" * 5000, 1), True
    for _ in range(draw(st.integers(1, 3))):
        if damage == "targeted":
            card = draw(st.sampled_from(sorted(data["data"])))
            face = draw(st.sampled_from(data["data"][card]))
            key = draw(st.sampled_from(sorted(_REFUSED_BY)))
            value = draw(st.sampled_from(_REFUSED_BY[key]))
            if key in ("types", "subtypes", "supertypes"):
                face[key] = ["Creature", value]
            elif key in ("power", "toughness") and value not in ("99999999999", "9" * 5000):
                face[key] = value + "\x00"  # a control character: refused as well
            else:
                face[key] = value
            must_refuse = True
            continue
        path = draw(st.sampled_from(paths(data)[1:]))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        kind = draw(st.sampled_from(["leaf", "leaf", "leaf", "key", "nest", "drop"]))
        if kind == "leaf":
            parent[path[-1]] = copy.deepcopy(draw(_LEAVES))
        elif kind == "key" and isinstance(parent, dict):
            parent[draw(_STRINGS)] = parent.pop(path[-1])
        elif kind == "nest":
            parent[path[-1]] = _nested(draw(st.sampled_from([10, 200, 900, 5000])))
            break
        elif kind == "drop" and isinstance(parent, dict):
            del parent[path[-1]]
        if not isinstance(data, dict) or not isinstance(data.get("data"), dict):
            break
    try:
        text = json.dumps(data, ensure_ascii=draw(st.booleans())).encode("utf-8", "surrogatepass")
    except (RecursionError, ValueError):
        text = b'{"data": ' + b"[" * 5000
        must_refuse = True
    return text, must_refuse


#: The time limit of one import (seconds): a small file takes a fraction of a second.
IMPORT_TIME_LIMIT = 20.0


def run_import(content: bytes, must_refuse: bool, replace: bool = True) -> str:
    """Import ``content`` with the ``mtgasp`` command line, into a data directory of its own:
    "imported" or "refused"; anything else raises AssertionError (see the module's doc)."""
    with tempfile.TemporaryDirectory(prefix="mtgasp-fuzz-") as scratch:
        home = Path(scratch)
        file = home / "AtomicCards.json"
        file.write_bytes(content)
        data = home / "data"
        argv = ["cards", "import", str(file), "--time-limit", str(IMPORT_TIME_LIMIT)]
        started = time.monotonic()
        with _data_dir(data), _fresh_caches():
            code, out, err = _main([*argv, "--replace"] if replace else argv)
            seconds = time.monotonic() - started
            assert "Traceback" not in err, err
            assert seconds < IMPORT_TIME_LIMIT, f"{seconds:.1f} s"
            left = sorted(p.name for p in data.iterdir()) if data.exists() else []
            if code == 2:
                assert out == "", "nothing on stdout after an error"
                assert err.startswith(f"mtgasp: error: {file}: "), err
                assert left == [], f"left behind: {left}"
                return "refused"
            assert code == 0, f"exit code {code}: {err}"
            assert not must_refuse, f"accepted a file that must be refused: {content[:300]!r}"
            assert left == ["cards.sqlite"], f"left behind: {left}"
            _check_database(json.loads(content), replace)
            return "imported"


@contextlib.contextmanager
def _data_dir(path: Path) -> Any:
    previous = os.environ.get(database.DATA_DIR_VARIABLE)
    os.environ[database.DATA_DIR_VARIABLE] = str(path)
    try:
        yield
    finally:
        if previous is None:
            del os.environ[database.DATA_DIR_VARIABLE]
        else:
            os.environ[database.DATA_DIR_VARIABLE] = previous


@contextlib.contextmanager
def _fresh_caches() -> Any:
    """Each import's database is opened anew and let go after (a long run would otherwise keep
    a connection to every database it made: thousands of open files)."""
    try:
        yield
    finally:
        for cached in (database._open, catalog._facts, catalog._folded, catalog._search_keys):
            cached.cache_clear()


def _main(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


#: The Unicode categories no name may hold: controls, format characters, surrogates, separators.
_UNPRINTABLE = ("Cc", "Cf", "Cs", "Zl", "Zp")
_BAD_TEXT = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def _check_database(data: Any, replace: bool) -> None:
    """Every row the import wrote: names clingo can carry (printable, NFC, the file's), text
    with no control character but line breaks, facts that parse, numbers within 10^9; every
    name loads."""
    db = database.current()
    assert db.kind == "user"
    keys = {unicodedata.normalize("NFC", k) for k in data["data"]}
    for name in db.names():
        row = db.row(name)
        assert row is not None
        if not replace and row.full_name not in keys:
            continue  # the bundled database's
        for text in (name, row.full_name):
            assert text == unicodedata.normalize("NFC", text), text
            assert text == text.strip(), text
            assert text, "an empty name"
            assert not any(unicodedata.category(c) in _UNPRINTABLE for c in text), text
        assert row.full_name in keys, row.full_name
        assert name in (row.full_name, *row.full_name.split(" // ")), name
        assert _BAD_TEXT.search(row.record.text) is None, row.record.text
        for symbol in row.symbols():
            _within_bounds(symbol)
        assert catalog.lookup(name) is not None


def _within_bounds(symbol: Any) -> None:
    if symbol.type == SymbolType.Number:
        assert abs(symbol.number) <= MAX_NUMBER, symbol
    elif symbol.type == SymbolType.Function:
        for argument in symbol.arguments:
            _within_bounds(argument)
