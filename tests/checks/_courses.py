"""Shared verification of course cases (step, resolve, event, cast).

``args``: ``step``, ``through`` (step), ``event`` (event: ``gain:P:N``...), ``card``, ``x``,
``copy``, ``controller`` (cast). ``expect`` keys, each optional:

- ``triggered``: the begin-step triggers, as ``"permanent>player"`` (exactly these)
- ``not_triggered``: ``{permanent: "rule"}`` (exactly these)
- ``reasons``: ``{permanent: "text"}``, a substring of its not-triggered reason
- ``outcomes``: the number of distinct final states; ``courses``: the number of courses
- ``lives``: the distinct final life totals, a list of ``{holder: life}`` (exactly these)
- ``always_on``/``never_on``: permanent ids on (off) the battlefield in every final state
- ``sometimes_off``: ids that leave the battlefield in some final state
- ``counters``: ``{id: {kind: n}}`` in every final state
- ``hands``: the distinct final hands of one player: ``{player: [[cards...], ...]}``
- ``graveyards``: likewise, the distinct final graveyards
- ``gained``: ``{player: n}`` life gained this turn in every final state
- ``witness``: a substring of some witness course
- ``no_witness``: a substring of no witness course
- ``mana_values``: ``[[zone, object, value], ...]`` (exactly these)
- ``lost``: ``{player: rule}``: exactly the players who lost the game, in every final state
- ``damage``: ``{id: n}`` damage marked on a permanent in every final state (120.3e)
- ``effects``: ``[[card, controller, player], ...]`` the lasting effects a course created, in every
  final state (Stigma Lasher's)
- ``unmodelled``: a substring of some "not modelled" line of the report
- ``pt``: ``{id: "P/T"}``, a creature's power and toughness in every final state (613.4)
- ``some_pt``: ``{id: "P/T"}``, a creature's power and toughness in some final state
- ``board_effects``: the ids of the resulting board's lasting and power/toughness effects, in
  every final state (615.7, 514.2)
- ``drawn``: ``{player: n}`` cards drawn in the draw step this turn in every final state (504.1)
"""

from __future__ import annotations

from typing import Any

from mtgasp import Board
from mtgasp.answers.courses.query import CourseReport, cast, life_event, resolve, step
from mtgasp.board.events import COURSE_KINDS, DamageEvent, DrawEvent, LifeEvent, parse_event


def run(query: str, board: Board, args: dict[str, Any]) -> CourseReport:
    if query == "step":
        return step(board, args["step"], through=args.get("through"))
    if query == "resolve":
        return resolve(board)
    if query == "event":
        event = parse_event(args["event"], kinds=COURSE_KINDS)
        assert isinstance(event, LifeEvent | DamageEvent | DrawEvent)
        return life_event(board, event)
    return cast(
        board,
        args["card"],
        x=args.get("x", 0),
        copy=args.get("copy", False),
        controller=args.get("controller"),
    )


