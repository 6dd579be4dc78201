"""What kind of ability a paragraph no template covers is, by the CR's own definitions: this is what
the rules read to say which answers could depend on it (``not_modelled/4``,
docs/oracle-compiler.md)."""

from __future__ import annotations

import re

__all__ = ["KINDS", "activated_keyword", "kind_of"]

#: The kinds, in the order they are tested.
KINDS = ("spell", "mana", "mana_effect", "activated", "triggered", "enters", "static")

# 605.1a, 605.1b: an ability that could add mana ("Add {G}", "adds one mana", "add X mana").
_ADDS = re.compile(r"\badds?\b[^.]*?(\{[wubrgcx0-9]\}|\bmana\b)")
# 605.1a: an activated ability whose effect changes the mana a player has ("double the amount of
# each type of unspent mana") could add mana.
_MANA = re.compile(r"\bunspent mana\b|\bmana pool\b")
# 106.12, 614: a static or triggered ability that speaks of producing mana or tapping for mana
# could change what a permanent could produce (106.7).
_MANA_EFFECT = re.compile(r"\bfor mana\b|\bproduces?\b|\bmana abilit")
# 602.1: "[Cost]: [Effect]": a colon outside quotation marks.
_QUOTED = re.compile(r'"[^"]*"')
# 603.1: "When", "Whenever" or "At", after an ability word ("Raid — ").
_TRIGGER = re.compile(r"^(?:[a-z' ]+ — )?(?:when|whenever|at)\b")
# 614.1c, 614.12: an ability that applies as ~ itself enters the battlefield ("~ enters tapped with
# two charge counters", "As ~ enters, ..."): it changes only how ~ enters, so no answer about a
# permanent already on the battlefield depends on it.
_ENTERS = re.compile(r"^(?:as )?~ enters\b")
# 702: keyword abilities that are activated abilities (equip 702.6, cycling 702.29, ...).
_ACTIVATED_KEYWORDS = (
    "equip", "cycling", "landcycling", "basic landcycling", "level up", "outlast", "fortify",
    "reinforce", "scavenge", "unearth", "ninjutsu", "transmute", "transfigure", "crew",
    "embalm", "eternalize", "auto-equip", "channel", "forecast", "bloodrush", "adapt",
    "monstrosity", "reconfigure", "boast", "exhaust",
)  # fmt: skip


def activated_keyword(keyword: str) -> bool:
    """True for a keyword that is an activated ability (``equip {2}``: 702.6a)."""
    return any(
        keyword == k or keyword.startswith((k + " ", k + "—")) or keyword.endswith("cycling")
        for k in _ACTIVATED_KEYWORDS
    )


def kind_of(text: str, *, spell: bool) -> str:
    """The kind of a not-modelled paragraph ``text`` (normalised): ``spell`` (an instant's or a
    sorcery's text, 113.3a), ``mana`` (an activated ability that could add mana, 605.1a),
    ``mana_effect`` (any other ability that speaks of adding, producing or tapping for mana: a
    triggered mana ability of another permanent, a replacement, a granted mana ability),
    ``activated`` (602.1), ``triggered`` (603.1), ``enters`` (614.1c, 614.12: how ~ itself enters)
    or ``static`` (604.1)."""
    if spell:
        return "spell"
    bare = _QUOTED.sub('""', text)
    colon = ":" in bare
    if colon and (_ADDS.search(bare) or _MANA.search(bare.split(":", 1)[1])):
        return "mana"
    if _ADDS.search(text) or _MANA_EFFECT.search(text):
        return "mana_effect"
    if colon or activated_keyword(bare):
        return "activated"
    if _TRIGGER.match(bare):
        return "triggered"
    if _ENTERS.match(bare):
        return "enters"
    return "static"
