"""Verdicts the bridge once derived in Python now come from the encodings as shown atoms (issue 9):
the next step (500.1), the lands a reflecting mana ability reads (106.7), the prohibitions of
119.7/119.8 on a life event, and the 601.2h verdict on an ability's mana cost."""

from __future__ import annotations

from clingo import Function, Number, String, Symbol, SymbolType

from mtgasp import LifeEvent, orderings, parse_board
from mtgasp.facts.board import board_facts
from mtgasp.solve.control import ground, solve


def _board(step: str, battlefield: str = "", players: str = "[{name: a}, {name: b}]") -> str:
    return f"players: {players}\nturn: {{active: a, step: {step}, number: 3}}\n{battlefield}"


def _next_step(step: str) -> list[str]:
    board = parse_board(_board(step))
    request = [Function("begin_next_step", [])]
    (model,) = solve(
        "step", board_facts(board), extra=request, consts={"horizon": 0}, max_models=1
    ).models
    return [s.arguments[0].name for s in model if s.name == "next_step"]


def test_next_step_follows_the_turn_order() -> None:
    # 506.1: the combat phase's steps in order; 512.1: the ending phase is end, then cleanup.
    assert _next_step("beginning_of_combat") == ["declare_attackers"]
    assert _next_step("end") == ["cleanup"]
    # 505.1: the precombat main phase is followed by combat (a board names phases as steps).
    assert _next_step("precombat_main") == ["beginning_of_combat"]
    # 514: the cleanup step is the last of the turn; the next turn is not modelled.
    assert _next_step("cleanup") == []


def _reflected(text: str) -> set[tuple[str, int, str]]:
    # The lands of the players each reflecting ability reads (reflects_player/3, land_of/2).
    (model,) = solve("could-produce", board_facts(parse_board(text))).models
    lands = [(s.arguments[0].string, s.arguments[1].string) for s in model if s.name == "land_of"]
    return {
        (s.arguments[0].string, s.arguments[1].number, land)
        for s in model
        if s.name == "reflects_player"
        for player, land in lands
        if player == s.arguments[2].string
    }


def test_reflecting_abilities_read_the_right_lands() -> None:
    # 106.7: Exotic Orchard reads lands its controller's opponents control; Reflecting Pool reads
    # lands its controller controls (itself included).
    text = _board(
        "precombat_main",
        "battlefield:\n"
        "  - {id: orchard, card: Exotic Orchard, controller: a}\n"
        "  - {id: pool, card: Reflecting Pool, controller: a}\n"
        "  - {id: swamp, card: Swamp, controller: b}\n",
    )
    assert _reflected(text) == {
        ("orchard", 1, "swamp"),
        ("pool", 1, "orchard"),
        ("pool", 1, "pool"),
    }


def test_a_teammates_lands_are_not_an_opponents() -> None:
    # 102.3, 810: in Two-Headed Giant, a teammate is not an opponent.
    text = _board(
        "precombat_main",
        "teams: [{name: t1}, {name: t2}]\n"
        "battlefield:\n"
        "  - {id: orchard, card: Exotic Orchard, controller: a}\n"
        "  - {id: mate-swamp, card: Swamp, controller: c}\n"
        "  - {id: their-forest, card: Forest, controller: b}\n",
        players="[{name: a, team: t1}, {name: c, team: t1}, {name: b, team: t2}, "
        "{name: d, team: t2}]",
    )
    assert _reflected(text) == {("orchard", 1, "their-forest")}


def test_a_life_event_a_prohibition_bars() -> None:
    # 119.7: Leyline of Punishment: players can't gain life; losing life is not barred (no 119.8
    # effect), though the prohibition is still listed for the player.
    board = parse_board(
        _board(
            "upkeep",
            "battlefield:\n  - {id: leyline, card: Leyline of Punishment, controller: a}\n",
        )
    )
    gain = orderings(board, LifeEvent("gain", "b", 1))
    assert gain.prohibited
    assert gain.prohibitions == ("119.7: b can't gain life (because of leyline)",)
    lose = orderings(board, LifeEvent("lose", "b", 1))
    assert not lose.prohibited
    assert lose.prohibitions == ("119.7: b can't gain life (because of leyline)",)


def test_the_mana_cost_verdict_is_a_rule_of_the_encodings() -> None:
    # 601.2h: Order of Whiteclay's {1}{W}{W} ability with no untapped lands: the castable query
    # finds no plan, so no verdict comes back and the rule forbids it; with the verdict "payable"
    # it does not, and without the check the mana cost is left unchecked.
    board = parse_board(
        _board(
            "precombat_main", "battlefield:\n  - {id: o, card: Order of Whiteclay, controller: a}\n"
        )
    )
    payable = Function("mana_payable", [String("o"), Number(1)])
    checked = ground(
        "activations",
        board_facts(board),
        [("mana_payable", 2), ("mana_unproved", 2)],
        extra=[Function("mana_checked", [])],
    )

    def reasons(*true: Symbol) -> set[str]:
        (model,) = checked.solve(*true).models
        found = [s.arguments[2] for s in model if s.name == "violation"]
        return {str(r) for r in found if r.type != SymbolType.String}

    assert reasons() == {"mana_cost_unpayable"}
    assert reasons(payable) == set()
    (model,) = solve(
        "activations", board_facts(board), extra=[Function("mana_unchecked", [])]
    ).models
    assert {str(s.arguments[1]) for s in model if s.name == "unchecked_cost"} == {"mana_cost"}
