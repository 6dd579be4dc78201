"""Verify activations cases.

``expect`` maps ``"<permanent id>#<ability>"`` to ``legal``, ``unchecked`` or
``{status: illegal, rules: [...]}`` (the exact set of CR rules that forbid it), optionally with
``mana_ability: true/false``. Abilities a case
does not name are not checked; naming one that does not exist fails. ``args`` may name the
``player`` who asks and ``check_mana: false`` (mana costs left unchecked).
"""

from __future__ import annotations

from typing import Any

from mtgasp import Board, activations


def verify(board: Board, args: dict[str, Any], expect: dict[str, Any]) -> None:
    report = activations(board, player=args.get("player"), check_mana=args.get("check_mana", True))
    found = {f"{a.permanent}#{a.ability}": a for a in report.activations}
    for key, wanted in expect.items():
        assert key in found, f"no ability {key}; abilities are {sorted(found)}"
        act = found[key]
        if isinstance(wanted, str):
            wanted = {"status": wanted}
        assert act.status == wanted["status"], f"{key}: {act.status}, reasons {act.reasons}"
        rules = sorted(r.rule for r in act.reasons)
        assert rules == sorted(wanted.get("rules", [])), f"{key}: rules {rules}"
        if "mana_ability" in wanted:
            assert act.mana_ability == wanted["mana_ability"], f"{key}: mana ability?"
    assert report.stats.choices == 0, "a deterministic query must make no solver choices"
