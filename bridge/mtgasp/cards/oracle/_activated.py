"""An activated ability (602.1) compiled whole: its cost, its restrictions and its effect, each
sentence of which the effect language derives (``oracle.lark``'s ``effect_sentence``; issue 25).
Anything else is left to ``_partial.activated_effect`` (the effect kept as not modelled)."""

from __future__ import annotations

import re
from typing import cast

from clingo import Function, Number, String, Symbol
from lark.exceptions import LarkError, VisitError

from ._effects import Effect, target_count
from ._kinds import kind_of
from ._parse import parser
from ._partial import _activation_rider
from ._partial import _costs as activated_costs
from ._partial import _rider as rider_fact
from ._templates import Templates

__all__ = ["activated_with_effects"]

_SENTENCE_END = re.compile(r"(?<=\.)\s+(?=\S)")
_MANA = re.compile(r"\bmana\b(?! (?:value|cost))")


def activated_with_effects(
    name: str, index: int, text: str, paragraph: str
) -> tuple[str, list[Symbol], str] | None:
    """``[Cost]: [Effect].`` where the cost templates derive every cost part and the effect
    language every sentence of the effect (restrictions: the rider templates): activated/2,
    cost/3, effect_part/3, ability_target/5 (one target at most) and the restrictions. None
    otherwise (fail closed: the whole paragraph or nothing)."""
    if ":" not in text or kind_of(text, spell=False) != "activated":
        return None
    head, effect = (part.strip() for part in text.split(":", 1))
    if _MANA.search(effect) or "\u2014" in head or '"' in effect or "~ from your" in effect:
        return None  # a mana ability, an ability word, a granted ability, or one from a zone
    costs = activated_costs(name, index, head, paragraph)
    if costs is None or any("other" in str(f) for f in costs[0]):
        return None  # 602.2b: a cost part no template derives is not a whole ability
    facts = list(costs[0])
    card, n = String(name), Number(index)
    effects: list[Effect] = []
    for sentence in _SENTENCE_END.split(effect):
        if sentence.startswith("activate"):
            rider = rider_fact(name, index, sentence)
            if rider is None or not _activation_rider(rider):
                return None  # a restriction the rules do not check
            facts.extend(rider.facts)
            continue
        try:
            tree = parser().parse(sentence, start="effect_sentence")
            effects.extend(cast(list[Effect], Templates(name, index).transform(tree)))
        except (LarkError, VisitError):
            return None
    if not effects or target_count(effects) > 1:
        return None
    if any("that_player" in str(e) for e, _ in effects):
        return None  # "that player" names no one in an activated ability
    for term, spec in effects:
        facts.append(Function("effect_part", [card, n, term]))
        if spec is not None:
            facts.append(Function("ability_target", [card, n, Number(1), spec, Number(1)]))
    return "activated", facts, text
