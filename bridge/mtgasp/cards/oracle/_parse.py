"""Parsing one ability with the grammar ``oracle.lark`` and building its facts (_templates.py)."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from clingo import Symbol
from lark import Lark, Tree
from lark.exceptions import LarkError, VisitError

from ._mana import NotCovered
from ._templates import Templates
from ._text import strip_reminder

__all__ = ["parser", "template"]


@cache
def parser() -> Lark:
    """The grammar's LALR parser; start symbols: a whole ability (``start``), a sentence after
    a mana ability (``rider``), one part of a cost (``cost``), a whole cost
    (``activated_costs``)."""
    grammar = resources.files(__package__).joinpath("oracle.lark").read_text(encoding="utf-8")
    starts = ["start", "rider", "cost", "activated_costs"]
    return Lark(grammar, parser="lalr", lexer="contextual", start=starts)


def template(
    name: str, index: int, text: str, spell: bool, paragraph: str
) -> tuple[str, list[Symbol], str] | None:
    """The template that derives ``text``, its facts and the text the grammar parsed (cost parts
    no template derives written ``{o1}``, ``{o2}``, ...), or None. A mana ability whose cost has
    parts no cost template derives keeps them as ``other(Text)`` (602.2b: the rules report such
    a cost as not checked, and no payment plan uses the ability: never taken as paid)."""
    others: dict[str, str] = {}
    try:
        tree = parser().parse(text, start="start")
    except LarkError:
        substituted = None if spell else other_costs(text, paragraph)
        if substituted is None:
            return None
        text, others = substituted
        try:
            tree = parser().parse(text, start="start")
        except LarkError:
            return None
    top = tree.children[0]
    kind = str(top.data) if isinstance(top, Tree) else ""
    if (kind == "spell") != spell or (others and kind != "mana_ability"):
        return None  # an effect alone is a spell's; a spell has no abilities of permanents here
    try:
        facts = Templates(name, 0 if spell else index, others).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, NotCovered):
            return None
        raise
    return _KIND.get(kind, kind), facts, text


# 606: a loyalty cost ("+1", "-2", "0"); 113.6: a cost that exiles or discards the card itself
# from a hand or graveyard belongs to an ability that functions there, not on the battlefield.
_NOT_A_PERMANENTS_COST = re.compile(r"^[+\u2212-]?(\d+|x)$|~ from your (hand|graveyard)|^discard ~")


def other_costs(text: str, paragraph: str) -> tuple[str, dict[str, str]] | None:
    """``text`` with each part of its cost that no cost template derives replaced by a
    placeholder ``{o1}``, ``{o2}``, ... and the placeholders' original text; None if the text has
    no cost, or a part is not a cost of a permanent's ability."""
    if ":" not in text or ":" not in paragraph:
        return None
    head, effect = text.split(":", 1)
    parts = head.split(", ")
    originals = strip_reminder(paragraph).split(":", 1)[0].split(", ")
    if len(parts) != len(originals):
        return None
    others: dict[str, str] = {}
    rebuilt = []
    for part, original in zip(parts, originals, strict=True):
        try:
            parser().parse(part, start="cost")
            rebuilt.append(part)
        except LarkError:
            if _NOT_A_PERMANENTS_COST.search(part.strip()):
                return None
            placeholder = f"{{o{len(others) + 1}}}"
            others[placeholder] = original.strip()
            rebuilt.append(placeholder)
    if not others:
        return None
    return ", ".join(rebuilt) + ":" + effect, others


# The kind of each template (the grammar's top rules and their aliases).
_KIND = {
    "mana_ability": "mana",
    "enters_tapped": "enters",
    "enters_with_counters": "enters",
    "choose_color": "enters",
    "cant_gain_life": "static",
    "life_cant_change": "static",
    "grant_keyword": "static",
    "modify_pt": "static",
    "pt_each_count": "static",
    "march": "static",
    "set_land_subtype": "static",
    "spend_as_any_color": "static",
    "would_gain_life": "replacement",
    "mana_multiply": "replacement",
    "lands_colorless": "replacement",
    "lands_one_mana": "replacement",
    "trigger_lands": "mana_trigger",
    "trigger_your_lands": "mana_trigger",
    "trigger_enchanted": "mana_trigger",
    "trigger_forests": "mana_trigger",
}
