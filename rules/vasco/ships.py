"""Ships: launching a project, placing a ship on a landing (an expedition or a merchant
ship), and the landing bonuses."""

from __future__ import annotations

from rules.contract import Event
from rules.errors import IllegalMoveError
from rules.vasco.board import draw_sailor, note, plural, reales, switch
from rules.vasco.data import MISSIONARY, Landing, load_data
from rules.vasco.moves import Bonus
from rules.vasco.state import Ship, VascoState


def article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def tile_text(tile: str) -> str:
    """'I-13 (7, crew 4)' — how a project is named in messages."""
    data = load_data()
    if tile.startswith("M"):
        return f"merchant ship {data.strength(tile)}"
    t = data.tiles[tile]
    return f"{tile} (strength {t.strength}, crew {t.crew})"


# Launching -------------------------------------------------------------------------------


def check_launch(state: VascoState, seat: int, tile: str, colours: tuple[str, ...]) -> None:
    data = load_data()
    player = state.seats[seat]
    if tile not in player.projects:
        if tile in player.ships:
            raise IllegalMoveError(f"{tile} is already launched.")
        raise IllegalMoveError(f"You have no project {tile} to launch.")
    need = data.tiles[tile].crew
    if len(set(colours)) != len(colours):
        raise IllegalMoveError("Each crew piece of a launch must be a different colour "
                               "(a missionary counts as one colour).")
    if len(colours) != need:
        raise IllegalMoveError(f"{tile} needs crew of {need} different colours; you named "
                               f"{len(colours)}.")
    for colour in colours:
        have = player.missionaries if colour == MISSIONARY else player.sailors.get(colour, 0)
        if have <= 0:
            raise IllegalMoveError(f"You have no {colour} crew piece.")


def launch(state: VascoState, seat: int, tile: str, colours: tuple[str, ...],
           events: list[Event], why: str = "") -> None:
    check_launch(state, seat, tile, colours)
    player = state.seats[seat]
    for colour in colours:
        if colour == MISSIONARY:
            player.missionaries -= 1
            state.missionaries += 1
        else:
            player.sailors[colour] -= 1
            state.bag[colour] = state.bag.get(colour, 0) + 1
    player.projects.remove(tile)
    player.ships.append(tile)
    note(state, events, f"launched {tile_text(tile)} with {', '.join(colours)}{why}",
         seat, kind="launch", tile=tile)


# The navigation board --------------------------------------------------------------------


def slot_allows(landing: Landing, slot: int, strength: int, merchant: bool,
                arrows: bool = True) -> bool:
    """May a ship of this strength go to this (1-based) slot, ignoring whether it is free?
    ``arrows=False``: white arrows do not apply (ships moving up, under that reading)."""
    data = load_data()
    if strength < landing.slots[slot - 1]:
        return False
    if slot in landing.arrows and arrows:
        return not merchant and strength >= data.arrow_min
    return True


def free_slots(state: VascoState, landing: str, strength: int, merchant: bool) -> list[int]:
    info = load_data().landing_of[landing]
    return [i + 1 for i, ship in enumerate(state.landings[landing])
            if ship is None and slot_allows(info, i + 1, strength, merchant)]


def check_slot(state: VascoState, landing: str, slot: int, strength: int,
               merchant: bool) -> Landing:
    data = load_data()
    info = data.landing_of.get(landing)
    if info is None:
        raise IllegalMoveError(f"There is no landing {landing!r}.")
    if not 1 <= slot <= len(info.slots):
        raise IllegalMoveError(f"{info.name} has slots 1 to {len(info.slots)}.")
    if state.landings[landing][slot - 1] is not None:
        raise IllegalMoveError(f"{info.name} slot {slot} is taken.")
    need = info.slots[slot - 1]
    if strength < need:
        raise IllegalMoveError(f"{info.name} slot {slot} needs strength {need}; this ship "
                               f"has {strength}.")
    if slot in info.arrows and (merchant or strength < data.arrow_min):
        what = "a merchant ship" if merchant else f"a ship of strength {strength}"
        raise IllegalMoveError(f"{info.name} slot {slot} has a white arrow: only a player's "
                               f"ship of strength {data.arrow_min} or more may go there, not "
                               f"{what}.")
    return info


# Landing bonuses -------------------------------------------------------------------------


def bonus_options(state: VascoState, landing: str) -> list[Bonus]:
    """The choices a landing's bonus offers right now (empty: nothing to choose)."""
    kind = load_data().landing_of[landing].bonus
    if kind == "project":
        return [Bonus(kind="project", index=i + 1) for i, t in enumerate(state.display)
                if t is not None]
    if kind == "sailor":
        out = []
        for s, section in enumerate(state.sections[: state.players]):
            for colour in load_data().sailor_colours:
                if colour in section:
                    out.append(Bonus(kind="sailor", index=s + 1, colour=colour))
        if sum(state.bag.values()) > 0:
            out.append(Bonus(kind="bag"))
        return out
    return []


def bonus_for(state: VascoState, ships_before: int) -> bool:
    """Whether an expedition's ship takes its landing's bonus when ``ships_before`` ships
    of the same expedition went first: the first ship always, a further one only while
    ``bonus_per_ship`` is on (the `bonus-once` variant pays once per expedition)."""
    return ships_before == 0 or switch(state, "bonus_per_ship")


def bonus_paid(state: VascoState, sent_before: bool = False) -> bool:
    """Whether a ship sent now takes its landing's bonus (``bonus_for``: the expedition
    under way, if any, has sent a ship already). ``sent_before``: a ship sent earlier in
    the same move."""
    return bonus_for(state, int(state.expedition is not None or sent_before))


