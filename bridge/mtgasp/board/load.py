"""The board loaded from YAML or JSON and validated with precise locations.

The file format is documented in ``docs/board-format.md``; its JSON Schema ships as
``mtgasp/board/board.schema.json``. Loading checks the shape against the schema, then what a schema
cannot say: card names are Oracle names of cards mtgasp knows (its card database or a hand-written
card,
:mod:`mtgasp.cards.catalog`), a stated face is one of its card's faces, ids are unique, every
player named exists. A card's name is kept as its facts name it: a double-faced card's full name
stands for its front face, and ``face`` names the face up on the battlefield.
Every problem found is reported at once, each at its location (``battlefield[2].card``).
Reading the file and its limits (size, nesting, aliases, duplicate keys, names clingo can carry)
are :mod:`mtgasp.board._loader`'s job; numbers are bounded by :data:`mtgasp.limits.MAX_NUMBER`.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._text import nearest as _nearest
from .._text import quote
from ..cards import catalog
from ..cards.permanence import nonpermanent_cards
from ..errors import BoardError, BoardProblem
from ..limits import MAX_NUMBER
from ._cards import (
    card_name,
    card_problem,
    did_you_mean,
    face_problems,
    fact_name,
    permanent_problem,
)
from ._combat import combat_problems
from ._history import draw_step_problems
from ._ids import separator_problems
from ._loader import location as _location
from ._loader import parse_text, read_text
from ._schema_check import Check, checker
from .effects import affects_problems, effect_shape_problems, pt_effect
from .model import (
    DEFAULT_LIFE,
    DEFAULT_TEAM_LIFE,
    ZONES,
    Board,
    History,
    LastingEffect,
    Permanent,
    Player,
    StackItem,
    Team,
    Turn,
)
from .tokens import token_definition, token_problems

if TYPE_CHECKING:
    import jsonschema

__all__ = ["load_board", "parse_board"]


@cache
def _schema() -> dict[str, Any]:
    text = (Path(__file__).parent / "board.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _fits() -> Check:
    """The quick check of the board schema, compiled once."""
    return checker(_schema())


def board_schema() -> dict[str, Any]:
    """The JSON Schema of board files (a copy; safe to modify)."""
    return json.loads(json.dumps(_schema()))  # type: ignore[no-any-return]


def load_board(path: str | Path) -> Board:
    """Read and validate a board file (``.yaml``, ``.yml`` or ``.json``).

    Raises :class:`~mtgasp.errors.BoardError` naming the file and every problem's location.

    >>> board = load_board("examples/summoning-sickness.yaml")  # doctest: +SKIP
    """
    source = str(path)
    text = read_text(path)
    return parse_board(text, source=source, json_only=source.endswith(".json"))


def parse_board(text: str, *, source: str = "<board>", json_only: bool = False) -> Board:
    """Parse and validate a board from YAML (or JSON, which YAML includes) text."""
    data = parse_text(text, source, json_only)
    problems = list(_schema_problems(data))
    if not problems:
        problems = list(_semantic_problems(data))
    if problems:
        raise BoardError(source, problems)
    return _build(data, source)


_TYPE_WORDS = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "a whole number",
    "boolean": "true or false",
}


@cache
def _validator() -> Any:
    """jsonschema's validator of the board schema, imported when a board does not fit."""
    import jsonschema

    # JSON Schema's "integer" accepts 20.0; a board's whole numbers are written without a point.
    validator = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
            "integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool)
        ),
    )
    return validator(_schema())


def _schema_problems(data: Any) -> Iterator[BoardProblem]:
    """Every way ``data`` breaks the board schema, explained (jsonschema is asked only when the
    quick check says it does not fit)."""
    if _fits()(data):
        return
    errors = sorted(_validator().iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])
    for error in errors:
        yield _explain(error)


