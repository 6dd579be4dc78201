"""The docs site (``mkdocs.yml``, ``tools/mkdocs_hooks.py``): a page per rules file with its header
and the predicates it derives and reads; links to files outside docs/ rewritten to site pages.
(``mkdocs build --strict`` itself needs the ``docs`` extra: see docs/commands.md.)"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

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


# --- anchors (issue 28 point 6): a link to a heading that is not there fails here, as it fails
# `mkdocs build --strict` (mkdocs.yml: validation.anchors, GitHub's slugs) ---

MARKDOWN = [ROOT / "README.md", ROOT / "asp" / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_LINK = re.compile(r"\]\(([^)\s#]*)#([^)\s]+)\)")


def github_slug(heading: str) -> str:
    """The anchor GitHub (and the site, ``pymdownx.slugs.slugify``) gives a heading: markup
    dropped, lower case, punctuation but hyphens removed, each space a hyphen."""
    text = re.sub(r"[`*_]|<[^>]+>", "", heading).strip().lower()
    text = re.sub(r"\[([^]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading's anchor in a markdown file (fenced code skipped; repeats get -1, -2)."""
    found: set[str] = set()
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            slug = github_slug(line.lstrip("#"))
            unique, n = slug, 0
            while unique in found:
                n += 1
                unique = f"{slug}-{n}"
            found.add(unique)
    return found


def test_the_slug_is_githubs() -> None:
    assert github_slug(" mtgasp batch --json") == "mtgasp-batch---json"
    assert github_slug(" The one-step inductive check: `mtgasp prove --step`") == (
        "the-one-step-inductive-check-mtgasp-prove---step"
    )


@pytest.mark.parametrize("path", MARKDOWN, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_to_an_anchor_finds_its_heading(path: Path) -> None:
    broken = []
    for target, anchor in _LINK.findall(path.read_text(encoding="utf-8")):
        page = (path.parent / target).resolve() if target else path
        if page.suffix == ".md" and page.exists() and anchor not in anchors(page):
            broken.append(f"{target}#{anchor}")
    assert broken == [], f"{path.name}: links to headings that are not there"


def test_a_broken_anchor_is_caught(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("# Title\n\n## mtgasp batch --json\n\n```yaml\n# not a heading\n```\n")
    assert anchors(page) == {"title", "mtgasp-batch---json"}
    assert "mtgasp-batch-json" not in anchors(page)


_LIST_ITEM = re.compile(r"^ *([-*]|\d+\.) ")


def merged_list_items(text: str) -> list[str]:
    """List items right below a paragraph's line: Markdown (the site's) reads them as that
    paragraph's text, not as a list, unless a blank line comes between."""
    merged = []
    fenced = False
    previous = ""
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and _LIST_ITEM.match(line):
            paragraph = previous.strip() and not previous.startswith((" ", "|", "#", "<"))
            if paragraph and not _LIST_ITEM.match(previous):
                merged.append(line.strip())
        previous = "" if fenced else line
    return merged


def test_a_list_item_below_a_paragraph_is_caught() -> None:
    assert merged_list_items("A paragraph.\n- merged\n\n- a list\n- of two\n") == ["- merged"]


@pytest.mark.parametrize("path", MARKDOWN, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_list_item_merges_into_a_paragraph(path: Path) -> None:
    assert merged_list_items(path.read_text(encoding="utf-8")) == []


def test_the_rules_index_gives_each_files_summary_whole() -> None:
    # "The rules, file by file": a header's first paragraph often takes two lines; all of it.
    assert mkdocs_hooks.summary(ROOT / "asp" / "rules" / "106-mana.lp") == (
        "what a mana ability would add if it resolved now, and its mana production event "
        "(106.1, 106.5, 106.12, 605.1)."
    )
    for path in sorted((ROOT / "asp" / "rules").glob("*.lp")):
        assert mkdocs_hooks.summary(path).endswith((".", ".)")), path.name
