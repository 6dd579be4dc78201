"""The long-lived Checker gives exactly the answers of the one-shot functions, board after board."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from clingo import Function, Number

from mtgasp import Board, EncodingError, QueryError, activations, load_board, parse_board
from mtgasp.answers.activations import Reason
from mtgasp.batch.checker import Checker
from mtgasp.cards.catalog import handwritten_names
from mtgasp.cards.permanence import nonpermanent_cards
from mtgasp.solve.control import solve

ROOT = Path(__file__).parents[1]


@pytest.fixture(scope="module")
def checker() -> Checker:
    return Checker()


def _random_board(rng: random.Random) -> dict[str, Any]:
    """A board of 0-40 permanents of every hand-written permanent card (no instant or sorcery:
    CR 304.4, 307.4), in every state, for 2-4 players."""
    players = [f"p{i}" for i in range(rng.randint(2, 4))]
    cards = sorted(handwritten_names() - nonpermanent_cards(handwritten_names()).keys())
    battlefield = []
    for index in range(rng.randint(0, 40)):
        perm: dict[str, Any] = {
            "id": f"o{index}",
            "card": rng.choice(cards),
            "controller": rng.choice(players),
        }
        if rng.random() < 0.4:
            perm["tapped"] = True
        if rng.random() < 0.4:
            perm["since"] = "this_turn"
        if rng.random() < 0.1:
            perm["owner"] = rng.choice(players)
        battlefield.append(perm)
    return {
        "players": [{"name": p} for p in players],
        "turn": {"active": rng.choice(players), "number": rng.randint(1, 9)},
        "battlefield": battlefield,
    }


def _same_answers(checker: Checker, board: Board, player: str | None = None) -> None:
    expected = activations(board, player=player)
    got = checker.activations(board, player=player)
    assert got.player == expected.player
    assert got.activations == expected.activations
    for field in ("atoms", "rules", "choices", "conflicts", "models"):
        assert getattr(got.stats, field) == getattr(expected.stats, field), field
    assert got.stats.choices == 0


@pytest.mark.parametrize("seed", range(150))
def test_random_boards_get_the_same_answers(checker: Checker, seed: int) -> None:
    rng = random.Random(seed)
    data = _random_board(rng)
    board = parse_board(yaml.safe_dump(data), source=f"random board {seed}")
    player = rng.choice([None, *(p["name"] for p in data["players"])])
    _same_answers(checker, board, player)


def test_scenario_cases_get_the_same_answers(checker: Checker) -> None:
    count = 0
    for path in sorted((ROOT / "tests" / "cases").glob("*.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            if case["query"] != "activations":
                continue
            board = parse_board(yaml.safe_dump(case["board"]), source=case["name"])
            _same_answers(checker, board, case.get("args", {}).get("player"))
            count += 1
    assert count > 0


@pytest.mark.parametrize("example", sorted((ROOT / "examples").glob("*.yaml")), ids=str)
def test_examples_get_the_same_answers(checker: Checker, example: Path) -> None:
    board = load_board(example)
    _same_answers(checker, board)
    for player in board.players:
        _same_answers(checker, board, player.name)


def test_names_stay_inert(checker: Checker) -> None:
    name = 'x"). permanent("evil'
    data = {
        "players": [{"name": name}, {"name": "bob"}],
        "battlefield": [{"id": name, "card": "Forest", "controller": name}],
    }
    _same_answers(checker, parse_board(yaml.safe_dump(data)))


def test_an_unknown_player_is_a_query_error(checker: Checker) -> None:
    board = load_board(ROOT / "examples" / "summoning-sickness.yaml")
    with pytest.raises(QueryError) as one_shot:
        activations(board, player="carol")
    with pytest.raises(QueryError) as reused:
        checker.activations(board, player="carol")
    assert str(reused.value) == str(one_shot.value)


def test_the_program_is_parsed_once_per_query(checker: Checker) -> None:
    board = load_board(ROOT / "examples" / "summoning-sickness.yaml")
    checker.activations(board)
    programs = dict(checker._programs)
    checker.activations(board)
    assert checker._programs == programs
    assert len(programs) == 1


def test_includes_resolve_relative_to_the_including_file(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "rule.lp").write_text("q(X) :- p(X).\n")
    entry = tmp_path / "entry.lp"
    entry.write_text('#include "lib/rule.lp".\n#defined p/1.\n#show.\n#show q/1.\n')
    facts = [Function("p", [Number(1)])]
    assert Checker().solve(entry, facts).models == solve(entry, facts).models


@pytest.mark.parametrize(
    "program",
    ["p(.\n", "q :- r.\n#show q/0.\n"],
    ids=["syntax error", "undefined atom"],
)
def test_problems_in_an_encoding_are_encoding_errors(tmp_path: Path, program: str) -> None:
    entry = tmp_path / "bad.lp"
    entry.write_text(program)
    with pytest.raises(EncodingError):
        solve(entry, [])
    with pytest.raises(EncodingError, match=r"bad\.lp"):
        Checker().solve(entry, [])


@pytest.mark.parametrize("seed", range(60))
def test_without_the_mana_check_only_601_2h_is_left_out(seed: int) -> None:
    # --no-mana-check (check_mana=False) answers every rule but the mana cost's 601.2h: each ability
    # has exactly the exact answer's other reasons, and one the exact answer does not call legal
    # never is.
    rng = random.Random(1000 + seed)
    board = parse_board(yaml.safe_dump(_random_board(rng)), source=f"random board {seed}")
    exact = activations(board).activations
    unchecked = activations(board, check_mana=False).activations
    for one, other in zip(exact, unchecked, strict=True):
        assert tuple(r for r in one.reasons if not _mana_reason(r)) == other.reasons
        if one.status != "legal":
            assert other.status != "legal", (one, other)
        if any(_mana_reason(r) for r in one.reasons):
            assert other.unchecked_costs, other  # the mana cost is reported, never taken as paid


def _mana_reason(reason: Reason) -> bool:
    return reason.rule == "601.2h" and reason.text.startswith("its mana cost")
