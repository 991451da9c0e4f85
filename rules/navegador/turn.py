"""The flow of a turn (spec §8.2): [Navegador card sail] -> rondel -> action -> checks.

``apply_step`` mutates a state that the caller has already copied; every check comes
before the first change or raises on a copy that is then thrown away.
"""

from __future__ import annotations

from collections import Counter

from rules.contract import Event
from rules.errors import IllegalMoveError, NotYourTurnError
from rules.navegador import actions
from rules.navegador.actions import plural
from rules.navegador.data import ROMAN, load_data
from rules.navegador.ending import trigger_end
from rules.navegador.moves import (
    Build,
    CardSail,
    Colony,
    Done,
    King,
    Leg,
    Market,
    Privilege,
    Rondel,
    Skip,
    Step,
    Units,
    multiset,
)
from rules.navegador.options import switch
from rules.navegador.sailing import check_end, sail_leg, start_sail
from rules.navegador.scoring import free_slots
from rules.navegador.sea import region_name
from rules.navegador.state import LastTurn, NavegadorCard, NavegadorState

# Who may act ------------------------------------------------------------------------


def card_usable(state: NavegadorState, seat: int) -> bool:
    """The holder may sail before a turn, never in the first round, once per holding."""
    if state.step != "start" or seat != state.card.holder or state.card_used_this_turn:
        return False
    if not all(state.first_turn_done):
        return False
    return switch(state, "navegador_card_anytime") or seat == state.current


def to_act(state: NavegadorState) -> list[int]:
    if state.step == "start":
        seats = [state.current]
        holder = state.card.holder
        if holder != state.current and card_usable(state, holder):
            seats.append(holder)
        return seats
    if state.step in ("sail", "card_sail"):
        assert state.sail is not None
        return [state.sail.sailor]
    if state.step == "action":
        return [state.current]
    if state.step == "king":
        return [s for s, sheet in enumerate(state.sheets) if not sheet.king_done]
    return []


def current_action(state: NavegadorState) -> str | None:
    stone = state.sheets[state.current].stone
    if state.step not in ("action", "sail") or stone is None:
        return None
    return load_data().rondel[stone].action


# Rondel -----------------------------------------------------------------------------


def rondel_distance(stone: int | None, space: int) -> int:
    """Spaces moved clockwise; staying put is a full lap. 0 for the free first move."""
    if stone is None:
        return 0
    lap = len(load_data().rondel)
    return (space - stone) % lap or lap


def rondel_cost(stone: int | None, space: int) -> int:
    rules = load_data().rondel_rules
    return max(0, rondel_distance(stone, space) - rules.free_steps) * rules.ships_per_extra_step


