"""``--html FILE``: one self-contained page, CR numbers linked to the shipped rule text, graphs
inline, checked for structure here and in a real headless Chromium (Debian's package), whose
layout is measured at a desktop width (1400 px) and a phone's (390 px)."""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from mtgasp.cli import main
from mtgasp.output.html import cr_rules

ROOT = Path(__file__).parents[1]
EXAMPLES = ROOT / "examples"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
#: Flags that work as root on a machine without network or D-Bus (see the env notes).
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]


class _Page(HTMLParser):
    """Tags, ids, links and external references of a page; fails on unbalanced sections."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.ids: set[str] = set()
        self.links: list[tuple[str, str]] = []  # href, title
        self.external: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        self.tags.append(tag)
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a":
            self.links.append((values.get("href", ""), values.get("title", "")))
        for key in ("src", "href"):
            if re.match(r"^(https?:)?//", values.get(key, "")):
                self.external.append(values[key])
        if tag in ("section", "main", "aside", "pre", "figure"):
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("section", "main", "aside", "pre", "figure"):
            assert self.open.pop() == tag


def _parsed(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    assert page.open == []
    return page


def test_check_page_links_every_rule_number_to_its_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """302.6 (summoning sickness), 107.5 ({T}), 601.2h (paying costs): each verdict's rule is a
    link to the side panel, with the CR's text on hover; the printed answer is unchanged."""
    out = tmp_path / "r.html"
    board = str(EXAMPLES / "summoning-sickness.yaml")
    assert main(["check", board, "--html", str(out)]) == 0
    printed = capsys.readouterr().out
    assert main(["check", board]) == 0
    assert capsys.readouterr().out == printed
    page = _parsed(out)
    assert page.external == []
    rules = cr_rules()
    linked = {href.removeprefix("#cr-"): title for href, title in page.links}
    assert {"302.6", "107.5", "107.6", "601.2h", "106.7"} <= set(linked)
    for number, title in linked.items():
        assert f"cr-{number}" in page.ids  # the side panel holds it
        assert title == rules[number]
    assert "summoning sickness" in linked["302.6"]
    text = out.read_text(encoding="utf-8")
    assert '<span class="illegal">illegal</span>: <a class="cr" href="#cr-302.6"' in text
    assert text.count('<span class="legal">legal</span>') == 3


def test_shipped_rules_are_the_comprehensive_rules() -> None:
    rules = cr_rules()
    assert rules["302.6"].startswith("A creature\u2019s activated ability with the tap symbol")
    assert rules["616.1"].startswith("If two or more replacement and/or prevention effects")
    assert "Example:" in rules["106.7"]
    assert len(rules) > 3000


