"""Abilities modelled in part: a mana ability followed by effects no rider template derives, and an
activated ability whose cost, targets and restrictions are modelled but whose effect is not. The
part not modelled is kept as ``not_modelled/4`` (kinds ``mana_rider`` and ``effect``)."""

from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol
from lark.exceptions import LarkError, VisitError

from ._kinds import kind_of
from ._parse import other_costs, parser, template
from ._templates import Templates
from ._text import strip_reminder

__all__ = ["Partial", "activated_effect", "with_riders"]

#: (template kind, facts, kind of the parts not modelled, their texts)
Partial = tuple[str, list[Symbol], str, list[str]]

_SENTENCE_END = re.compile(r"(?<=\.)\s+(?=\S)")


def _rider(name: str, index: int, sentence: str) -> Symbol | None:
    """The fact of a rider sentence ("Activate only as a sorcery.", ...), or None."""
    try:
        tree = parser().parse(sentence, start="rider")
        predicate, argument = Templates(name, index).transform(tree)
    except (LarkError, VisitError):
        return None
    return Function(str(predicate), [String(name), Number(index), argument])


def with_riders(name: str, index: int, text: str, paragraph: str) -> Partial | None:
    """A mana ability followed by sentences not all of which a rider template derives: the
    ability with the riders that are, and the text of those that are not (each an effect of the
    ability besides its mana: ``mana_rider``). A restriction ("Activate only ...", "Spend this
    mana only ...") no template derives leaves the whole ability not modelled."""
    head, *rest = _SENTENCE_END.split(text)
    originals = _SENTENCE_END.split(strip_reminder(paragraph))
    if not rest or len(originals) != len(rest) + 1:
        return None
    found = template(name, index, head, False, originals[0])
    if found is None or found[0] != "mana":
        return None
    kind, facts = found
    unknown: list[str] = []
    for sentence, original in zip(rest, originals[1:], strict=True):
        fact = _rider(name, index, sentence)
        if fact is None and sentence.startswith(("activate", "spend")):
            return None
        if fact is None:
            unknown.append(original)
        else:
            facts.append(fact)
    return kind, facts, "mana_rider", unknown


# 601.2c, 115.1: the targets a rule can check (602-activation.lp's kinds): "target creature",
# "target permanent", "target artifact, creature, or land", each alone, unqualified.
_TARGETS = {
    "creature": "creature",
    "permanent": "permanent",
    "artifact, creature, or land": "artifact_creature_or_land",
}
_TARGET = re.compile(r"\btarget\b")
_MANA = re.compile(r"\bmana\b(?! (?:value|cost))")
_QUALIFIED = re.compile(
    r"^(?:you|an|a|card|cards|with|without|that|or|and|of|blocking|attacking|defending|spell|"
    r"player|opponent)\b"
)


def _target(effect: str) -> str | bool | None:
    """The target spec of an effect: None without a target, a spec for one target of a kind the
    rules check, False for anything else."""
    found = list(_TARGET.finditer(effect))
    if not found:
        return None
    if len(found) > 1:
        return False
    after = effect[found[0].end() :].lstrip()
    for words, spec in sorted(_TARGETS.items(), key=lambda item: -len(item[0])):
        if after.startswith(words):
            rest = after[len(words) :].lstrip(" ,")
            if _QUALIFIED.match(rest):
                return False
            return spec
    return False


def activated_effect(name: str, index: int, text: str, paragraph: str) -> Partial | None:
    """An activated ability (602.1, not a mana ability) whose cost and restrictions templates
    derive and whose target, if any, is of a kind the rules check: activated/2, cost/3,
    ability_target/5 and the restrictions, with its effect kept as not modelled (``effect``). Its
    activation is then judged (602, 601.2c); what it does when it resolves is not."""
    if ":" not in text or kind_of(text, spell=False) != "activated":
        return None
    if _MANA.search(text.split(":", 1)[1]):
        return None  # 605.1a: it could add mana ("double the unspent mana"): a mana ability
    head, effect = (part.strip() for part in text.split(":", 1))
    original = strip_reminder(paragraph).split(":", 1)[1].strip()
    if "\u2014" in head or '"' in effect:
        return None  # an ability word or a granted ability: not a plain "[Cost]: [Effect]."
    if re.search(r"~ from your (?:hand|graveyard)", effect):
        return None  # 113.6: an ability that functions from a hand or a graveyard
    facts = _costs(name, index, head, paragraph)
    if facts is None:
        return None
    sentences = _SENTENCE_END.split(effect)
    originals = _SENTENCE_END.split(original)
    if len(sentences) != len(originals):
        return None
    kept: list[str] = []
    for sentence, text_of in zip(sentences, originals, strict=True):
        if sentence.startswith("activate"):
            fact = _rider(name, index, sentence)
            if fact is None or fact.name == "effect_part":
                return None  # a restriction the rules do not check
            facts.append(fact)
        else:
            kept.append(text_of)
    spec = _target(" ".join(s for s in sentences if not s.startswith("activate")))
    if spec is False:
        return None
    if isinstance(spec, str):
        target = [String(name), Number(index), Number(1), Function(spec), Number(1)]
        facts.append(Function("ability_target", target))
    return "activated", facts, "effect", [" ".join(kept)] if kept else []


def _costs(name: str, index: int, head: str, paragraph: str) -> list[Symbol] | None:
    """activated/2 and cost/3 of a cost ``head`` (parts no template derives as ``other``)."""
    others: dict[str, str] = {}
    try:
        tree = parser().parse(head, start="activated_costs")
    except LarkError:
        substituted = other_costs(head + ": x", paragraph)
        if substituted is None:
            return None
        text, others = substituted
        try:
            tree = parser().parse(text.rsplit(":", 1)[0], start="activated_costs")
        except LarkError:
            return None
    try:
        costs = Templates(name, index, others).transform(tree)
    except VisitError:
        return None
    card, n = String(name), Number(index)
    return [Function("activated", [card, n]), *(Function("cost", [card, n, c]) for c in costs)]