def do_rondel(state: NavegadorState, seat: int, move: Rondel) -> list[Event]:
    data = load_data()
    sheet = state.sheets[seat]
    if not 0 <= move.space < len(data.rondel):
        raise IllegalMoveError("There is no such rondel space.")
    steps = rondel_distance(sheet.stone, move.space)
    cost = rondel_cost(sheet.stone, move.space)
    key = data.rondel[move.space].key
    pay = list(move.pay)
    lap = len(data.rondel)
    moving = (f"Repeating {key} (a full lap of {lap} spaces)"
              if steps == lap else f"Moving {plural(steps, 'space')} to {key}")
    if sheet.ships_on_board < cost:
        raise IllegalMoveError(
            f"{moving} costs {plural(cost, 'ship')}; you have "
            f"{plural(sheet.ships_on_board, 'ship')} on the board. 1–3 spaces are free."
        )
    if cost and not pay:
        # Never take ships silently: the player confirms which ones with `pay`.
        where = ", ".join(f"{r} {n}" for r, n in sorted(sheet.ships.items()) if n)
        pieces = [r for r in sorted(sheet.ships) for _ in range(sheet.ships[r])]
        example = multiset(tuple(pieces[:cost]), ", ")
        raise IllegalMoveError(
            f"{moving} costs {plural(cost, 'ship')} from the board "
            f"(1–3 spaces are free). Add `pay` and the regions, e.g. `{key} ... pay {example}`. "
            f"Your ships: {where}."
        )
    if pay and not cost:
        if sheet.stone is None:
            raise IllegalMoveError("Your first move on the rondel is free: leave out `pay`.")
        raise IllegalMoveError(f"{moving} is free (1–3 spaces cost no ship): leave out `pay`.")
    if len(pay) != cost:
        raise IllegalMoveError(
            f"{moving} costs exactly {plural(cost, 'ship')}; you offered {len(pay)}."
        )
    for region, n in Counter(pay).items():
        if sheet.ships.get(region, 0) < n:
            raise IllegalMoveError(
                f"You have {plural(sheet.ships.get(region, 0), 'ship')} in {region_name(region)} "
                f"to pay with, not {n}."
            )
    for region in pay:
        sheet.ships[region] -= 1
        if not sheet.ships[region]:
            del sheet.ships[region]
        sheet.supply += 1
    sheet.stone = move.space
    action = data.rondel[move.space].action
    text = f"moved to {action.capitalize()}"
    if cost:
        text += f" ({steps} spaces, paid {plural(cost, 'ship')}: {', '.join(pay)})"
    events = [Event(kind="rondel", seat=seat, text=text,
                    data={"space": move.space, "steps": steps, "paid": list(pay)})]
    events += _card_deadline(state, seat, steps)
    state.last.action = action
    if action == "sail":
        state.sail = start_sail(state, seat, card=False)
        state.step = "sail"
    else:
        state.step = "action"
    return events


def _card_deadline(state: NavegadorState, seat: int, steps: int) -> list[Event]:
    card = state.card
    if card.holder != seat:
        return []
    if card.mark is None:
        # [A] the initial holder's orange ship goes where their first move lands
        card.mark = state.sheets[seat].stone
        return []
    card.steps += steps
    if card.steps >= load_data().navegador_card.lap:
        return pass_card(state, used=False)
    return []


def pass_card(state: NavegadorState, used: bool) -> list[Event]:
    old = state.card.holder
    new = (old - 1) % state.players
    state.card = NavegadorCard(holder=new, mark=state.sheets[new].stone)
    why = "after its use" if used else "unused: the holder's stone went a full lap"
    return [Event(kind="card", seat=old, text=f"passed the Navegador card to the right ({why})",
                  data={"to": new, "used": used})]


# Phases -----------------------------------------------------------------------------


def apply_pending_phase(state: NavegadorState) -> list[Event]:
    data = load_data()
    target = state.pending_phase
    state.pending_phase = None
    if not target or target <= state.phase:
        return []
    events = []
    for phase in range(state.phase + 1, target + 1):
        level = data.phases.gallery_level[state.players][phase - 1]
        for key in state.gallery:
            add = max(0, min(level - state.gallery[key], state.privilege_supply[key]))
            state.gallery[key] += add
            state.privilege_supply[key] -= add
        state.phase = phase
        rng = data.phases.sail_range[phase - 1]
        price = data.phases.extra_unit_price[phase - 1]
        counts = sorted(set(state.gallery.values()))
        gallery = (f"the gallery is topped up to {level} of each privilege"
                   if counts == [level] else
                   "the gallery is topped up as far as the supply allows ("
                   + ", ".join(f"{k} {n}" for k, n in state.gallery.items()) + ")")
        events.append(Event(kind="phase", text=(
            f"Phase {ROMAN[phase]} begins: ships sail up to {rng} borders, extra workers and "
            f"ships cost {price} Cr, {gallery}.")))
    return events


# The turn ---------------------------------------------------------------------------


