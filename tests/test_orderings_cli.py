"""``mtgasp orderings``: text and JSON, truncation, errors (exit code 2, nothing on stdout)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtgasp import load_board
from mtgasp.answers.orderings.query import LifeEvent, TapEvent, orderings, parse_event
from mtgasp.board.values import LifeChange, Mana
from mtgasp.cli import main
from mtgasp.errors import QueryError

EXAMPLES = Path(__file__).parents[1] / "examples"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_names_outcomes_verdict_and_noncommuting_pair(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _run(
        capsys, "orderings", str(EXAMPLES / "mana-reflection-contamination.yaml"), "tap:forest"
    )
    assert code == 0
    assert "{B}{B}  1          Contamination (contamination#2) then Mana Reflection" in out
    assert "Verdict: order matters. Effects that do not commute: Contamination" in out


def test_json_shape_and_truncation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys,
        "orderings",
        str(EXAMPLES / "life-replacements.yaml"),
        "gain:bob:3",
        "--json",
        "--all-orderings",
        "--max-orderings",
        "3",
    )
    assert code == 0
    data = json.loads(out)
    assert (data["query"], data["schema"]) == ("orderings", 1)
    assert data["total_orderings"] == 16
    assert sum(o["orderings"] for o in data["outcomes"]) == 16
    assert len(data["orderings"]) == 3
    assert data["truncated"] is True
    assert data["order_matters"] is True
    kinds = {e["id"]: e["kind"] for e in data["effects"]}
    assert kinds["rhox#1"] == kinds["archive#1"] != kinds["leyline#2"]
    assert data["outcomes"][0]["value"] == {
        "kind": "lose",
        "player": "bob",
        "amount": 3,
        "text": "bob loses 3 life",
    }


def test_text_marks_truncation(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys,
        "orderings",
        str(EXAMPLES / "life-replacements.yaml"),
        "gain:bob:3",
        "--all-orderings",
        "--max-orderings",
        "2",
    )
    assert code == 0
    assert "TRUNCATED: listed 2 of 16 orderings (--max-orderings 2)." in out


def test_order_does_not_matter_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(
        capsys, "orderings", str(EXAMPLES / "havoc-festival-remedy.yaml"), "gain:bob:3"
    )
    assert code == 0
    assert "Prohibition: 119.7: bob can't gain life (because of festival)" in out
    assert "Verdict: order does not matter (one outcome)." in out


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ("tap:nowhere", "no permanent with id 'nowhere'"),
        ("gain:zed:3", "no player named 'zed'"),
        ("gain:bob", "gain needs a player and an amount"),
        ("gain:bob:-2", "the amount of life must be a whole number from 0 to 1000000000, got '-2'"),
        ("mill:bob:1", "unknown event 'mill:bob:1'"),
    ],
)
def test_bad_events_are_usage_errors(
    capsys: pytest.CaptureFixture[str], event: str, message: str
) -> None:
    code, out, err = _run(capsys, "orderings", str(EXAMPLES / "havoc-festival-remedy.yaml"), event)
    assert code == 2
    assert out == ""
    assert message in err


def test_python_api_returns_typed_results() -> None:
    board = load_board(EXAMPLES / "pale-moon-contamination.yaml")
    report = orderings(board, parse_event("tap:dunes"))
    assert report.event == TapEvent("dunes", 1, None)
    assert report.initial == Mana(c=1)
    values = {o.value: o.orderings for o in report.outcomes}
    assert values == {Mana(b=1): 2, Mana(c=1): 1, Mana(b=2): 1, Mana(c=2): 2}
    assert report.order_matters
    life = orderings(load_board(EXAMPLES / "life-replacements.yaml"), LifeEvent("gain", "alice", 2))
    assert [o.value for o in life.outcomes] == [LifeChange("gain", "alice", 2)]
    with pytest.raises(QueryError):
        orderings(board, parse_event("tap:dunes"), max_orderings=0)


def test_check_reports_life_events_under_replacement(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "check", str(EXAMPLES / "havoc-festival-remedy.yaml"), "--json")
    assert code == 0
    events = json.loads(out)["life_events"]
    assert [e["event"] for e in events] == ["alice would gain 1 life", "bob would gain 1 life"]
    assert all(e["outcomes"][0]["value"]["kind"] == "nothing" for e in events)
    code, out, _ = _run(capsys, "check", str(EXAMPLES / "summoning-sickness.yaml"))
    assert code == 0
    assert "Life events" not in out


def test_a_type_the_ability_cant_choose_now_makes_no_event(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Reflecting Pool ruling (cards.json): a Pool with no other land adds no mana (106.7, 106.5),
    # so "tapping it for {G}" under Mana Reflection is no event: no outcome may be shown.
    board = tmp_path / "pool.yaml"
    board.write_text(
        "players: [{name: alice}, {name: bob}]\n"
        "battlefield:\n"
        "  - {id: pool, card: Reflecting Pool, controller: alice}\n"
        "  - {id: reflection, card: Mana Reflection, controller: alice}\n"
        "  - {id: forest, card: Forest, controller: alice}\n",
        encoding="utf-8",
    )
    code, out, err = _run(capsys, "orderings", str(board), "tap:pool:1:w")
    assert (code, out) == (2, "")
    assert "'pool' can't add {W} now; the types it may choose are: {G}" in err
    code, out, _ = _run(capsys, "orderings", str(board), "tap:pool:1:g")
    assert code == 0
    assert "{G}{G}" in out  # with a Forest, the Pool may choose {G}; Reflection doubles it


def test_the_python_api_judges_the_choice_but_not_whether_the_ability_could_be_activated(
    tmp_path: Path,
) -> None:
    # A lone Reflecting Pool can choose no type (106.5, 106.7); a tapped Birds of Paradise could
    # still choose any color, and what Mana Reflection would do to that event is a fair question.
    data = tmp_path / "board.yaml"
    data.write_text(
        "players: [{name: alice}, {name: bob}]\n"
        "battlefield:\n"
        "  - {id: pool, card: Reflecting Pool, controller: alice}\n"
        "  - {id: birds, card: Birds of Paradise, controller: alice, tapped: true}\n"
        "  - {id: reflection, card: Mana Reflection, controller: alice}\n",
        encoding="utf-8",
    )
    board = load_board(data)
    with pytest.raises(QueryError, match="the types it may choose are: none"):
        orderings(board, TapEvent("pool", 1, "g"))
    report = orderings(board, TapEvent("birds", 1, "g"))
    assert [(o.value, o.orderings) for o in report.outcomes] == [(Mana(g=2), 1)]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["gain:alice:2", "--caused-by", "carol"], "no player named 'carol'"),
        (["tap:forest", "--caused-by", "alice"], "--caused-by applies to life events"),
    ],
)
def test_caused_by_names_a_player_and_a_life_event(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    board = str(EXAMPLES / "mana-reflection-contamination.yaml")
    code, out, err = _run(capsys, "orderings", board, *argv)
    assert (code, out) == (2, "")
    assert message in err
