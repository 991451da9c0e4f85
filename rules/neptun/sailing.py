"""Phase 2 — fulfilling contracts (spec §3.2): five turns of a secret, simultaneous oar
card choice, the reveal and wind forecast, then in turn order each player sails (wind +
power, +1 mile per gold paid) and may fulfil a contract where the ship stops.

Fulfilling gives the reward on the city card for the goods (gold, or steps on a temple,
landing on top of any tokens there), optionally 3 gold for one more step, and turns down
every open contract to its left.
"""

from __future__ import annotations

from rules.contract import Event
from rules.errors import IllegalMoveError
from rules.neptun.cards import city_name, contract_text, reward, temple_name
from rules.neptun.data import load_data
from rules.neptun.moves import Deliver, Done, Oar, Sail
from rules.neptun.options import switch
from rules.neptun.sea import cheapest
from rules.neptun.state import NeptunState, OarCard, SailRecord


def current(state: NeptunState) -> int:
    """The seat sailing now (normal turn) or taking its extra turn."""
    seats = state.queue if state.phase == "extra" else state.order
    return seats[state.actor]


def clamp_forecast(total: int) -> int:
    wind = load_data().wind
    return max(wind.forecast_min, min(wind.forecast_max, total))


def wind_after(forecast: int) -> int:
    wind = load_data().wind
    return max(wind.min, min(wind.max, wind.base + forecast))


# The secret choice -------------------------------------------------------------------


def hand_card(state: NeptunState, seat: int, move: Oar) -> OarCard:
    hand = state.seats[seat].hand
    if not hand:
        raise IllegalMoveError("You have no oar card left.")
    if not 1 <= move.index <= len(hand):
        raise IllegalMoveError(f"You hold {len(hand)} oar cards: choose #1 to #{len(hand)} "
                               "(`/hand` lists them), or type a card's values, e.g. `oar 6/-1`.")
    card = hand[move.index - 1]
    first = hand.index(card) + 1
    if first != move.index:     # identical cards are one choice, named by the first
        raise IllegalMoveError(f"Card #{move.index} is the same as #{first}: choose #{first}.")
    return card


def choose(state: NeptunState, seat: int, move: Oar) -> list[Event]:
    player = state.seats[seat]
    if player.choice is not None:
        raise IllegalMoveError("You have already chosen your oar card for this turn.")
    card = hand_card(state, seat, move)
    player.hand.remove(card)
    player.choice = card
    waiting = [s for s in state.order if state.seats[s].choice is None]
    secret = " (secret until everyone has chosen)" if waiting else ""
    events = [Event(kind="oar-chosen", seat=seat, private=True,
                    text=f"chose oar card {card.label}: power {card.power}, forecast "
                         f"{card.value.split('/')[1]}{secret}")]
    if waiting:
        still = ", ".join(f"seat {s + 1}" for s in waiting)
        events.append(Event(kind="oar-secret", seat=seat,
                            text=f"chose an oar card in secret (still choosing: {still})"))
        return events
    events.append(Event(kind="oar-secret", seat=seat, text="chose an oar card in secret"))
    return events + reveal(state)


def reveal(state: NeptunState) -> list[Event]:
    """Every card turned over at once; the forecast marker goes to their sum."""
    state.revealed = [None] * state.players
    state.voyages = []
    parts = []
    total = 0
    for s in state.order:
        card = state.seats[s].choice
        assert card is not None
        state.revealed[s] = card
        state.seats[s].played.append(card)
        state.seats[s].choice = None
        total += card.forecast
        parts.append(f"seat {s + 1} {card.shown}")
    state.forecast = clamp_forecast(total)
    sign = f"+{state.forecast}" if state.forecast > 0 else str(state.forecast)
    if state.sail_turn < load_data().sail_turns:
        later = f"the wind will be {wind_after(state.forecast)} next turn"
    else:
        later = {
            "ignore": f"after turn 5 the wind stays at {state.wind}",
            "apply_before_extra": f"the wind will be {wind_after(state.forecast)} for the "
                                  "extra turns",
            "apply_after_extra": f"the wind will be {wind_after(state.forecast)} after the "
                                 "extra turns",
        }[switch(state, "turn5")]
    state.phase = "sail"
    state.stage = "sail"
    state.actor = 0
    state.delivered = 0
    return [Event(kind="reveal", reveals=True, data={"forecast": state.forecast},
                  text=f"Oar cards revealed: {', '.join(parts)}. Forecast {sign} "
                       f"({later}); this turn everyone sails with wind {state.wind}.")]