def _note_turn(state: NavegadorState, seat: int) -> None:
    if state.last.turn != state.turn or state.last.seat != seat:
        if state.last.seat is not None:      # keep one round of turn records, no more
            keep = state.players - 1
            state.recent = (state.recent + [state.last])[-keep:] if keep else []
        state.last = LastTurn(seat=seat, turn=state.turn)


def end_turn(state: NavegadorState) -> list[Event]:
    events = apply_pending_phase(state)
    state.first_turn_done[state.current] = True
    state.sail = None
    if state.final_turns_left is not None:
        state.final_turns_left -= 1
        if state.final_turns_left <= 0:
            return events + begin_final_scoring(state)
    state.current = (state.current + 1) % state.players
    state.turn += 1
    state.step = "start"
    state.card_used_this_turn = False
    return events


def begin_final_scoring(state: NavegadorState) -> list[Event]:
    state.step = "king"
    events = [Event(kind="final", text="The last turn is over. Place your King's privilege "
                                       "(`king <column>`), then the game is scored.")]
    for seat, sheet in enumerate(state.sheets):
        if not any(free_slots(sheet, c.key) > 0 for c in load_data().privileges):
            sheet.king_done = True
            events.append(Event(kind="king", seat=seat,
                                text="has no free privilege slot: the King's privilege is lost"))
    if all(sheet.king_done for sheet in state.sheets):
        state.step = "over"
    return events


def apply_step(state: NavegadorState, seat: int, step: Step) -> list[Event]:
    """Apply one decision to ``state`` (a private copy) for ``seat``."""
    if state.step == "over":
        raise NotYourTurnError("The game is over; no more moves can be made.")
    if seat not in to_act(state):
        raise NotYourTurnError(not_now(state, seat))
    if isinstance(step, King):
        return _king(state, seat, step)
    if state.step == "king":
        raise IllegalMoveError(
            "The game is over: place your King's privilege with `king <column>`."
        )
    if isinstance(step, CardSail):
        if not card_usable(state, seat):
            raise IllegalMoveError(_card_refusal(state, seat))
        _note_turn(state, seat)
        state.card_used_this_turn = True
        state.sail = start_sail(state, seat, card=True)
        state.step = "card_sail"
        return [Event(kind="card", seat=seat, text="uses the Navegador card for an extra Sail")]
    if isinstance(step, Rondel):
        if state.step != "start" or seat != state.current:
            raise IllegalMoveError(_expected(state))
        _note_turn(state, seat)
        return do_rondel(state, seat, step)
    if isinstance(step, Leg):
        if state.step not in ("sail", "card_sail"):
            raise IllegalMoveError(_expected(state))
        card = state.step == "card_sail"
        events = sail_leg(state, seat, step)
        (state.last.card_legs if card else state.last.legs).append(str(step))
        state.last.explored += [e.data["region"] for e in events if e.kind == "explore"]
        return events
    if isinstance(step, (Done, Skip)) and state.step in ("sail", "card_sail"):
        assert state.sail is not None
        check_end(state, state.sail)
    if isinstance(step, (Done, Skip)) and state.step == "card_sail":
        return _end_card_sail(state, seat)
    if isinstance(step, (Done, Skip)) and state.step in ("sail", "action"):
        events = [] if state.step == "sail" else [
            Event(kind="skip", seat=seat, text="carried out no action")]
        return events + end_turn(state)
    if state.step != "action":
        raise IllegalMoveError(_expected(state))
    action = current_action(state)
    handlers = {
        Units: actions.do_units, Colony: actions.do_colony, Build: actions.do_build,
        Market: actions.do_market, Privilege: actions.do_privilege,
    }
    wanted = _action_of(step)
    if wanted != action:
        raise IllegalMoveError(
            f"Your stone is on {str(action).capitalize()}: give that order, or `skip` it."
        )
    events = handlers[type(step)](state, seat, step)  # type: ignore[operator]
    state.last.detail = events[0].text if events else ""
    if isinstance(step, Build) and actions.building_end_reached(state):
        emptied = [k for k in step.rows if actions.pieces_left(state, k) <= 0]
        if not switch(state, "end_any_row_empty"):
            what = "every building row is sold out"      # the all-rows reading
        else:
            what = f"the {emptied[0]} row is empty" if emptied else "a building row is empty"
        events += trigger_end(state, seat, what)
    return events + end_turn(state)


