"""``check`` answers the moment of the board (issue 28 point 1): at a combat step the attacks,
blocks and every course of combat damage; castability for every player holding cards, with the
timing rules (117.1a, 307.1, 702.8a, 502.4); activations of every player as before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mtgasp import parse_board
from mtgasp.answers.check import check
from mtgasp.cli import main

ROOT = Path(__file__).parents[1]
COMBAT = ROOT / "examples" / "combat-check.yaml"


def _check_json(capsys: pytest.CaptureFixture[str], path: Path) -> Any:
    assert main(["check", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def _timings(report: dict[str, Any]) -> dict[str, tuple[bool, list[str]]]:
    return {
        p["card"]: (p["timing"]["now"], [r["rule"] for r in p["timing"]["rules"]])
        for p in report["payments"]
        if p["kind"] == "card"
    }


@pytest.mark.quick
def test_an_opponent_may_cast_instants_and_flash_cards_in_the_active_players_combat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _check_json(capsys, COMBAT)
    # 117.1a: "A player may cast an instant spell any time they have priority. A player may cast
    # a noninstant spell during their main phase any time they have priority and the stack is
    # empty." 702.8a: flash means "You may play this card any time you could cast an instant."
    (bob,) = data["others_castable"]
    assert bob["player"] == "bob"
    assert _timings(bob) == {
        "Giant Growth": (True, ["117.1a"]),
        "Ambush Viper": (True, ["702.8a"]),
        "Grizzly Bears": (False, ["117.1a"]),
    }
    assert all(p["payable"] for p in bob["payments"])  # two Forests pay each on its own
    # The active player's creature card: not in a main phase (117.1a).
    assert _timings(data["castable"]) == {"Llanowar Elves": (False, ["117.1a"])}


def test_combat_damage_at_declare_blockers_gives_every_course(
    capsys: pytest.CaptureFixture[str],
) -> None:
    combat = _check_json(capsys, COMBAT)["combat"]
    in_combat = {
        c["permanent"]: (c["attacking"], c["blocking"]) for c in combat["attackers"]["creatures"]
    }
    assert in_combat["dreadmaw"] == ("bob", None)
    assert in_combat["scorpion"] == (None, "grenadier")
    damage = combat["combat_damage"]
    # 702.19b: the trampling Dreadmaw (7/7 with Glorious Anthem) assigns lethal damage (6) to the
    # 0/6 wall, the rest to the wall or to bob: two final states, bob at 19 or at 20.
    assert sorted(o["life"]["bob"] for o in damage["outcomes"]) == [19, 20]
    for outcome in damage["outcomes"]:
        # 704.5g lethal damage (wall, scorpion: 3 damage on a 1/3); 704.5h deathtouch (the
        # scorpion's 1 damage destroys the 3/3 grenadier).
        assert "grenadier" not in outcome["battlefield"]
        assert {"wall", "scorpion"}.isdisjoint(outcome["battlefield"])


def _board(step: str, *, stack: bool = False, active: str = "alice") -> str:
    text = (
        "players: [{name: alice}, {name: bob}]\n"
        f"turn: {{active: {active}, step: {step}}}\n"
        "hand: {alice: [Divination, Shock]}\n"
        "battlefield:\n"
        "  - {id: witch, card: Witch of the Moors, controller: alice}\n"
    )
    if stack:
        text += "stack: [{id: trigger, source: witch, ability: 1, controller: alice}]\n"
    return text


@pytest.mark.parametrize(
    ("step", "stack", "active", "divination", "shock"),
    [
        # 307.1: a sorcery in a main phase of its owner's turn with an empty stack.
        ("precombat_main", False, "alice", (True, ["307.1"]), (True, ["117.1a"])),
        # 307.1: not while the stack holds an object; the instant still may (117.1a).
        ("postcombat_main", True, "alice", (False, ["307.1"]), (True, ["117.1a"])),
        # 307.1: not in another player's turn.
        ("precombat_main", False, "bob", (False, ["307.1"]), (True, ["117.1a"])),
        # 502.4: no player receives priority during the untap step: not even an instant.
        ("untap", False, "alice", (False, ["307.1", "502.4"]), (False, ["502.4"])),
        # 514.3: normally no player receives priority during the cleanup step.
        ("cleanup", False, "alice", (False, ["307.1", "514.3"]), (False, ["514.3"])),
    ],
)
def test_sorcery_and_instant_timing(
    step: str,
    stack: bool,
    active: str,
    divination: tuple[bool, list[str]],
    shock: tuple[bool, list[str]],
) -> None:
    report = check(parse_board(_board(step, stack=stack, active=active), source="timing"))
    alice = report.castable if active == "alice" else report.others_castable[0]
    found = {}
    for payment in alice.payments:
        timing = payment.question.timing
        assert timing is not None
        found[payment.question.card] = (timing.now, sorted({r for r, _ in timing.rules}))
    assert found == {"Divination": divination, "Shock": shock}


def test_no_combat_section_outside_combat_and_none_of_damage_before_attacks() -> None:
    main_phase = check(parse_board(_board("precombat_main"), source="main"))
    assert main_phase.combat is None
    assert main_phase.combat_damage is None
    beginning = check(parse_board(_board("beginning_of_combat"), source="combat"))
    assert beginning.combat is not None  # who could attack (508.1a)
    assert beginning.combat_damage is None  # nobody attacks yet


def test_the_check_page_draws_the_combat_damage_courses(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    assert main(["check", str(COMBAT), "--html", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "Combat damage: the courses as a tree (510)" in text
    assert "Combat (506): who attacks and who blocks" in text
