"""Bad board input: exit code 2, the file and the location, what is wrong and what would be right,
no traceback and nothing on stdout (issue: foundation, "Bad input")."""

from __future__ import annotations

from pathlib import Path

import pytest

from mtgasp.cli import main

pytestmark = pytest.mark.quick

GOOD = """\
players: [{name: alice}, {name: bob}]
turn: {active: alice}
battlefield:
  - {id: f, card: Forest, controller: alice}
"""


COMBAT = """\
players: [{name: alice}, {name: bob}, {name: carol}]
turn: {active: alice, step: declare_blockers}
battlefield:
  - {id: bears, card: Grizzly Bears, controller: alice, attacking: bob}
  - {id: wall, card: Fortified Rampart, controller: bob, blocking: bears}
"""


def run(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str], suffix: str = ".yaml"):
    path = tmp_path / f"board{suffix}"
    path.write_text(text, encoding="utf-8")
    code = main(["activations", str(path)])
    out, err = capsys.readouterr()
    return code, out, err, str(path)


@pytest.mark.parametrize(
    ("text", "location", "words"),
    [
        pytest.param("players: [\n", "line", "invalid YAML", id="invalid-yaml"),
        pytest.param(GOOD + "colour: red\n", "colour", "unknown key", id="unknown-top-key"),
        pytest.param(
            GOOD.replace("controller: alice}", "controller: alice, taped: true}"),
            "battlefield[0].taped",
            "did you mean 'tapped'",
            id="unknown-permanent-key",
        ),
        pytest.param(
            GOOD.replace("{name: alice}", "{name: alice, life: twenty}"),
            "players[0].life",
            "expected a whole number",
            id="wrong-type",
        ),
        pytest.param(
            GOOD.replace("card: Forest", "card: Forrest"),
            "battlefield[0].card",
            "did you mean 'Forest'",
            id="unknown-card",
        ),
        pytest.param(
            GOOD + "  - {id: f, card: Island, controller: alice}\n",
            "battlefield[1].id",
            "duplicate id 'f'",
            id="duplicate-id",
        ),
        pytest.param(
            GOOD.replace("controller: alice}", "controller: alicia}"),
            "battlefield[0].controller",
            "no player named 'alicia' (did you mean 'alice'?)",
            id="unknown-controller",
        ),
        pytest.param(
            GOOD + "hand: {carol: [Forest]}\n",
            "hand.carol",
            "no player named 'carol'",
            id="unknown-player-in-zone",
        ),
        pytest.param(
            GOOD.replace("controller: alice}", "controller: alice, counters: {charge: -1}}"),
            "battlefield[0].counters.charge",
            "must be at least 0",
            id="negative-count",
        ),
        pytest.param(
            GOOD.replace("active: alice", "active: zed"),
            "turn.active",
            "no player named 'zed'",
            id="active-player-not-playing",
        ),
        pytest.param(
            GOOD.replace("turn: {active: alice}", "turn: {active: alice, step: ende}"),
            "turn.step",
            "did you mean 'end'",
            id="unknown-step",
        ),
        pytest.param(
            GOOD.replace("id: f, ", ""), "battlefield[0]", "missing required key 'id'", id="missing"
        ),
        pytest.param("", "(top level)", "expected a mapping", id="empty-file"),
        # 506.1, 506.2, 508.1a, 509.1a: the combat a board declares.
        pytest.param(
            COMBAT.replace("step: declare_blockers", "step: precombat_main"),
            "battlefield[0].attacking",
            "no creature is attacking in the precombat_main step",
            id="attack-outside-combat",
        ),
        pytest.param(
            COMBAT.replace("controller: alice, attacking: bob", "controller: bob, attacking: bob"),
            "battlefield[0].attacking",
            "only the active player's creatures attack (506.2, 508.1a)",
            id="attacker-not-active",
        ),
        pytest.param(
            COMBAT.replace("attacking: bob", "attacking: bobb"),
            "battlefield[0].attacking",
            "'bobb' is neither a player nor a permanent (did you mean 'bob'?)",
            id="attacks-nothing",
        ),
        pytest.param(
            COMBAT.replace("controller: bob, blocking", "controller: bob, tapped: true, blocking"),
            "battlefield[1].blocking",
            "a blocking creature must be untapped",
            id="tapped-blocker",
        ),
        pytest.param(
            COMBAT.replace("controller: bob, blocking", "controller: carol, blocking"),
            "battlefield[1].blocking",
            "only 'bob' may block it (509.1a",
            id="blocker-not-defending",
        ),
        pytest.param(
            COMBAT.replace("blocking: bears", "blocking: wall"),
            "battlefield[1].blocking",
            "'wall' is not an attacking creature",
            id="blocks-a-nonattacker",
        ),
        pytest.param(
            GOOD.replace(
                "controller: alice}", "controller: alice, token: {name: T, types: [creature]}}"
            ),
            "battlefield[0].card",
            "a token with a definition names no card",
            id="token-definition-and-card",
        ),
        pytest.param(
            GOOD + "this_turn: {drawn_in_draw_step: {bob: 1}}\n",
            "this_turn.drawn_in_draw_step.bob",
            "'bob' is not an active player this turn, so has had no draw step in which to draw "
            "1 card (504.1",
            id="drawn-in-draw-step-not-active",
        ),
        pytest.param(
            "players: [{name: a, team: x}, {name: b, team: y}, {name: c, team: x}, "
            "{name: d, team: y}]\nteams: [{name: x}, {name: y}]\nturn: {active: a}\n"
            "this_turn: {drawn_in_draw_step: {c: 1, d: 2}}\n",
            "this_turn.drawn_in_draw_step.d",
            "only 'a', 'c' may have a count here",
            id="drawn-in-draw-step-not-active-team",
        ),
        # Issue 27: an id or a player's name holding ':' could never be named in an event
        # (damage:rhox:1:bears:2 read as source 'rhox', target '1').
        pytest.param(
            GOOD.replace("{id: f,", "{id: 'rhox:1',"),
            "battlefield[0].id",
            "'rhox:1' contains ':', which separates the parts of an event "
            "(damage:SOURCE:TARGET:N), so no event could name it; write 'rhox-1' instead",
            id="colon-in-a-permanent-id",
        ),
        pytest.param(
            GOOD.replace("name: bob", "name: 'b:ob'"),
            "players[1].name",
            "'b:ob' contains ':'",
            id="colon-in-a-player-name",
        ),
        pytest.param(
            GOOD + "stack:\n  - {id: 's:1', source: Lightning Bolt, controller: alice}\n",
            "stack[0].id",
            "'s:1' contains ':'",
            id="colon-in-a-stack-id",
        ),
        pytest.param(
            GOOD + "effects:\n  - {id: 'e:1', card: Rhox Faithmender, controller: alice}\n",
            "effects[0].id",
            "'e:1' contains ':'",
            id="colon-in-an-effect-id",
        ),
        # PyYAML's constructors fail on these with IndexError and AttributeError, not a YAMLError.
        pytest.param(
            GOOD.replace("{name: alice}", '{name: alice, life: !!int ""}'),
            "line 1",
            "can't be read as its tag '!!int' says",
            id="tagged-int-empty",
        ),
        pytest.param(
            GOOD + "turn_extra:\n  when: !!timestamp soon\n",
            "line 6",
            "'soon' can't be read as its tag '!!timestamp'",
            id="tagged-timestamp-unreadable",
        ),
    ],
)
def test_bad_board(tmp_path, capsys, text, location, words):
    code, out, err, path = run(tmp_path, text, capsys)
    assert code == 2
    assert out == ""
    assert path in err
    assert location in err
    assert words in err
    assert "Traceback" not in err


