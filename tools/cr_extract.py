"""Extract the rules of the Comprehensive Rules text into the file the HTML report ships.

    python tools/cr_extract.py /work/shared/reference/comprehensive-rules.txt

writes ``bridge/mtgasp/comprehensive-rules.json.gz``: every numbered rule (``601.2h``) with its
text and examples, from the first rule to the glossary. Run it again when the CR text changes.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).parents[1] / "bridge" / "mtgasp" / "comprehensive-rules.json.gz"
RULE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.? (.*)$")
SECTION = re.compile(r"^(\d{3})\. (.*)$")


def extract(text: str) -> dict[str, str]:
    """Rule number -> its text (examples on following lines joined to it), in CR order."""
    rules: dict[str, str] = {}
    current: str | None = None
    started = False
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("Glossary") and started:
            break
        if m := RULE.match(line):
            started = True
            current = m[1]
            rules[current] = m[2]
        elif started and (m := SECTION.match(line)):
            current = m[1]
            rules[current] = m[2]
        elif started and current is not None and line.startswith("Example"):
            rules[current] += "\n" + line
        elif not line:
            continue
        else:
            current = None
    return rules


def main(argv: list[str]) -> int:
    source = (
        Path(argv[1]) if len(argv) > 1 else Path("/work/shared/reference/comprehensive-rules.txt")
    )
    rules = extract(source.read_text(encoding="utf-8-sig"))
    data = json.dumps(rules, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    OUT.write_bytes(gzip.compress(data, mtime=0))
    print(f"{OUT}: {len(rules)} rules, {OUT.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