def check_bonus(state: VascoState, landing: str, bonus: Bonus | None, paid: bool) -> None:
    """``paid``: whether this ship earns the bonus (only the first ship of an action when
    the bonus is paid once per action)."""
    info = load_data().landing_of[landing]
    options = bonus_options(state, landing) if paid else []
    if bonus is None:
        if options:
            raise IllegalMoveError(_bonus_hint(info, options))
        return
    if not options:
        why = ("it is paid once per expedition" if not paid
               else "there is nothing to take" if info.bonus in ("project", "sailor")
               else "that landing's bonus needs no choice")
        raise IllegalMoveError(f"No bonus to choose at {info.name}: {why}.")
    if bonus not in options:
        raise IllegalMoveError(f"You cannot {bonus} at {info.name}. "
                               + _bonus_hint(info, options))


def _bonus_hint(info: Landing, options: list[Bonus]) -> str:
    shown = ", ".join(f"`{o}`" for o in options[:8])
    what = "a display project" if info.bonus == "project" else "a sailor"
    return f"{info.name}'s bonus is {what} of your choice: add one of {shown}."


NOTHING_LEFT = {"project": "no project is in the display",
                "sailor": "no sailor is left in the sections or the bag",
                "captain": "no captain of theirs is left in the captain supply"}


def pay_bonus(state: VascoState, seat: int, landing: str, bonus: Bonus | None,
              events: list[Event]) -> None:
    data = load_data()
    info = data.landing_of[landing]
    player = state.seats[seat]
    if info.bonus == "project" and bonus is not None:
        tile = state.display[bonus.index - 1]
        assert tile is not None
        state.display[bonus.index - 1] = None
        player.projects.append(tile)
        note(state, events, f"took project {tile_text(tile)} free ({info.name} bonus)", seat)
    elif info.bonus == "sailor" and bonus is not None:
        if bonus.kind == "bag":
            colour = draw_sailor(state)
            if colour is not None:
                player.sailors[colour] += 1
                note(state, events, f"drew {article(colour)} {colour} sailor from the bag "
                                    f"({info.name} bonus)", seat, reveals=True)
        else:
            state.sections[bonus.index - 1].remove(bonus.colour)
            player.sailors[bonus.colour] += 1
            note(state, events, f"took {article(bonus.colour)} {bonus.colour} sailor from "
                                f"section {bonus.index} ({info.name} bonus)", seat)
    elif info.bonus == "captain" and state.captain_supply[seat] > 0:
        state.captain_supply[seat] -= 1
        player.captains += 1
        note(state, events, f"took a captain from the supply ({info.name} bonus)", seat)
    elif info.bonus == "coins" and info.bonus_coins:
        player.coins += info.bonus_coins
        note(state, events, f"took {reales(info.bonus_coins)} ({info.name} bonus)", seat)
    elif info.bonus in NOTHING_LEFT:
        note(state, events, f"gets nothing from the {info.name} bonus: "
                            f"{NOTHING_LEFT[info.bonus]}", seat)


# Placing ships ---------------------------------------------------------------------------


def send_ship(state: VascoState, seat: int, tile: str, landing: str, slot: int,
              bonus: Bonus | None, paid: bool, events: list[Event]) -> None:
    """An expedition's ship: needs a launched ship and a captain; slot VP and bonus."""
    data = load_data()
    player = state.seats[seat]
    if tile not in player.ships:
        if tile in player.projects:
            raise IllegalMoveError(f"{tile} is not launched yet: `/launch` it first.")
        raise IllegalMoveError(f"You have no launched ship {tile}.")
    if player.captains <= 0:
        raise IllegalMoveError("A ship needs one of your captains to sail, and you have none "
                               "in your supply (hire one with a Recruit action).")
    info = check_slot(state, landing, slot, data.strength(tile), merchant=False)
    check_bonus(state, landing, bonus, paid)
    vp = info.slots[slot - 1]
    player.ships.remove(tile)
    player.captains -= 1
    player.vp += vp
    state.landings[landing][slot - 1] = Ship(tile=tile, owner=seat, strength=data.strength(tile))
    note(state, events, f"sent {tile_text(tile)} to {info.name} slot {slot}: +{vp} VP", seat,
         kind="send", landing=landing, slot=slot)
    if paid:
        pay_bonus(state, seat, landing, bonus, events)


def place_merchant(state: VascoState, seat: int, landing: str, slot: int,
                   bonus: Bonus | None, events: list[Event]) -> None:
    """The face-up merchant ship from the Sernigi space: no crew, no captain, no VP, but the
    landing bonus for the player who places it."""
    tile = state.merchants[0]
    info = check_slot(state, landing, slot, load_data().strength(tile), merchant=True)
    check_bonus(state, landing, bonus, True)
    state.merchants.pop(0)
    state.merchant_up = False
    state.landings[landing][slot - 1] = Ship(tile=tile, owner=None,
                                             strength=load_data().strength(tile))
    note(state, events, f"placed {tile_text(tile)} in {info.name} slot {slot} (no VP)", seat,
         kind="merchant", landing=landing, slot=slot)
    pay_bonus(state, seat, landing, bonus, events)


def merchant_slots(state: VascoState) -> list[tuple[str, int]]:
    """Where the face-up merchant ship may go now."""
    if not state.merchants:
        return []
    strength = load_data().strength(state.merchants[0])
    return [(x.key, s) for x in load_data().landings
            for s in free_slots(state, x.key, strength, merchant=True)]


def discard_merchant(state: VascoState, events: list[Event]) -> None:
    tile = state.merchants.pop(0)
    state.merchant_up = False
    state.removed.append(tile)
    note(state, events, f"The {tile_text(tile)} finds no free slot it may take and leaves "
                        "the game")


def ships_text(tiles: list[str]) -> str:
    return plural(len(tiles), "ship")
