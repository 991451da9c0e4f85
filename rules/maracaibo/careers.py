"""Careers (spec §13, seed ⑰ and the free actions): three tasks, each met by either of two
conditions; claiming one is a free action that pays its reward and a figure from the
stock, and the third pays the card's final reward too. A career stays secret until its
first task is claimed."""

from __future__ import annotations

from rules.contract import Event
from rules.maracaibo.actions import fail
from rules.maracaibo.data import Condition, load_data
from rules.maracaibo.effects import (
    Atom,
    describe_atoms,
    discs_removed,
    noble_class,
    push,
    ship_spaces,
)
from rules.maracaibo.moves import Claim
from rules.maracaibo.state import MaracaiboState, Player


def met(p: Player, cond: Condition) -> bool:
    k, n = cond.kind, cond.n
    values = {
        "cp_at_least": lambda: p.cp,
        "annexes": lambda: p.annexes,
        "noble_class_any": lambda: max(noble_class(v) for v in p.influence.values()),
        "combats": lambda: p.combats,
        "deliveries": lambda: p.deliveries,
        "dbl_at_least": lambda: p.dbl,
        "inc_d_steps": lambda: p.inc_d,
        "ship_spaces": lambda: ship_spaces(p),
        "explorer_steps": lambda: p.explorer_steps,
        "quests": lambda: len(p.quests),
        "cards_bought": lambda: len(p.bought),
        "synergy_tokens": lambda: len(p.synergy),
        "prestige_invested": lambda: len(p.invested),
        "figures_on_board": lambda: len(p.figures),
        "figures_in_supply": lambda: p.supply,
        "assistant_actions": lambda: p.assists,
        "discs_removed": lambda: discs_removed(p),
    }
    if k == "explorer_past":
        return cond.line in p.lines
    return values[k]() >= n


def describe_condition(cond: Condition) -> str:
    words = {
        "cp_at_least": "{n}+ CP", "annexes": "{n}+ annexed/expelled",
        "noble_class_any": "noble class {n}+ anywhere", "combats": "{n}+ fights",
        "deliveries": "{n}+ deliveries", "dbl_at_least": "{n}+ doubloons",
        "inc_d_steps": "doubloon income +{n}", "ship_spaces": "{n}+ ship spaces unlocked",
        "explorer_steps": "{n}+ explorer steps", "quests": "{n}+ quests",
        "cards_bought": "{n}+ cards bought", "synergy_tokens": "{n}+ synergy tokens",
        "prestige_invested": "{n}+ prestige investments",
        "figures_on_board": "{n}+ assistants on the board",
        "figures_in_supply": "{n}+ figures in supply",
        "assistant_actions": "{n}+ assistant actions", "discs_removed": "{n}+ discs removed",
    }
    if cond.kind == "explorer_past":
        return f"explorer past the {cond.line} line"
    return words[cond.kind].format(n=cond.n)


def free_action_open(state: MaracaiboState, seat: int) -> None:
    if state.step not in ("sail", "main") or seat != state.current:
        fail("Free actions (plan a card, claim a career task) belong to your own turn, "
             "before phase C.")
    if state.decision is not None:
        fail("First answer what the last effect asks (see the prompt).")


def check_claim(state: MaracaiboState, seat: int, move: Claim) -> None:
    free_action_open(state, seat)
    p = state.seats[seat]
    career = load_data().career[p.career]
    if not 1 <= move.task <= len(career.tasks):
        fail(f"Your career has tasks 1 to {len(career.tasks)}.")
    if move.task - 1 in p.tasks:
        fail(f"You have already completed task {move.task} of your career.")
    task = career.tasks[move.task - 1]
    i = "ab".find(move.cond)
    if not 0 <= i < len(task.either):
        fail(f"Task {move.task} has conditions {'a or b' if len(task.either) > 1 else 'a'}.")
    if not met(p, task.either[i]):
        fail(f"Task {move.task}{move.cond} needs {describe_condition(task.either[i])}.")


def do_claim(state: MaracaiboState, seat: int, move: Claim, events: list[Event]) -> None:
    data = load_data()
    p = state.seats[seat]
    career = data.career[p.career]
    if not p.career_shown:
        p.career_shown = True
        # the secret career comes to light (the mover's own card: reading on is safe)
        events.append(Event(kind="career", seat=seat, reveals=True, data={"own_cards": True},
                            text=f"turns over their career: {career.id} {career.name}"))
    p.tasks.append(move.task - 1)
    task = career.tasks[move.task - 1]
    atoms = [*task.reward, Atom(fig=1)]
    text = f"completes career task {move.task}: {describe_atoms(task.reward)} and a figure"
    if len(p.tasks) == len(career.tasks):
        p.career_done = True
        atoms += career.final
        text += f"; career complete: {describe_atoms(career.final)}"
    events.append(Event(kind="career", seat=seat, text=text))
    push(state, seat, atoms, f"career {career.id}")


def claimable(state: MaracaiboState, seat: int) -> list[Claim]:
    p = state.seats[seat]
    if not p.career:
        return []
    career = load_data().career[p.career]
    out = []
    for i, task in enumerate(career.tasks):
        if i in p.tasks:
            continue
        for j, cond in enumerate(task.either):
            if met(p, cond):
                out.append(Claim(task=i + 1, cond="ab"[j]))
    return out
