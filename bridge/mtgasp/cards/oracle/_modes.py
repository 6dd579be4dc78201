"""A modal spell (700.2): "Choose one —" followed by its modes, one "•" paragraph each (issue 25).
Every mode must compile as a spell's effect, or the whole spell is left not modelled (fail
closed). A mode's effect parts and its target become ``mode(C, 0, M)``,
``mode_part(C, 0, M, Act)`` and ``mode_target(C, 0, M, K, Spec, Min)``; ``modal(C, 0)`` says
the spell's effect is its chosen mode's (asp/rules/700-modes.lp)."""

from __future__ import annotations

from clingo import Function, Number, String, Symbol

from ._parse import template

__all__ = ["MODE_HEADS", "modal_spell"]

#: 700.2: the heads of a modal spell this version reads ("choose one or both" is not one).
MODE_HEADS = ("choose one \u2014",)
_BULLET = "\u2022"


def modal_spell(name: str, texts: list[str], originals: list[str]) -> list[Symbol] | None:
    """The facts of the modes ``texts`` (normalised "•" paragraphs, ``originals`` as printed),
    or None if a mode is not a spell's effect the templates derive."""
    card = String(name)
    facts = [Function("modal", [card, Number(0)])]
    for number, (text, original) in enumerate(zip(texts, originals, strict=True), start=1):
        if not text.startswith(_BULLET):
            return None
        found = template(name, 0, text.removeprefix(_BULLET).strip(), True, original)
        if found is None:
            return None
        mode = Number(number)
        facts.append(Function("mode", [card, Number(0), mode]))
        for fact in found[1]:
            args = fact.arguments
            if fact.name == "effect_part":
                facts.append(Function("mode_part", [card, Number(0), mode, args[2]]))
            elif fact.name == "ability_target":
                facts.append(Function("mode_target", [card, Number(0), mode, *args[2:]]))
            else:
                return None
    return facts
