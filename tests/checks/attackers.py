"""Verify attackers cases (508.1a and the rules that forbid attacking).

``expect`` maps permanent ids to ``can_attack`` or ``{status: cannot_attack, rules: [...]}`` (the
exact set of CR rules that forbid it); ``pt`` maps ids to ``"P/T"``. Creatures a case does not
name are not checked. The query must make no solver choices.
"""

from __future__ import annotations

from typing import Any

from mtgasp import Board
from mtgasp.answers.attackers import attackers


def verify(board: Board, args: dict[str, Any], expect: dict[str, Any]) -> None:
    report = attackers(board)
    found = {c.permanent: c for c in report.creatures}
    for key, wanted in expect.items():
        if key == "pt":
            for perm, pt in wanted.items():
                assert f"{found[perm].power}/{found[perm].toughness}" == pt, f"{perm} P/T"
            continue
        assert key in found, f"no creature {key}; creatures are {sorted(found)}"
        if isinstance(wanted, str):
            wanted = {"status": wanted}
        verdict = found[key]
        assert verdict.status == wanted["status"], f"{key}: {verdict.status} {verdict.reasons}"
        rules = sorted(r.rule for r in verdict.reasons)
        assert rules == sorted(wanted.get("rules", [])), f"{key}: rules {rules}"
    assert report.stats.choices == 0, "a deterministic query must make no solver choices"
