"""Hostile questions (issue 10): numbers past the bound on the command line or through the API,
and results past it in the encodings (107.1), are clear errors: exit code 2, nothing on stdout,
never a traceback and never a wrapped number."""

from __future__ import annotations

import pytest

from mtgasp import QueryError, cast, life_event, load_board, orderings, parse_event
from mtgasp.cli import main
from mtgasp.limits import MAX_NUMBER

EXCEEDS = f"the result exceeds {MAX_NUMBER}, the largest number mtgasp computes with (107.1)"


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the command; it must exit 2 with nothing on stdout and no traceback (argparse's own
    errors exit through SystemExit)."""
    try:
        code = main(list(argv))
    except SystemExit as exc:
        code = exc.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert (code, out) == (2, ""), err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        pytest.param(
            ["orderings", "examples/life-replacements.yaml", "gain:bob:99999999999"],
            f"the amount of life must be a whole number from 0 to {MAX_NUMBER}",
            id="orderings-amount",
        ),
        pytest.param(
            ["event", "examples/havoc-festival.yaml", "set:alice:-2147483648"],
            f"from -{MAX_NUMBER} to {MAX_NUMBER}, got '-2147483648'",
            id="event-amount",
        ),
        pytest.param(
            ["tap", "examples/summoning-sickness.yaml", "forest", "--ability", "99999999999"],
            f"the ability number must be a whole number from 1 to {MAX_NUMBER}",
            id="tap-ability",
        ),
        pytest.param(
            ["cast", "examples/soul-warden.yaml", "Hangarback Walker", "--x", "4294967296"],
            f"X must be a whole number from 0 to {MAX_NUMBER}",
            id="cast-x",
        ),
        pytest.param(
            ["step", "examples/havoc-festival.yaml", "upkeep", "--show", "-1"],
            "argument --show: must be a whole number from 0",
            id="negative-show",
        ),
        pytest.param(
            ["orderings", "examples/mana-reflection-contamination.yaml", "tap:forest:1:q"],
            "'tap:forest:1:q': 'q' is not a type of mana; TYPE is one of w, u, b, r, g, c",
            id="tap-type-letter",
        ),
        pytest.param(
            ["orderings", "examples/mana-reflection-contamination.yaml", "tap:forest:one"],
            "'one' is neither an ability number nor a type of mana",
            id="tap-ability-word",
        ),
    ],
)
def test_bad_numbers_on_the_command_line(capsys, argv, words):
    assert words in refused(capsys, *argv)


@pytest.mark.parametrize(
    ("command", "board", "event"),
    [
        # Rhox Faithmender and Alhammarret's Archive double: 4 x 300,000,000 (614.1a).
        pytest.param("orderings", "life-replacements.yaml", "gain:bob:300000000", id="doubling"),
        pytest.param("event", "life-replacements.yaml", "gain:bob:300000000", id="event-doubling"),
        # 119.5: setting -1,000,000,000 from 20 is losing 1,000,000,020.
        pytest.param("orderings", "havoc-festival.yaml", "set:alice:-1000000000", id="set-life"),
        pytest.param("event", "havoc-festival.yaml", "set:alice:-1000000000", id="event-set-life"),
        # Witch of the Moors: 20 + 999,999,999 life is past the bound (810.9 life totals).
        pytest.param("event", "witch-of-the-moors.yaml", "gain:alice:999999999", id="life-total"),
    ],
)
def test_a_result_past_the_bound_is_an_error(capsys, command, board, event):
    assert EXCEEDS in refused(capsys, command, f"examples/{board}", event)


def test_results_within_the_bound_are_computed(capsys):
    # (249,999,999 + 1) x 2 x 2 = 1,000,000,000, the bound itself (Leyline of Hope, Archive, Rhox,
    # then Tainted Remedy turns the gain into a loss): computed, not refused, not wrapped.
    assert main(["orderings", "examples/life-replacements.yaml", "gain:bob:249999999"]) == 0
    out = capsys.readouterr().out
    assert "bob loses 1000000000 life  2 " in out
    assert "loses -" not in out


def test_api_checks_numbers():
    board = load_board("examples/havoc-festival.yaml")
    with pytest.raises(QueryError, match="must be a whole number"):
        life_event(board, "gain", "alice", 2**31)
    with pytest.raises(QueryError, match="must be a whole number"):
        orderings(board, parse_event("gain:alice:99999999999"))


def test_write_board_refuses_to_overwrite(tmp_path, capsys):
    after = tmp_path / "after.yaml"
    after.write_text("keep me\n", encoding="utf-8")
    argv = [
        "event",
        "examples/witch-of-the-moors.yaml",
        "gain:alice:2",
        "--write-board",
        str(after),
    ]
    assert "--write-board would overwrite" in refused(capsys, *argv)
    assert after.read_text(encoding="utf-8") == "keep me\n"
    assert main([*argv, "--force"]) == 0
    assert load_board(after).this_turn.gained_life  # the board after the event, overwritten


def test_a_cast_id_clingo_cannot_carry_is_refused(capsys):
    # On the command line, an argument that is not UTF-8 text is refused before anything else;
    # through the API, the id itself.
    argv = ["cast", "examples/soul-warden.yaml", "Grizzly Bears", "--id", "bear\udcff"]
    assert "'bear\\udcff' is not text: its bytes are not UTF-8" in refused(capsys, *argv)
    board = load_board("examples/soul-warden.yaml")
    with pytest.raises(QueryError, match="contains a lone surrogate"):
        cast(board, "Grizzly Bears", permanent_id="bear\udcff")


def test_version(capsys):
    import tomllib
    from pathlib import Path

    import mtgasp

    project = tomllib.loads(Path("pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert mtgasp.__version__ == project["version"]
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"mtgasp {project['version']}\n"


def test_the_encodings_bound_is_the_bridges():
    import re
    from pathlib import Path

    text = Path("asp/defined.lp").read_text(encoding="utf-8")
    (value,) = re.findall(r"^#const max_number = (\d+)\.$", text, flags=re.M)
    assert int(value) == MAX_NUMBER
