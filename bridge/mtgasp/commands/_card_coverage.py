"""``mtgasp cards --coverage``: the Oracle-text compiler's coverage of the card database, as a
table for people and as JSON."""

from __future__ import annotations

from typing import Any

from ..cards.coverage import Coverage, Share
from ..output.format import table

__all__ = ["coverage_json", "coverage_text"]


def _share(share: Share) -> dict[str, Any]:
    return {"done": share.done, "total": share.total, "percent": round(share.percent, 1)}


def coverage_json(report: Coverage, database: str) -> dict[str, Any]:
    return {
        "query": "cards-coverage",
        "schema": 1,
        "database": database,
        "types": [
            {
                "type": r.type,
                "cards": r.cards,
                "full": r.full,
                "partial": r.partial,
                "characteristics": r.characteristics,
            }
            for r in (*report.types, report.total)
        ],
        "goals": {
            "basic_lands_full": _share(report.basic_lands),
            "vanilla_creatures_full": _share(report.vanilla_creatures),
            "keyword_creatures_full": _share(report.keyword_creatures),
            "land_mana_abilities_compiled": _share(report.land_mana_abilities),
            "mana_abilities_compiled": _share(report.mana_abilities),
            "cards_full": _share(Share(report.total.full, report.total.cards)),
            "abilities_modelled": _share(report.abilities),
        },
        "not_modelled_shapes": [
            {"kind": kind, "shape": text, "count": n} for kind, text, n in report.shapes
        ],
    }


def _pct(share: Share) -> str:
    return f"{share.done} of {share.total} ({share.percent:.1f}%)"


def coverage_text(report: Coverage, database: str) -> str:
    rows = [
        [r.type, str(r.cards), str(r.full), str(r.partial), str(r.characteristics)]
        for r in (*report.types, report.total)
    ]
    head = ["type", "cards", "fully modelled", "partly", "characteristics only"]
    lines = [
        f"Oracle-text compiler coverage of {database} (docs/oracle-compiler.md):",
        table(head, rows),
        "",
        f"Fully modelled cards: {_pct(Share(report.total.full, report.total.cards))}",
        f"Abilities modelled: {_pct(report.abilities)}",
        f"Basic lands fully modelled: {_pct(report.basic_lands)}",
        f"Vanilla creatures fully modelled: {_pct(report.vanilla_creatures)}",
        f"Creatures with keywords the rules know only, fully modelled: "
        f"{_pct(report.keyword_creatures)}",
        f"Mana abilities of lands compiled (605.1a): {_pct(report.land_mana_abilities)}",
        f"Mana abilities of all cards compiled (605.1a): {_pct(report.mana_abilities)}",
        "",
        f"The {len(report.shapes)} most common abilities not modelled (~ is the card's name, N a "
        "number, {M} a mana symbol):",
        table(["count", "kind", "shape"], [[str(n), k, s] for k, s, n in report.shapes]),
    ]
    return "\n".join(lines)
