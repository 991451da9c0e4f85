"""Small helpers every part of the rules shares: the record of what happened, the bag,
action slots, costs and player supplies."""

from __future__ import annotations

import random

from rules.contract import Event
from rules.vasco.data import MISSIONARY, load_data
from rules.vasco.state import Disc, LogLine, Player, VascoState

LOG_KEEP = 40     # lines of the picture's log kept in the state


def switch(state: VascoState, name: str) -> bool:
    """A reading of the rules (data/vasco/game.toml [switches]); a table's variant may set
    it otherwise (its options, kept in the state)."""
    value = state.options.get(name)
    return bool(value) if value is not None else bool(getattr(load_data().switches, name))


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def reales(n: int) -> str:
    return plural(n, "Real", "Reales")


class Unread(list[Event]):
    """The events of a move nobody will read (the computers' simulated moves): none is
    built. The state changes as it does for a move that is read."""

    def append(self, item: Event) -> None:
        pass


def note(state: VascoState, events: list[Event], text: str, seat: int | None = None,
         kind: str = "info", reveals: bool = False, **data: object) -> None:
    """Record an event for the chat and a line for the picture's log."""
    if type(events) is not Unread:
        events.append(Event(kind=kind, text=text, seat=seat, reveals=reveals,
                            data=dict(data)))
    state.seq += 1
    state.log.append(LogLine(seq=state.seq, round=state.round, seat=seat, text=text))
    if len(state.log) > LOG_KEEP:
        del state.log[: len(state.log) - LOG_KEEP]


# The bag ---------------------------------------------------------------------------------


def draw_sailor(state: VascoState) -> str | None:
    """One sailor drawn blind from the bag (None when it is empty). The draw is decided by
    the hidden ``bag_seed`` and the count of draws so far, so a replay draws the same."""
    total = sum(state.bag.values())
    if total <= 0:
        return None
    rng = random.Random(f"{state.bag_seed}:{state.draws}")
    state.draws += 1
    pick = rng.randrange(total)
    for colour in load_data().sailor_colours:
        if pick < state.bag.get(colour, 0):
            state.bag[colour] -= 1
            return colour
        pick -= state.bag.get(colour, 0)
    raise AssertionError("bag count out of step")


# Action slots and numbers ----------------------------------------------------------------


def slot_name(area: str, slot: int) -> str:
    return f"{area}-{slot}"


def disc_at(state: VascoState, number: int) -> tuple[str, int, Disc] | None:
    """(area, 1-based slot, disc) of the disc carrying ``number``."""
    for area, slots in state.slots.items():
        for i, disc in enumerate(slots):
            if disc is not None and disc.number == number:
                return area, i + 1, disc
    return None


def empty_open_slots(state: VascoState) -> list[tuple[str, int]]:
    data = load_data()
    out = []
    for area in data.areas:
        for slot in data.open_slots(area.key, state.players):
            if state.slots[area.key][slot - 1] is None:
                out.append((area.key, slot))
    return out


def action_cost(state: VascoState, number: int) -> int:
    """What acting with ``number`` costs: the gap below the free-action marker."""
    return max(0, state.free - number)


def clamp_free(value: int) -> int:
    numbers = load_data().numbers
    return max(numbers.free_min, min(numbers.free_max, value))


# Player supplies --------------------------------------------------------------------------


def crew_available(player: Player) -> list[str]:
    """The crew colours the player has at least one piece of (missionary last)."""
    colours = [c for c in load_data().sailor_colours if player.sailors.get(c, 0) > 0]
    if player.missionaries > 0:
        colours.append(MISSIONARY)
    return colours


def sailor_count(player: Player) -> int:
    return sum(player.sailors.values())


def holds(state: VascoState, seat: int) -> list[str]:
    return [c for c in load_data().characters.order if state.holders.get(c) == seat]


def char_name(key: str) -> str:
    return load_data().characters.names[key]


def landing_slot(landing: str, slot: int) -> str:
    return f"{landing}-{slot}"