def verify(query: str, board: Board, args: dict[str, Any], expect: dict[str, Any]) -> None:
    report = run(query, board, args)
    assert report.counted, "every course counted"
    assert not report.hit_horizon, "no course cut by the horizon"
    outcomes = report.outcomes
    assert all(o.courses > 0 for o in outcomes), "each final state has a course"
    assert sum(o.courses for o in outcomes) == report.total_courses
    if "triggered" in expect:
        found = sorted(f"{t.permanent}>{t.player}" for t in report.triggers if t.triggered)
        assert found == sorted(expect["triggered"]), f"triggered {found}"
    if "not_triggered" in expect:
        found_rules = {t.permanent: t.rule for t in report.triggers if not t.triggered}
        assert found_rules == expect["not_triggered"], f"not triggered {found_rules}"
    for perm, text in expect.get("reasons", {}).items():
        reasons = [t.reason or "" for t in report.triggers if t.permanent == perm]
        assert any(text in r for r in reasons), f"reasons of {perm}: {reasons}"
    if "outcomes" in expect:
        assert len(outcomes) == expect["outcomes"], f"{len(outcomes)} final states"
    if "courses" in expect:
        assert report.total_courses == expect["courses"], f"{report.total_courses} courses"
    if "lives" in expect:
        found_lives = sorted({o.state.life for o in outcomes})
        wanted = sorted({tuple(sorted(d.items())) for d in expect["lives"]})
        assert found_lives == wanted, f"lives {found_lives}"
    for perm in expect.get("always_on", []):
        assert all(perm in o.state.battlefield for o in outcomes), f"{perm} left in some course"
    for perm in expect.get("never_on", []):
        assert all(perm not in o.state.battlefield for o in outcomes), f"{perm} is still there"
    for perm in expect.get("sometimes_off", []):
        assert any(perm not in o.state.battlefield for o in outcomes), f"{perm} never leaves"
    for perm, kinds in expect.get("counters", {}).items():
        for o in outcomes:
            have = {k: n for p, k, n in o.state.counters if p == perm}
            assert have == kinds, f"counters of {perm}: {have}"
    for player, hands in expect.get("hands", {}).items():
        found_hands = sorted({tuple(sorted(o.board.hand.get(player, ()))) for o in outcomes})
        assert found_hands == sorted(tuple(sorted(h)) for h in hands), f"hands {found_hands}"
    for player, graveyards in expect.get("graveyards", {}).items():
        found_gy = sorted({tuple(sorted(o.board.graveyard.get(player, ()))) for o in outcomes})
        assert found_gy == sorted(tuple(sorted(g)) for g in graveyards), f"graveyards {found_gy}"
    for player, amount in expect.get("gained", {}).items():
        for o in outcomes:
            assert dict(o.state.gained).get(player, 0) == amount, f"gained {o.state.gained}"
    if "witness" in expect:
        text = ["\n".join(o.witness) for o in outcomes]
        assert any(expect["witness"] in w for w in text), f"witnesses: {text}"
    if "no_witness" in expect:
        text = ["\n".join(o.witness) for o in outcomes]
        assert not any(expect["no_witness"] in w for w in text), f"witnesses: {text}"
    for perm, amount in expect.get("damage", {}).items():
        for o in outcomes:
            assert dict(o.state.damage).get(perm, 0) == amount, f"damage {o.state.damage}"
    if "effects" in expect:
        wanted_effects = sorted(tuple(e) for e in expect["effects"])
        for o in outcomes:
            assert sorted(o.state.effects) == wanted_effects, f"effects {o.state.effects}"
    if "unmodelled" in expect:
        assert any(expect["unmodelled"] in u for u in report.unmodelled), report.unmodelled
    if "mana_values" in expect:
        found_mv = sorted(list(m) for m in report.mana_values)
        assert found_mv == sorted(expect["mana_values"]), f"mana values {found_mv}"
    for perm, wanted in expect.get("pt", {}).items():
        for o in outcomes:
            have = {c: f"{p}/{t}" for c, p, t in o.state.creatures}
            assert have.get(perm) == wanted, f"power/toughness of {perm}: {have.get(perm)}"
    for perm, wanted in expect.get("some_pt", {}).items():
        found_pt = {f"{p}/{t}" for o in outcomes for c, p, t in o.state.creatures if c == perm}
        assert wanted in found_pt, f"power/toughness of {perm}: {found_pt}"
    if "board_effects" in expect:
        for o in outcomes:
            ids = sorted(e.id for e in (*o.board.effects, *o.board.pt_effects))
            assert ids == sorted(expect["board_effects"]), f"effects on the board: {ids}"
    for player, amount in expect.get("drawn", {}).items():
        for o in outcomes:
            have = o.board.this_turn.drawn_in_draw_step.get(player, 0)
            assert have == amount, f"drawn in the draw step: {have}"
    if "lost" in expect:
        for o in outcomes:
            assert dict(o.state.lost_game) == expect["lost"], f"lost the game: {o.state.lost_game}"
