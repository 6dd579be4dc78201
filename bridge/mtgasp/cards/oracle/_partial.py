"""Abilities modelled in part: a mana ability followed by effects no rider template derives, and an
activated ability whose cost, targets and restrictions are modelled but whose effect is not. The
part not modelled is kept as ``not_modelled/4`` (kinds ``mana_rider`` and ``effect``)."""

from __future__ import annotations

import re

from clingo import Function, Number, String, Symbol
from lark.exceptions import LarkError, VisitError

from ._kinds import kind_of
from ._parse import other_costs, parser, template
from ._riders import Rider
from ._templates import Templates
from ._text import strip_reminder

__all__ = ["Partial", "activated_effect", "with_riders"]

#: (template kind, facts, kind of the parts not modelled, their texts, the texts the grammar
#: derived: normalised, cost parts no template derives written ``{o1}``, ...)
Partial = tuple[str, list[Symbol], str, list[str], list[str]]

_SENTENCE_END = re.compile(r"(?<=\.)\s+(?=\S)")


def _rider(name: str, index: int, sentence: str) -> Rider | None:
    """The facts of a rider sentence ("Activate only as a sorcery.", ...), or None: no rider
    template derives it."""
    try:
        tree = parser().parse(sentence, start="rider")
        rider = Templates(name, index).transform(tree)
    except (LarkError, VisitError):
        return None
    return rider if isinstance(rider, Rider) else None


def with_riders(name: str, index: int, text: str, paragraph: str) -> Partial | None:
    """A mana ability followed by sentences each of which a rider template derives: the ability
    with its riders' facts; a rider that is an effect besides the mana (``side_effect`` in the
    grammar: "Draw a card.") is kept as not modelled (``mana_rider``). Any sentence no rider
    template derives ("If you played a land this turn, add {B} instead.", "Target opponent gains
    control of ~.") leaves the whole ability not modelled: riders are a closed list."""
    head, *rest = _SENTENCE_END.split(text)
    originals = _SENTENCE_END.split(strip_reminder(paragraph))
    if not rest or len(originals) != len(rest) + 1:
        return None
    found = template(name, index, head, False, originals[0])
    if found is None or found[0] != "mana":
        return None
    kind, facts, parsed = found
    side_effects: list[str] = []
    derived = [parsed]
    for sentence, original in zip(rest, originals[1:], strict=True):
        rider = _rider(name, index, sentence)
        if rider is None:
            return None
        facts.extend(rider.facts)
        if rider.side_effect:
            side_effects.append(original)
        else:
            derived.append(sentence)
    return kind, facts, "mana_rider", side_effects, derived


# 601.2c, 115.1c: the targets a rule can check (602-activation.lp's kinds): "target creature",
# "target permanent", "target artifact, creature, or land", one instance of the word "target",
# quantified exactly: alone (one, required), "up to one" (Min 0, 601.2c) or "another" / "other
# than ~" (a creature other than the source); any other quantifier ("any number of", "two",
# "one or more", plural "targets") or qualifier ("you control", "with flying", "token") is
# refused.
_KINDS = (
    ("artifact, creature, or land", "artifact_creature_or_land"),
    ("creature", "creature"),
    ("permanent", "permanent"),
)
_TARGET = re.compile(r"\btargets?\b")
_MANA = re.compile(r"\bmana\b(?! (?:value|cost))")
# What may follow the target's kind: the rest of the effect, not a qualifier of the target
# ("you control", "with flying", "it's blocking", "token", "whose controller ...").
_UNQUALIFIED = re.compile(
    r"^(?:$|[.,]|'s\b|(?:gets?|gains?|can't|has|have|becomes|is|deals|fights|loses|doesn't|"
    r"assigns|blocks|attacks|must|to|on|until|this|equal|unless|if|for|instead|phases|would)\b)"
)
# What may not come right before the word "target": a quantifier ("any number of", "each of",
# "up to two", "one or two", "two", "X") or a word that makes it something else ("new targets").
_QUANTIFIED = re.compile(
    r"(?:\bany number of|\beach of|\bup to \w+|\bone or \w+|\b(?:any|each|two|three|four|five|"
    r"six|seven|eight|nine|ten|x|new|additional|different|other|same))\s*$"
)
_UP_TO_ONE = re.compile(r"\bup to one\s*$")
_OTHER_THAN_SELF = re.compile(r"^other than ~\s*")


