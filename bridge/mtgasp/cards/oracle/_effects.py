"""The effect language's templates (issue 25): the facts of "~ deals N damage to any target",
"Destroy target creature", "Return target creature to its owner's hand", "Target creature gets
+N/+N until end of turn", "Draw N cards", "When ~ enters, ..." and the target specs (115.4) of
``oracle.lark``'s section "the effect language". A mixin of ``Templates``: each method returns
an effect and its target spec (or None), as the other effect templates do.

The words are those of ``asp/rules/701-effects.lp`` (verbs and designations) and
``asp/rules/115-targets.lp`` (target specs). An activated ability whose effect these sentences
derive is compiled whole by :func:`activated_with_effects`.
"""

from __future__ import annotations

from typing import Any

from clingo import Function, Number, String, Symbol
from lark import Token, Transformer, v_args

from ._mana import NotCovered

__all__ = ["Effect", "EffectTemplates", "target_count"]

Effect = tuple[Symbol, Symbol | None]


def _c(name: str, *args: Symbol) -> Symbol:
    return Function(name, list(args))


_FIRST = _c("target", Number(1))  # 608.2b: the one target of the ability


def _pt(change: Token) -> tuple[Symbol, Symbol]:
    power, toughness = (int(part) for part in str(change).split("/"))
    return Number(power), Number(toughness)


def target_count(effects: list[Effect]) -> int:
    """How many of the effects name a target (each is the ability's target 1: at most one)."""
    return sum(1 for _, spec in effects if spec is not None)


@v_args(inline=True)
class EffectTemplates(Transformer[Token, list[Symbol]]):
    """Methods of ``Templates`` for the effect language (called with their children inline)."""

    card: Symbol  # the card's name (set by Templates)

    def spell(self, effects: list[Effect]) -> list[Symbol]:
        """113.3a, 601.2c: a spell's effect; its one target, if any, is target 1 (115-targets.lp:
        the spec; a second target is not covered)."""
        if target_count(effects) > 1:
            raise NotCovered("more than one target (each would be target 1)")
        if any(("that_player" in str(e) or "this" in str(e)) for e, _ in effects) or any(
            e.name in ("sacrifice_this_unless", "punisher") for e, _ in effects
        ):
            raise NotCovered("a spell's effect on a player or object it does not name")
        facts = [_c("effect_part", self.card, Number(0), e) for e, _ in effects]
        for _, spec in effects:
            if spec is not None:
                facts.append(_c("ability_target", self.card, Number(0), Number(1), spec, Number(1)))
        return facts

    # -- effects: (effect_part term, target spec or None) --------------------------------------

    def damage_target(self, _self: Token, n: int, spec: Symbol) -> Effect:
        return _c("damage", _FIRST, Number(n)), spec

    def damage_each_creature(self, _self: Token, n: int) -> Effect:
        return _c("damage", _c("each", _c("creature")), Number(n)), None

    def destroy_target(self, spec: Symbol) -> Effect:
        return _c("destroy", _FIRST), spec

    def destroy_all_creatures(self) -> Effect:
        return _c("destroy", _c("each", _c("creature"))), None

    def exile_target(self, spec: Symbol) -> Effect:
        return _c("exile", _FIRST), spec

    def bounce_target(self, spec: Symbol) -> Effect:
        return _c("bounce", _FIRST), spec

    def bounce_self(self, _self: Token) -> Effect:
        return _c("bounce", _c("this")), None

    def pump_target(self, spec: Symbol, change: Token) -> Effect:
        return _c("pump", _FIRST, *_pt(change)), spec

    def pump_self(self, _self: Token, change: Token) -> Effect:
        return _c("pump", _c("this"), *_pt(change)), None

    def draw_cards(self, n: int) -> Effect:
        return _c("draw", _c("you"), Number(n)), None

    def counter_on_target(self, counter: Token, spec: Symbol) -> Effect:
        return _c("put_counters", _FIRST, String(str(counter)), Number(1)), spec

    def tap_target(self, spec: Symbol) -> Effect:
        return _c("tap", _FIRST), spec

    def untap_target(self, spec: Symbol) -> Effect:
        return _c("untap", _FIRST), spec

    def untap_self(self, _self: Token) -> Effect:
        return _c("untap", _c("this")), None

    def regenerate_self(self, _self: Token) -> Effect:
        return _c("regenerate", _c("this")), None

    def regenerate_target(self, spec: Symbol) -> Effect:
        return _c("regenerate", _FIRST), spec

    def pump_scope(self, scope: Symbol, change: Token) -> Effect:
        """611.2c: "creatures you control" / "all creatures" get +A/+B until end of turn."""
        each = {"creatures_you_control": "creature_you_control", "all_creatures": "creature"}
        return _c("pump", _c("each", _c(each[scope.name])), *_pt(change)), None

    def kind_counter_on_self(self, kind: Token, _self: Token) -> Effect:
        return _c("put_counters", _c("this"), String(str(kind)), Number(1)), None

    def target_player_draws_one(self) -> Effect:
        return _c("draw", _FIRST, Number(1)), _c("player")

    def target_player_draws(self, n: int) -> Effect:
        return _c("draw", _FIRST, Number(n)), _c("player")

    def target_player_gains(self, n: int) -> Effect:
        return _c("gain_life", _FIRST, Number(n)), _c("player")

    def target_player_loses(self, n: int) -> Effect:
        return _c("lose_life", _FIRST, Number(n)), _c("player")

    def effect_sentence(self, effects: list[Effect]) -> list[Effect]:
        return effects

    # -- 603.6a: "When ~ enters" ---------------------------------------------------------------

    def self_enters(self, _self: Token, _enters: Any) -> Symbol:
        return _c("self_enters")

    # -- 115.4: target specs -------------------------------------------------------------------

    def t_any(self) -> Symbol:
        return _c("any")

    def t_creature_or_player(self) -> Symbol:
        return _c("creature_or_player")

    def t_creature_or_planeswalker(self) -> Symbol:
        return _c("creature_or_planeswalker")

    def t_player_or_planeswalker(self) -> Symbol:
        return _c("player_or_planeswalker")

    def t_creature(self) -> Symbol:
        return _c("creature")

    def t_player(self) -> Symbol:
        return _c("player")

    def t_artifact(self) -> Symbol:
        return _c("artifact")

    def t_enchantment(self) -> Symbol:
        return _c("enchantment")

    def t_land(self) -> Symbol:
        return _c("land")

    def t_artifact_or_enchantment(self) -> Symbol:
        return _c("artifact_or_enchantment")

    def t_artifact_creature_or_land(self) -> Symbol:
        return _c("artifact_creature_or_land")

    def t_permanent(self) -> Symbol:
        return _c("permanent")

    def t_nonland_permanent(self) -> Symbol:
        return _c("nonland_permanent")

    def t_creature_you_control(self) -> Symbol:
        return _c("controlled", _c("creature"), _c("you"))

    def t_creature_opponent_controls(self) -> Symbol:
        return _c("controlled", _c("creature"), _c("opponent"))