def _explain(error: jsonschema.ValidationError) -> BoardProblem:
    path = list(error.absolute_path)
    kind = error.validator
    schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}
    expected_value: Any = error.validator_value
    if kind == "additionalProperties" and isinstance(error.instance, dict):
        allowed = sorted(schema.get("properties", {}))
        unknown = sorted(set(error.instance) - set(allowed))
        key = quote(unknown[0])[1:-1] if unknown else "?"
        hint = _nearest(str(key), allowed)
        expected = f"expected one of: {', '.join(allowed)}" if allowed else ""
        return BoardProblem(_location([*path, key]), f"unknown key{hint}; {expected}".rstrip("; "))
    if kind == "required":
        missing = str(error.message).split("'")[1] if "'" in error.message else "?"
        return BoardProblem(_location(path), f"missing required key '{missing}'")
    if kind == "type":
        wanted = expected_value
        names = [wanted] if isinstance(wanted, str) else list(wanted)
        words = " or ".join(_TYPE_WORDS.get(n, n) for n in names)
        return BoardProblem(_location(path), f"expected {words}, got {_describe(error.instance)}")
    if kind == "enum":
        options = ", ".join(str(v) for v in expected_value)
        hint = _nearest(str(error.instance), [str(v) for v in expected_value])
        return BoardProblem(
            _location(path),
            f"{quote(error.instance)} is not allowed{hint}; expected one of: {options}",
        )
    if kind == "minimum":
        return BoardProblem(
            _location(path), f"must be at least {expected_value}, got {error.instance}"
        )
    if kind == "maximum":
        return BoardProblem(
            _location(path),
            f"must be at most {expected_value}, got {quote(error.instance)}; {MAX_NUMBER} is the "
            "largest number mtgasp computes with",
        )
    if kind in ("minLength", "minItems"):
        return BoardProblem(_location(path), "must not be empty")
    return BoardProblem(_location(path), error.message)