# Sailing -----------------------------------------------------------------------------


def allowance(state: NeptunState, seat: int) -> int:
    card = state.revealed[seat] if seat < len(state.revealed) else None
    return state.wind + (card.power if card else 0)


def voyages(state: NeptunState, seat: int) -> list[Sail]:
    """Every port the seat can reach now (the cheapest route to each), staying first."""
    player = state.seats[seat]
    reach = allowance(state, seat)
    out = [Sail(route=(player.ship,))]
    for dest, (miles, route) in sorted(cheapest(state, player.ship).items(),
                                       key=lambda kv: (kv[1][0], kv[0])):
        pay = max(0, miles - reach)
        if dest != player.ship and pay <= player.gold:
            out.append(Sail(route=route, pay=pay))
    return out


def sail(state: NeptunState, seat: int, move: Sail) -> tuple[list[Event], bool]:
    """Returns the events and whether the seat's turn is over (nothing to fulfil there)."""
    player = state.seats[seat]
    if not move.route or move.route[0] != player.ship:
        raise IllegalMoveError(f"Your ship is in {city_name(player.ship)} "
                               f"({player.ship}); a voyage starts there.")
    if len(move.route) > 1:
        _check_voyage(state, seat, move)
    elif move.pay:
        raise IllegalMoveError("Staying where you are costs nothing: `stay`.")
    player.ship = move.dest
    player.gold -= move.pay
    record = SailRecord(seat=seat, route=list(move.route), paid=move.pay, extra=state.extra)
    state.voyages.append(record)
    if len(move.route) == 1:
        text = f"stayed in {city_name(player.ship)}"
    else:
        paid = f", paying {move.pay} gold for the missing miles" if move.pay else ""
        text = f"sailed {' > '.join(move.route)} to {city_name(move.dest)}{paid}"
    events = [Event(kind="sail", seat=seat, text=text, data={"route": list(move.route)})]
    state.delivered = 0
    if deliverable(state, seat):
        state.stage = "deliver"
        return events, False
    return events, True


def _check_voyage(state: NeptunState, seat: int, move: Sail) -> None:
    player = state.seats[seat]
    best = cheapest(state, player.ship).get(move.dest)
    if best is None:
        raise IllegalMoveError(f"No route leads to {move.dest}.")
    miles, route = best
    reach = allowance(state, seat)
    need = max(0, miles - reach)
    if need > player.gold:
        raise IllegalMoveError(
            f"{city_name(move.dest)} is {miles} miles away by the shortest route; with "
            f"{reach} miles (wind {state.wind} + power {reach - state.wind}) you would pay "
            f"{need} gold and you have {player.gold}.")
    if tuple(move.route) != route:
        raise IllegalMoveError(f"The shortest route to {city_name(move.dest)} is "
                               f"{'>'.join(route)} ({miles} miles): `sail {'>'.join(route)}`.")
    if move.pay != need:
        raise IllegalMoveError(f"Sailing {'>'.join(route)} ({miles} miles with {reach} to "
                               f"spend) costs {need} gold, not {move.pay}.")


# Fulfilling --------------------------------------------------------------------------


def deliverable(state: NeptunState, seat: int) -> list[int]:
    """Open chart slots (0-based) the seat can fulfil where its ship is."""
    if state.delivered >= switch(state, "max_per_turn"):
        return []
    player = state.seats[seat]
    return [i for i, slot in enumerate(player.chart)
            if slot and slot.status == "open" and slot.city.split("-")[0] == player.ship]


