"""The flow of a round: who acts, what they may do, and what follows each decision.

    phase 1  draft ×5 ─┐ (a drafting turn: everyone takes one contract, in turn order)
    phase 2  choose → sail (each in turn order: sail, then deliver) ×5
             → ask 5-I → extra 5-I → ask 5-II → extra 5-II   (only if anyone still can)
    phase 3  scoring → the next round's drafting, or the end after round 3
"""

from __future__ import annotations

from rules.contract import Event
from rules.errors import IllegalMoveError, NotYourTurnError
from rules.neptun import draft, extra, sailing, scoring
from rules.neptun.data import load_data
from rules.neptun.moves import Deliver, Done, Extra, Flip, Oar, Sail, Step, Take
from rules.neptun.options import switch
from rules.neptun.state import NeptunState, OarCard

LOG_LINES = 10


def to_act(state: NeptunState) -> list[int]:
    phase = state.phase
    if phase == "over":
        return []
    if phase == "choose":
        return [s for s in state.order if state.seats[s].choice is None]
    if phase in ("ask", "extra"):
        return [state.queue[state.actor]]
    return [state.order[state.actor]]


def card_moves(hand: list[OarCard]) -> list[Oar]:
    """One move per different card (two identical cards are one choice)."""
    seen: set[OarCard] = set()
    out = []
    for i, card in enumerate(hand):
        if card not in seen:
            seen.add(card)
            out.append(Oar(index=i + 1))
    return out


def legal_steps(state: NeptunState, seat: int) -> list[Step]:
    if seat not in to_act(state):
        return []
    phase = state.phase
    if phase == "draft":
        return list(draft.legal(state, seat))
    if phase == "choose" or (phase == "extra" and state.stage == "card"):
        return list(card_moves(state.seats[seat].hand))
    if phase == "ask":
        return [Extra(yes=True), Extra(yes=False)]
    if state.stage == "sail":
        return list(sailing.voyages(state, seat))
    return [*sailing.deliveries(state, seat), Done()]


# Applying one decision -----------------------------------------------------------------


def apply_step(state: NeptunState, seat: int, step: Step) -> list[Event]:
    """Apply one decision to ``state`` in place (the caller works on a copy)."""
    if seat not in to_act(state):
        if state.phase == "over":
            raise NotYourTurnError("The game is over; no more moves can be made.")
        from rules.neptun.chat import idle_reason

        raise NotYourTurnError(idle_reason(state, seat))
    phase = state.phase
    if phase == "draft":
        return _draft(state, seat, step)
    if phase == "choose":
        if not isinstance(step, Oar):
            raise IllegalMoveError(wrong(state))
        return sailing.choose(state, seat, step)
    if phase == "ask":
        if not isinstance(step, Extra):
            raise IllegalMoveError(wrong(state))
        events, everyone = extra.answer(state, seat, step)
        if everyone:
            events += extra.begin(state) if state.said_yes else _after_extra(state)
        return events
    return _sailing(state, seat, step)


def _draft(state: NeptunState, seat: int, step: Step) -> list[Event]:
    if isinstance(step, Flip):
        return draft.flip(state, seat)
    if not isinstance(step, Take):
        raise IllegalMoveError(wrong(state))
    events = draft.take(state, seat, step)
    state.actor += 1
    if state.actor < state.players:
        return events
    events += draft.end_of_turn(state)
    if state.draft_turn > load_data().draft_turns:
        return events + _start_turn(state)
    draft.refill(state)
    return events


def _start_turn(state: NeptunState) -> list[Event]:
    """A normal sailing turn begins: everyone chooses an oar card in secret."""
    state.phase = "choose"
    state.sail_turn += 1
    state.actor = 0
    state.stage = "sail"
    return [Event(kind="turn", text=f"Sailing turn {state.sail_turn}: everyone chooses an oar "
                                    "card in secret.")]


