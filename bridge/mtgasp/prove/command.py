"""``mtgasp prove``: is there any board, within stated bounds, where a property fails?"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .._text import quote
from ..cards.catalog import normal_name
from ..commands import _common
from ..errors import QueryError
from ..output.files import write_output
from ..output.format import dumps
from .bounds import ENGINES, MAX_PERMANENTS, MAX_PLAYERS, Bounds, ProveReport

#: The exit code when a counterexample is found (0: the property holds; 2: a bad question).
EXIT_COUNTEREXAMPLE = 1

#: The query whose command shows a vocabulary's answer on a board (the reproduction hint).
_SHOWN_BY = {
    "could-produce": "could-produce",
    "activations": "activations",
    "characteristics": "activations",
    "orderings": "orderings",
    "tap": "tap",
    "castable": "castable",
}
#: What such a command takes after the board file, if anything.
_SHOWN_ARGUMENTS = {"tap": " PERMANENT"}


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = """\
Rule consistency: is there any board, within the bounds, where a property fails? PROPERTY is an
ASP file of normal rules that defines counterexample(Why) from the property vocabulary: the
board's predicates and each query's outputs (could_produce/2, legal/1, outcome/2, orderings/3,
...; docs/consistency.md lists them per query).

Two engines. asp (the default): clingo searches the boards: when the property reads only the
board, characteristics and activations vocabularies, one solve over every board at once (the
rules ground over chosen boards); when it reads could-produce, tap or orderings too, one solve
per cast (each permanent's card and controller given, the rest chosen), since the replacement
graphs ground only over known effects; orderings/3, castable and courses it refuses (use
enumerate). enumerate: every
canonical board (a multiset of permanents and lasting effects, smallest first) within the
bounds, the normal queries on each, the property evaluated on their outputs, on every core
(--jobs) or a Dask cluster (--dask); it reads every vocabulary. Both search the board space of
--teams, --effects, --life, --steps and --history (players p1, p2, ...; p1 active; turn 2).
--step (asp): the one-step inductive check: from every state within the bounds, one life event
and its whole course; the property may also read the step vocabulary (life_before/2,
life_after/2, ...; docs/consistency.md).

Either way the answer is exhaustive within the bounds: HOLDS (with the number of boards
covered), or a smallest counterexample as a board file that every command reads
(--save FILE writes it; `mtgasp prove PROPERTY --board FILE` evaluates the property on it).
Exit code 0: the property holds; 1: a counterexample was found; 2: a bad property or bound.

examples:
  mtgasp prove examples/properties/summoning-sickness.lp --permanents 3
  mtgasp prove examples/properties/reflecting-pool.lp --engine enumerate --effects 1 \\
    --cards "Reflecting Pool,Forest,Island,Pale Moon"
  mtgasp prove examples/properties/emperion-step.lp --step --permanents 2 \\
    --cards "Platinum Emperion,Rhox Faithmender"
  mtgasp prove examples/properties/reflecting-pool.lp --board counterexample.yaml"""
    parser.add_argument("property", metavar="PROPERTY", help="the property (an ASP file)")
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default=ENGINES[0],
        help="asp: one solve over every board; enumerate: the normal queries on each board "
        "(default %(default)s)",
    )
    parser.add_argument(
        "--permanents",
        type=_common.count,
        default=3,
        metavar="N",
        help=f"boards of up to N permanents (default %(default)s, at most {MAX_PERMANENTS})",
    )
    parser.add_argument(
        "--players",
        type=_common.count,
        default=2,
        metavar="N",
        help=f"N players (default %(default)s, at most {MAX_PLAYERS})",
    )
    parser.add_argument(
        "--cards",
        metavar="NAME,NAME,...",
        help="the cards a permanent (or, with --effects, a lasting effect) may be, by Oracle "
        "name, comma-separated (default: every hand-written card)",
    )
    rich = parser.add_argument_group("the richer board space")
    rich.add_argument(
        "--teams",
        action="store_true",
        help="Two-Headed Giant: p1 and p2 one team, p3 and p4 the other (needs --players 4)",
    )
    rich.add_argument(
        "--effects",
        type=_common.count,
        default=0,
        metavar="N",
        help="up to N lasting effects of the instants and sorceries among --cards, each "
        "controlled by and naming any player (default %(default)s); a board's size counts them",
    )
    rich.add_argument(
        "--life",
        metavar="N,N,...",
        help="the life totals each player (each team) may have (default: 20; a team 30)",
    )
    rich.add_argument(
        "--steps",
        metavar="STEP,STEP,...",
        help="the steps the turn may be in (default: precombat_main)",
    )
    rich.add_argument(
        "--history",
        action="store_true",
        help="vary this turn's history: each player gained 1 life earlier this turn or not, "
        "and lost 1 life or not",
    )
    rich.add_argument(
        "--amounts",
        metavar="N,N,...",
        default="1,3",
        help="the amounts of the life events the orderings vocabulary asks about: each player "
        "gains and loses each amount (default %(default)s)",
    )
    rich.add_argument(
        "--hand",
        metavar="NAME,NAME,...",
        help="enumerate: these cards in every player's hand on every board (what the castable "
        "vocabulary asks about; default none)",
    )
    parser.add_argument(
        "--jobs",
        type=_common.count,
        default=None,
        metavar="N",
        help="enumerate: N worker processes (default: one per core)",
    )
    parser.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="enumerate: run on the Dask cluster at ADDRESS (tcp://host:8786), or local",
    )
    parser.add_argument(
        "--board",
        metavar="FILE",
        help="enumerate: evaluate the property on this one board (e.g. a counterexample "
        "written by --save) instead of searching",
    )
    parser.add_argument(
        "--save", metavar="FILE", help="write the counterexample found (a board file) to FILE"
    )
    _common.add_force(parser, "--save")
    parser.add_argument(
        "--step",
        action="store_true",
        help="asp: the one-step inductive check: every state within the bounds, then one life "
        "event (each player gains and loses each of --amounts) and its whole course",
    )
    _common.add_json(parser)


def _numbers(option: str, text: str | None) -> tuple[int, ...]:
    if text is None:
        return ()
    words = [w.strip() for w in text.split(",")]
    if not all(w.lstrip("-").isdigit() for w in words):
        raise QueryError(f"{option} {quote(text)}: expected whole numbers, comma-separated")
    return tuple(int(w) for w in words)


def bounds_of(args: argparse.Namespace) -> Bounds:
    """The bounds the options state (a QueryError for the richer ones with the asp engine)."""
    cards = tuple(normal_name(n.strip()) for n in args.cards.split(",")) if args.cards else ()
    steps = tuple(s.strip() for s in args.steps.split(",")) if args.steps else ()
    amounts = _numbers("--amounts", args.amounts)
    if not amounts or not all(1 <= n <= 99 for n in amounts):
        raise QueryError(f"--amounts {quote(args.amounts)}: amounts from 1 to 99, comma-separated")
    bounds = Bounds(
        permanents=args.permanents,
        players=args.players,
        cards=cards,
        teams=args.teams,
        lives=_numbers("--life", args.life),
        steps=steps,
        effects=args.effects,
        history=args.history,
        amounts=amounts,
        hand=tuple(normal_name(n.strip()) for n in args.hand.split(",")) if args.hand else (),
    )
    if args.engine == "asp":
        given = [
            name
            for name, on in (
                ("--jobs", args.jobs is not None),
                ("--dask", args.dask),
                ("--board", args.board),
                ("--hand", args.hand),
            )
            if on
        ]
        if given:
            raise QueryError(
                f"{', '.join(given)}: the asp engine does not take "
                f"{'this option' if len(given) == 1 else 'these options'}; "
                "use --engine enumerate"
            )
    elif args.step:
        raise QueryError("--step: the one-step inductive check is the asp engine's; drop --engine")
    if args.jobs is not None and not 1 <= args.jobs <= 4096:
        raise QueryError("--jobs must be between 1 and 4096")
    return bounds


def run(args: argparse.Namespace) -> str:
    bounds = bounds_of(args)
    if args.engine == "asp":
        from .asp import prove, prove_step

        report = (prove_step if args.step else prove)(args.property, bounds)
    elif args.board is not None:
        from .enumerate import prove_board

        report = prove_board(args.property, _common.board(args), bounds)
    else:
        from .enumerate import prove_enumerate

        memory = getattr(args, "memory_limit", 0)
        report = prove_enumerate(
            args.property, bounds, jobs=args.jobs, dask=args.dask, memory=memory
        )
    if args.save and report.counterexample is not None:
        data = report.counterexample.encode("utf-8")
        write_output(Path(args.save), data, "--save", force=args.force)
    args.exit_code = 0 if report.holds else EXIT_COUNTEREXAMPLE
    return dumps(to_json(report)) if args.json else to_text(report, args.save)


def to_json(report: ProveReport) -> dict[str, Any]:
    data: dict[str, Any] = {
        "query": "prove",
        "schema": 1,
        "property": report.property,
        "bounds": {
            "permanents": report.bounds.permanents,
            "players": report.bounds.players,
            "cards": list(report.bounds.cards) or None,
        },
        "holds": report.holds,
        "reasons": list(report.reasons),
        "counterexample": report.counterexample,
    }
    if report.board_file is not None:
        data["board"] = report.board_file
    bounds = report.bounds
    data["bounds"].update(
        teams=bounds.teams,
        effects=bounds.effects,
        life=list(bounds.lives) or None,
        steps=list(bounds.steps) or None,
        history=bounds.history,
        amounts=list(bounds.amounts),
        hand=list(bounds.hand) or None,
    )
    if report.casts is not None:
        data["casts"] = report.casts
    if report.step is not None:
        data["step"] = report.step
    if report.engine != "asp":
        data["engine"] = report.engine
        data["boards"] = report.boards
        data["queries"] = list(report.queries)
    return data


def to_text(report: ProveReport, saved: str | None = None) -> str:
    if report.engine == "asp":
        return _asp_text(report, saved)
    queries = ", ".join(report.queries) or "none"
    if report.board_file is not None:
        verdict = "HOLDS on this board" if report.holds else "FAILS on this board:"
        lines = [
            f"Property {report.property}, on the board {report.board_file} "
            f"(enumerate engine; vocabulary of: {queries}):",
            verdict,
            *(f"  counterexample: {reason}" for reason in report.reasons),
        ]
        return "\n".join(lines)
    lines = [
        f"Property {report.property}, on every board of {report.bounds} "
        f"(enumerate engine; vocabulary of: {queries}):"
    ]
    if report.holds:
        lines.append(
            f"HOLDS within these bounds: none of the {report.boards:,} boards is a "
            "counterexample (every canonical board was asked)."
        )
        return "\n".join(lines)
    file = saved or "FILE"
    shown = sorted({_SHOWN_BY[q] for q in report.queries if q in _SHOWN_BY})
    also = "".join(
        f"; `mtgasp {q} {file}{_SHOWN_ARGUMENTS.get(q, '')}` shows the query's answer"
        for q in shown
    )
    where = f"saved as {saved}" if saved else "save it as FILE (or use --save FILE)"
    lines.append(
        f"FAILS on board {report.boards:,} of the search. A smallest counterexample ({where}; "
        f"`mtgasp prove {report.property} --engine enumerate --board {file}` reproduces the "
        f"failure{also}):"
    )
    lines.extend(f"  counterexample: {reason}" for reason in report.reasons)
    lines += ["", (report.counterexample or "").rstrip("\n")]
    return "\n".join(lines)


def _asp_text(report: ProveReport, saved: str | None = None) -> str:
    casts = "" if report.casts is None else f"; one solve per cast: {report.casts:,} casts"
    step = " and one life event from each (--step)" if "step" in report.queries else ""
    lines = [f"Property {report.property}, on every board of {report.bounds}{step}:"]
    if report.holds:
        boards = "" if report.boards is None else f"none of the {report.boards:,} boards is one; "
        lines.append(
            f"HOLDS: no board within these bounds is a counterexample ({boards}the search is "
            f"exhaustive: clingo proved there is none{casts})."
        )
        return "\n".join(lines)
    file = saved or "FILE"
    shown = sorted({_SHOWN_BY[q] for q in report.queries if q in _SHOWN_BY}) or ["activations"]
    hint = "; ".join(f"`mtgasp {q} {file}{_SHOWN_ARGUMENTS.get(q, '')}`" for q in shown)
    where = f"saved as {saved}" if saved else "save it as FILE (or use --save FILE)"
    at = "" if report.casts is None else f" at cast {report.casts:,} (one solve per cast)"
    lines.append(f"FAILS{at}. A smallest counterexample ({where}; then {hint}):")
    if report.step is not None:
        lines.append(f"  step: {report.step}")
    lines.extend(f"  counterexample: {reason}" for reason in report.reasons)
    lines += ["", (report.counterexample or "").rstrip("\n")]
    return "\n".join(lines)