def _action_of(step: Step) -> str | None:
    if isinstance(step, Units):
        return step.what
    return {Colony: "colony", Build: "build", Market: "market",
            Privilege: "privilege"}.get(type(step))


def _end_card_sail(state: NavegadorState, seat: int) -> list[Event]:
    state.sail = None
    state.step = "start"
    events = pass_card(state, used=True)
    # [S, CN] a phase reached by the card sail applies at once to the turn that follows
    return events + apply_pending_phase(state)


def _king(state: NavegadorState, seat: int, step: King) -> list[Event]:
    data = load_data()
    if state.step != "king":
        raise IllegalMoveError("The King's privilege is placed only after the last turn.")
    sheet = state.sheets[seat]
    keys = [c.key for c in data.privileges]
    if step.column not in keys:
        raise IllegalMoveError(f"Columns are {', '.join(keys)}.")
    if free_slots(sheet, step.column) < 1:
        raise IllegalMoveError(f"Your {step.column} column has no free slot.")
    sheet.king = step.column
    sheet.king_done = True
    if all(s.king_done for s in state.sheets):
        state.step = "over"
    return [Event(kind="king", seat=seat, text=f"placed the King's privilege on {step.column}")]


def _expected(state: NavegadorState) -> str:
    if state.step == "start":
        return "Choose your rondel action first, e.g. `workers 2` or `sail POR>GUI x2`."
    if state.step in ("sail", "card_sail"):
        return "You are sailing: give routes like `POR>GUI x2`, then `done`."
    action = current_action(state)
    return f"Your stone is on {str(action).capitalize()}: give that order, or `skip` it."


def seat_list(seats: list[int]) -> str:
    """[1, 2] -> 'seat 2 and seat 3' (the bot replaces 'seat N' with names)."""
    names = [f"seat {s + 1}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def waiting_for(state: NavegadorState) -> str:
    """Who the table waits for, and for what."""
    seats = to_act(state)
    if not seats:
        return "The game is over."
    if state.step == "king":
        return f"Waiting for the King's privileges of {seat_list(seats)}."
    if state.step in ("sail", "card_sail"):
        return f"Waiting for {seat_list(seats)} to finish sailing."
    return f"Waiting for {seat_list(seats)}."


def not_now(state: NavegadorState, seat: int) -> str:
    """Why ``seat`` may not act now, saying what is actually going on."""
    seats = to_act(state)
    if not 0 <= seat < state.players:
        return f"There is no seat {seat + 1} at this table ({state.players} seats)."
    if not seats:
        return "The game is over; no more moves can be made."
    if state.step == "king":
        sheet = state.sheets[seat]
        done = ("You have placed your King's privilege" if sheet.king
                else "You have no free privilege slot, so your King's privilege is lost")
        return f"{done}; waiting for {seat_list(seats)}."
    if state.step in ("sail", "card_sail") and state.sail is not None:
        return f"It is not your turn: seat {state.sail.sailor + 1} is sailing."
    return f"It is not your turn: waiting for {seat_list(seats)}."


def _card_refusal(state: NavegadorState, seat: int) -> str:
    if seat != state.card.holder:
        return f"The Navegador card is with seat {state.card.holder + 1}, not you."
    if not all(state.first_turn_done):
        return "The Navegador card cannot be used in the first round."
    if state.card_used_this_turn:
        return "The Navegador card was already used this turn."
    if state.step != "start":
        return "The Navegador card is used before you move your rondel stone."
    return "The Navegador card is used at the start of your own turn."
