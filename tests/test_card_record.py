"""The normalised card record the database stores and the Oracle-text compiler reads."""

from __future__ import annotations

import dataclasses

import pytest

from mtgasp.cards.record import CardRecord


def test_a_record_is_a_frozen_mapping_of_its_fields() -> None:
    bears = CardRecord(
        "Grizzly Bears",
        types=("Creature",),
        subtypes=("Bear",),
        mana_cost="{1}{G}",
        power="2",
        toughness="2",
    )
    assert dict(bears) == {
        "name": "Grizzly Bears",
        "supertypes": (),
        "types": ("Creature",),
        "subtypes": ("Bear",),
        "mana_cost": "{1}{G}",
        "power": "2",
        "toughness": "2",
        "loyalty": None,
        "text": "",
    }
    with pytest.raises(dataclasses.FrozenInstanceError):
        bears.name = "Forest"  # type: ignore[misc]
    with pytest.raises(KeyError):
        bears["colors"]
