"""MkDocs hooks (``mkdocs.yml``): the site is ``docs/`` plus pages generated at build time.

- ``index.md``: the README; ``vocabulary.md``: ``asp/README.md``; ``changes.md``: CHANGES.md.
- ``rules/<file>.md``: one page per ``asp/rules/*.lp`` file: its header comment (what it encodes,
  with its CR numbers) and, read from the program with clingo's parser, the predicates it derives
  (outputs) and those it reads without deriving them (inputs).

Links between these files are rewritten to the site's names, so ``mkdocs build --strict`` checks
them like any other link.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import clingo.ast

from mtgasp.solve._asp_atoms import signature, symbolic_atoms

ROOT = Path(__file__).parents[1]
RULES = ROOT / "asp" / "rules"

#: Files outside docs/ and their page on the site.
_PAGES = {"README.md": "index.md", "asp/README.md": "vocabulary.md", "CHANGES.md": "changes.md"}


def _header(text: str) -> str:
    """The leading ``%`` comment block of a program, without the ``%``."""
    lines = []
    for line in text.splitlines():
        if not line.startswith("%"):
            break
        lines.append(line[1:].removeprefix(" "))
    return "\n".join(lines).strip()


def _atoms(node: Any) -> Iterator[str]:
    """``name/arity`` of every symbolic atom under an AST node."""
    for atom in symbolic_atoms(node):
        if (found := signature(atom)) is not None:
            yield f"{found[0]}/{found[1]}"


def _signatures(path: Path) -> tuple[list[str], list[str]]:
    """The predicates ``path`` derives and those it only reads."""
    heads: set[str] = set()
    bodies: set[str] = set()

    def visit(statement: Any) -> None:
        if statement.ast_type == clingo.ast.ASTType.Rule:
            heads.update(_atoms(statement.head))
            bodies.update(_atoms(statement.body))

    clingo.ast.parse_files([str(path)], visit)
    return sorted(heads), sorted(bodies - heads)


def rule_page(path: Path) -> str:
    """The Markdown page of one rules file."""
    derived, read = _signatures(path)
    header = _header(path.read_text(encoding="utf-8"))
    return "\n".join(
        [
            f"# {path.name}",
            "",
            f"`asp/rules/{path.name}`. Its header:",
            "",
            f'<pre style="white-space: pre-wrap; font-size: .7em">{html.escape(header)}</pre>',
            "",
            "## Outputs (derived here)",
            "",
            ", ".join(f"`{s}`" for s in derived) or "none",
            "",
            "## Inputs (read, derived elsewhere or given as facts)",
            "",
            ", ".join(f"`{s}`" for s in read) or "none",
            "",
            "The vocabulary says what each predicate means: [vocabulary](../vocabulary.md).",
            "",
        ]
    )


def summary(path: Path) -> str:
    """What a rules file does: its header's first paragraph (which may take several lines), on
    one line, without the file name it starts with."""
    first = _header(path.read_text(encoding="utf-8")).split("\n\n", 1)[0].split("\n%", 1)[0]
    return " ".join(first.split()).split(" - ", 1)[-1]


def _rules_index(paths: list[Path]) -> str:
    lines = [
        "# The rules, file by file",
        "",
        "One file per section of the Comprehensive Rules (`asp/rules/`); each page shows the "
        "file's header and the predicates it derives and reads.",
        "",
    ]
    for path in paths:
        lines.append(f"- [{path.name}]({path.stem}.md): {summary(path)}")
    return "\n".join(lines) + "\n"


def _rewrite(markdown: str, source: str) -> str:
    """Links to files outside ``docs/`` point at their page on the site."""
    if source in _PAGES:  # a file from the top of the repository, now a page at the top
        markdown = re.sub(r"\]\((\.\./)?docs/", "](", markdown)
        for name, page in _PAGES.items():
            markdown = markdown.replace(f"]({name}", f"]({page}")
            markdown = markdown.replace(f"](../{name}", f"]({page}")
        return markdown
    for name, page in _PAGES.items():
        markdown = markdown.replace(f"](../{name}", f"]({page}")
    return markdown


def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File

    for name, page in _PAGES.items():
        text = _rewrite((ROOT / name).read_text(encoding="utf-8"), name)
        files.append(File.generated(config, page, content=text))
    paths = sorted(RULES.glob("*.lp"))
    files.append(File.generated(config, "rules/index.md", content=_rules_index(paths)))
    for path in paths:
        files.append(File.generated(config, f"rules/{path.stem}.md", content=rule_page(path)))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return _rewrite(markdown, page.file.src_uri)
