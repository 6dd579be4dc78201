"""The docs site (``mkdocs.yml``, ``tools/mkdocs_hooks.py``): a page per rules file with its header
and the predicates it derives and reads; links to files outside docs/ rewritten to site pages.
(``mkdocs build --strict`` itself needs the ``docs`` extra: see docs/commands.md.)"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import mkdocs_hooks  # noqa: E402


def test_every_rules_file_has_a_page_with_its_header_inputs_and_outputs() -> None:
    paths = sorted((ROOT / "asp" / "rules").glob("*.lp"))
    assert len(paths) > 20
    for path in paths:
        page = mkdocs_hooks.rule_page(path)
        assert page.startswith(f"# {path.name}\n")
        assert "## Outputs (derived here)" in page
    page = mkdocs_hooks.rule_page(ROOT / "asp" / "rules" / "302-summoning-sickness.lp")
    assert "302.6" in page
    outputs = page.split("## Outputs (derived here)")[1].split("## Inputs")[0]
    inputs = page.split("## Inputs")[1]
    assert "`summoning_sick/1`, `violation/3`" in outputs
    assert "`recently_controlled/1`" in inputs
    assert "summoning_sick" not in inputs


def test_links_outside_docs_point_at_site_pages() -> None:
    readme = "[a](docs/commands.md#pictures) [b](asp/README.md) [c](CHANGES.md)"
    assert mkdocs_hooks._rewrite(readme, "README.md") == (
        "[a](commands.md#pictures) [b](vocabulary.md) [c](changes.md)"
    )
    assert mkdocs_hooks._rewrite("[v](../asp/README.md)", "commands.md") == "[v](vocabulary.md)"
    assert (
        mkdocs_hooks._rewrite("[o](../docs/orderings.md)", "asp/README.md") == "[o](orderings.md)"
    )
