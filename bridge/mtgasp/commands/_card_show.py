"""``mtgasp cards show NAME``: each paragraph of a card's Oracle text beside what the Oracle-text
compiler made of it, in words and as facts, or why it is not modelled (docs/commands.md)."""

from __future__ import annotations

from typing import Any

from clingo import Symbol, SymbolType

from ..cards import catalog, database
from ..cards.audit import ParagraphAudit, audit
from ..cards.oracle import Ability
from ..cards.record import CardRecord
from ..errors import QueryError

__all__ = ["show_json", "show_record", "show_text"]

#: What an ability not modelled is, and which answers say so (docs/oracle-compiler.md).
_NOT_MODELLED = {
    "mana": "an activated ability that could add mana (605.1a): could-produce says unknown, "
    "activations not modelled",
    "mana_effect": "an ability that speaks of producing mana: every could-produce answer could "
    "depend on it",
    "mana_rider": "an effect of the mana ability besides its mana (it changes neither the mana "
    "nor its activation): listed by check",
    "activated": "an activated ability (602.1): activations say not modelled",
    "effect": "the effect of the activated ability (its activation is judged): a course where it "
    "resolves names it",
    "triggered": "a triggered ability (603.1): a course with its permanent names it",
    "static": "a static ability (604.1): check and courses list it",
    "spell": "an instant's or sorcery's text (113.3a): a course where it resolves names it",
}

#: Fact predicates in words (the vocabulary of asp/README.md).
_WORDS = {
    "activated": "an activated ability (602.1)",
    "mana_ability": "a mana ability (605.1a)",
    "keyword": "the keyword {0} (702)",
    "cost": "cost: {0}",
    "produces": "adds {1} x {0} (106.1)",
    "mana_instead": "adds {1} x {0} instead when every condition holds (106.1)",
    "mana_instead_if": "condition: {0}",
    "activation_by": "who may activate it: {0} (602.2)",
    "activation_restriction": "activate only if {0} (602.5)",
    "activation_timing": "activate only as a {0} (602.5d)",
    "spend_only_on": "spend this mana only on {0} (106.6)",
    "ability_target": "target {0}: {1}, at least {2} (601.2c)",
    "effect_part": "effect: {0}",
    "static": "static ability: {0} (604)",
    "replacement": "replacement: when {0}, {1} instead (614)",
    "mana_trigger": "triggered mana ability: {0} adds {1} (605.1b)",
    "triggered": "a triggered ability (603.1)",
    "trigger_event": "trigger: {0} (603.2)",
    "intervening_if": "intervening if: {0} (603.4)",
    "enters_tapped": "enters tapped (614.1c)",
    "enters_with_counters": "enters with {1} {0} counters (614.1c)",
    "choice_as_enters": "as it enters, choose a {0} (614.12)",
}


def _words(fact: Symbol) -> str:
    """A fact of a card in words: its predicate's phrase, its arguments after card and number."""
    phrase = _WORDS.get(fact.name)
    args = fact.arguments[1:]
    if args and args[0].type == SymbolType.Number:
        args = args[1:]  # the ability's number
    shown = [str(a).strip('"') for a in args]
    if phrase is None:
        return f"{fact.name}: {', '.join(shown)}"
    return phrase.format(*shown, *([""] * 3))


def _ability_json(ability: Ability) -> dict[str, Any]:
    facts = [f for f in ability.facts if f.name != "not_modelled"]
    entry: dict[str, Any] = {"kind": ability.kind, "modelled": ability.modelled}
    entry["text"] = ability.text
    if ability.modelled:
        entry["derived"] = list(ability.derived)
        entry["facts"] = [str(f) for f in facts]
        entry["words"] = [_words(f) for f in facts]
    else:
        entry["facts"] = [str(f) for f in ability.facts]
        entry["why"] = f"no template covers it: {_NOT_MODELLED.get(ability.kind, ability.kind)}"
    return entry


def _paragraph_json(paragraph: ParagraphAudit) -> dict[str, Any]:
    return {
        "index": paragraph.index,
        "text": paragraph.text,
        "status": paragraph.status,
        "abilities": [_ability_json(a) for a in paragraph.abilities],
        "unaccounted": list(paragraph.unaccounted),
    }


def show_record(name: str) -> tuple[CardRecord, str]:
    """The card's record and where its facts come from (``database`` or ``hand-written``: a file
    of asp/cards overrides the database). Raises QueryError for an unknown name."""
    card = catalog.lookup(name)
    if card is None:
        near = catalog.nearest(name)
        hint = f" (did you mean {' or '.join(repr(n) for n in near)}?)" if near else ""
        raise QueryError(f"unknown card {name!r}{hint}; see `mtgasp cards --search WORD`")
    row = database.current().row(card.name)
    source = "hand-written" if card.handwritten else "database"
    if row is not None:
        return row.record, source
    facts = catalog.card_facts([card.name])
    text = next((f.arguments[1].string for f in facts if f.name == "oracle"), "")
    types = tuple(f.arguments[1].name.capitalize() for f in facts if f.name == "card_type")
    return CardRecord(card.name, types=types, text=text), source


def _file_facts(record: CardRecord) -> list[str]:
    """The ability facts of a hand-written card's file (its characteristics left out)."""
    facts = catalog.card_facts([record.name])
    return [
        str(f)
        for f in facts
        if f.name not in _CHARACTERISTICS and f.arguments[0].type == SymbolType.String
    ]


_CHARACTERISTICS = frozenset(
    {"card", "oracle", "card_type", "card_supertype", "card_subtype", "card_color", "mana_cost",
     "power", "toughness", "loyalty"}
)  # fmt: skip


def show_json(record: CardRecord, source: str) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "query": "cards show",
        "schema": 1,
        "card": record.name,
        "source": source,
        "paragraphs": [_paragraph_json(p) for p in audit(record)],
    }
    if source == "hand-written":
        shown["hand_written_facts"] = _file_facts(record)
    return shown


def show_text(record: CardRecord, source: str) -> str:
    lines = [f"{record.name}: its Oracle text, paragraph by paragraph (docs/oracle-compiler.md)"]
    if source == "hand-written":
        lines.append(
            f"A hand-written file (asp/cards/{catalog.file_name(record.name)}) overrides these "
            "compiled facts on a board."
        )
    for paragraph in audit(record):
        text = paragraph.text or "(its basic land type's intrinsic ability, 305.6)"
        lines += ["", f"{paragraph.index}. {text}", f"   {paragraph.status}"]
        for ability in paragraph.abilities:
            entry = _ability_json(ability)
            if ability.modelled:
                lines.append(f"   - {ability.kind}: {ability.text}")
                lines += [f"       {w}" for w in entry["words"]]
                lines += [f"       fact: {f}" for f in entry["facts"]]
            else:
                lines.append(f"   - not modelled ({ability.kind}): {ability.text}")
                lines.append(f"       {entry['why']}")
        if paragraph.unaccounted:
            lines.append(f"   words accounted for by nothing: {' '.join(paragraph.unaccounted)}")
    if source == "hand-written":
        lines += ["", "The hand-written file's facts (used on a board):"]
        lines += [f"  {fact}" for fact in _file_facts(record)]
    return "\n".join(lines)
