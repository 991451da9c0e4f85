"""The round, as the rulebook runs it: phase 1 placement, phase 2 calling the numbers,
phase 3 navigation, the upkeep after rounds 1-4 and the end of the game.

After every decision ``turn.py`` calls one of these to run whatever happens by itself
until someone must decide again.
"""

from __future__ import annotations

from rules.contract import Event
from rules.vasco.board import (
    char_name,
    clamp_free,
    disc_at,
    draw_sailor,
    note,
    reales,
    switch,
)
from rules.vasco.data import load_data
from rules.vasco.navigation import advance, income, landing_vp
from rules.vasco.scoring import end_scores
from rules.vasco.ships import discard_merchant, merchant_slots, tile_text
from rules.vasco.state import VascoState

# Phase 1 ------------------------------------------------------------------------------


def begin_round(state: VascoState, events: list[Event]) -> None:
    """Phase 1 begins: the face-up VdG tile becomes current, sets the free-action marker
    and puts coins on the character coin spaces; the start player places first."""
    data = load_data()
    tile = data.vdg_tiles[state.vdg_next] if state.vdg_next else None
    state.vdg_current = state.vdg_next
    state.vdg_next = None
    if tile is not None:
        state.free = tile.initial
        state.coin_spaces = list(tile.coins)
    state.phase = "place"
    state.placer = state.start
    coins = " and ".join(str(c) for c in state.coin_spaces)
    note(state, events, f"Round {state.round}: Vasco da Gama tile {state.vdg_current} puts the "
                        f"free-action marker on {state.free} and {coins} Reales on the "
                        "character coin spaces", kind="round")
    if not can_place(state, state.placer):
        next_placer(state, events)


def can_place(state: VascoState, seat: int) -> bool:
    player = state.seats[seat]
    extra = (player.extra == "hand" and not player.extra_declined
             and state.holders.get("manuel") == seat)
    return player.discs > 0 or extra


def next_placer(state: VascoState, events: list[Event]) -> None:
    """The next player clockwise with a disc to place; phase 2 once all are out."""
    for step in range(1, state.players + 1):
        seat = (state.placer + step) % state.players
        if can_place(state, seat):
            state.placer = seat
            return
    start_execution(state, events)


# Phase 2 ------------------------------------------------------------------------------


def start_execution(state: VascoState, events: list[Event]) -> None:
    """Turn the next VdG tile face up and move the free-action marker by its variation."""
    data = load_data()
    state.phase = "act"
    state.called = 0
    if state.vdg_stack:
        state.vdg_next = state.vdg_stack.pop(0)
        tile = data.vdg_tiles[state.vdg_next]
        before = state.free
        state.free = clamp_free(state.free + tile.variation)
        sign = f"{tile.variation:+d}" if tile.variation else "±0"
        moved = (f"moves from {before} to {state.free}" if state.free != before
                 else f"stays on {before}")
        note(state, events, f"Phase 2: the next Vasco da Gama tile {tile.id} shows {sign}: the "
                            f"free-action marker {moved}",
             kind="reveal", reveals=True)
    call_next(state, events)


def call_next(state: VascoState, events: list[Event]) -> None:
    """Call the next number that has a disc; phase 3 after the last."""
    last = load_data().numbers.extra[1]
    for number in range(state.called + 1, last + 1):
        if disc_at(state, number) is not None:
            state.called = number
            return
    state.called = 0
    start_navigation(state, events)


def finish_call(state: VascoState, events: list[Event], block: str | None = None) -> None:
    """The called disc leaves its action slot: home, or onto the character whose ability it
    took (``block``: that character stays blocked until the round ends); a regular number
    goes back to the number zone (21/22 wait for the round's end, so an extra disc is never
    put out twice); the next number is called."""
    found = disc_at(state, state.called)
    assert found is not None
    area, slot, disc = found
    state.slots[area][slot - 1] = None
    if block is not None:
        state.blocked[block] = disc.seat
    if state.called <= load_data().numbers.regular[1]:
        state.numbers = sorted([*state.numbers, state.called])
    state.expedition = None
    call_next(state, events)


# Phase 3 ------------------------------------------------------------------------------


def start_navigation(state: VascoState, events: list[Event]) -> None:
    """The Sernigi holder places the face-up merchant ship if none sailed in phase 2."""
    state.phase = "navigate"
    if state.merchant_up and state.merchants:
        if merchant_slots(state) and state.holders.get("sernigi") is not None:
            return          # the holder decides where it goes (turn.py)
        discard_merchant(state, events)
    finish_navigation(state, events)


