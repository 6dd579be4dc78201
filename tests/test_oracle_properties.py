"""Property tests of the Oracle-text compiler (issue 11): any text compiles without a crash, and
every paragraph is accounted for (modelled, or kept as not modelled with its text); random cards
of the database on random boards are checked without a crash."""

from __future__ import annotations

import json
from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgasp import parse_board
from mtgasp.answers.check import check
from mtgasp.cards import database
from mtgasp.cards.oracle import compile_card
from mtgasp.cards.oracle._kinds import KINDS
from mtgasp.cards.record import CardRecord

# Words and pieces of Oracle text, so that random texts come near the templates.
_PIECES = [
    "{T}", "{Q}", "{1}", "{G}", "{U}{B}", "{X}", "{G/U}", "{2/W}", "{C}{C}", ":", ",", ".", "—",
    "Add", "or", "one mana of any color", "for each creature you control", "Pay 1 life",
    "Sacrifice", "Card", "this creature", "enters the battlefield", "enters", "tapped",
    "Flying", "vigilance", "protection from red", "At the beginning of your upkeep", "if",
    "you gain 2 life", "target creature", "target opponent", "loses that much life",
    "Activate only as a sorcery", "Spend this mana only", "(reminder text)", "\n", "X", "+1/+1",
    "Whenever", "When", "counter", "draw a card", "each opponent", "that player", '"', "can't",
]  # fmt: skip

_TYPES = st.sampled_from(
    [("Creature",), ("Land",), ("Artifact",), ("Instant",), ("Sorcery",), ("Enchantment",), ()]
)


@settings(max_examples=150, deadline=None)
@given(
    pieces=st.lists(st.sampled_from(_PIECES), max_size=14),
    types=_TYPES,
    subtypes=st.lists(st.sampled_from(["Forest", "Island", "Elf", "Aura"]), max_size=2),
)
def test_any_text_compiles(pieces: list[str], types: tuple[str, ...], subtypes: list[str]) -> None:
    text = " ".join(pieces)
    record = CardRecord("Card", types=types, subtypes=tuple(subtypes), text=text)
    compiled = compile_card(record)
    kinds = {*KINDS, "mana_rider", "effect", "intrinsic", "keyword", "enters", "replacement"}
    kinds |= {"mana_trigger", "triggered"}
    for ability in compiled.abilities:
        assert ability.index >= 1
        assert ability.kind in kinds
    # Each ability not modelled is one not_modelled/4 fact with its text (a keyword line's
    # keywords share their paragraph's number).
    kept = {
        (f.arguments[1].number, f.arguments[3].string)
        for f in compiled.facts
        if f.name == "not_modelled"
    }
    assert kept == {(a.index, a.text) for a in compiled.abilities if not a.modelled}
    assert all(f.arguments[0].string == "Card" for f in compiled.facts)


@cache
def _names() -> list[str]:
    return database.current().names()


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    picks=st.lists(st.integers(min_value=0, max_value=10**6), min_size=1, max_size=4),
    tapped=st.lists(st.booleans(), min_size=4, max_size=4),
)
def test_random_corpus_cards_on_random_boards_check_without_a_crash(
    picks: list[int], tapped: list[bool]
) -> None:
    """Any cards of the database on a board: ``check`` answers (issue 11, point 7)."""
    names = _names()
    battlefield, hand = [], []
    for i, pick in enumerate(picks):
        name = names[pick % len(names)]
        row = database.current().row(name)
        assert row is not None
        if {"Instant", "Sorcery"} & set(row.record.types):
            hand.append(name)
        else:
            owner = ("alice", "bob")[i % 2]
            battlefield.append(
                {"id": f"p{i}", "card": name, "controller": owner, "tapped": tapped[i]}
            )
    board = {
        "players": [{"name": "alice", "life": 20}, {"name": "bob", "life": 20}],
        "turn": {"active": "alice", "step": "precombat_main"},
        "battlefield": battlefield,
        "hand": {"alice": hand},
    }
    report = check(parse_board(json.dumps(board), source="<random>", json_only=True))
    assert len(report.could_produce.permanents) == len(battlefield)
