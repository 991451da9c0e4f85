"""Phase 1: one disc at a time, clockwise from the start player, each with a sequence
number on an empty action slot open for this player count."""

from __future__ import annotations

from rules.contract import Event
from rules.errors import IllegalMoveError
from rules.vasco.board import note, slot_name
from rules.vasco.data import load_data
from rules.vasco.moves import Place
from rules.vasco.state import Disc, VascoState


def check_place(state: VascoState, seat: int, move: Place) -> None:
    data = load_data()
    player = state.seats[seat]
    area = data.area_of.get(move.area)
    if area is None:
        names = ", ".join(a.key for a in data.areas)
        raise IllegalMoveError(f"There is no action area {move.area!r}; areas: {names}.")
    if not 1 <= move.slot <= len(area.slots):
        raise IllegalMoveError(f"{area.name} has slots 1 to {len(area.slots)}.")
    need = area.slots[move.slot - 1]
    if need > state.players:
        raise IllegalMoveError(f"{slot_name(move.area, move.slot)} is for {need} or more "
                               f"players; this game has {state.players}.")
    if state.slots[move.area][move.slot - 1] is not None:
        raise IllegalMoveError(f"{slot_name(move.area, move.slot)} already holds a disc.")
    if move.number in data.numbers.extra_range:
        if player.extra != "hand" or player.extra_declined or \
                state.holders.get("manuel") != seat:
            raise IllegalMoveError(f"Number {move.number} goes only with the extra action disc "
                                   "of the Manuel I holder.")
        if move.number not in state.manuel_numbers:
            raise IllegalMoveError(f"Number {move.number} is not on the Manuel I space.")
        return
    if player.discs <= 0:
        extra = " or ".join(str(n) for n in state.manuel_numbers)
        raise IllegalMoveError(f"Your regular discs are all placed; your extra disc takes "
                               f"{extra} (or `pass` to keep it back).")
    if move.number not in state.numbers:
        low, high = data.numbers.regular
        if not low <= move.number <= high:
            raise IllegalMoveError(f"Sequence numbers run from {low} to {high}.")
        raise IllegalMoveError(f"Number {move.number} is already taken.")


def place(state: VascoState, seat: int, move: Place, events: list[Event]) -> None:
    check_place(state, seat, move)
    player = state.seats[seat]
    if move.number in load_data().numbers.extra_range:
        state.manuel_numbers.remove(move.number)
        player.extra = "slot"
        what = "the extra disc"
    else:
        state.numbers.remove(move.number)
        player.discs -= 1
        what = "a disc"
    state.slots[move.area][move.slot - 1] = Disc(seat=seat, number=move.number)
    note(state, events, f"placed {what} with {move.number} on "
                        f"{slot_name(move.area, move.slot)}", seat, kind="place")


def may_decline(state: VascoState, seat: int) -> bool:
    player = state.seats[seat]
    return (player.discs == 0 and player.extra == "hand" and not player.extra_declined
            and state.holders.get("manuel") == seat)


def decline(state: VascoState, seat: int, events: list[Event]) -> None:
    if not may_decline(state, seat):
        raise IllegalMoveError("You still have discs to place: choose a number and a slot, "
                               "e.g. `place 7 recruit-2`.")
    state.seats[seat].extra_declined = True
    note(state, events, "keeps the extra disc back this round", seat, kind="place")
