"""Phase 3 — scoring (spec §3.4), the end of a round (§3.5) and the final result (§3.6).

Order: the bonus for all five contracts, then each temple (most steps first; of tokens on
one space the lowest in the stack — the first to get there — ranks higher), then the Gold
temple (most gold; ties to the earlier turn order). Round 1 scores 1st place, round 2 the
first two, round 3 the first three, with that round's point tiles, highest first.
"""

from __future__ import annotations

from rules.contract import Event, GameResult
from rules.neptun.cards import reshuffle, temple_name
from rules.neptun.data import load_data
from rules.neptun.options import switch
from rules.neptun.state import NeptunState, Tile


def temple_ranking(state: NeptunState, key: str) -> list[int]:
    """Seats in rank order on a temple (those on 0 only if zero scores)."""
    track = state.temples[key]
    zero = load_data().scoring.zero_scores
    seats = [s for s in range(state.players) if track.pos[s] > 0 or zero]
    return sorted(seats, key=lambda s: (-track.pos[s], track.order.index(s)))


def gold_ranking(state: NeptunState) -> list[int]:
    zero = load_data().scoring.zero_scores
    seats = [s for s in range(state.players) if state.seats[s].gold > 0 or zero]
    return sorted(seats, key=lambda s: (-state.seats[s].gold, state.order.index(s)))


def all_done(state: NeptunState, seat: int) -> bool:
    chart = state.seats[seat].chart
    return all(slot is not None and slot.status == "done" for slot in chart)


def score_round(state: NeptunState) -> list[Event]:
    data = load_data()
    events: list[Event] = []
    for seat in range(state.players):
        if all_done(state, seat):
            state.seats[seat].bonus += 1
            events.append(Event(kind="bonus", seat=seat, text=(
                f"fulfilled all {len(state.seats[seat].chart)} contracts: a bonus tile "
                f"({data.scoring.bonus_vp} VP)")))
    for key in [*data.temple_keys, "gold"]:
        tiles = state.gold_tiles if key == "gold" else state.temples[key].tiles
        ranking = gold_ranking(state) if key == "gold" else temple_ranking(state, key)
        won = []
        for place, (seat, value) in enumerate(zip(ranking, tiles, strict=False), 1):
            state.seats[seat].tiles.append(Tile(temple=key, round=state.round, value=value,
                                                place=place))
            won.append(f"seat {seat + 1} {value} VP")
        name = temple_name(key)
        text = (f"{name}: " + ", ".join(won)) if won else f"{name}: nobody scores"
        events.append(Event(kind="score", text=f"Round {state.round} scoring — {text}.",
                            data={"temple": key}))
    return events


def end_round(state: NeptunState) -> list[Event]:
    """Clear the round away; returns events. The caller starts the next round."""
    data = load_data()
    for player in state.seats:
        for card in player.played:
            if card.start:
                state.removed_start += 1
            else:
                state.discards.oar.append(card)
        player.played = []
        for slot in player.chart:
            if slot is not None and slot.status != "done":
                state.discards.city.append(slot.city)
                state.discards.goods.append(slot.goods)
        player.chart = [None] * data.chart_slots
        player.ship = data.start_city
    keep = switch(state, "keep_leftover")
    kept = []
    for column in state.display:
        if column is None:
            continue
        if keep:
            column.refused_by = []          # a new round: nobody has turned it down yet
            kept.append(column)
            continue
        state.discards.city.append(column.city)
        state.discards.goods.append(column.goods)
        state.discards.oar.append(column.oar)
    state.display = kept + [None] * (state.players + 1 - len(kept))
    state.revealed = [None] * state.players
    state.voyages = []
    state.forecast = None
    state.round += 1
    state.draft_turn = 1
    state.sail_turn = 0
    state.extra = 0
    for deck in ("city", "goods", "oar"):
        reshuffle(state, deck, "round")
    for key, track in state.temples.items():
        track.tiles = data.tiles(key, state.round)
    state.gold_tiles = data.tiles("gold", state.round)
    if data.wind.reset_each_round:
        state.wind = data.wind_start
    return [Event(kind="round", text=f"Round {state.round} begins: ships back in Crete, decks "
                                     "reshuffled, new point tiles on the temples.")]


def scores(state: NeptunState) -> list[int]:
    bonus = load_data().scoring.bonus_vp
    return [sum(t.value for t in p.tiles) + bonus * p.bonus for p in state.seats]


def breakdown(state: NeptunState, seat: int) -> dict[str, int]:
    data = load_data()
    player = state.seats[seat]
    parts = {temple_name(key): sum(t.value for t in player.tiles if t.temple == key)
             for key in [*data.temple_keys, "gold"]}
    parts["bonus"] = data.scoring.bonus_vp * player.bonus
    parts["total"] = sum(parts.values())
    return parts


def result(state: NeptunState, final: bool = True) -> GameResult:
    """Scores best first; ties go to more gold, then more temple steps, else shared."""
    total = scores(state)
    steps = [sum(t.pos[s] for t in state.temples.values()) for s in range(state.players)]
    gold = [p.gold for p in state.seats]

    def key(s: int) -> tuple[int, int, int, int]:
        return (-total[s], -gold[s], -steps[s], s)

    ranking = sorted(range(state.players), key=key)
    note = ""
    sharing = 1
    best = [s for s in ranking if total[s] == total[ranking[0]]]
    if len(best) > 1:
        first = ranking[0]
        if gold[first] > gold[ranking[1]]:
            note = f"Tie on {total[first]} VP broken by gold: seat {first + 1} has more."
        elif steps[first] > steps[ranking[1]]:
            note = (f"Tie on {total[first]} VP and gold broken by temple steps: seat "
                    f"{first + 1} has more.")
        else:
            shared = [s for s in best if (gold[s], steps[s]) == (gold[first], steps[first])]
            sharing = len(shared)
            note = ("Shared win: " + ", ".join(f"seat {s + 1}" for s in shared)
                    + " tie on VP, gold and temple steps.")
    if not final:
        note = ("Standings so far (point tiles won in scored rounds)." + (" " + note if note
                                                                          else ""))
    return GameResult(scores=total, ranking=ranking,
                      breakdown=[breakdown(state, s) for s in range(state.players)],
                      tie_break=note, shared=sharing)
