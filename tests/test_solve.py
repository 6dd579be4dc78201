"""``mtgasp.solve.control.ground``: one grounding, many solves, at most one external assumed true
each."""

from __future__ import annotations

from pathlib import Path

import pytest
from clingo import Function, Number

from mtgasp.errors import EncodingError
from mtgasp.solve.control import ground

pytestmark = pytest.mark.quick

# q(1..3) are free externals; a question is answered when its q is true, and q(2) can't be.
PROGRAM = """
item(1..3).
#external q(I) : item(I). [free]
#external other. [free]
answer(I) :- q(I).
:- q(2).
listed(I) :- item(I).
#show answer/1.
#show listed/1.
"""


def _q(number: int) -> Function:
    return Function("q", [Number(number)])


def test_each_solve_assumes_one_external_true_and_every_other_false(tmp_path: Path) -> None:
    program = tmp_path / "questions.lp"
    program.write_text(PROGRAM, encoding="utf-8")
    grounding = ground(program, [], [("q", 1)])
    listing = grounding.solve()
    assert [str(s) for s in listing.models[0]] == ["listed(1)", "listed(2)", "listed(3)"]
    assert listing.stats.ground_seconds > 0  # the first solve bears the grounding
    first = grounding.solve(_q(1))
    assert "answer(1)" in {str(s) for s in first.models[0]}
    assert "answer(3)" not in {str(s) for s in first.models[0]}
    assert first.stats.ground_seconds == 0
    assert grounding.solve(_q(2)).models == ()  # unsatisfiable: the "no" is proved
    assert grounding.solve(_q(3)).models != ()


def test_only_free_externals_of_the_given_signatures_can_be_assumed(tmp_path: Path) -> None:
    program = tmp_path / "questions.lp"
    program.write_text(PROGRAM, encoding="utf-8")
    grounding = ground(program, [], [("q", 1)])
    with pytest.raises(EncodingError, match="is not a free external atom"):
        grounding.solve(_q(4))
    with pytest.raises(EncodingError, match="is not a free external atom"):
        grounding.solve(Function("other"))
