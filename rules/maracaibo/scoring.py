"""The end of a round and the scorings (spec §15; seed 9-10).

R0 (before step ①): every assistant on a location its ship did not reach this round pays
2 VP. Interim (rounds 1-3): ① from the player who ended the round, clockwise, buy one card
or invest in one open prestige building, else 2 VP; ② income; ③ markets cleared; ④ a new
display; ⑤ the next prestige building turns over; ⑥ new quests; ⑦ ships back to Havana,
the next round starts left of the player who ended this one. Final (round 4): R0, ①, ②
VP income and the doubloon track's VP, ③ cards and prestige buildings, ④ 3 VP per nation
lead, ⑤ nation multiplier x noble class.
"""

from __future__ import annotations

from rules.contract import Event, GameResult
from rules.maracaibo.cards import design
from rules.maracaibo.data import NATIONS, load_data
from rules.maracaibo.effects import (
    AUTO,
    gain,
    noble_class,
    perm_atoms,
    plural,
    ship_spaces,
)
from rules.maracaibo.options import switch
from rules.maracaibo.setup import place_quests
from rules.maracaibo.state import MaracaiboState, Player, Scoring, TurnRecord, TurnState

CIRCLED = "①②③④⑤⑥⑦"


def round_end(state: MaracaiboState, kind: str, events: list[Event]) -> None:
    """The current player ended the round on 21a (interim) or 22 (final)."""
    rules = load_data().rules
    trigger = state.current
    state.trigger = trigger
    label = "final scoring" if kind == "final" else f"interim scoring {state.round}"
    events.append(Event(kind="round_end", seat=trigger,
                        text=f"ends round {state.round}: {label} follows"))
    paid = []
    for seat, p in enumerate(state.seats):
        n = 0
        for f in p.figures:
            if not f.settled and f.loc not in p.reached:
                f.settled = True
                n += 1
        if n:
            p.vp += n * rules.assistant_vp
            paid.append(f"seat {seat + 1} +{n * rules.assistant_vp} VP")
    events.append(Event(kind="R0", text="assistants not reached this round: "
                                        + (", ".join(paid) if paid else "none")))
    order = [(trigger + k) % state.players for k in range(state.players)]
    state.scoring = Scoring(kind=kind, order=order)  # type: ignore[arg-type]
    state.step = "scoring"
    events.append(Event(kind=f"{kind}1", text=f"{label} ①: each player buys a card, invests "
                                              f"or takes {rules.interim_pass_vp} VP"))


def advance(state: MaracaiboState, events: list[Event]) -> None:
    """After the ① choice of the seat on turn has fully resolved: the next seat, or the
    automatic steps once everyone has chosen."""
    scoring = state.scoring
    assert scoring is not None
    scoring.index += 1
    scoring.acted = False
    if scoring.index < len(scoring.order):
        return
    if scoring.kind == "interim":
        finish_interim(state, events)
    else:
        finish_final(state, events)


def scoring_reward(state: MaracaiboState, seat: int, events: list[Event]) -> None:
    for atom in perm_atoms(state.seats[seat], "scoring_reward"):
        if atom.kind in AUTO:
            gain(state, seat, atom, events)


def finish_interim(state: MaracaiboState, events: list[Event]) -> None:
    from rules.maracaibo.turn import draw_card

    data = load_data()
    # ② income: doubloons and VP (the doubloon track's VP wait for the final scoring)
    paid = []
    for seat, p in enumerate(state.seats):
        dbl = data.income.doubloons[p.inc_d][0]
        vp = data.income.vp[p.inc_v]
        p.dbl += dbl
        p.vp += vp
        scoring_reward(state, seat, events)
        paid.append(f"seat {seat + 1} +{dbl} dbl +{vp} VP")
    events.append(Event(kind="interim2", text="② income: " + ", ".join(paid)))
    # ③ delivered goods leave the board
    for spaces in state.market.values():
        spaces[:] = [-1] * len(spaces)
    events.append(Event(kind="interim3", text="③ the markets are cleared"))
    # ④ a new display
    state.discard += state.display
    state.display = []
    for _ in range(data.rules.display_size):
        card = draw_card(state, events)
        if card is None:
            break
        state.display.append(card)
    events.append(Event(kind="interim4", reveals=True,
                        text="④ new display: " + ", ".join(state.display)))
    # ⑤ the next prestige building turns face up (the round marker)
    state.prestige_open = min(len(state.prestige), state.prestige_open + 1)
    opened = state.prestige[state.prestige_open - 1]
    events.append(Event(kind="interim5", reveals=True,
                        text=f"⑤ prestige building {opened} {data.building[opened].name} "
                             "turns face up"))
    # ⑥ our story card 75: new quests
    placed = place_quests(state, f"interim{state.round}")
    events.append(Event(kind="interim6", reveals=True,
                        text="⑥ new quests: " + (", ".join(placed) or "none")))
    # ⑦ back to Havana; the next round starts left of the player who ended this one
    for p in state.seats:
        p.ship = "0"
        p.reached = []
        for f in p.figures:
            f.settled = False
    state.round += 1
    state.scoring = None
    assert state.trigger is not None
    state.current = (state.trigger + 1) % state.players
    events.append(Event(kind="interim7",
                        text=f"⑦ every ship returns to Havana; round {state.round} begins "
                             f"with seat {state.current + 1}"))
    begin_turn(state)