def test_hostile_names_are_escaped(tmp_path: Path) -> None:
    board = tmp_path / "b.yaml"
    board.write_text(
        "players: [{name: alice}, {name: bob}]\n"
        "turn: {active: alice, step: precombat_main, number: 4}\n"
        "battlefield:\n"
        "  - {id: '<script>alert(1)</script>', card: Forest, controller: alice}\n",
        encoding="utf-8",
    )
    out = tmp_path / "r.html"
    assert main(["check", str(board), "--html", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "<script" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text


def test_graphs_are_inline_svg_or_their_dot_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    board = str(EXAMPLES / "mana-reflection-contamination.yaml")
    if shutil.which("dot"):
        out = tmp_path / "with.html"
        assert main(["orderings", board, "tap:forest", "--html", str(out)]) == 0
        assert "svg" in _parsed(out).tags
        assert "Mana Reflection (reflection#1)" in out.read_text(encoding="utf-8")
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-here"))
    out = tmp_path / "without.html"
    assert main(["orderings", board, "tap:forest", "--html", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "svg" not in _parsed(out).tags
    assert "&#x27;dot&#x27; is not installed" in text
    assert "digraph mtgasp {" in text


def test_step_page_has_the_course_tree(tmp_path: Path) -> None:
    out = tmp_path / "r.html"
    assert main(["step", str(EXAMPLES / "havoc-festival.yaml"), "upkeep", "--html", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert "Final state 1 (2 courses)" in text
    assert 'href="#cr-603.2b"' in text


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    profile = tmp_path / "profile"
    return subprocess.run(
        [CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )


@pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (Debian: apt-get install chromium)"
)
def test_the_page_renders_in_headless_chromium(tmp_path: Path) -> None:
    """The check page of a board with life replacements, loaded in Chromium: no console
    message, the ordering graphs are SVG in the rendered DOM, and a screenshot is taken."""
    out = tmp_path / "r.html"
    assert main(["check", str(EXAMPLES / "life-replacements.yaml"), "--html", str(out)]) == 0
    done = _chromium(tmp_path, "--enable-logging=stderr", "--v=0", "--dump-dom", out.as_uri())
    assert "CONSOLE" not in done.stderr
    dom = done.stdout
    # One life event is modified here (bob's gain, 616.1): one ordering graph.
    assert dom.count("<svg") == (1 if shutil.which("dot") else 0)
    assert '<a class="cr" href="#cr-616.1"' in dom
    shot = tmp_path / "shot.png"
    _chromium(tmp_path, "--window-size=1200,900", f"--screenshot={shot}", out.as_uri())
    assert shot.read_bytes().startswith(b"\x89PNG")
    assert shot.stat().st_size > 20_000  # a rendered page, not a blank one


#: Measures the report's layout in an iframe of a given width (the harness's own script; the
#: report has none) and puts the result on the harness's <html> for --dump-dom to show.
_HARNESS = """<!DOCTYPE html><html><body style="margin:0">
<iframe id="report" src="REPORT" style="width:WIDTHpx;height:900px;border:0"></iframe>
<script>
document.getElementById("report").addEventListener("load", () => {
  const frame = document.getElementById("report");
  const doc = frame.contentDocument, win = frame.contentWindow;
  const box = e => e.getBoundingClientRect();
  const svg = doc.querySelector(".graph svg");
  document.documentElement.setAttribute("data-layout", JSON.stringify({
    width: win.innerWidth,
    page: doc.documentElement.scrollWidth,
    clipped: [...doc.querySelectorAll("td, th, pre, h1, h2")]
      .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.slice(0, 60)),
    answers_first: box(doc.querySelector("section")).top
      < box(doc.querySelector("details.board")).top,
    rules_below: box(doc.querySelector("aside")).top >= box(doc.querySelector("main")).bottom - 1,
    svg: svg ? [box(svg).width, svg.viewBox.baseVal.width] : null,
    verdict: [...doc.querySelectorAll("td")].map(e => e.textContent)
      .find(t => t.startsWith("illegal: 302.6")) || null,
  }));
});
</script></body></html>"""


def _layout(tmp_path: Path, report: Path, width: int) -> dict[str, object]:
    harness = tmp_path / f"harness-{report.stem}-{width}.html"
    harness.write_text(
        _HARNESS.replace("REPORT", report.as_uri()).replace("WIDTH", str(width)), "utf-8"
    )
    done = _chromium(
        tmp_path,
        "--allow-file-access-from-files",
        "--virtual-time-budget=5000",
        f"--window-size={max(width, 500)},900",
        "--dump-dom",
        harness.as_uri(),
    )
    found = re.search(r'data-layout="([^"]*)"', done.stdout)
    assert found is not None, done.stderr[-2000:]
    layout: dict[str, object] = json.loads(found[1].replace("&quot;", '"').replace("&amp;", "&"))
    return layout


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (Debian: apt-get install chromium)"
)
@pytest.mark.parametrize("width", [1400, 390], ids=["desktop", "phone"])
def test_the_report_reads_answers_first_wrapped_at_desktop_and_phone_widths(
    tmp_path: Path, width: int
) -> None:
    """Issue 28 point 2: the answers come before the board, no text is cut behind a scroll bar
    (the long 302.6 verdict wraps within its cell), the page never scrolls sideways, the graphs
    are drawn at their full size (not shrunk to unreadable text), and on a phone the rules cited
    go below the answers. A screenshot is taken at each width."""
    report = tmp_path / "r.html"
    assert main(["check", str(EXAMPLES / "summoning-sickness.yaml"), "--html", str(report)]) == 0
    layout = _layout(tmp_path, report, width)
    assert layout["width"] == width
    assert layout["page"] == width  # no sideways scrolling of the page
    assert layout["clipped"] == []
    assert layout["answers_first"] is True
    assert layout["rules_below"] is (width < 960)  # 60em
    verdict = "illegal: 302.6 summoning sick: a creature not under its controller's control"
    assert str(layout["verdict"]).startswith(verdict)
    graph = tmp_path / "g.html"
    board = str(EXAMPLES / "life-replacements.yaml")
    assert main(["orderings", board, "gain:bob:3", "--html", str(graph)]) == 0
    drawn = _layout(tmp_path, graph, width)
    if shutil.which("dot"):
        shown, natural = drawn["svg"]  # type: ignore[misc]
        assert shown >= natural  # full size (pt drawn at >= 1 px each), in a scrolling box
    assert drawn["page"] == width
    # The screenshot, through the harness: its frame is the width asked (Chromium's narrowest
    # window is 500 px).
    shot = tmp_path / f"shot-{width}.png"
    harness = (tmp_path / f"harness-{report.stem}-{width}.html").as_uri()
    window = f"--window-size={max(width, 500)},900"
    _chromium(tmp_path, "--allow-file-access-from-files", window, f"--screenshot={shot}", harness)
    assert _png_size(shot) == (max(width, 500), 900)
    assert shot.stat().st_size > 20_000  # a rendered page, not a blank one