def _describe(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return f"the string {quote(value)}"
    return f"{type(value).__name__} {quote(value)}"


def _semantic_problems(data: dict[str, Any]) -> Iterator[BoardProblem]:
    players = [p["name"] for p in data["players"]]
    known_players = set(players)
    for index, name in enumerate(players):
        if name in players[:index]:
            yield BoardProblem(f"players[{index}].name", f"duplicate player name {quote(name)}")

    def check_player(location: str, name: str) -> Iterator[BoardProblem]:
        if name not in known_players:
            yield BoardProblem(
                location,
                f"no player named {quote(name)}{_nearest(name, players)}; "
                f"players are: {', '.join(players)}",
            )

    yield from _team_problems(data, players)
    yield from separator_problems(data)
    turn = data.get("turn", {})
    if "active" in turn:
        yield from check_player("turn.active", turn["active"])

    ids: dict[str, str] = {}
    battlefield = data.get("battlefield", [])
    yield from token_problems(battlefield)
    yield from combat_problems(data)
    nonpermanent = nonpermanent_cards(card_name(perm) for perm in battlefield if "card" in perm)
    for index, perm in enumerate(battlefield):
        where = f"battlefield[{index}]"
        if perm["id"] in ids:
            yield BoardProblem(
                f"{where}.id", f"duplicate id {quote(perm['id'])} (first used at {ids[perm['id']]})"
            )
        else:
            ids[perm["id"]] = f"{where}.id"
        if "card" in perm:
            problems = [*card_problem(f"{where}.card", perm["card"]), *face_problems(where, perm)]
            yield from problems
            if not problems:
                yield from permanent_problem(f"{where}.card", card_name(perm), nonpermanent)
        yield from check_player(f"{where}.controller", perm["controller"])
        if "owner" in perm:
            yield from check_player(f"{where}.owner", perm["owner"])
    for index, effect in enumerate(data.get("effects", [])):
        where = f"effects[{index}]"
        if effect["id"] in ids:
            yield BoardProblem(f"{where}.id", f"duplicate id {quote(effect['id'])}")
        else:
            ids[effect["id"]] = f"{where}.id"
        yield from effect_shape_problems(where, effect)
        if "card" in effect:
            yield from card_problem(f"{where}.card", effect["card"])
        yield from check_player(f"{where}.controller", effect["controller"])
        if "player" in effect:
            yield from check_player(f"{where}.player", effect["player"])
    sources = {p["id"] for p in data.get("battlefield", [])}
    sources |= {s["id"] for s in data.get("stack", [])}
    for index, effect in enumerate(data.get("effects", [])):
        if "source" in effect and effect["source"] not in sources:
            yield BoardProblem(
                f"effects[{index}].source",
                f"no permanent or stack object with id {quote(effect['source'])} "
                "(the source of damage chosen, 609.7)",
            )
    for index, perm in enumerate(data.get("battlefield", [])):
        target = perm.get("attached_to")
        if target is not None and target not in ids:
            yield BoardProblem(
                f"battlefield[{index}].attached_to", f"no permanent with id {quote(target)}"
            )
    yield from affects_problems(data, ids)
    for zone in ZONES:
        for player, names in data.get(zone, {}).items():
            yield from check_player(f"{zone}.{player}", player)
            for index, name in enumerate(names):
                following = names[index + 1] if index + 1 < len(names) else None
                yield from card_problem(f"{zone}.{player}[{index}]", name, following)
    yield from _stack_problems(data, ids, check_player)
    history = data.get("this_turn", {})
    for key in ("gained_life", "lost_life", "attacked_with", "drawn_in_draw_step"):
        for player in history.get(key, {}):
            yield from check_player(f"this_turn.{key}.{player}", player)
    yield from draw_step_problems(data, history.get("drawn_in_draw_step", {}))
    for index, perm_id in enumerate(history.get("tapped_for_mana", [])):
        if perm_id not in ids:
            yield BoardProblem(
                f"this_turn.tapped_for_mana[{index}]", f"no permanent with id {quote(perm_id)}"
            )


def _team_problems(data: dict[str, Any], players: list[str]) -> Iterator[BoardProblem]:
    teams = [t["name"] for t in data.get("teams", [])]
    for index, name in enumerate(teams):
        if name in teams[:index]:
            yield BoardProblem(f"teams[{index}].name", f"duplicate team name {quote(name)}")
    for index, player in enumerate(data["players"]):
        team = player.get("team")
        if team is not None and team not in teams:
            yield BoardProblem(
                f"players[{index}].team",
                f"no team named {quote(team)}{_nearest(team, teams)}; declare it under 'teams'",
            )
        if teams and team is None:
            yield BoardProblem(
                f"players[{index}]", "in a game with teams every player needs a 'team'"
            )


def _stack_problems(
    data: dict[str, Any], ids: dict[str, str], check_player: Any
) -> Iterator[BoardProblem]:
    seen: set[str] = set()
    for index, item in enumerate(data.get("stack", [])):
        where = f"stack[{index}]"
        if item["id"] in ids or item["id"] in seen:
            yield BoardProblem(f"{where}.id", f"duplicate id {quote(item['id'])}")
        seen.add(item["id"])
        if item["source"] not in ids and catalog.lookup(item["source"]) is None:
            yield BoardProblem(
                f"{where}.source",
                f"{quote(item['source'])} is neither a permanent id nor a known card"
                f"{did_you_mean(catalog.nearest(item['source'], sorted(ids)))}",
            )
        yield from check_player(f"{where}.controller", item["controller"])


def _build(data: dict[str, Any], source: str) -> Board:
    players = tuple(
        Player(p["name"], p.get("life", DEFAULT_LIFE), p.get("team")) for p in data["players"]
    )
    teams = tuple(Team(t["name"], t.get("life", DEFAULT_TEAM_LIFE)) for t in data.get("teams", []))
    turn_data = data.get("turn", {})
    turn = Turn(
        active=turn_data.get("active", players[0].name),
        step=turn_data.get("step", "precombat_main"),
        number=turn_data.get("number"),
    )
    battlefield = tuple(
        Permanent(
            id=p["id"],
            card=card_name(p) if "card" in p else p["token"]["name"],
            controller=p["controller"],
            owner=p.get("owner", p["controller"]),
            tapped=p.get("tapped", False),
            since_turn_start=p.get("since", "turn_start") == "turn_start",
            counters=dict(p.get("counters", {})),
            attached_to=p.get("attached_to"),
            x=p.get("x"),
            chosen_color=p.get("chosen_color"),
            damage=p.get("damage", 0),
            timestamp=p.get("timestamp"),
            token="token" in p,
            token_definition=token_definition(p.get("token")),
            attacking=p.get("attacking"),
            blocking=p.get("blocking"),
        )
        for p in data.get("battlefield", [])
    )
    effects = tuple(
        LastingEffect(
            e["id"], fact_name(e["card"]), e["controller"], e.get("player"), e.get("source")
        )
        for e in data.get("effects", [])
        if "card" in e
    )
    pt_effects = tuple(pt_effect(e) for e in data.get("effects", []) if "card" not in e)
    ids = {p["id"] for p in data.get("battlefield", [])}
    stack = tuple(
        StackItem(
            id=s["id"],
            source=s["source"] if s["source"] in ids else fact_name(s["source"]),
            controller=s["controller"],
            ability=s.get("ability"),
            targets=tuple(s.get("targets", [])),
            x=s.get("x"),
        )
        for s in data.get("stack", [])
    )
    history_data = data.get("this_turn", {})
    history = History(
        gained_life=dict(history_data.get("gained_life", {})),
        lost_life=dict(history_data.get("lost_life", {})),
        attacked_with={k: tuple(v) for k, v in history_data.get("attacked_with", {}).items()},
        tapped_for_mana=tuple(history_data.get("tapped_for_mana", [])),
        drawn_in_draw_step=dict(history_data.get("drawn_in_draw_step", {})),
    )

    def zone(key: str) -> dict[str, tuple[str, ...]]:
        return {player: tuple(map(fact_name, names)) for player, names in data.get(key, {}).items()}

    return Board(
        players=players,
        turn=turn,
        teams=teams,
        battlefield=battlefield,
        effects=effects,
        pt_effects=pt_effects,
        hand=zone("hand"),
        graveyard=zone("graveyard"),
        library=zone("library"),
        exile=zone("exile"),
        stack=stack,
        this_turn=history,
        source=source,
    )
