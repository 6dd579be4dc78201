"""Which cards can never be permanents, asked of the rules: instants (304.4) and sorceries
(307.4), ``nonpermanent_card/3`` of ``rules/110-permanents.lp`` on those cards' facts."""

from __future__ import annotations

from collections.abc import Iterable

import clingo

from .._resources import asp_path
from ..errors import EncodingError
from ..solve import budget
from ..solve._parse import Messages, encoding_report, load_encoding
from .catalog import card_facts

__all__ = ["nonpermanent_cards"]


#: The verdicts of :func:`nonpermanent_cards` in this process, per card name (None: a permanent).
_NONPERMANENT: dict[str, tuple[str, str] | None] = {}


def nonpermanent_cards(names: Iterable[str]) -> dict[str, tuple[str, str]]:
    """Which of the named cards can never be permanents, each with its type and the rule that
    says so: instants (304.4) and sorceries (307.4): ``nonpermanent_card/3``,
    ``rules/110-permanents.lp``, on those cards' facts (asked once per card in a process)."""
    asked = set(names)
    new = asked - _NONPERMANENT.keys()
    if new:
        found = _nonpermanent(sorted(new))
        for name in new:
            _NONPERMANENT[name] = found.get(name)
    return {name: verdict for name in asked if (verdict := _NONPERMANENT[name]) is not None}


def _nonpermanent(names: Iterable[str]) -> dict[str, tuple[str, str]]:
    messages = Messages()
    with budget.shielded():
        ctl = clingo.Control(logger=messages)
    with ctl.backend() as backend:
        for symbol in card_facts(names):
            backend.add_rule([backend.add_atom(symbol)])
    load_encoding(ctl, asp_path() / "defined.lp")
    load_encoding(ctl, asp_path() / "rules" / "110-permanents.lp")
    ctl.ground([("base", [])])
    if messages.lines:
        path = asp_path() / "rules" / "110-permanents.lp"
        raise EncodingError(encoding_report(path, messages, "bad card data"))
    return {
        atom.symbol.arguments[0].string: (
            atom.symbol.arguments[1].name,
            atom.symbol.arguments[2].string,
        )
        for atom in ctl.symbolic_atoms.by_signature("nonpermanent_card", 3)
    }