def _sailing(state: NeptunState, seat: int, step: Step) -> list[Event]:
    stage = state.stage
    if stage == "card":
        if not isinstance(step, Oar):
            raise IllegalMoveError(wrong(state))
        return extra.play_card(state, seat, step)
    if stage == "sail":
        if not isinstance(step, Sail):
            raise IllegalMoveError(wrong(state))
        events, over = sailing.sail(state, seat, step)
    elif isinstance(step, Deliver):
        events, over = sailing.deliver(state, seat, step)
    elif isinstance(step, Done):
        events, over = sailing.done(state, seat, step)
    else:
        raise IllegalMoveError(wrong(state))
    if over:
        events += _next_sailor(state)
    return events


def _next_sailor(state: NeptunState) -> list[Event]:
    state.actor += 1
    state.delivered = 0
    if state.phase == "extra":
        state.stage = "card"
        if state.actor < len(state.queue):
            return []
        return _after_extra(state)
    state.stage = "sail"
    if state.actor < state.players:
        return []
    return _end_of_sailing_turn(state)


def _end_of_sailing_turn(state: NeptunState) -> list[Event]:
    data = load_data()
    forecast = state.forecast if state.forecast is not None else 0
    if state.sail_turn < data.sail_turns:
        state.wind = sailing.wind_after(forecast)
        state.forecast = None
        return [Event(kind="wind", text=f"The wind moves to {state.wind}."),
                *_start_turn(state)]
    events: list[Event] = []
    mode = switch(state, "turn5")
    if mode == "apply_before_extra":
        state.wind = sailing.wind_after(forecast)
        events.append(Event(kind="wind", text=f"The wind moves to {state.wind}."))
    if mode != "apply_after_extra":
        state.forecast = None
    if any(extra.has_open(state, s) for s in range(state.players)):
        events += _ask_next(state, 1)
    else:
        events += _end_of_phase2(state)
    return events


def _ask_next(state: NeptunState, which: int) -> list[Event]:
    """Ask for extra turn ``which``; skip it (and go on) when nobody can take it."""
    if which > load_data().extra_turns or not any(
            extra.has_open(state, s) for s in range(state.players)):
        return _end_of_phase2(state)
    events = extra.ask(state, which)
    if state.queue:
        return events
    return _ask_next(state, which + 1)


def _after_extra(state: NeptunState) -> list[Event]:
    return _ask_next(state, state.extra + 1)


def _end_of_phase2(state: NeptunState) -> list[Event]:
    """Open contracts fail; the round is scored; the next round starts (or the game ends)."""
    data = load_data()
    events: list[Event] = []
    for seat, player in enumerate(state.seats):
        failed = []
        for i, slot in enumerate(player.chart):
            if slot is not None and slot.status == "open":
                slot.status = "failed"
                failed.append(str(i + 1))
        if failed:
            events.append(Event(kind="failed", seat=seat, text=(
                f"could not fulfil slot{'s' if len(failed) > 1 else ''} {', '.join(failed)}: "
                "turned down")))
    if state.forecast is not None:       # turn 5's forecast, applied after the extra turns
        state.wind = sailing.wind_after(state.forecast)
        state.forecast = None
        events.append(Event(kind="wind", text=f"The wind moves to {state.wind}."))
    state.phase = "sail"
    state.queue = []
    state.said_yes = []
    events += scoring.score_round(state)
    if state.round >= data.rounds:
        state.phase = "over"
        state.extra = 0
        return events + [Event(kind="end", text="The game is over after round "
                                                f"{state.round}.")]
    events += scoring.end_round(state)
    state.phase = "draft"
    state.actor = 0
    state.stage = "sail"
    draft.refill(state)
    return events


def wrong(state: NeptunState) -> str:
    """Why a decision of the wrong kind was refused: what to do instead."""
    from rules.neptun.chat import prompt

    return f"Not now: {prompt(state)}."


def remember(state: NeptunState, events: list[Event]) -> None:
    """Keep the last public events for the picture's log."""
    for e in events:
        if e.private:
            continue
        state.log.append(f"seat {e.seat + 1} {e.text}" if e.seat is not None else e.text)
    del state.log[:-LOG_LINES]
