"""``--graph FILE``: the pictures of orderings (616.1), could-produce (106.7) and courses, as DOT
(checked against the answer they draw), escaped, cut at a size, rendered by Graphviz's ``dot``."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from mtgasp import load_board
from mtgasp.answers.orderings.query import orderings, parse_event
from mtgasp.cli import main
from mtgasp.output.graphs import Graph, dot_label, to_dot

EXAMPLES = Path(__file__).parents[1] / "examples"
NODE = re.compile(r'^  (n\d+) \[label="((?:[^"\\]|\\.)*)", shape=box, style="([^"]*)"')
EDGE = re.compile(r'^  (n\d+) -> (n\d+) \[label="((?:[^"\\]|\\.)*)"(, color)?')


def _dot(path: Path) -> tuple[dict[str, tuple[str, str]], list[tuple[str, str, str, bool]]]:
    """Nodes (id -> label, style) and edges (source, target, label, highlighted) of a DOT file
    as graphs.to_dot writes it."""
    nodes, edges = {}, []
    for line in path.read_text(encoding="utf-8").splitlines():
        if m := NODE.match(line):
            nodes[m[1]] = (m[2], m[3])
        elif m := EDGE.match(line):
            edges.append((m[1], m[2], m[3], m[4] is not None))
    return nodes, edges


def test_ordering_graph_matches_the_orderings_answer(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """616.1: Mana Reflection and Contamination on a Forest: two orders, {B} and {B}{B}; the
    graph has the answer's nodes and edges, each final node its outcome and ordering count."""
    board = EXAMPLES / "life-replacements.yaml"
    report = orderings(load_board(board), parse_event("gain:bob:3"))
    out = tmp_path / "g.dot"
    assert main(["orderings", str(board), "gain:bob:3", "--graph", str(out)]) == 0
    printed = capsys.readouterr().out
    assert main(["orderings", str(board), "gain:bob:3"]) == 0
    assert capsys.readouterr().out == printed  # the printed answer is unchanged
    nodes, edges = _dot(out)
    assert len(nodes) == report.graph_nodes
    assert len(edges) == report.graph_edges
    finals: dict[str, int] = {}
    for label, _ in nodes.values():
        if m := re.search(r"OUTCOME: (.*?)\\n(\d+) orderings?", label):
            finals[m[1]] = finals.get(m[1], 0) + int(m[2])
    assert finals == {str(o.value): o.orderings for o in report.outcomes}
    cards = {e.id: e.card for e in report.effects}
    assert {label.split("\\n")[0] for *_, label, _ in edges} == {f"{cards[e]} ({e})" for e in cards}
    # The witness of "bob loses 3 life" (Tainted Remedy alone) is highlighted from the start.
    start = next(key for key, (label, _) in nodes.items() if label.startswith("start:"))
    assert (start, "Tainted Remedy (remedy#1)") in {
        (source, label) for source, _, label, lit in edges if lit
    }


