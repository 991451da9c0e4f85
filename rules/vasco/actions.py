"""Phase 2 actions, one per area: Recruit, Purchase Projects, Characters, Navigation.

Each function checks everything before it changes anything, and raises an
``IllegalMoveError`` with a sentence otherwise. The caller (``turn.py``) has already made
sure the seat owns the called number and that the number's area matches the action; the
action cost (the gap below the free-action marker) is paid here, together with the
action's own price, so a player who cannot afford both is refused as a whole.
"""

from __future__ import annotations

from collections import Counter

from rules.contract import Event
from rules.errors import IllegalMoveError
from rules.vasco.board import (
    action_cost,
    char_name,
    empty_open_slots,
    note,
    plural,
    reales,
    slot_name,
    switch,
)
from rules.vasco.data import load_data
from rules.vasco.moves import Buy, Character, Coins, Hire
from rules.vasco.ships import check_bonus, check_slot, place_merchant, tile_text
from rules.vasco.state import Disc, VascoState


def _afford(state: VascoState, seat: int, price: int, what: str) -> int:
    """Total to pay (action cost + price); refuses when the player cannot."""
    cost = action_cost(state, state.called)
    total = cost + price
    have = state.seats[seat].coins
    if total > have:
        extra = (f" ({reales(cost)} for number {state.called} below the free-action marker "
                 f"at {state.free}, {reales(price)} for {what})") if cost and price else ""
        raise IllegalMoveError(f"That costs {reales(total)}{extra}; you have {reales(have)}. "
                               "You can `pass` for coins instead.")
    return total


def _cost_note(state: VascoState) -> str:
    cost = action_cost(state, state.called)
    return f", paying {reales(cost)} for number {state.called}" if cost else ""


# Recruit ---------------------------------------------------------------------------------


def hire_price(move: Hire) -> int:
    data = load_data().recruit
    return (data.colour_cost[len(set(move.sailors))]
            + (data.captain_cost_per_sailor * len(move.sailors) if move.captain else 0))


def check_hire(state: VascoState, seat: int, move: Hire) -> int:
    data = load_data()
    if not move.sailors and move.section:
        raise IllegalMoveError(f"Name the sailors you take from section {move.section}, or "
                               "hire only a captain with `hire captain`.")
    if move.sailors:
        if not 1 <= move.section <= state.players:
            closed = " (closed in this game)" if 1 <= move.section <= data.recruit.sections \
                else ""
            raise IllegalMoveError(f"Section {move.section}{closed} is not in play: choose "
                                   f"section 1 to {state.players}.")
        here = Counter(state.sections[move.section - 1])
        want = Counter(move.sailors)
        for colour, n in want.items():
            if here[colour] < n:
                raise IllegalMoveError(f"Section {move.section} has {here[colour]} {colour} "
                                       f"sailor{'s' if here[colour] != 1 else ''}, not {n}.")
    if move.captain and state.captain_supply[seat] <= 0:
        raise IllegalMoveError("None of your captains is left in the captain supply.")
    return _afford(state, seat, hire_price(move), "the crew")


def hire(state: VascoState, seat: int, move: Hire, events: list[Event]) -> None:
    total = check_hire(state, seat, move)
    player = state.seats[seat]
    player.coins -= total
    for colour in move.sailors:
        state.sections[move.section - 1].remove(colour)
        player.sailors[colour] += 1
    if move.captain:
        state.captain_supply[seat] -= 1
        player.captains += 1
    got = []
    if move.sailors:
        counts = Counter(move.sailors)
        got.append(", ".join(f"{n} {c}" for c, n in counts.items())
                   + f" from section {move.section}")
    if move.captain:
        got.append("a captain")
    what = " and ".join(got) or "nobody"
    note(state, events, f"hired {what} for {reales(total)}", seat, kind="hire")


# Purchase projects -----------------------------------------------------------------------


def buy_price(state: VascoState, move: Buy) -> int:
    if move.san_gabriel:
        tile = state.san_gabriel
        return load_data().tiles[tile].crew if tile else 0
    return load_data().projects.price[min(len(move.tiles), 2)]


def check_buy(state: VascoState, seat: int, move: Buy) -> int:
    if move.san_gabriel:
        if move.tiles:
            raise IllegalMoveError("One purchase buys from the display or San Gabriel, never "
                                   "both.")
        if state.san_gabriel is None:
            raise IllegalMoveError("The San Gabriel space is empty this round.")
    else:
        if not 1 <= len(move.tiles) <= 2:
            raise IllegalMoveError("Buy 1 or 2 display projects (1 for 1 Real, 2 for 4).")
        if len(set(move.tiles)) != len(move.tiles):
            raise IllegalMoveError("Name two different display projects.")
        for pos in move.tiles:
            if not 1 <= pos <= len(state.display) or state.display[pos - 1] is None:
                shown = ", ".join(str(i + 1) for i, t in enumerate(state.display) if t)
                raise IllegalMoveError(f"There is no project at display position {pos}; "
                                       f"positions with a project: {shown or 'none'}.")
    return _afford(state, seat, buy_price(state, move), "the projects")


def buy(state: VascoState, seat: int, move: Buy, events: list[Event]) -> None:
    total = check_buy(state, seat, move)
    player = state.seats[seat]
    player.coins -= total
    if move.san_gabriel:
        tile = state.san_gabriel
        assert tile is not None
        state.san_gabriel = None
        player.ships.append(tile)
        note(state, events, f"bought the San Gabriel {tile_text(tile)} for {reales(total)}: "
                            "it arrives launched", seat, kind="buy")
        return
    tiles = []
    for pos in move.tiles:
        tile = state.display[pos - 1]
        assert tile is not None
        state.display[pos - 1] = None
        player.projects.append(tile)
        tiles.append(tile_text(tile))
    note(state, events, f"bought {' and '.join(tiles)} for {reales(total)}", seat, kind="buy")


