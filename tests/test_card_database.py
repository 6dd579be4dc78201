"""The card database (issue 11): the bundled SQLite file is current, its characteristics are the
hand-written files', a board loads only the cards it names, any card of the database reaches the
rules, multi-faced cards load by face and full name, a user's MTGJSON import takes precedence,
and unknown names get the nearest ones."""

from __future__ import annotations

import json
from pathlib import Path

import clingo
import pytest
from clingo import Function, Number, String

from mtgasp import BoardError, QueryError, cast, parse_board
from mtgasp._resources import asp_path
from mtgasp.cards import catalog, database
from mtgasp.cards.corpus import inputs_hash
from mtgasp.cli import main
from mtgasp.facts.board import board_facts

ROOT = Path(__file__).parents[1]
CORPUS = ROOT / "tools" / "cards" / "card-corpus.json.xz"
FIXTURE = Path(__file__).parent / "cards" / "AtomicCards.json"
CHARACTERISTICS = {
    "card", "card_type", "card_supertype", "card_subtype", "card_color", "mana_cost", "power",
    "toughness", "loyalty",
}  # fmt: skip


@pytest.fixture(autouse=True)
def bundled(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Every test starts on the bundled database: the user's data directory is an empty one."""
    monkeypatch.setenv(database.DATA_DIR_VARIABLE, str(tmp_path / "data"))
    return tmp_path / "data"


def _board(battlefield: str = "[]", extra: str = "") -> str:
    return f"players: [{{name: alice}}, {{name: bob}}]\nbattlefield: {battlefield}\n{extra}"


def _facts_of(card: str, facts: list[clingo.Symbol]) -> set[str]:
    return {str(f) for f in facts if f.arguments and f.arguments[0] == String(card)}


def test_the_bundled_database_is_built_from_the_current_corpus_and_compiler() -> None:
    db = database.current()
    assert db.kind == "bundled"
    assert db.meta["inputs"] == inputs_hash(CORPUS), (
        "bridge/mtgasp/cards/cards.sqlite is stale: run `PYTHONPATH=bridge python "
        "tools/build_cards.py` after changing the corpus, the builder or the compiler"
    )
    assert db.count == 18090  # the corpus's 18,092 less its two pseudo-cards (;Morph, ;Manifest)


def test_database_characteristics_are_those_the_hand_written_files_state() -> None:
    """Every hand-written card of the corpus: the same characteristics facts, written the same
    way (the Oracle text may be newer in the file)."""
    db = database.current()
    compared = 0
    for path in sorted((asp_path() / "cards").glob("*.lp")):
        if path.name == "cards.lp":
            continue
        ctl = clingo.Control()
        ctl.load(str(path))
        ctl.ground([("base", [])])
        written = {
            a.symbol
            for a in ctl.symbolic_atoms
            if a.symbol.name in CHARACTERISTICS
            and a.symbol.arguments[0].type == clingo.SymbolType.String  # not a token's (111.4)
        }
        (name,) = {s.arguments[0].string for s in written if s.name == "card"}
        assert path.name == catalog.file_name(name)
        row = db.row(name)
        if row is None:
            continue  # newer than the corpus (e.g. Angel of Vitality)
        stored = {s for s in row.symbols() if s.name in CHARACTERISTICS}
        assert stored == written, name
        compared += 1
    assert compared >= 60


def test_a_board_grounds_only_the_cards_it_names() -> None:
    board = parse_board(
        _board(
            "[{id: w, card: Craw Wurm, controller: alice}, {id: f, card: Forest, controller: bob}]",
            "hand: {alice: [Lightning Bolt]}\n",
        )
    )
    facts = board_facts(board)
    cards = sorted(f.arguments[0].string for f in facts if f.name == "card")
    assert cards == ["Craw Wurm", "Forest", "Lightning Bolt"]
    assert _facts_of("Craw Wurm", facts) >= {
        'card_type("Craw Wurm",creature)',
        'card_subtype("Craw Wurm",wurm)',
        'card_color("Craw Wurm",g)',
        'mana_cost("Craw Wurm",generic,4)',
        'mana_cost("Craw Wurm",g,2)',
        'power("Craw Wurm",6)',
        'toughness("Craw Wurm",4)',
    }
    # The hand-written Forest, not the database's row (which has no ability yet).
    assert 'produces("Forest",1,g,1)' in _facts_of("Forest", facts)


def test_mana_symbols_and_loyalty_of_database_cards() -> None:
    """107.4e, 107.4f: monocolored hybrid and Phyrexian symbols; 202.2d their colors; 306.5b
    a planeswalker's printed loyalty."""
    facts = catalog.card_facts(["Reaper King", "Gitaxian Probe", "Ajani Goldmane"])
    assert 'mana_cost("Reaper King",monohybrid(w),1)' in _facts_of("Reaper King", facts)
    assert (
        len([f for f in facts if f.name == "card_color" and f.arguments[0].string == "Reaper King"])
        == 5
    )
    assert {
        'mana_cost("Gitaxian Probe",phyrexian(u),1)',
        'card_color("Gitaxian Probe",u)',
    } <= _facts_of("Gitaxian Probe", facts)
    assert 'loyalty("Ajani Goldmane",4)' in _facts_of("Ajani Goldmane", facts)


def test_mana_value_counts_the_largest_hybrid_component() -> None:
    """202.3f: {2/W} counts 2 (Reaper King: 10); 202.3g: {U/P} counts 1 (Gitaxian Probe)."""
    board = parse_board(_board())
    king = cast(board, "Reaper King")
    assert ("battlefield", "reaper-king", 10) in king.mana_values
    probe = cast(board, "Gitaxian Probe")
    assert ("stack", "cast:gitaxian-probe", 1) in probe.mana_values


def test_unknown_names_suggest_the_nearest_database_names() -> None:
    with pytest.raises(BoardError) as error:
        parse_board(
            _board("[{id: w, card: Craw Wrum, controller: alice}]", "hand: {bob: [shock]}\n")
        )
    message = str(error.value)
    assert "battlefield[0].card: unknown card 'Craw Wrum' (did you mean 'Craw Wurm'" in message
    assert "hand.bob[0]: unknown card 'shock' (did you mean 'Shock'" in message
    with pytest.raises(QueryError, match="did you mean 'Reaper King'"):
        cast(parse_board(_board()), "Reaper Kingg")


def test_a_face_on_the_battlefield_must_be_one_of_its_cards_faces() -> None:
    with pytest.raises(BoardError, match=r"battlefield\[0\].face: 'Craw Wurm' has a single face"):
        parse_board(_board("[{id: w, card: Craw Wurm, controller: alice, face: Wurm}]"))


def _import(capsys: pytest.CaptureFixture[str], *extra: str) -> dict[str, object]:
    assert main(["cards", "import", str(FIXTURE), "--json", *extra]) == 0
    result: dict[str, object] = json.loads(capsys.readouterr().out)
    return result


def test_an_import_adds_to_the_database_in_use_and_takes_precedence(
    capsys: pytest.CaptureFixture[str], bundled: Path
) -> None:
    """Issue 28 point 4: an import of a few cards no longer makes every other card unknown."""
    imported = _import(capsys)
    assert imported["path"] == str(bundled / "cards.sqlite")
    assert (imported["mode"], imported["base"]) == ("overlay", "bundled")
    # Added: Bonecrusher Giant // Stomp, Kazandu Mammoth // Kazandu Valley; updated (newer
    # wording, or faces linked): Soul Warden, Shock, Fire // Ice, Delver of Secrets //
    # Insectile Aberration; unchanged: Llanowar Elves, Ajani, Caller of the Pride.
    assert (imported["read"], imported["added"], imported["updated"], imported["unchanged"]) == (
        8, 2, 4, 2,
    )  # fmt: skip
    assert (imported["multi_faced"], imported["faces"]) == (4, 8)
    # The 12 cards and faces of the file (the split card as a whole is not counted again).
    assert sum(imported["coverage"].values()) == 12  # type: ignore[attr-defined]
    # The bundled 18,090 names, less the 8 the file has (Soul Warden, Llanowar Elves, Shock,
    # Ajani; Fire, Ice, Delver of Secrets, Insectile Aberration, now faces), plus the file's 13.
    assert imported["cards"] == 18090 - 8 + 13
    assert [s.split(":")[0] for s in imported["skipped"]] == ["Little Girl"]  # type: ignore[union-attr]
    assert main(["cards", "--database", "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert (info["in_use"], info["path"], info["cards"]) == ("user", imported["path"], 18095)
    assert "(MTGJSON version 5.2.2+fixture, date 2026-11-30), over the bundled" in info["source"]
    # Current wording, from the import; a card only the bundled database has is still known.
    assert database.current().row("Soul Warden").record.text == (  # type: ignore[union-attr]
        "Whenever another creature enters, you gain 1 life."
    )
    board = parse_board(_board("[{id: w, card: Craw Wurm, controller: alice}]"))
    assert board.battlefield[0].card == "Craw Wurm"
    # Again: over the user's database now, nothing changes.
    again = _import(capsys)
    assert (again["base"], again["added"], again["updated"], again["unchanged"]) == (
        "user", 0, 0, 8,
    )  # fmt: skip
    assert again["cards"] == imported["cards"]


def test_an_import_with_replace_is_the_whole_database(
    capsys: pytest.CaptureFixture[str],
) -> None:
    imported = _import(capsys, "--replace")
    # 4 single-faced cards, the split card as a whole, 8 faces; Little Girl ({HW}) is left out.
    assert imported["cards"] == 4 + 1 + 8
    assert (imported["mode"], imported["base"], imported["added"]) == ("replace", None, 8)
    # A card only the bundled database has is unknown now.
    with pytest.raises(BoardError, match="unknown card 'Craw Wurm'"):
        parse_board(_board("[{id: w, card: Craw Wurm, controller: alice}]"))
    # Hand-written files still override the imported rows.
    facts = board_facts(parse_board(_board("[{id: e, card: Llanowar Elves, controller: alice}]")))
    assert 'produces("Llanowar Elves",1,g,1)' in _facts_of("Llanowar Elves", facts)


def test_multi_faced_cards_load_by_face_and_by_full_name(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _import(capsys)
    board = parse_board(
        _board(
            "[{id: d, card: Delver of Secrets // Insectile Aberration, controller: alice,"
            " face: Insectile Aberration},"
            " {id: g, card: Bonecrusher Giant // Stomp, controller: alice},"
            " {id: v, card: Kazandu Valley, controller: bob}]",
            "hand: {alice: [Fire // Ice, Stomp, Ice]}\n",
        )
    )
    assert [p.card for p in board.battlefield] == [
        "Insectile Aberration", "Bonecrusher Giant", "Kazandu Valley",
    ]  # fmt: skip
    facts = board_facts(board)
    assert {'power("Insectile Aberration",3)', 'card_subtype("Insectile Aberration",insect)'} <= (
        _facts_of("Insectile Aberration", facts)
    )
    assert 'card_type("Kazandu Valley",land)' in _facts_of("Kazandu Valley", facts)
    # 709.4: a split card's characteristics outside the stack are its halves' combined.
    assert {
        'card_type("Fire // Ice",instant)',
        'card_color("Fire // Ice",u)',
        'card_color("Fire // Ice",r)',
        'mana_cost("Fire // Ice",generic,2)',
    } <= _facts_of("Fire // Ice", facts)
    assert 'card_color("Ice",u)' in _facts_of("Ice", facts)
    assert not any(str(f) == 'card_color("Ice",r)' for f in facts)
    with pytest.raises(BoardError) as error:
        parse_board(
            _board(
                "[{id: d, card: Delver of Secrets // Insectile Aberration, controller: alice,"
                " face: Insectile Aberation}]"
            )
        )
    assert "battlefield[0].face: 'Delver of Secrets // Insectile Aberration' has no face " in str(
        error.value
    )
    assert "its faces are 'Delver of Secrets', 'Insectile Aberration'" in str(error.value)


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "line 1 column 2: not JSON"),
        ('{"cards": []}', "(top level): no mapping 'data'"),
        ('{"data": {"Bears": {}}}', 'data["Bears"]: expected a non-empty list of faces'),
        ('{"data": {"Bears": [{"name": "Bears", "types": "Creature"}]}}', 'data["Bears"][0].types'),
        ('{"data": {"Bears": [{"name": 3, "types": []}]}}', 'data["Bears"][0].name'),
        ('{"data": {"Bears": [{"name": "Bears"}]}}', 'data["Bears"][0].types: missing'),
    ],
)
def test_a_bad_import_file_is_refused_and_changes_nothing(
    content: str,
    expected: str,
    tmp_path: Path,
    bundled: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    bad = tmp_path / "AtomicCards.json"
    bad.write_text(content, encoding="utf-8")
    assert main(["cards", "import", str(bad)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert expected in err
    assert "Traceback" not in err
    assert not (bundled / "cards.sqlite").exists()
    assert database.current().kind == "bundled"


def test_cards_lists_searches_and_describes_the_database(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["cards", "--search", "GRIZZLY"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Alpine Grizzly",
        "Grizzly Bears",
        "Grizzly Fate",
    ]
    assert main(["cards", "--handwritten", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cards"] == sorted(catalog.handwritten_names())
    assert main(["cards", "--database"]) == 0
    assert "in use: the bundled card database" in capsys.readouterr().out


def test_the_searched_pool_of_prove_stays_the_hand_written_cards() -> None:
    from mtgasp.prove.asp import Bounds, one_solve_facts
    from mtgasp.prove.boards import board_space

    facts = one_solve_facts(board_space(Bounds(permanents=1, players=1)))
    pool = {f.arguments[0].string for f in facts if f.name == "bound_card"}
    assert pool == catalog.handwritten_names()
    assert Function("bound_permanents", [Number(1)]) in facts


def test_the_database_is_read_from_other_threads_and_each_process_opens_its_own() -> None:
    from concurrent.futures import ThreadPoolExecutor

    assert database.current().count == 18090  # opened in this thread, read in others
    with ThreadPoolExecutor(2) as pool:
        rows = list(pool.map(lambda n: database.current().row(n), ["Craw Wurm", "Shock"]))
    assert [r.record.name for r in rows if r is not None] == ["Craw Wurm", "Shock"]
    assert database.current() is database.current()