def test_independent_effects_are_drawn_once_beside_the_graph(tmp_path: Path) -> None:
    """616.1: two Leylines of Hope ("that much plus 1") commute with everything: they are no
    edge of the graph but a note beside it, and still counted in every ordering (2 of them)."""
    board = tmp_path / "b.yaml"
    board.write_text(
        "players: [{name: alice}, {name: bob}]\n"
        "turn: {active: alice, step: precombat_main, number: 4}\n"
        "battlefield:\n"
        "  - {id: ley1, card: Leyline of Hope, controller: alice}\n"
        "  - {id: ley2, card: Leyline of Hope, controller: alice}\n",
        encoding="utf-8",
    )
    out = tmp_path / "g.dot"
    assert main(["orderings", str(board), "gain:alice:1", "--graph", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    nodes, edges = _dot(out)
    assert "Independent (each may stand anywhere in any ordering; drawn once, here):" in text
    assert "Leyline of Hope (ley1#2)\\nLeyline of Hope (ley2#2)" in text
    assert edges == []
    ((label, _),) = nodes.values()
    assert label == "start: alice gains 1 life\\nOUTCOME: alice gains 3 life\\n2 orderings"
    report = orderings(load_board(board), parse_event("gain:alice:1"))
    assert all(e.independent for e in report.effects)
    assert report.total_orderings == 2


def test_hostile_names_are_escaped(tmp_path: Path) -> None:
    """Ids come from user files: quotes, backslashes, braces and DOT syntax stay in a label."""
    hostile = 'x" ] ; n0 -> n0 [label="pwned\\'
    board = tmp_path / "b.yaml"
    board.write_text(
        "players: [{name: alice}, {name: bob}]\n"
        "turn: {active: alice, step: precombat_main, number: 4}\n"
        "battlefield:\n"
        "  - {id: forest, card: Forest, controller: alice}\n"
        f"  - {{id: '{hostile}', card: Mana Reflection, controller: alice}}\n"
        "  - {id: contamination, card: Contamination, controller: bob}\n",
        encoding="utf-8",
    )
    out = tmp_path / "g.dot"
    assert main(["orderings", str(board), "tap:forest", "--graph", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert dot_label(f"Mana Reflection ({hostile}#1)") in text
    assert "pwned\\\\#1" in text
    # No line outside the header is anything but a node, an edge or a note.
    body = text.splitlines()[6:-1]
    assert all(re.match(r'^  (n\d+|note\d+)( -> n\d+)? \[label="', line) for line in body)
    if shutil.which("dot"):
        svg = tmp_path / "g.svg"  # its g.dot is the one above: --force
        assert main(["orderings", str(board), "tap:forest", "--graph", str(svg), "--force"]) == 0
        assert "pwned\\#1" in svg.read_text(encoding="utf-8")


def test_dot_label_escapes_quotes_backslashes_and_control_characters() -> None:
    assert dot_label('a"b\\c\nd\x07e') == '"a\\"b\\\\c\\nd e"'


def test_large_graphs_are_cut_and_the_cut_marked(tmp_path: Path) -> None:
    board = EXAMPLES / "life-replacements.yaml"
    out = tmp_path / "g.dot"
    args = ["orderings", str(board), "gain:bob:3", "--graph", str(out), "--graph-limit", "4"]
    assert main(args) == 0
    text = out.read_text(encoding="utf-8")
    nodes, edges = _dot(out)
    assert len(nodes) == 5  # 4 drawn, one marking the cut
    assert "CUT: 14 more nodes not drawn (--graph-limit 4)" in text
    assert "(cut at 4 nodes)" in text
    assert all(source in nodes and target in nodes for source, target, *_ in edges)


def test_missing_dot_is_a_clear_error_and_the_dot_file_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path / "nothing-here"))
    out = tmp_path / "g.svg"
    board = EXAMPLES / "mana-reflection-contamination.yaml"
    code = main(["orderings", str(board), "tap:forest", "--graph", str(out)])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.out == ""
    assert "'dot' is not installed" in captured.err
    assert not out.exists()
    assert (tmp_path / "g.dot").read_text(encoding="utf-8").startswith("digraph mtgasp {")


def test_unknown_suffix_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = EXAMPLES / "mana-reflection-contamination.yaml"
    code = main(["orderings", str(board), "tap:forest", "--graph", str(tmp_path / "g.jpg")])
    assert code == 2
    assert "must end in .dot, .svg, .png" in capsys.readouterr().err


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz's dot program is not installed")
def test_svg_and_png_are_rendered(tmp_path: Path) -> None:
    board = EXAMPLES / "mana-reflection-contamination.yaml"
    assert main(["orderings", str(board), "tap:forest", "--graph", str(tmp_path / "g.svg")]) == 0
    assert "<svg" in (tmp_path / "g.svg").read_text(encoding="utf-8")
    assert (tmp_path / "g.dot").exists()
    png = ["--graph", str(tmp_path / "g.png")]
    assert main(["orderings", str(board), "tap:forest", *png]) == 2  # g.dot is there: refused
    assert main(["orderings", str(board), "tap:forest", *png, "--force"]) == 0
    assert (tmp_path / "g.png").read_bytes().startswith(b"\x89PNG")


def test_could_produce_graph_shows_where_each_type_flows(tmp_path: Path) -> None:
    """106.7: the Exotic Orchards' {B} and {G} come from the opponent's Swamp and the other
    Orchard; a Reflecting Pool's {C} from Wastes. Edges run from the land to the reader."""
    out = tmp_path / "g.dot"
    board = str(EXAMPLES / "exotic-orchard.yaml")
    assert main(["could-produce", board, "--why", "--graph", str(out)]) == 0
    nodes, edges = _dot(out)
    names = {key: label.split(":")[0] for key, (label, _) in nodes.items()}
    flows = {(names[s], names[t], label) for s, t, label, _ in edges}
    assert ("wastes", "their-pool", "{C} for #1") in flows
    assert ("their-swamp", "my-orchard", "{B} for #1") in flows
    assert not any(target == "wastes" for _, target, _ in flows)


def test_could_produce_graph_needs_why(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = str(EXAMPLES / "exotic-orchard.yaml")
    assert main(["could-produce", board, "--graph", str(tmp_path / "g.dot")]) == 2
    assert "add --why" in capsys.readouterr().err


def test_course_tree_has_final_states_as_leaves_with_their_counts(tmp_path: Path) -> None:
    """603.3b: two Havoc Festival triggers at upkeep: 2 courses (either order), 1 final state."""
    out = tmp_path / "g.dot"
    board = str(EXAMPLES / "havoc-festival.yaml")
    assert main(["step", board, "upkeep", "--graph", str(out)]) == 0
    nodes, edges = _dot(out)
    finals = [label for label, style in nodes.values() if "filled" in style and "Final" in label]
    assert finals == [
        "Final state 1 (2 courses)\\nalice: life 20 -> 5\\nalice: lost 15 life this turn (history)"
    ]
    sources = {source for source, *_ in edges}
    leaves = [key for key in nodes if key not in sources]
    assert [nodes[key][0] for key in leaves] == finals


def test_to_dot_is_deterministic() -> None:
    graph = Graph("t")
    graph.node("a", "A", "start")
    graph.node("b", "B", "final")
    graph.edge("a", "b", "x", True)
    assert to_dot(graph) == to_dot(graph)
    assert 'n0 -> n1 [label="x", color="#c0392b"' in to_dot(graph)


def test_only_one_witness_path_is_highlighted(tmp_path: Path) -> None:
    """616.1: the highlighted edges are the first outcome's witness ordering, one path from the
    start, not every edge some outcome's witness takes (issue 28 point 3)."""
    board = EXAMPLES / "mana-reflection-contamination.yaml"
    out = tmp_path / "g.dot"
    assert main(["orderings", str(board), "tap:forest", "--graph", str(out)]) == 0
    _, edges = _dot(out)
    lit = [(source, target, label) for source, target, label, on in edges if on]
    # {B}: Mana Reflection then Contamination; {B}{B} the other way: two paths, one lit.
    assert len(edges) == 4
    assert [label for *_, label in lit] == [
        "Mana Reflection (reflection#1)",
        "Contamination (contamination#2)",
    ]
    assert lit[0][1] == lit[1][0]  # a path
    assert "Highlighted: the witness ordering of the first outcome," in out.read_text("utf-8")


def test_course_tree_nodes_show_what_differs_and_chains_run_down(tmp_path: Path) -> None:
    """Havoc Festival in Two-Headed Giant (810): the team's life total falls to 7 in both final
    states (said once, in a note); the leaves show who lost how much; each step shows what it
    does without the life totals; deeper than wide, the tree runs top to bottom."""
    out = tmp_path / "g.dot"
    assert (
        main(["step", str(EXAMPLES / "two-headed-giant.yaml"), "upkeep", "--graph", str(out)]) == 0
    )
    text = out.read_text(encoding="utf-8")
    assert "rankdir=TB;" in text
    assert 'label="In every final state:\\ndawn: life 30 -> 7"' in text
    nodes, _ = _dot(out)
    finals = sorted(
        label for label, style in nodes.values() if "filled" in style and "Final" in label
    )
    lost = "life this turn (history)"
    assert finals == [
        f"Final state 1 (1 course)\\nalice: lost 8 {lost}\\ncarol: lost 15 {lost}",
        f"Final state 2 (1 course)\\nalice: lost 15 {lost}\\ncarol: lost 8 {lost}",
    ]
    steps = [label for label, style in nodes.values() if style == "rounded"]
    assert "1. Havoc Festival #2 (festival) for carol\\nresolves\\ncarol loses 15 life" in steps
    assert not any("Life:" in label for label in steps)


def test_a_wide_course_tree_runs_left_to_right(tmp_path: Path) -> None:
    # Combat damage with trample (702.19b): two final states, one step each: wider than deep.
    out = tmp_path / "g.dot"
    board = str(EXAMPLES / "combat-check.yaml")
    assert main(["step", board, "combat_damage", "--graph", str(out)]) == 0
    assert "rankdir=LR;" in out.read_text(encoding="utf-8")