def begin_turn(state: MaracaiboState) -> None:
    state.turn += 1
    state.step = "sail"
    state.t = TurnState()
    state.records.append(TurnRecord(seat=state.current, turn=state.turn, round=state.round))
    del state.records[: -state.players]


# Final scoring ------------------------------------------------------------------------


def count(state: MaracaiboState, p: Player, per: str) -> int:
    kind, _, arg = per.partition(":")
    if kind == "syn_cards":
        return sum(1 for c in p.bought if design(c).synergy == arg)
    return {
        "quest": lambda: len(p.quests),
        "syn_distinct": lambda: len(p.synergy),
        "ship_space": lambda: ship_spaces(p),
        "figure_on_board": lambda: len(p.figures),
        "card_bought": lambda: len(p.bought),
        "noble_class_max": lambda: max(noble_class(v) for v in p.influence.values()),
        "deliveries": lambda: p.deliveries,
    }[kind]()


def cards_vp(state: MaracaiboState, p: Player) -> int:
    total = 0
    for cid in p.bought:
        card = design(cid)
        total += card.vp
        if card.end is not None:
            total += card.end.vp * count(state, p, card.end.per)
    return total


def prestige_vp(state: MaracaiboState, p: Player, building: str) -> int:
    vp = load_data().building[building].vp
    total = vp.fixed
    if vp.per:
        part = vp.each * count(state, p, vp.per)
        total += min(part, vp.cap) if vp.cap is not None else part
    if vp.plus is not None:
        total += vp.plus.each * count(state, p, vp.plus.per)
    if vp.by_explorer is not None:
        reached = "start"
        if p.explorer == load_data().explorer.final:
            reached = "final"
        else:
            for colour in ("red", "blue", "green"):
                if colour in p.lines:
                    reached = colour
        total += vp.by_explorer.get(reached, 0)
    return total


def lead_vp(state: MaracaiboState) -> list[int]:
    """④ 3 VP to every player with the most influence in a nation (ties all gain)."""
    rules = load_data().rules
    out = [0] * state.players
    for nation in NATIONS:
        best = max(p.influence[nation] for p in state.seats)
        if switch(state, "most_influence_needs_some") and best <= 0:
            continue
        for seat, p in enumerate(state.seats):
            if p.influence[nation] == best:
                out[seat] += rules.most_influence_vp
    return out


def markers_on_board(state: MaracaiboState) -> dict[str, int]:
    on = {n: 0 for n in NATIONS}
    for nation in state.owners.values():
        on[nation] += 1
    return on


def dominance(state: MaracaiboState) -> dict[str, int]:
    """+2 for the nation with most markers on the board, +1 for the second; ties share."""
    rules = load_data().rules
    on = markers_on_board(state)
    needs = switch(state, "dominance_needs_markers")
    values = sorted({v for v in on.values() if v > 0 or not needs},
                    reverse=True)
    out = {}
    for nation, n in on.items():
        if needs and n == 0:
            out[nation] = 0
            continue
        dense = switch(state, "dominance_dense")
        rank = values.index(n) if dense else sum(v > n for v in on.values())
        out[nation] = rules.dominance_bonus[rank] if rank < len(rules.dominance_bonus) else 0
    return out


def cleared_spaces(state: MaracaiboState, nation: str) -> int:
    """Stock spaces of the nation counted as emptied (see ``multiplier_reading``)."""
    data = load_data()
    if switch(state, "multiplier_reading") == "ownership":
        return sum(1 for n in state.stock[nation] if n == 0)
    lowest = min(p.influence[nation] for p in state.seats)
    return min(len(data.influence.stock), lowest)