def deliveries(state: NeptunState, seat: int) -> list[Deliver]:
    data = load_data()
    out = []
    for i in deliverable(state, seat):
        out.append(Deliver(slot=i + 1))
        slot = state.seats[seat].chart[i]
        assert slot is not None
        r = reward(slot.city, slot.goods)
        gold = state.seats[seat].gold + (r.n if r.kind == "G" else 0)
        if gold >= data.fulfil.donation_gold:
            out.append(Deliver(slot=i + 1, donate=True))
    return out


def move_token(state: NeptunState, temple: str, seat: int, steps: int) -> int:
    """Move the seat's token; it lands on top of any stack there. Returns the new space."""
    track = state.temples[temple]
    track.pos[seat] += steps
    track.order.remove(seat)
    track.order.append(seat)
    return track.pos[seat]


def refusal(state: NeptunState, seat: int, move: Deliver) -> str | None:
    """Why the seat cannot fulfil ``move`` where its ship is now (None: it can)."""
    player = state.seats[seat]
    slots = len(player.chart)
    if not 1 <= move.slot <= slots:
        return f"Your chart has slots 1-{slots}."
    slot = player.chart[move.slot - 1]
    if slot is None or slot.status != "open":
        why = "empty" if slot is None else ("fulfilled already" if slot.status == "done"
                                            else "turned down and can no longer be fulfilled")
        return f"The contract in slot {move.slot} is {why}."
    if slot.city.split("-")[0] != player.ship:
        return (f"The contract in slot {move.slot} goes to "
                f"{city_name(slot.city.split('-')[0])}; your ship is in "
                f"{city_name(player.ship)}.")
    if move.slot - 1 not in deliverable(state, seat):
        return "You have fulfilled as many contracts as one stop allows."
    return None


def deliver(state: NeptunState, seat: int, move: Deliver) -> tuple[list[Event], bool]:
    data = load_data()
    player = state.seats[seat]
    why = refusal(state, seat, move)
    if why:
        raise IllegalMoveError(why)
    slot = player.chart[move.slot - 1]
    assert slot is not None
    r = reward(slot.city, slot.goods)
    donation_temple = r.temple if r.kind == "T" else data.city(slot.city.split("-")[0]).temple
    if move.donate and player.gold + (r.n if r.kind == "G" else 0) < data.fulfil.donation_gold:
        raise IllegalMoveError(f"A donation costs {data.fulfil.donation_gold} gold and you "
                               "would not have it.")
    what = contract_text(slot.city, slot.goods)
    if r.kind == "G":
        player.gold += r.n
        gain = f"took {r.n} gold"
    else:
        space = move_token(state, r.temple, seat, r.n)
        gain = f"moved to space {space} on {temple_name(r.temple)}"
    if move.donate:
        player.gold -= data.fulfil.donation_gold
        space = move_token(state, donation_temple, seat, data.fulfil.donation_steps)
        gain += (f"; donated {data.fulfil.donation_gold} gold: space {space} on "
                 f"{temple_name(donation_temple)}")
    slot.status = "done"
    state.discards.city.append(slot.city)
    state.discards.goods.append(slot.goods)
    failed = []
    for i, other in enumerate(player.chart[: move.slot - 1]):
        if other and other.status == "open":
            other.status = "failed"
            failed.append(i + 1)
    state.delivered += 1
    text = f"fulfilled slot {move.slot} ({what}): {gain}"
    if failed:
        text += (f"; contracts to its left turned down: slot{'s' if len(failed) > 1 else ''} "
                 + ", ".join(map(str, failed)))
    events = [Event(kind="deliver", seat=seat, text=text, data={"slot": move.slot})]
    if deliverable(state, seat):
        return events, False
    return events, True


def done(state: NeptunState, seat: int, move: Done) -> tuple[list[Event], bool]:
    if state.stage != "deliver":
        raise IllegalMoveError("Sail first (`stay` if you stay where you are).")
    return [], True