def finish_navigation(state: VascoState, events: list[Event]) -> None:
    income(state, events)
    landing_vp(state, events)
    advance(state, events)
    if state.round >= load_data().rounds:
        end_game(state, events)
    else:
        upkeep(state, events)
        begin_round(state, events)


# Between rounds -----------------------------------------------------------------------


def deal_projects(state: VascoState, events: list[Event]) -> None:
    """Leftover display and San Gabriel tiles leave the game; 1 new San Gabriel tile and
    6 display tiles are dealt from stack I, then II, then III."""
    data = load_data()
    unsold = [t for t in [*state.display, state.san_gabriel] if t is not None]
    state.removed += unsold
    state.san_gabriel = _draw_project(state)
    state.display = [_draw_project(state) for _ in range(data.projects.display)]
    dealt = [t for t in [state.san_gabriel, *state.display] if t]
    gone = f"Unsold projects leave the game: {', '.join(unsold)}. " if unsold else ""
    if dealt:
        note(state, events, f"{gone}New projects: San Gabriel {state.san_gabriel or 'none'}; "
                            "display " + ", ".join(t or "–" for t in state.display),
             kind="deal", reveals=True)
    elif gone:
        note(state, events, gone.strip(), kind="deal")


def _draw_project(state: VascoState) -> str | None:
    for stack in load_data().projects.stack_order:
        if state.stacks.get(stack):
            return state.stacks[stack].pop(0)
    return None


def refill_sections(state: VascoState, events: list[Event]) -> None:
    data = load_data().recruit
    order = list(range(state.players))
    if not data.refill_right_to_left:
        order.reverse()
    added = [0] * state.players
    for s in order:
        section = state.sections[s]
        for _ in range(min(data.refill_per_section, data.section_size - len(section))):
            colour = draw_sailor(state)
            if colour is None:
                break
            section.append(colour)
            added[s] += 1
    if any(added):
        got = ", ".join(f"section {s + 1} +{n}" for s, n in enumerate(added) if n)
        note(state, events, f"Sailors from the bag: {got}", kind="refill", reveals=True)


def characters_pay_after(state: VascoState, round_: int) -> bool:
    """Whether the end-of-round character effects (Bartolomeu +2 VP, Francisco +1
    missionary) come after round ``round_``: rounds 1-4 always, the last one only with
    ``round5_character_upkeep`` (off in the `no-last-characters` variant)."""
    return round_ < load_data().rounds or switch(state, "round5_character_upkeep")


def character_upkeep(state: VascoState, events: list[Event]) -> None:
    """End of round: Francisco's holder +1 missionary, Bartolomeu's holder +2 VP and the
    start player."""
    data = load_data()
    francisco = state.holders.get("francisco")
    if francisco is not None and state.missionaries > 0:
        n = min(data.characters.francisco_missionaries, state.missionaries)
        state.missionaries -= n
        state.seats[francisco].missionaries += n
        note(state, events, f"takes a missionary ({char_name('francisco')}, end of round)",
             francisco)
    bartolomeu = state.holders.get("bartolomeu")
    if bartolomeu is not None:
        state.seats[bartolomeu].vp += data.characters.bartolomeu_vp
        state.start = bartolomeu
        note(state, events, f"scores {data.characters.bartolomeu_vp} VP "
                            f"({char_name('bartolomeu')}, end of round)", bartolomeu)


def discs_home(state: VascoState) -> None:
    """Every disc goes home; a former Manuel I holder's extra disc goes back to the Manuel
    space, the holder keeps theirs; the numbers go back to their places."""
    data = load_data()
    for area in state.slots:
        state.slots[area] = [None] * len(state.slots[area])
    state.blocked = {}
    state.numbers = data.numbers.regular_range
    state.manuel_numbers = data.numbers.extra_range
    manuel = state.holders.get("manuel")
    for seat, player in enumerate(state.seats):
        player.discs = data.action_discs
        player.extra = "hand" if manuel == seat else "board"
        player.extra_declined = False


def upkeep(state: VascoState, events: list[Event]) -> None:
    deal_projects(state, events)
    if state.merchants:
        state.merchant_up = True
        note(state, events, f"The next merchant ship is turned face up: "
                            f"{tile_text(state.merchants[0])}", kind="merchant", reveals=True)
    if any(state.coin_spaces):
        note(state, events, f"{reales(sum(state.coin_spaces))} left on the coin spaces go back "
                            "to the bank")
    state.coin_spaces = [0] * len(state.coin_spaces)
    state.round += 1
    refill_sections(state, events)
    character_upkeep(state, events)
    discs_home(state)


def end_game(state: VascoState, events: list[Event]) -> None:
    if characters_pay_after(state, state.round):
        character_upkeep(state, events)
    discs_home(state)
    state.phase = "over"
    state.called = 0
    end_scores(state, events)
