"""The table in a few lines of text (/status): whose turn, what is pending, every player's
doubloons, VP, combat points, incomes, influence, cards and pieces — public things only."""

from __future__ import annotations

from rules.maracaibo.chat import progress, prompt
from rules.maracaibo.data import load_data
from rules.maracaibo.effects import noble_class, plural, ship_spaces
from rules.maracaibo.state import MaracaiboState
from rules.maracaibo.turn import to_act


def summary(state: MaracaiboState, seat: int | None = None) -> str:
    data = load_data()
    lines = [f"Maracaibo — {progress(state)}."]
    seats = to_act(state)
    if state.step == "over":
        lines.append("Game over.")
    elif len(seats) == 1:
        lines.append(f"Seat {seats[0] + 1} to act: {prompt(state, seats[0])}.")
    elif seats:
        lines.append(", ".join(f"seat {s + 1}" for s in seats) + f": {prompt(state, None)}.")
    open_ = ", ".join(f"{b} {data.building[b].name}"
                      for b in state.prestige[: state.prestige_open])
    lines.append(f"Display: {', '.join(state.display) or 'empty'} · deck {len(state.deck)} · "
                 f"open prestige: {open_}")
    for i, p in enumerate(state.seats):
        inf = " ".join(f"{n} {v}" + (f"(c{noble_class(v)})" if noble_class(v) else "")
                       for n, v in p.influence.items())
        where = data.loc[p.ship].name
        lines.append(
            f"Seat {i + 1}: {p.vp} VP, {p.dbl} dbl, {p.cp} CP, income "
            f"{data.income.doubloons[p.inc_d][0]} dbl/{data.income.vp[p.inc_v]} VP · "
            f"{inf} · ship at {where}, explorer {p.explorer} · "
            f"hand {len(p.hand)}, planned {len(p.planned)}, bought {len(p.bought)}, "
            f"{plural(len(p.quests), 'quest')}, {ship_spaces(p)}/12 ship spaces, "
            f"figures {p.supply} in supply + {len(p.figures)} on board")
    return "\n".join(lines)
