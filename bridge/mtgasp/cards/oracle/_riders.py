"""The facts of the rider sentences of ``oracle.lark`` (start symbol ``rider``): the sentences
after a mana ability's "Add ..." or an activated ability's effect (602.2, 602.5, 106.1, 106.6).
The base of ``_templates.Templates``: one method per rider alias, each returning a ``Rider``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clingo import Number, String, Symbol, SymbolType
from lark import Token, Transformer, v_args

from ..characteristics import constant
from ._mana import NotCovered, _c
from ._spend import spend_use

__all__ = ["Rider", "RiderTemplates"]


@dataclass(frozen=True)
class Rider:
    """The facts of one rider sentence; ``side_effect``: an effect of a mana ability besides its
    mana that the rules do not model (kept as ``not_modelled``, kind ``mana_rider``)."""

    facts: tuple[Symbol, ...]
    side_effect: bool = False


@v_args(inline=True)
class RiderTemplates(Transformer[Token, list[Symbol]]):
    """The rider methods, and ``_f``: a fact of this ability (card ``card``, number ``index``)."""

    card: Symbol
    index: Symbol

    def _f(self, name: str, *args: Symbol) -> Symbol:
        return _c(name, self.card, self.index, *args)

    def _rider(self, *facts: tuple[Any, ...]) -> Rider:
        """Each ``(predicate, argument, ...)`` as a fact of this ability."""
        return Rider(tuple(self._f(name, *args) for name, *args in facts))

    def spend_only(self, rest: Token) -> Rider:
        return self._rider(("spend_only_on", spend_use(str(rest))))

    def restriction(self, _only: Any, _article: Any, card_type: Symbol) -> Rider:
        return self._rider(("activation_restriction", _c("you_control", card_type)))

    def restriction_subtype(self, _only: Any, _article: Any, subtype: Token) -> Rider:
        return self._rider(("activation_restriction", _c("you_control", _c(str(subtype)))))

    def put_counter_rider(self, _article: Any, kind: str, _self: Token) -> Rider:
        effect = _c("put_counters", _c("this"), String(kind), Number(1))
        return self._rider(("effect_part", effect))

    def sorcery_timing(self, *_: Any) -> Rider:
        return self._rider(("activation_timing", _c("sorcery")))

    def damage_to_you(self, _self: Token, n: int) -> Rider:
        return self._rider(("effect_part", _c("damage", _c("you"), Number(n))))

    def any_player_may_activate(self) -> Rider:
        return self._rider(("activation_by", _c("any_player")))

    def only_opponent_may_activate(self) -> Rider:
        return self._rider(("activation_by", _c("opponent")))

    def instead_if_control(self, *parts: Any) -> Rider:
        """106.1: "If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C}
        instead."."""
        *controlled, add = parts
        if any(amount.type != SymbolType.Number for _, amount in add.produces):
            raise NotCovered("an amount that is not a number instead")  # "for each ..."
        facts: list[tuple[Any, ...]] = [
            ("mana_instead_if", _c("you_control", c)) for c in controlled
        ]
        facts += [("mana_instead", what, amount) for what, amount in add.produces]
        return self._rider(*facts)

    def controlled(self, _article: Any, first: Token, second: Token) -> Symbol:
        return _c("subtypes", _c(constant(str(first))), _c(constant(str(second))))

    def instead_if_counter(self, _self: Token, _article: Any, kind: str, amount: int) -> Rider:
        """106.1b: "If ~ has a luck counter on it, instead add one mana of any color."."""
        return self._rider(
            ("mana_instead_if", _c("counter_on_this", String(kind))),
            ("mana_instead", _c("any_color"), Number(amount)),
        )

    def side_effect(self, *_: Any) -> Rider:
        return Rider((), side_effect=True)
