"""Who decides now, and one decision applied: the dispatcher between the phases.

One seat has the regular decision at any moment (``actor``): the Sernigi holder placing a
merchant ship, the player placing a disc, the owner of the called number. Besides, any
player may launch a ship at any moment (the rules allow it "regardless of whose turn it
is"), so ``to_act`` also lists every seat with a project it could launch now.
"""

from __future__ import annotations

from rules.contract import Event
from rules.errors import IllegalMoveError, NotYourTurnError
from rules.vasco import actions, flow, placement
from rules.vasco.board import action_cost, disc_at, note, reales
from rules.vasco.data import load_data
from rules.vasco.moves import (
    Buy,
    Character,
    Coins,
    Done,
    Hire,
    Launch,
    Merchant,
    Pass,
    Place,
    Send,
    Step,
)
from rules.vasco.ships import bonus_paid, launch, place_merchant, send_ship, tile_text
from rules.vasco.state import VascoState

AREA_ACTION = {"recruit": "recruit", "project": "buy projects", "character": "a character",
               "navigation": "an expedition"}


def actor(state: VascoState) -> int | None:
    if state.phase == "setup" or state.phase == "navigate":
        return state.holders.get("sernigi")
    if state.phase == "place":
        return state.placer
    if state.phase == "act":
        found = disc_at(state, state.called)
        return found[2].seat if found else None
    return None


def can_launch(state: VascoState, seat: int) -> bool:
    """Has the seat a project it could launch right now?"""
    player = state.seats[seat]
    if not player.projects:
        return False
    colours = sum(1 for n in player.sailors.values() if n > 0) + (player.missionaries > 0)
    tiles = load_data().tiles
    return any(tiles[t].crew <= colours for t in player.projects)


def to_act(state: VascoState) -> list[int]:
    main = actor(state)
    if main is None:
        return []
    return [main] + [s for s in range(state.players) if s != main and can_launch(state, s)]


def called_area(state: VascoState) -> str:
    found = disc_at(state, state.called)
    assert found is not None
    return found[0]


def apply_step(state: VascoState, seat: int, step: Step,
               events: list[Event] | None = None) -> list[Event]:
    """Apply one decision to ``state`` (a copy the caller owns); its events go to
    ``events`` (a new list by default) and are returned."""
    events = [] if events is None else events
    if state.phase == "over":
        raise NotYourTurnError("The game is over; no more moves can be made.")
    if isinstance(step, Launch):
        launch(state, seat, step.tile, step.colours, events)
        return events
    main = actor(state)
    if seat != main:
        who = f"seat {main + 1}" if main is not None else "nobody"
        extra = " You may launch a ship at any time with `/launch`." if can_launch(
            state, seat) else ""
        raise NotYourTurnError(f"It is not your turn: waiting for {who}.{extra}")
    if state.phase in ("setup", "navigate"):
        _merchant_phase(state, seat, step, events)
    elif state.phase == "place":
        _placement(state, seat, step, events)
    else:
        _execution(state, seat, step, events)
    return events


def _merchant_phase(state: VascoState, seat: int, step: Step, events: list[Event]) -> None:
    if not isinstance(step, Merchant):
        when = "before round 1" if state.phase == "setup" else "at the start of phase 3"
        example = actions.merchant_example(state) or "natal-1"
        raise IllegalMoveError(f"As Girolamo Sernigi's holder you place the merchant ship "
                               f"{when} first, e.g. `merchant {example}`.")
    place_merchant(state, seat, step.landing, step.slot, step.bonus, events)
    if state.phase == "setup":
        if not state.display:            # setup_merchant_at_once: the projects come last
            flow.deal_projects(state, events)
        if state.merchants:
            state.merchant_up = True
            note(state, events, "The next merchant ship is turned face up: "
                                f"{tile_text(state.merchants[0])}", kind="merchant",
                 reveals=True)
        flow.begin_round(state, events)
    else:
        flow.finish_navigation(state, events)


def _placement(state: VascoState, seat: int, step: Step, events: list[Event]) -> None:
    if isinstance(step, Place):
        placement.place(state, seat, step, events)
    elif isinstance(step, Pass):
        placement.decline(state, seat, events)
    else:
        raise IllegalMoveError("Phase 1: place a disc with a sequence number on an empty "
                               "action slot, e.g. `place 7 recruit-2`.")
    flow.next_placer(state, events)


def _execution(state: VascoState, seat: int, step: Step, events: list[Event]) -> None:
    area = called_area(state)
    number = state.called
    if state.expedition is not None:
        if isinstance(step, Send):
            if step.landing != state.expedition:
                name = load_data().landing_of[state.expedition].name
                raise IllegalMoveError(f"This expedition goes to {name}: every ship of one "
                                       "expedition goes to the same landing.")
            _send(state, seat, step, events, first=False)
        elif isinstance(step, Done):
            flow.finish_call(state, events)
        else:
            raise IllegalMoveError("Your expedition is under way: send another ship to the "
                                   "same landing, or `done`.")
        return
    if isinstance(step, Pass):
        gain = load_data().pass_coins(number)
        state.seats[seat].coins += gain
        note(state, events, f"passed with {number} and took {reales(gain)}", seat, kind="pass")
        flow.finish_call(state, events)
        return
    wanted = _area_of(step)
    if wanted is None:
        raise IllegalMoveError(f"Number {number} is called: carry out {AREA_ACTION[area]} "
                               "or `pass`.")
    if wanted != area:
        raise IllegalMoveError(f"Your number {number} is on the {area} area, so it does "
                               f"{AREA_ACTION[area]}, not {AREA_ACTION[wanted]}; or `pass`.")
    if isinstance(step, Hire):
        actions.hire(state, seat, step, events)
    elif isinstance(step, Buy):
        actions.buy(state, seat, step, events)
    elif isinstance(step, Coins):
        actions.take_coins(state, seat, step, events)
    elif isinstance(step, Character):
        actions.character(state, seat, step, events)
        flow.finish_call(state, events, block=step.who)
        return
    elif isinstance(step, Send):
        _send(state, seat, step, events, first=True)
        return
    flow.finish_call(state, events)


def _area_of(step: Step) -> str | None:
    if isinstance(step, Hire):
        return "recruit"
    if isinstance(step, Buy):
        return "project"
    if isinstance(step, (Coins, Character)):
        return "character"
    if isinstance(step, Send):
        return "navigation"
    return None


def _send(state: VascoState, seat: int, step: Send, events: list[Event], first: bool) -> None:
    player = state.seats[seat]
    paid = bonus_paid(state)        # before the first ship opens the expedition
    if first:
        cost = action_cost(state, state.called)
        if cost > player.coins:
            raise IllegalMoveError(f"Acting with {state.called} costs {reales(cost)} (the "
                                   f"free-action marker is on {state.free}); you have "
                                   f"{reales(player.coins)}. You can `pass` instead.")
        player.coins -= cost
        state.expedition = step.landing
        if cost:
            note(state, events, f"paid {reales(cost)} to act with {state.called}", seat)
    send_ship(state, seat, step.ship, step.landing, step.slot, step.bonus, paid, events)
