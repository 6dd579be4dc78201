"""The facts each template of ``oracle.lark`` yields: a lark Transformer, one method per rule alias,
building clingo symbols (never text) for one ability N of card C."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clingo import Number, String, Symbol
from lark import Token, Tree, v_args

from ._mana import NotCovered, _c, _types, mana_symbols
from ._riders import RiderTemplates

__all__ = ["Templates"]


@dataclass(frozen=True)
class _Add:
    """What an ability adds: ``produces`` terms (What, Amount)."""

    produces: tuple[tuple[Symbol, Symbol], ...]


_NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}  # fmt: skip


@v_args(inline=True)
class Templates(RiderTemplates):
    """Facts of ability ``index`` of card ``card`` (a permanent's), or of the spell (index 0)."""

    def __init__(self, card: str, index: int, others: dict[str, str] | None = None):
        super().__init__()
        self.card = String(card)
        self.index = Number(index)
        self.others = others or {}  # placeholders of cost parts no template derives

    # -- the abilities -------------------------------------------------------------------------

    def start(self, facts: list[Symbol]) -> list[Symbol]:
        return facts

    def mana_ability(self, costs: list[Symbol], add: _Add) -> list[Symbol]:
        facts = [self._f("activated"), *(self._f("cost", c) for c in costs)]
        facts.append(self._f("mana_ability"))
        facts.extend(self._f("produces", what, amount) for what, amount in add.produces)
        return facts

    def enters_tapped(self, *_: Any) -> list[Symbol]:
        return [_c("enters_tapped", self.card)]

    def enters_with_counters(self, _self: Token, _enters: Any, counter: Token) -> list[Symbol]:
        return [_c("enters_with_counters", self.card, String(str(counter)), _c("x"))]

    def choose_color(self, *_: Any) -> list[Symbol]:
        return [self._f("choice_as_enters", _c("color"))]

    def cant_gain_life(self, who: Symbol) -> list[Symbol]:
        return [self._f("static", _c("cant_gain_life", who))]

    def life_cant_change(self) -> list[Symbol]:
        return [self._f("static", _c("life_cant_change", _c("you")))]

    def grant_keyword(self, scope: Symbol, keyword: Symbol) -> list[Symbol]:
        return [self._f("static", _c("grant_keyword", keyword, scope))]

    def modify_pt(self, scope: Symbol, change: Token) -> list[Symbol]:
        power, toughness = (int(part) for part in str(change).split("/"))
        return [self._f("static", _c("modify_pt", Number(power), Number(toughness), scope))]

    def pt_each_count(self, _self: Token) -> list[Symbol]:
        return [self._f("static", _c("pt_each_count", _c("creatures_you_control")))]

    def march(self, _mana_value: Any) -> list[Symbol]:
        scope = _c("noncreature_artifacts")
        return [
            self._f("static", _c("add_type", _c("creature"), scope)),
            self._f("static", _c("set_pt_mana_value", scope)),
        ]

    def set_land_subtype(self, types: Token) -> list[Symbol]:
        subtype = {"islands": "island", "swamps": "swamp", "mountains": "mountain"}.get(
            str(types), str(types).removesuffix("s")
        )
        return [self._f("static", _c("set_land_subtype", _c(subtype), _c("nonbasic_lands")))]

    def not_creature_unless_devotion(self, color: Token, n: int, _self: Token) -> list[Symbol]:
        symbol = {"white": "w", "blue": "u", "black": "b", "red": "r", "green": "g"}[str(color)]
        effect = _c("not_creature_unless_devotion", _c(symbol), Number(n))
        return [self._f("static", effect)]

    def spend_as_any_color(self) -> list[Symbol]:
        return [self._f("static", _c("spend_as_any_color", _c("you")))]

    def would_gain_life(self, who: Symbol, change: Symbol) -> list[Symbol]:
        if change.name == "plus" and who.name != "you":
            raise NotCovered("a gain for another player")
        return [self._f("replacement", _c("would_gain_life", who), change)]

    def mana_multiply(self, times: Symbol) -> list[Symbol]:
        condition = _c("tapped_for_mana", _c("permanents_you_control"))
        return [self._f("replacement", condition, times)]

    def lands_colorless(self) -> list[Symbol]:
        condition = _c("tapped_for_mana", _c("lands"))
        return [self._f("replacement", condition, _c("type_instead", _c("c")))]

    def lands_one_mana(self, symbols: Token) -> list[Symbol]:
        types = _types(str(symbols))
        if len(types) != 1 or types[0][1] != 1:
            raise NotCovered("more than one mana instead")
        condition = _c("tapped_for_mana", _c("lands"))
        return [self._f("replacement", condition, _c("one_mana_instead", _c(types[0][0])))]

    def trigger_lands(self) -> list[Symbol]:
        return [self._f("mana_trigger", _c("lands"), _c("type_produced", Number(1)))]

    def trigger_your_lands(self) -> list[Symbol]:
        return [self._f("mana_trigger", _c("lands_you_control"), _c("type_produced", Number(1)))]

    def trigger_enchanted(self, _what: Token, add: Symbol) -> list[Symbol]:
        return [self._f("mana_trigger", _c("enchanted"), add)]

    def trigger_forests(self, add: Symbol) -> list[Symbol]:
        return [self._f("mana_trigger", _c("forests"), add)]

    def triggered(self, event: Symbol, *rest: Any) -> list[Symbol]:
        *conditions, effects = rest
        facts = [self._f("triggered"), self._f("trigger_event", event)]
        facts.extend(self._f("intervening_if", c) for c in conditions)
        for effect, target in effects:
            if target is not None:
                facts.append(self._f("ability_target", Number(1), target, Number(1)))
            facts.append(self._f("effect_part", effect))
        each_player = event.name == "beginning_of" and event.arguments[1].name == "each_player"
        if not each_player and any("that_player" in str(e) for e, _ in effects):
            raise NotCovered('"that player" without a player whose step it is')
        return facts

    def spell(self, effects: list[tuple[Symbol, Symbol | None]]) -> list[Symbol]:
        if any(target is not None for _, target in effects):
            raise NotCovered("a spell's target")
        if any(("that_player" in str(e) or "this" in str(e)) for e, _ in effects) or any(
            e.name in ("sacrifice_this_unless", "punisher") for e, _ in effects
        ):
            raise NotCovered("a spell's effect on a player or object it does not name")
        return [_c("effect_part", self.card, Number(0), e) for e, _ in effects]

    # -- costs ---------------------------------------------------------------------------------

    def activated_costs(self, costs: list[Symbol]) -> list[Symbol]:
        return costs

    def costs(self, *parts: Symbol | list[Symbol]) -> list[Symbol]:
        out: list[Symbol] = []
        for part in parts:
            out.extend(part if isinstance(part, list) else [part])
        return out

    def symbols_cost(self, symbols: Token) -> list[Symbol]:
        text = str(symbols)
        if text in self.others:
            return [_c("other", String(self.others[text]))]
        if text == "{t}":
            return [_c("tap")]
        if text == "{q}":
            return [_c("untap")]
        costs = mana_symbols(text)
        if any(c.arguments[0].name == "x" for c in costs):
            raise NotCovered("{X} in an ability's cost (107.3)")
        return costs

    def pay_life(self, n: int) -> Symbol:
        return _c("pay_life", Number(n))

    def sacrifice_self(self, _self: Token) -> Symbol:
        return _c("sacrifice", _c("this"))

    def sacrifice_type(self, _article: Any, card_type: Symbol) -> Symbol:
        return _c("sacrifice", card_type)

    def remove_counter(self, _article: Any, kind: str, _self: Token) -> Symbol:
        return _c("remove_counter", String(kind), Number(1))

    def counter_word(self, word: Token) -> str:
        return str(word)

    def tap_untapped(self, card_type: Symbol) -> Symbol:
        return _c("tap_untapped", card_type)

    # -- what a mana ability adds (106.1, 106.7) -----------------------------------------------

    def add_fixed(self, symbols: Token) -> _Add:
        return _Add(tuple((_c(t), Number(n)) for t, n in _types(str(symbols))))

    def add_one_of(self, *options: Token) -> _Add:
        """106.1: "Add {R} or {G}", "Add {U}{U}, {U}{B}, or {B}{B}": option K (a constant
        spelling its symbols: ``r``, ``ub``) adds all of its mana."""
        produced: list[tuple[Symbol, Symbol]] = []
        for option in options:
            types = _types(str(option))
            name = "".join(t * n for t, n in types)
            produced.extend((_c("one_of", _c(name), _c(t)), Number(n)) for t, n in types)
        return _Add(tuple(produced))

    def add_any(self, amount: int, what: Symbol) -> _Add:
        if amount != 1 and what.name != "any_color":
            raise NotCovered("more than one mana of a reflected type")
        return _Add(((what, Number(amount)),))

    def add_per(self, symbols: Token, scope: Symbol) -> _Add:
        types = _types(str(symbols))
        if len(types) != 1 or types[0][1] != 1:
            raise NotCovered("more than one mana for each object")
        return _Add(((_c(types[0][0]), _c("per", scope)),))

    def add_double_pool(self, _pool: Any) -> _Add:
        return _Add(((_c("double_pool"), Number(1)),))

    def add_chosen(self, amount: int) -> _Add:
        return _Add(((_c("chosen_color"), Number(amount)),))

    def any_color(self) -> Symbol:
        return _c("any_color")

    def reflect_types(self, whose: Symbol) -> Symbol:
        return _c("type_a_land_could_produce", whose)

    def reflect_colors(self, whose: Symbol) -> Symbol:
        return _c("color_a_land_could_produce", whose)

    def sacrificed_land(self) -> Symbol:
        return _c("type_sacrificed_land_could_produce")

    def whose_you(self) -> Symbol:
        return _c("you")

    def whose_opponents(self) -> Symbol:
        return _c("opponents")

    def per_creature(self) -> Symbol:
        return _c("creatures_you_control")

    def per_artifact(self) -> Symbol:
        return _c("artifacts_you_control")

    # -- triggers and effects (603, 608) -------------------------------------------------------

    def beginning_of(self, step: Symbol) -> Symbol:
        return _c("beginning_of", *step.arguments)

    def step_yours(self, step: Symbol) -> Symbol:
        return _c("step", step, _c("you"))

    def step_each_player(self, step: Symbol) -> Symbol:
        return _c("step", step, _c("each_player"))

    def step_each(self, step: Symbol) -> Symbol:
        return _c("step", step, _c("each"))

    def upkeep(self) -> Symbol:
        return _c("upkeep")

    def end_step(self) -> Symbol:
        return _c("end")

    def you_gain_life(self) -> Symbol:
        return _c("you_gain_life")

    def another_creature_enters(self, _enters: Any) -> Symbol:
        return _c("another_creature_enters")

    def you_cast_creature_spell(self) -> Symbol:
        return _c("you_cast_creature_spell")

    def gained_life_this_turn(self) -> Symbol:
        return _c("gained_life_this_turn")

    def attacked_this_turn(self) -> Symbol:
        return _c("attacked_this_turn")

    def effects(self, *parts: tuple[Symbol, Symbol | None]) -> list[tuple[Symbol, Symbol | None]]:
        return list(parts)

    def _life(self, act: str, who: str, n: int | Symbol) -> tuple[Symbol, None]:
        amount = Number(n) if isinstance(n, int) else n
        return (_c(act, _c(who), amount), None)

    def you_gain(self, n: int) -> tuple[Symbol, None]:
        return self._life("gain_life", "you", n)

    def you_lose(self, n: int) -> tuple[Symbol, None]:
        return self._life("lose_life", "you", n)

    def each_opponent_loses(self, n: int) -> tuple[Symbol, None]:
        return self._life("lose_life", "each_opponent", n)

    def that_player_loses(self, n: int) -> tuple[Symbol, None]:
        return self._life("lose_life", "that_player", n)

    def that_player_loses_half(self) -> tuple[Symbol, None]:
        return self._life("lose_life", "that_player", _c("half_life_rounded_up"))

    def damage_that_player(self, _self: Token, n: int) -> tuple[Symbol, None]:
        return (_c("damage", _c("that_player"), Number(n)), None)

    def target_opponent_loses_that_much(self) -> tuple[Symbol, Symbol]:
        return (_c("lose_life", _c("target", Number(1)), _c("that_much")), _c("opponent"))

    def target_opponent_loses(self, n: int) -> tuple[Symbol, Symbol]:
        return (_c("lose_life", _c("target", Number(1)), Number(n)), _c("opponent"))

    def put_counter_on_self(self, counter: Token, _self: Token) -> tuple[Symbol, None]:
        return (_c("put_counters", _c("this"), String(str(counter)), Number(1)), None)

    def each_opponent_loses_life_lost(self) -> tuple[Symbol, None]:
        return self._life("lose_life", "each_opponent", _c("life_lost_this_turn"))

    def sacrifice_self_unless(
        self, _self: Token, _article: Any, card_type: Symbol
    ) -> tuple[Symbol, None]:
        return (_c("sacrifice_this_unless", card_type), None)

    def punisher(self, n: int, *_: Any) -> tuple[Symbol, None]:
        return (_c("punisher", _c("each_opponent"), Number(n)), None)

    def draw_a_card(self) -> tuple[Symbol, None]:
        return (_c("draw", _c("you"), Number(1)), None)

    # -- words ---------------------------------------------------------------------------------

    def digits(self, token: Token) -> int:
        return int(token)

    def __default__(self, data: Any, children: Any, meta: Any) -> Any:
        name = str(data)
        if name in _NUMBERS:
            return _NUMBERS[name]
        if not children:  # an alias naming a constant: a type, a keyword, a scope, a change
            return _c(_CONSTANTS.get(name, name))
        return Tree(data, children, meta)

    def twice(self) -> Symbol:
        return _c("multiply", Number(2))

    def three_times(self) -> Symbol:
        return _c("multiply", Number(3))

    def plus(self, n: int) -> Symbol:
        return _c("plus", Number(n))

    def add_symbols(self, symbols: Token) -> Symbol:
        types = _types(str(symbols))
        if len(types) != 1:
            raise NotCovered("more than one type of mana added by a trigger")
        return _c("mana", _c(types[0][0]), Number(types[0][1]))

    def add_chosen_color(self) -> Symbol:
        return _c("chosen_color", Number(1))


# Rule aliases whose constant differs from the alias.
_CONSTANTS = {"first_strike": "first_strike", "double_strike": "double_strike"}