def multipliers(state: MaracaiboState) -> dict[str, int]:
    dom = dominance(state)
    return {n: cleared_spaces(state, n) + dom[n] for n in NATIONS}


def nations_vp(state: MaracaiboState, p: Player) -> int:
    mult = multipliers(state)
    return sum(mult[n] * noble_class(p.influence[n]) for n in NATIONS)


def final_income_vp(state: MaracaiboState, p: Player) -> int:
    data = load_data()
    extra = sum(a.vp or 0 for a in perm_atoms(p, "scoring_reward"))
    return data.income.vp[p.inc_v] + data.income.doubloons[p.inc_d][1] + extra


def breakdown(state: MaracaiboState) -> list[dict[str, int]]:
    """②-⑤ for every seat, computed from the state as it is (nothing changes)."""
    leads = lead_vp(state)
    out = []
    for seat, p in enumerate(state.seats):
        parts = {
            "play": p.vp,
            "income": final_income_vp(state, p),
            "cards": cards_vp(state, p),
            "prestige": sum(prestige_vp(state, p, b) for b in p.invested),
            "influence lead": leads[seat],
            "nations": nations_vp(state, p),
        }
        parts["total"] = sum(parts.values())
        out.append(parts)
    return out


def finish_final(state: MaracaiboState, events: list[Event]) -> None:
    parts = breakdown(state)
    steps = [("income", "② VP income and the doubloon track's VP"),
             ("cards", "③ cards and prestige buildings"),
             ("influence lead", "④ most influence per nation"),
             ("nations", "⑤ nation multiplier × noble class")]
    mult = multipliers(state)
    for i, (key, title) in enumerate(steps, start=2):
        keys = [key, "prestige"] if key == "cards" else [key]
        gains = [sum(parts[s][k] for k in keys) for s in range(state.players)]
        for seat, g in enumerate(gains):
            state.seats[seat].vp += g
        text = f"{title}: " + ", ".join(f"seat {s + 1} +{g}" for s, g in enumerate(gains))
        if key == "nations":
            text += " (multipliers " + ", ".join(
                f"{load_data().nation_name(n)} ×{m}" for n, m in mult.items()) + ")"
        events.append(Event(kind=f"final{i}", text=text))
    state.final = parts
    state.scoring = None
    state.step = "over"
    result = final_result(state)
    assert result is not None
    won = "shares the win" if result.shared > 1 else "wins"
    events += [Event(kind="winner", seat=seat, text=f"{won} with {result.scores[seat]} VP")
               for seat in result.winners]


def ranking(state: MaracaiboState, scores: list[int]) -> tuple[list[int], str, int]:
    """Seats best first, the note on a tie for first, and how many seats share the win."""

    def key(seat: int) -> tuple[int, int]:
        money = state.seats[seat].dbl if switch(state, "tie_break") == "doubloons" else 0
        return (-scores[seat], -money)

    order = sorted(range(state.players), key=key)
    tied = [s for s in order if scores[s] == scores[order[0]]]
    note, sharing = "", 1
    if len(tied) > 1 and switch(state, "tie_break") == "doubloons":
        money = [s for s in tied if key(s) == key(order[0])]
        note = "Tie on VP broken by doubloons left."
        if len(money) > 1:
            note = "Tied on VP and doubloons left: the victory is shared."
            sharing = len(money)
    elif len(tied) > 1:
        note, sharing = "Tied on VP: the victory is shared.", len(tied)
    return order, note, sharing


def final_result(state: MaracaiboState) -> GameResult | None:
    if state.step != "over":
        return None
    scores = [p.vp for p in state.seats]
    order, note, sharing = ranking(state, scores)
    return GameResult(scores=scores, ranking=order, breakdown=state.final, tie_break=note,
                      shared=sharing)


def standings(state: MaracaiboState) -> GameResult:
    """If the game ended now: play VP plus the final scoring's steps ②-⑤."""
    if state.step == "over":
        result = final_result(state)
        assert result is not None
        return result
    parts = breakdown(state)
    scores = [p["total"] for p in parts]
    order, _, sharing = ranking(state, scores)
    return GameResult(scores=scores, ranking=order, breakdown=parts,
                      tie_break="Standings if the game ended now (the final scoring's "
                                "income, cards, prestige and nations included).",
                      shared=sharing)


__all__ = ["plural", "CIRCLED"]
