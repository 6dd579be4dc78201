"""Small things that cost a newcomer time (issue 28 point 7), each shown end to end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import mtgasp.commands.could_produce as could_produce_command
from mtgasp.cli import main

EXAMPLES = Path(__file__).parents[1] / "examples"


def _run(capsys: pytest.CaptureFixture[str], *argv: str, code: int = 0) -> tuple[str, str]:
    assert main(list(argv)) == code
    captured = capsys.readouterr()
    return captured.out, captured.err


@pytest.mark.quick
def test_course_narration_names_steps_as_people_do(capsys: pytest.CaptureFixture[str]) -> None:
    board = str(EXAMPLES / "witch-lifelink.yaml")
    out, _ = _run(capsys, "step", board, "combat_damage", "--through", "end")
    assert "Request: beginning of the combat damage step, through the end step." in out
    assert "the end of combat step begins (500.1)" in out
    assert "the postcombat main phase begins (500.1)" in out  # 505.1: main phases have no steps
    assert "end_of_combat" not in out
    assert "postcombat_main" not in out


def test_a_counter_put_by_a_damage_replacement_is_told_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Nine Lives: "If a source would deal damage to you, prevent that damage and put an
    # incarnation counter on Nine Lives." One counter, one mention.
    board = str(EXAMPLES / "prevention.yaml")
    out, _ = _run(capsys, "event", board, "damage:lasher:bob:2:combat")
    told = [line for line in out.splitlines() if "incarnation counter" in line]
    assert any("damage event resolves" in line for line in told)  # a course where it applies
    assert all(line.count("incarnation counter") == 1 for line in told)
    assert "counter(s)" not in out


def test_tap_shows_a_choice_column_only_for_an_ability_that_chooses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = str(EXAMPLES / "not-modelled.yaml")
    fixed, _ = _run(capsys, "tap", board, "karplusan")
    assert fixed.splitlines()[1].startswith("mana added")
    chooses, _ = _run(capsys, "tap", board, "karplusan", "--ability", "2")
    header, _, first, second = chooses.splitlines()[1:5]
    assert header.startswith("choice")
    assert first.startswith("{R}")  # 106.1: "Add {R} or {G}"
    assert second.startswith("{G}")


def test_tap_says_which_of_several_mana_abilities_it_took(
    capsys: pytest.CaptureFixture[str],
) -> None:
    board = str(EXAMPLES / "not-modelled.yaml")
    out, _ = _run(capsys, "tap", board, "karplusan")
    assert "Karplusan Forest has 2 mana abilities; this is the first, #1." in out
    assert "#2 (cost {T})" in out
    data = json.loads(_run(capsys, "tap", board, "karplusan", "--json")[0])
    assert data["other_mana_abilities"] == [{"ability": 2, "cost": ["{T}"]}]
    # Asked for by number, or with one mana ability only: nothing to say.
    asked = json.loads(_run(capsys, "tap", board, "karplusan", "--ability", "1", "--json")[0])
    assert asked["other_mana_abilities"] == []


def test_resolve_on_an_empty_stack_applies_state_based_actions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 704.3: state-based actions are checked whenever a player would receive priority; 704.5g: a
    # creature with lethal damage marked is destroyed; 704.5a: a player at 0 life loses.
    board = tmp_path / "board.yaml"
    board.write_text(
        "players: [{name: alice}, {name: bob, life: 0}]\n"
        "battlefield: [{id: bears, card: Grizzly Bears, controller: alice, damage: 2}]\n"
    )
    data = json.loads(_run(capsys, "resolve", str(board), "--json")[0])
    (outcome,) = data["outcomes"]
    assert outcome["battlefield"] == []
    assert outcome["lost_the_game"] == [{"player": "bob", "rule": "704.5a"}]


def test_could_produce_graph_without_why_is_refused_before_solving(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def solving(*_: object, **__: object) -> None:
        raise AssertionError("solved before refusing")

    monkeypatch.setattr(could_produce_command, "could_produce", solving)
    board = str(EXAMPLES / "exotic-orchard.yaml")
    _, err = _run(capsys, "could-produce", board, "--graph", str(tmp_path / "g.svg"), code=2)
    assert "--graph draws the witnesses of --why: add --why" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["orderings", "mana-reflection-contamination.yaml", "tap:forrest"],
        ["tap", "mana-reflection-contamination.yaml", "forrest"],
        ["could-produce", "mana-reflection-contamination.yaml", "--permanent", "forrest"],
    ],
    ids=["orderings", "tap", "could-produce"],
)
def test_a_misspelt_permanent_gets_did_you_mean(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [argv[0], str(EXAMPLES / argv[1]), *argv[2:]]
    out, err = _run(capsys, *argv, code=2)
    assert out == ""
    assert "no permanent with id 'forrest' (did you mean 'forest'?)" in err


@pytest.mark.quick
def test_an_unquoted_comma_in_a_card_list_gets_a_hint_to_quote(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    board = tmp_path / "board.yaml"
    board.write_text(
        "players: [{name: alice}, {name: bob}]\nhand: {alice: [Rofellos, Llanowar Emissary]}\n"
    )
    _, err = _run(capsys, "check", str(board), code=2)
    assert "hand.alice[0]: unknown card 'Rofellos'; with the next item it makes " in err
    assert 'quote a name that has one (["Rofellos, Llanowar Emissary"])' in err


@pytest.mark.parametrize(
    ("flag", "environ", "coloured"),
    [
        ([], {}, False),  # piped: plain text
        (["--color", "always"], {}, True),
        ([], {"FORCE_COLOR": "1"}, True),  # https://force-color.org
        ([], {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),  # https://no-color.org
        (["--color", "always"], {"NO_COLOR": "1"}, True),  # the flag decides
        (["--color", "never"], {"FORCE_COLOR": "1"}, False),
    ],
)
def test_color_flag_and_force_color_beside_no_color(
    flag: list[str],
    environ: dict[str, str],
    coloured: bool,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    out, _ = _run(capsys, "check", str(EXAMPLES / "summoning-sickness.yaml"), *flag)
    assert ("\x1b[31millegal\x1b[0m" in out) is coloured
    assert max(len(line) for line in out.splitlines()) > 100  # piped: never wrapped