# Characters ------------------------------------------------------------------------------


def check_coins(state: VascoState, seat: int, move: Coins) -> int:
    spaces = state.coin_spaces
    if not 1 <= move.space <= len(spaces):
        raise IllegalMoveError(f"The coin spaces are 1 to {len(spaces)}.")
    if spaces[move.space - 1] <= 0:
        raise IllegalMoveError(f"Coin space {move.space} is empty.")
    return _afford(state, seat, 0, "")


def take_coins(state: VascoState, seat: int, move: Coins, events: list[Event]) -> None:
    total = check_coins(state, seat, move)
    gain = state.coin_spaces[move.space - 1]
    state.coin_spaces[move.space - 1] = 0
    state.seats[seat].coins += gain - total
    note(state, events, f"took the {reales(gain)} on coin space {move.space}"
         + _cost_note(state), seat, kind="coins")


def extra_disc_free(state: VascoState, seat: int) -> bool:
    """Can ``seat`` still put out their extra action disc this round?"""
    where = state.seats[seat].extra
    if where == "board":
        return True
    return where == "hand" and switch(state, "manuel_extra_from_hand")


def manuel_places(state: VascoState, seat: int) -> bool:
    """Does choosing Manuel I now put out an extra disc (a disc and a number are free)?"""
    return extra_disc_free(state, seat) and bool(state.manuel_numbers) and \
        bool(empty_open_slots(state))


def sernigi_ship(state: VascoState) -> bool:
    """Is there a face-up merchant ship for the Sernigi action?"""
    return bool(state.merchants) and state.merchant_up


def check_character(state: VascoState, seat: int, move: Character) -> int:
    who = move.who
    name = char_name(who)
    if who in state.blocked:
        by = state.blocked[who]
        raise IllegalMoveError(f"{name} was already chosen this round (seat {by + 1}'s disc "
                               "is on it).")
    if who == "manuel":
        if manuel_places(state, seat):
            if move.number not in state.manuel_numbers:
                left = " or ".join(str(n) for n in state.manuel_numbers)
                raise IllegalMoveError(f"{name}: choose number {left} and an empty action "
                                       f"slot for your extra disc, e.g. `character manuel "
                                       f"{state.manuel_numbers[-1]} recruit-1`.")
            data = load_data()
            if move.area not in data.area_of or move.slot not in data.open_slots(
                    move.area, state.players):
                raise IllegalMoveError(f"There is no open action slot {move.area}-{move.slot}.")
            if state.slots[move.area][move.slot - 1] is not None:
                raise IllegalMoveError(f"Action slot {move.area}-{move.slot} is taken.")
        elif move.number or move.area:
            raise IllegalMoveError(f"{name} gives you no extra disc now: yours is already in "
                                   "play this round (or no number 21/22 is left). Type "
                                   "`character manuel` to take the tile only.")
    elif who == "sernigi":
        if sernigi_ship(state):
            if not move.later and not move.landing:
                raise IllegalMoveError(f"{name}: place the merchant ship now (e.g. `character "
                                       "sernigi natal-1`) or `character sernigi later` (at "
                                       "the start of phase 3).")
            if move.landing:
                tile = state.merchants[0]
                check_slot(state, move.landing, move.slot, load_data().strength(tile), True)
                check_bonus(state, move.landing, move.bonus, True)
        elif move.later or move.landing:
            raise IllegalMoveError("No merchant ship is face up on the Sernigi space: type "
                                   "`character sernigi` to take the tile only.")
    elif move.number or move.area or move.landing or move.later or move.bonus:
        raise IllegalMoveError(f"{name} takes no further choice: type `character {who}`.")
    return _afford(state, seat, 0, "")


def character(state: VascoState, seat: int, move: Character, events: list[Event]) -> None:
    data = load_data()
    total = check_character(state, seat, move)
    player = state.seats[seat]
    player.coins -= total
    who = move.who
    before = state.holders.get(who)
    state.holders[who] = seat
    state.blocked[who] = seat
    took = "kept" if before == seat else "took"
    note(state, events, f"chose {char_name(who)} and {took} the tile" + _cost_note(state),
         seat, kind="character", character=who)
    if who == "bartolomeu":
        player.vp += data.characters.bartolomeu_vp
        note(state, events, f"scored {data.characters.bartolomeu_vp} VP (Bartolomeu Dias)", seat)
    elif who == "francisco":
        n = min(data.characters.francisco_missionaries, state.missionaries)
        state.missionaries -= n
        player.missionaries += n
        if n:
            note(state, events, f"took {plural(n, 'missionary', 'missionaries')} "
                                "(Francisco Alvares)", seat)
    elif who == "manuel" and move.number:
        state.manuel_numbers.remove(move.number)
        player.extra = "slot"
        state.slots[move.area][move.slot - 1] = Disc(seat=seat, number=move.number)
        note(state, events, f"put out the extra disc with {move.number} on "
                            f"{slot_name(move.area, move.slot)} (Manuel I)", seat)
    elif who == "sernigi" and move.landing:
        place_merchant(state, seat, move.landing, move.slot, move.bonus, events)
    elif who == "sernigi" and move.later:
        note(state, events, "will place the merchant ship at the start of phase 3", seat)