def _target(effect: str) -> tuple[Symbol, int] | bool | None:
    """The target of an effect as (spec, Min): None without a target, False for a target no rule
    checks (the whole ability is then not modelled)."""
    found = list(_TARGET.finditer(effect))
    if not found:
        return None
    if len(found) > 1 or found[0].group() == "targets":
        return False
    before, after = effect[: found[0].start()], effect[found[0].end() :].lstrip()
    minimum, another = 1, False
    if _UP_TO_ONE.search(before):
        minimum = 0
        before = _UP_TO_ONE.sub("", before)
    elif re.search(r"\banother\s*$", before):
        another = True
    if _QUANTIFIED.search(before):
        return False
    for words, spec in _KINDS:
        if re.match(rf"{re.escape(words)}\b(?!s)", after):
            rest = after[len(words) :].lstrip(" ")
            if _OTHER_THAN_SELF.match(rest):
                rest, another = _OTHER_THAN_SELF.sub("", rest), True
            if not _UNQUALIFIED.match(rest):
                return False
            kind = Function(spec)
            return (Function("another", [kind]) if another else kind), minimum
    return False


# 602.2, 602.5, 601.2f, 113.6: a sentence that speaks of activating the ability (who may, when,
# from which zone, what it costs) or of a zone other than the battlefield changes whether and how
# the ability can be activated: it must be derived by a rider template, or nothing is compiled.
_ABOUT_ACTIVATION = re.compile(
    r"\bactivat|\bcosts? \{|\bless to\b|\bmore to\b|\bin exile\b|"
    r"\bfrom exile\b|\bcommand zone\b|~ is in your (?:hand|graveyard)"
)


def activated_effect(name: str, index: int, text: str, paragraph: str) -> Partial | None:
    """An activated ability (602.1, not a mana ability) whose cost, restrictions and who may
    activate it templates derive, and whose target, if any, is of a kind and a quantifier the
    rules check: activated/2, cost/3, ability_target/5 and the riders' facts, with its effect kept
    as not modelled (``effect``). Its activation is then judged (602, 601.2c); what it does when
    it resolves is not."""
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
    costs = _costs(name, index, head, paragraph)
    if costs is None:
        return None
    facts, parsed_head = costs
    derived = [parsed_head + ":"]
    sentences = _SENTENCE_END.split(effect)
    originals = _SENTENCE_END.split(original)
    if len(sentences) != len(originals):
        return None
    kept: list[str] = []
    effects: list[str] = []
    for sentence, text_of in zip(sentences, originals, strict=True):
        rider = _rider(name, index, sentence)
        if rider is not None and not rider.side_effect and _activation_rider(rider):
            facts.extend(rider.facts)
            derived.append(sentence)
        elif _ABOUT_ACTIVATION.search(sentence):
            return None  # who may activate it, when, where or for how much: not derived
        else:
            kept.append(text_of)
            effects.append(sentence)
    if not effects:
        return None
    spec = _target(" ".join(effects))
    if spec is False:
        return None
    if isinstance(spec, tuple):
        what, minimum = spec
        target = [String(name), Number(index), Number(1), what, Number(minimum)]
        facts.append(Function("ability_target", target))
    return "activated", facts, "effect", [" ".join(kept)], derived


def _activation_rider(rider: Rider) -> bool:
    """A rider about the activation itself (602.2, 602.5), not an effect or the mana."""
    return all(
        f.name in ("activation_restriction", "activation_timing", "activation_by")
        for f in rider.facts
    )


def _costs(name: str, index: int, head: str, paragraph: str) -> tuple[list[Symbol], str] | None:
    """activated/2 and cost/3 of a cost ``head`` (parts no template derives as ``other``), and the
    cost as parsed (those parts written ``{o1}``, ...)."""
    others: dict[str, str] = {}
    parsed = head
    try:
        tree = parser().parse(head, start="activated_costs")
    except LarkError:
        substituted = other_costs(head + ": x", paragraph)
        if substituted is None:
            return None
        text, others = substituted
        parsed = text.rsplit(":", 1)[0]
        try:
            tree = parser().parse(parsed, start="activated_costs")
        except LarkError:
            return None
    try:
        costs = Templates(name, index, others).transform(tree)
    except VisitError:
        return None
    card, n = String(name), Number(index)
    facts = [Function("activated", [card, n]), *(Function("cost", [card, n, c]) for c in costs)]
    return facts, parsed
