"""Issue 24, point 2: no swallowed text. Over the whole bundled card database, every word of every
Oracle paragraph is accounted for: by a text the grammar derived into facts (re-parsed here by the
grammar itself) or by a ``not_modelled`` record. The count of paragraphs with a word unaccounted
for is printed, with a sample, and must be 0."""

from __future__ import annotations

import re

from lark.exceptions import LarkError

from mtgasp.cards import database
from mtgasp.cards.audit import audit, unaccounted_words
from mtgasp.cards.oracle import KEYWORDS, Ability
from mtgasp.cards.oracle._modes import MODE_HEADS
from mtgasp.cards.oracle._parse import parser

# The grammar's start symbols a derived text may come from: a whole ability, a rider sentence,
# an activated ability's cost (its effect kept as not modelled).
_STARTS = ("start", "rider", "activated_costs")


def _parses(text: str, starts: tuple[str, ...]) -> bool:
    for start in starts:
        try:
            parser().parse(text, start=start)
        except LarkError:
            continue
        return True
    return False


def _derived_by_the_grammar(ability: Ability, text: str) -> bool:
    if ability.kind == "keyword":
        return text in KEYWORDS
    if _parses(text.removesuffix(":"), _STARTS):
        return True
    # 700.2: a modal spell's head, and each mode ("• ...") a whole spell's effect (issue 25).
    if ability.kind == "spell" and text in MODE_HEADS:
        return True
    if text.startswith("\u2022 "):
        return _parses(text.removeprefix("\u2022 "), ("start",))
    # 602.1: an activated ability compiled whole (issue 25): its costs, then each sentence of its
    # effect, an effect the effect language derives or a restriction a rider derives.
    head, colon, effect = text.partition(": ")
    return (
        bool(colon)
        and _parses(head, ("activated_costs",))
        and all(
            _parses(sentence, ("effect_sentence", "rider"))
            for sentence in re.split(r"(?<=\.)\s+(?=\S)", effect)
        )
    )


def test_every_word_of_every_paragraph_is_accounted_for() -> None:
    bundled = database.Database(database.BUNDLED, "bundled")
    paragraphs = 0
    unaccounted: list[str] = []
    underived: list[str] = []
    for record in bundled.records():
        for paragraph in audit(record):
            paragraphs += 1
            if paragraph.unaccounted:
                missing = " ".join(paragraph.unaccounted)
                unaccounted.append(f"{record.name} #{paragraph.index}: {missing!r}")
            for ability in paragraph.abilities:
                for text in ability.derived:
                    if not _derived_by_the_grammar(ability, text):
                        underived.append(f"{record.name} #{ability.index}: {text!r}")
    print(f"{paragraphs} paragraphs; {len(unaccounted)} with words unaccounted for")
    print("\n".join(unaccounted[:20]))
    assert paragraphs > 30_000
    assert unaccounted == []
    assert underived == []


def test_a_sentence_left_out_is_found() -> None:
    # The detector itself: Urza's Mine's rider, derived and kept nowhere, is words unaccounted
    # for (the mana ability alone would read "{T}: Add {C}.").
    paragraph = (
        "{T}: Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} "
        "instead."
    )
    alone = Ability(1, paragraph, "mana", True, ("{t}: add {c}.",))
    missing = unaccounted_words(paragraph, (alone,), ("Urza's Mine",))
    rider = "if you control an urza's power-plant and an urza's tower, add {c}{c} instead."
    assert missing == tuple(sorted(rider.replace(",", "").replace(".", "").split()))
    whole = Ability(1, paragraph, "mana", True, ("{t}: add {c}.", rider))
    assert unaccounted_words(paragraph, (whole,), ("Urza's Mine",)) == ()
