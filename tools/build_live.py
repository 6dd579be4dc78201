"""Write the tables of the rules each entry program reads and derives (bridge/mtgasp/solve/live/).

    PYTHONPATH=bridge python tools/build_live.py

Run it after changing anything under asp/: a query of a program whose table is out of date is
not sliced (mtgasp checks the encoding files' checksums), and tests/test_live_rules.py fails
until the tables are made again. One table per entry program (bridge/mtgasp/solve/_live.py).
"""

from __future__ import annotations

import json
import sys

from mtgasp._resources import asp_path
from mtgasp.solve._live import TABLES
from mtgasp.solve._live_table import make_table
from mtgasp.solve._parse import parse_program


def tables() -> dict[str, str]:
    """Each table's file name and text, as this checkout's encodings give them."""
    made = {}
    for path in sorted((asp_path() / "queries").glob("*.lp")):
        if path.name.startswith("_"):  # a part of other programs, not an entry program
            continue
        table = make_table(parse_program(path))
        made[f"{path.stem}.json"] = json.dumps(table, separators=(",", ":")) + "\n"
    return made


def main() -> int:
    made = tables()
    TABLES.mkdir(exist_ok=True)
    for old in TABLES.glob("*.json"):
        if old.name not in made:
            old.unlink()
    for name, text in made.items():
        (TABLES / name).write_text(text, encoding="utf-8")
    print(f"{len(made)} tables written to {TABLES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
