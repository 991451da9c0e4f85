"""Checks that hold after every move of every Neptun game (used by random play)."""

from __future__ import annotations

from collections import Counter
from functools import cache

from rules.fuzz import InvariantError
from rules.neptun.cards import full_decks
from rules.neptun.data import load_data
from rules.neptun.state import NeptunState, OarCard


@cache
def _full() -> tuple[Counter[str], Counter[str], Counter[tuple[int, int]]]:
    full = full_decks()
    return Counter(full.city), Counter(full.goods), Counter(_keys(full.oar))


def _keys(cards: list[OarCard]) -> list[tuple[int, int]]:
    return [(c.power, c.forecast) for c in cards]


def check(state: NeptunState) -> None:  # type: ignore[override]
    data = load_data()
    problems: list[str] = []
    full_city, full_goods, full_oar = _full()
    # Every card is somewhere, exactly once.
    city: Counter[str] = Counter(state.decks.city + state.discards.city)
    goods: Counter[str] = Counter(state.decks.goods + state.discards.goods)
    oar = Counter(_keys(state.decks.oar + state.discards.oar))
    start = state.removed_start
    for column in state.display:
        if column is not None:
            city[column.city] += 1
            goods[column.goods] += 1
            oar[(column.oar.power, column.oar.forecast)] += 1
    for seat, p in enumerate(state.seats):
        who = f"seat {seat + 1}"
        for slot in p.chart:
            if slot is not None and slot.status != "done":
                city[slot.city] += 1
                goods[slot.goods] += 1
        for card in [*p.hand, *p.played, *([p.choice] if p.choice else [])]:
            if card.start:
                start += 1
            else:
                oar[(card.power, card.forecast)] += 1
        if p.gold < 0:
            problems.append(f"{who} has {p.gold} gold")
        if len(p.chart) != data.chart_slots:
            problems.append(f"{who} has {len(p.chart)} chart slots")
        if state.phase in ("sail", "ask", "extra") and len(p.played) > state.sail_turn + 2:
            problems.append(f"{who} played {len(p.played)} cards in {state.sail_turn} turns")
    if city != full_city:
        problems.append("city cards not conserved")
    if goods != full_goods:
        problems.append("goods cards not conserved")
    if oar != full_oar:
        problems.append("oar cards not conserved")
    if start != len(data.oars.start) * state.players:
        problems.append(f"{start} starting cards accounted for")
    if sorted(state.order) != list(range(state.players)):
        problems.append(f"turn order {state.order} is not every seat once")
    if not data.wind.min <= state.wind <= data.wind.max:
        problems.append(f"wind {state.wind}")
    if state.phase == "draft" and len(state.display) != state.players + 1:
        problems.append(f"{len(state.display)} display columns")
    ups = [i for i, c in enumerate(state.display) if c and c.face_up]
    downs = [i for i, c in enumerate(state.display) if c and not c.face_up]
    if ups and downs and max(ups) > min(downs):
        problems.append("a face-up contract lies right of a face-down one")
    for key, track in state.temples.items():
        if sorted(track.order) != list(range(state.players)) or min(track.pos) < 0:
            problems.append(f"temple {key} tokens")
    if state.phase != "over" and state.round > data.rounds:
        problems.append(f"round {state.round}")
    if problems:
        raise InvariantError("; ".join(problems))
