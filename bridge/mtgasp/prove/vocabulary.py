"""The property language of ``mtgasp prove``: what a property may read, query by query.

A property is an ASP file of normal rules that defines ``counterexample(Why)`` from the predicates
below (docs/consistency.md lists them with their meaning). Each predicate belongs to one query:
the board's own facts (``board``), the characteristics at time 0 (``characteristics``), or the
output of a query (``could-produce``, ``tap``, ``castable``, ``activations``, ``orderings``,
``courses``). The enumerate engine asks, on each board, only the queries whose predicates the
property reads.

:func:`check_property` reads a property file and says which queries it needs, or why it is not
a property: an unknown predicate (with the nearest known names), a vocabulary predicate the
property defines itself, a construct that is not a normal rule (a choice, a constraint, an
optimization, ``#script``, ``#include``), or no rule for ``counterexample/1``.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import clingo.ast

from ..errors import QueryError
from ..solve import _asp_atoms
from ..solve.control import parse_program
from ..solve.user_program import check_nesting, check_property_text

__all__ = ["QUERIES", "STEP_VOCABULARY", "VOCABULARY", "Predicate", "Property", "check_property"]


@dataclass(frozen=True)
class Predicate:
    """A predicate a property may read: its name, arity, the query that gives it, its meaning."""

    name: str
    arity: int
    query: str
    meaning: str

    @property
    def signature(self) -> str:
        return f"{self.name}/{self.arity}"


def _table(query: str, rows: str) -> tuple[Predicate, ...]:
    """Rows ``name/arity  meaning`` (one a line) as the predicates of ``query``."""
    found = []
    for line in rows.strip().splitlines():
        signature, meaning = line.strip().split(None, 1)
        name, arity = signature.rsplit("/", 1)
        found.append(Predicate(name, int(arity), query, meaning))
    return tuple(found)


#: Every predicate a property may read, by query, in the order docs/consistency.md lists them.
VOCABULARY: tuple[Predicate, ...] = (
    *_table(
        "board",
        """
        player/1                    P is a player (a string: "p1", "p2", ...)
        seat/2                      player P sits at seat I (1: the active player's)
        active_player/1             P is the active player
        life/2                      player P has N life (Two-Headed Giant: team_life/2)
        team/2                      player P is on team T (Two-Headed Giant, 810)
        team_life/2                 team T has N life (810.9)
        turn_number/1               the turn's number
        step/1                      the step the turn is in (precombat_main, upkeep, ...)
        permanent/1                 O is a permanent (an id string)
        card_of/2                   O (a permanent or lasting effect) is card C (its Oracle name)
        controller/2                O is controlled by P
        owner/2                     O is owned by P
        tapped/1                    permanent O is tapped
        recently_controlled/1       O came under its controller's control this turn (302.6)
        counter/3                   O has N counters of kind K
        lasting_effect/1            O is the lasting effect of a spell resolved this turn
        effect_player/2             lasting effect O names player P
        gained_life_this_turn/2     P gained N life earlier this turn
        lost_life_this_turn/2       P lost N life earlier this turn
        tapped_for_mana_this_turn/1 permanent O was tapped for mana earlier this turn
        marked_damage/2             permanent O has N damage marked on it (120.3e; 704.5g)
        """,
    ),
    *_table(
        "characteristics",
        """
        is_type/2                   O has card type Ty now (613: after every layer)
        has_subtype/2               O has subtype S now
        has_supertype/2             O has supertype S now
        has_keyword/2               O has keyword K now (haste, flying, ...)
        as_though_haste/1           O's abilities may be activated as though it had haste
        power_now/2                 creature O's power now (208, 613.4: after every layer)
        toughness_now/2             creature O's toughness now (208, 613.4: counters included)
        printed_type/2              O's card has card type Ty printed on it (205.2a, 613.1)
        """,
    ),
    *_table(
        "could-produce",
        """
        could_produce/2             permanent O could produce mana of type T (w u b r g c; 106.7)
        land_could_produce/2        some land player P controls could produce type T
        land_of/2                   L is a land player P controls
        mana_ability_of/2           O has mana ability N
        choice_defined/3            ability N of O resolving with choice Ch is defined now (106.5)
        produces_via/4              ...and yields type T in some order of replacement effects
        reflects_player/3           a choice of ability N of O reads P's lands (106.7)
        """,
    ),
    *_table(
        "tap",
        """
        tap_ability/2               O's mana ability N, activated now on its own (605.1a)
        tap_violation/4             ...is forbidden by rule R (a string) for reason Why (107.5)
        tap_kind/3                  how ability N of O chooses its mana (fixed, any_color, ...)
        tap_cost/3                  ability N of O has cost part Cost (tap, mana(...), ...)
        tap_choice/3                ability N of O may resolve with choice Ch now (106.5)
        tap_outcome/4               ...and then produces Out in some order of replacements (616.1)
        tapped_for_mana/2           activating ability N taps O for mana: {T} in its cost (106.12)
        tap_trigger/7               ...with outcome Out, X's mana trigger M may add V (605.1b)
        tap_trigger_undefined/4     X's mana trigger M fires, adds nothing: no type defined (106.5)
        tap_not_modelled/3          ability N of O is a mana ability this version does not model
        """,
    ),
    *_table(
        "castable",
        """
        castable_question/3         P pays Q, of card C: card(P, I) (P's hand) or ability(O, N)
        castable_cost/2             Q's mana cost, in card notation ("{1}{G}"; X is 0)
        castable/1                  Q's mana cost can be paid now: a plan pays it (601.2g-h)
        castable_unproved/1         no plan was found, but that is not proved (a bound, 605.1a)
        castable_plan/5             Q's witness plan activates at stage S ability N of O, choice Ch
        castable_pool/2             the mana left after Q's witness plan (mana(W, U, B, R, G, C))
        """,
    ),
    *_table(
        "activations",
        """
        activation/2                O has activated ability N
        legal/1                     activate(O, N) is legal now, mana costs aside (602.2)
        violation/3                 activate(O, N) is forbidden by rule R (a string) for reason Why
        ability_cost/3              ability N of O has cost part Cost (tap, untap, mana(...), ...)
        needs_mana_payment/1        activate(O, N) has a mana cost (judged by the castable query)
        is_mana_ability/2           ability N of O is a mana ability (605.1a)
        summoning_sick/1            creature O has summoning sickness (302.6)
        """,
    ),
    *_table(
        "orderings",
        """
        event/1                     E is an event asked about (see docs/consistency.md)
        event_player/2              E affects player P (who orders its effects, 616.1)
        event_value/2               E's value before any replacement effect
        applicable_now/2            replacement effect R applies to E as it is (616.1)
        effect_card/2               effect R is of card C
        effect_controller/2         effect R is controlled by P
        edge/6                      at node (M, V) applying effect R gives node (M2, V2)
        outcome/2                   Out is a possible result of E in some order (none: E is gone)
        orderings/3                 N orders of the effects on E give result Out (exact)
        event_prohibited/1          E can't happen (119.7, 119.8)
        life_prohibition/5          rule R keeps player P from What in E, because of source S
        """,
    ),
    *_table(
        "courses",
        """
        course/1                    E is a course asked about: a life event, damage, draw, step
        final/3                     board atom F holds in final state K of course E (its end board)
        final_courses/3             N courses of E end in final state K (counted up to a bound)
        lost_game/4                 in final state K of E, player P has lost the game by rule R
        step_trigger/4              as E's step begins, ability N of O triggers for player P (603)
        step_trigger_fails/4        ...or does not, by rule R (603.4: an intervening if clause)
        course_truncated/1          some course of E was cut by a bound (its counts are not exact)
        """,
    ),
)

#: The step vocabulary of the one-step inductive check (``mtgasp prove --step``, the asp engine
#: only: asp/queries/prove-step.lp): what one step from the board does. With it a property may
#: read the board's vocabulary and the characteristics (the state before the step).
STEP_VOCABULARY: tuple[Predicate, ...] = _table(
    "step",
    """
    step_event/1                E is the step: a life event, gain_life(P, N) or lose_life(P, N)
    life_holder/2               P's gains and losses change H's life (P's, or P's team's: 810.9)
    life_before/2               H's life total before the step
    life_after/2                H's life total after the step's whole course (616.1, 603, 704)
    step_unfinished/0           something was still on the stack at the horizon (608.1)
    """,
)

#: The queries, in the order the enumerate engine asks them.
QUERIES: tuple[str, ...] = tuple(dict.fromkeys(p.query for p in VOCABULARY))

_BY_SIGNATURE = {(p.name, p.arity): p for p in VOCABULARY}


@dataclass(frozen=True)
class Property:
    """A property file, checked: its statements and the queries whose vocabulary it reads."""

    path: Path
    statements: tuple[Any, ...]
    queries: tuple[str, ...]
    reads: frozenset[tuple[str, int]] = frozenset()
    """The signatures of the vocabulary it reads."""
    courses: frozenset[str] | None = None
    """The kinds of course its courses atoms can name (``gain_life``, ``lose_life``, ``damage``,
    ``draw``, ``begin_step``: the name of their first argument), None when one may name any (a
    variable there): the courses vocabulary asks only those."""


def check_property(path: Path, extra: tuple[Predicate, ...] = ()) -> Property:
    """The property in ``path``, checked (a QueryError says what is wrong and where); ``extra``
    are further predicates it may read (``STEP_VOCABULARY``)."""
    by_signature = {**_BY_SIGNATURE, **{(p.name, p.arity): p for p in extra}}
    check_property_text(path)
    statements = parse_program(path)
    check_nesting(path, statements)
    defined: set[tuple[str, int]] = set()
    read: dict[tuple[str, int], str] = {}
    for statement in statements:
        where = _where(statement)
        _refuse(statement, where)
        if statement.ast_type != clingo.ast.ASTType.Rule:
            continue
        defined.update(_atoms(statement.head))
        for signature in _atoms(statement.body):
            read.setdefault(signature, where)
    if ("counterexample", 1) not in defined:
        raise QueryError(
            f"{path}: the property defines no counterexample/1; write a rule such as "
            'counterexample("why") :- legal(activate(O, N)), tapped(O), ability_cost(O, N, tap).'
        )
    for signature in sorted(defined):
        if signature in by_signature:
            predicate = by_signature[signature]
            raise QueryError(
                f"{path}: the property defines {predicate.signature}, which the {predicate.query} "
                "vocabulary gives (docs/consistency.md): a property only reads it; name the "
                "predicate of your own rules differently"
            )
    queries: set[str] = set()
    reads: set[tuple[str, int]] = set()
    for signature, where in sorted(read.items()):
        if signature in defined:
            continue
        known = by_signature.get(signature)
        if known is None:
            raise QueryError(_unknown(where, signature))
        queries.add(known.query)
        reads.add(signature)
    order = (*QUERIES, *dict.fromkeys(p.query for p in extra))
    return Property(
        path,
        statements,
        tuple(q for q in order if q in queries),
        frozenset(reads),
        _course_kinds(statements, defined),
    )


def _course_kinds(
    statements: tuple[Any, ...], defined: set[tuple[str, int]]
) -> frozenset[str] | None:
    """The names of the courses (first arguments) the courses atoms of these rules can match;
    None if one can match any course (its first argument is not a function term)."""
    courses = {(p.name, p.arity) for p in VOCABULARY if p.query == "courses"} - defined
    kinds: set[str] = set()
    for statement in statements:
        if statement.ast_type != clingo.ast.ASTType.Rule:
            continue
        for atom in _asp_atoms.symbolic_atoms(statement.body):
            term = atom.symbol
            if term.ast_type != clingo.ast.ASTType.Function:
                continue
            if (term.name, len(term.arguments)) not in courses:
                continue
            first = term.arguments[0]
            if first.ast_type != clingo.ast.ASTType.Function or not first.name:
                return None
            kinds.add(first.name)
    return frozenset(kinds)


def _where(statement: Any) -> str:
    begin = statement.location.begin
    return f"{begin.filename}:{begin.line}"


_REFUSED = {
    clingo.ast.ASTType.Minimize: "an optimization (#minimize, weak constraints)",
    clingo.ast.ASTType.External: "#external",
    clingo.ast.ASTType.ProjectAtom: "#project",
    clingo.ast.ASTType.ProjectSignature: "#project",
    clingo.ast.ASTType.Heuristic: "#heuristic",
    clingo.ast.ASTType.Edge: "#edge",
    clingo.ast.ASTType.TheoryDefinition: "a theory",
}


def _refuse(statement: Any, where: str) -> None:
    """A property is normal rules (and #show, #const, #defined, which mean nothing here)."""
    kind = statement.ast_type
    if kind == clingo.ast.ASTType.Script:
        raise QueryError(
            f"{where}: a property may not contain #script: it is a set of rules "
            "(counterexample/1 and helpers), and mtgasp runs no code from it"
        )
    if kind in _REFUSED:
        raise QueryError(
            f"{where}: a property may not contain {_REFUSED[kind]}: it is a set of normal rules "
            "that define counterexample/1 (docs/consistency.md)"
        )
    if kind != clingo.ast.ASTType.Rule:
        return
    head = statement.head
    if head.ast_type != clingo.ast.ASTType.Literal:
        raise QueryError(
            f"{where}: a property's rule heads are plain atoms, not choices, aggregates or "
            "disjunctions: a property reads one answer per board and states what is wrong with it"
        )
    if head.atom.ast_type == clingo.ast.ASTType.BooleanConstant:
        raise QueryError(
            f"{where}: a property may not contain an integrity constraint (a rule without head): "
            "say what is wrong as counterexample(Why) instead"
        )


def _atoms(node: Any) -> Iterator[tuple[str, int]]:
    """The signatures of the atoms in an AST node (a head, a body)."""
    for atom in _asp_atoms.symbolic_atoms(node):
        found = _asp_atoms.signature(atom)
        if found is not None:
            yield found


def _unknown(where: str, signature: tuple[str, int]) -> str:
    name, arity = signature
    known = sorted({f"{p.name}/{p.arity}" for p in VOCABULARY})
    near = difflib.get_close_matches(f"{name}/{arity}", known, n=3)
    hint = f" (did you mean {', '.join(near)}?)" if near else ""
    return (
        f"{where}: the property reads {name}/{arity}, which no query gives and no rule of the "
        f"property defines{hint}; the vocabulary of each query is in docs/consistency.md"
    )