def test_invalid_json_names_line_and_column(tmp_path, capsys):
    code, out, err, path = run(tmp_path, '{"players": [}', capsys, suffix=".json")
    assert code == 2
    assert out == ""
    assert f"{path}: line 1, column 14: invalid JSON" in err


def test_json_board_has_the_same_schema(tmp_path, capsys):
    text = (
        '{"players": [{"name": "alice"}], '
        '"battlefield": [{"id": "f", "card": "Forest", "controller": "alice"}]}'
    )
    code, out, err, _ = run(tmp_path, text, capsys, suffix=".json")
    assert (code, err) == (0, "")
    assert "Forest #1" in out


def test_missing_file(tmp_path, capsys):
    code = main(["check", str(tmp_path / "absent.yaml")])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert "absent.yaml: no such file" in err


def test_every_problem_is_reported_at_once(tmp_path, capsys):
    text = GOOD.replace("card: Forest", "card: Forrest")
    text = text.replace("controller: alice}", "controller: al}")
    code, _, err, _ = run(tmp_path, text, capsys)
    assert code == 2
    assert "battlefield[0].card" in err
    assert "battlefield[0].controller" in err


def test_unknown_player_for_question(tmp_path, capsys):
    path = tmp_path / "b.yaml"
    path.write_text(GOOD, encoding="utf-8")
    code = main(["activations", str(path), "--player", "zed"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert "no player named 'zed'" in err
