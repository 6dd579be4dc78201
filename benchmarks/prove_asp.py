"""The asp engine of ``mtgasp prove`` on mana and replacement properties: one grounding per cast
(``prove-world.lp``) against the design it replaced, the cards chosen by the solver too (the
same program with ``bound_card/1`` and ``bound_permanents/1``, the way ``prove-activations.lp``
searches activations).

    PYTHONPATH=bridge python -m benchmarks.prove_asp [--permanents 2] [--memory-mib 2500]

The pool is 7 cards with mana abilities and replacement effects; the property reads
``outcome/2`` (a gain of N never becomes more than 4N: true with up to 2 permanents, so every
cast is ground and solved). The baseline runs in a child process
with an address-space limit and a time limit (it runs out of memory); figures are CPU seconds of
the process (``resource.getrusage``), and the peak resident set size, so that other load on the
machine does not change them much.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from clingo import Function, Number, String, Symbol

from mtgasp._resources import query_path
from mtgasp.cards import catalog
from mtgasp.cards.permanence import nonpermanent_cards
from mtgasp.prove import world as prove_world
from mtgasp.solve.control import parse_program

POOL = (
    "Boon Reflection",
    "Contamination",
    "Forest",
    "Mana Reflection",
    "Platinum Emperion",
    "Reflecting Pool",
    "Rhox Faithmender",
)
PROPERTY = """\
counterexample(more_than_four_times(E, Out)) :-
    outcome(E, Out), E = gain_life(P, N), Out = gain_life(P, M), M > 4 * N.
"""
PLAYERS = ("p1", "p2")
CONSTS = {"interchange": 0, "independence": 0}


def _events() -> list[Symbol]:
    return [
        Function(kind, [String(p), Number(n)])
        for p in PLAYERS
        for kind in ("gain_life", "lose_life")
        for n in (1, 3)
    ]


def new_design(property_file: Path, permanents: int) -> tuple[int, float, float, bool]:
    """(casts ground, CPU seconds, peak RSS MiB, a counterexample found)."""
    vocabulary = frozenset({("outcome", 2)})
    program = (property_file, prove_world.rename(parse_program(property_file), vocabulary)[0])
    around = prove_world.bound_facts(PLAYERS, [20], ["precombat_main"], False, False, _events())
    spells = nonpermanent_cards(POOL)
    pools = ([c for c in POOL if c not in spells], [c for c in POOL if c in spells])
    start = time.process_time()
    found = prove_world.search(
        "prove-world", program, pools, PLAYERS, (permanents, 0), around, False, CONSTS
    )
    cpu = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return found.casts, cpu, peak, found.board is not None


def old_design(property_file: Path, permanents: int, memory_mib: int, seconds: int) -> str:
    """The cards chosen in the program: what happened, in a child process under limits."""
    facts = [str(s) + "." for s in catalog.card_facts(POOL)]
    facts += [f'bound_card("{card}").' for card in POOL]
    facts += [f"bound_permanents({permanents}).", "bound_life(20, 1).", "mana_unchecked."]
    facts += ["bound_step(precombat_main, 1)."]
    facts += [f'bound_player("{p}", {i}).' for i, p in enumerate(PLAYERS, 1)]
    facts += [f"event_request({e})." for e in _events()]
    renamed = "\n".join(
        str(s)
        for s in prove_world.rename(parse_program(property_file), frozenset({("outcome", 2)}))
    )
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "facts.lp").write_text("\n".join(facts) + "\n" + renamed + "\n")
        script = (
            "import clingo, resource, sys\n"
            f"resource.setrlimit(resource.RLIMIT_AS, ({memory_mib << 20}, {memory_mib << 20}))\n"
            "ctl = clingo.Control(['-c', 'interchange=0', '-c', 'independence=0'],"
            " logger=lambda c, m: None)\n"
            f"ctl.load({str(query_path('prove-world'))!r}); ctl.load({tmp + '/facts.lp'!r})\n"
            "ctl.ground([('base', [])])\n"
            "print('ground', len(ctl.symbolic_atoms))\n"
        )
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        try:
            run = subprocess.run(
                [sys.executable, "-c", script], capture_output=True, text=True, timeout=seconds
            )
            outcome = run.stdout.strip() or f"failed: {run.stderr.strip().splitlines()[-1:]}"
        except subprocess.TimeoutExpired:
            outcome = f"still grounding after {seconds} s (wall clock)"
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
    return f"{outcome} after {cpu:.1f} s CPU (address space limit {memory_mib} MiB)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--permanents", type=int, default=2)
    parser.add_argument("--memory-mib", type=int, default=2500)
    parser.add_argument("--seconds", type=int, default=300)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "property.lp"
        path.write_text(PROPERTY)
        print(
            f"pool: {len(POOL)} cards, up to {args.permanents} permanents, {len(PLAYERS)} players"
        )
        casts, cpu, peak, found = new_design(path, args.permanents)
        verdict = "a counterexample" if found else "no counterexample"
        print(
            f"per cast (prove-world.lp): {casts} casts ground, {cpu:.2f} s CPU, "
            f"peak RSS {peak:.0f} MiB, {verdict}"
        )
        print(
            "cards chosen (baseline):",
            old_design(path, args.permanents, args.memory_mib, args.seconds),
        )


if __name__ == "__main__":
    main()
