"""``mtgasp could-produce``: the types of mana each permanent could produce (106.7)."""

from __future__ import annotations

import argparse
from typing import Any

from ..answers.mana import CouldProduceReport, TypeWitness, could_produce, type_text
from ..errors import QueryError
from ..output.format import dumps, table
from . import _common


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = """\
For each permanent, the set of mana types it could produce (106.7): every mana ability of the
permanent (not only {T} ones) as if it resolved now, costs ignored (payable or not), replacement
effects applied in any possible order. "Type" includes colorless ({C}); "color" does not (Exotic
Orchard and Fellwar Stone never add {C}). Abilities that add what other lands "could produce" are a
least fixed point: two Reflecting Pools alone produce nothing. Triggered mana abilities (Wild
Growth, Mana Flare) are not something a permanent can produce.

example:
  mtgasp could-produce examples/exotic-orchard.yaml --why"""
    _common.add_board(parser)
    parser.add_argument("--permanent", metavar="ID", help="only this permanent")
    parser.add_argument(
        "--why",
        action="store_true",
        help="give each type a witness: the chain of permanents and the replacement order",
    )
    _common.add_graph(parser, "where each type comes from (with --why)")
    _common.add_force(parser, "--graph")
    _common.add_json(parser)


def run(args: argparse.Namespace) -> str:
    if args.graph and not args.why:
        raise QueryError("--graph draws the witnesses of --why: add --why")
    report = could_produce(_common.board(args), permanent=args.permanent, why=args.why)
    if args.graph:
        from ..output.pictures import could_produce_graph

        _common.write_graph(args, could_produce_graph(report))
    return dumps(to_json(report)) if args.json else to_text(report)


def _witness_json(witness: TypeWitness) -> dict[str, Any]:
    return {
        "type": witness.type,
        "chain": [
            {
                "permanent": step.permanent,
                "ability": step.ability,
                "choice": step.choice,
                "reflected_from": step.reflected_from,
                "replacement_order": list(step.order) if step.order is not None else None,
            }
            for step in witness.chain
        ],
    }


def to_json(report: CouldProduceReport) -> dict[str, Any]:
    return {
        "query": "could-produce",
        "schema": 1,
        "permanents": [
            {
                "permanent": p.permanent,
                "card": p.card,
                "controller": p.controller,
                "types": list(p.types),
                **({"witnesses": [_witness_json(w) for w in p.witnesses]} if report.why else {}),
                **_unknown_json(p.depends_on),
            }
            for p in report.permanents
        ],
        **(
            {"every_answer_depends_on": _abilities_json(report.mana_effects)}
            if report.mana_effects
            else {}
        ),
        "stats": {"atoms": report.stats.atoms, "rules": report.stats.rules},
    }


def _abilities_json(found: tuple[tuple[str, int], ...]) -> list[dict[str, Any]]:
    return [{"permanent": permanent, "ability": ability} for permanent, ability in found]


def _unknown_json(found: tuple[tuple[str, int], ...]) -> dict[str, Any]:
    """With a mana ability not modelled: ``unknown`` (more types could be produced) and which."""
    return {"unknown": True, "depends_on": _abilities_json(found)} if found else {}


def _abilities_text(found: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{permanent} #{ability}" for permanent, ability in found)


def types_text(types: tuple[str, ...], depends_on: tuple[tuple[str, int], ...]) -> str:
    """``{G}{U}``, ``none``, or with abilities not modelled
    ``{G} + unknown (not modelled: x #2)``."""
    known = "".join(map(type_text, types))
    if not depends_on:
        return known or "none"
    return (
        f"{known} + " if known else ""
    ) + f"unknown (not modelled: {_abilities_text(depends_on)})"


def witness_text(witness: TypeWitness) -> str:
    """``{G}: pool #1 choosing {G} <- forest #1 adds {G}`` with replacement orders."""
    parts = [f"{step.permanent} #{step.ability}{step.how()}" for step in witness.chain]
    return f"{type_text(witness.type)}: " + " <- ".join(parts)


def to_text(report: CouldProduceReport) -> str:
    if not report.permanents:
        return "Could produce (106.7): no permanents on the battlefield."
    rows = [
        [p.permanent, p.card, p.controller, types_text(p.types, p.depends_on)]
        for p in report.permanents
    ]
    lines = ["Could produce (106.7):", table(["id", "card", "controller", "types"], rows)]
    if report.mana_effects:
        lines.append(
            "Every answer above could depend on abilities not modelled that speak of mana: "
            + _abilities_text(report.mana_effects)
        )
    if report.why:
        lines.append("")
        lines.append(
            "Why (each type: the ability that yields it <- the land that defined its choice):"
        )
        for p in report.permanents:
            for witness in p.witnesses:
                lines.append(f"  {p.permanent} {witness_text(witness)}")
    return "\n".join(lines)
