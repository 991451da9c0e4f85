"""The flow of play: the secret setup choices (seed ⑯ ⑰), a turn's phases A-B-C with free
actions around the main action, the effects each step sets off, the end of a turn and of
a round (spec §2; seed 4).

``apply_step`` checks one decision (raising a RulesError, changing nothing) and then
carries it out on the state it is given — ``game.apply`` hands it a fresh copy.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.contract import Event, Move
from rules.errors import IllegalMoveError, NotYourTurnError
from rules.maracaibo import actions, careers, combat, decisions, effects, sailing, scoring
from rules.maracaibo.actions import fail, settle_figures
from rules.maracaibo.cards import short
from rules.maracaibo.data import load_data
from rules.maracaibo.effects import hand_limit
from rules.maracaibo.moves import (
    AnnexFree,
    Assist,
    Buy,
    ChooseCareer,
    City,
    Claim,
    Deliver,
    Disc,
    Done,
    Draw,
    Explore,
    FightAnnex,
    FightDone,
    FightFigures,
    FightInfluence,
    FightNation,
    FightPile,
    Invest,
    Keep,
    Nation,
    Pass,
    Pay,
    Plan,
    QuestMove,
    Sail,
    Skip,
    Synergy,
    Village,
)
from rules.maracaibo.state import MaracaiboState, TurnRecord

Handler = tuple[Callable[[MaracaiboState, int, Any], None],
                Callable[[MaracaiboState, int, Any, list[Event]], None]]


def to_act(state: MaracaiboState) -> list[int]:
    if state.step == "over":
        return []
    if state.decision is not None:
        return [state.decision.seat]
    if state.step == "setup":
        return [s for s, p in enumerate(state.seats) if not p.setup_done()]
    if state.step == "scoring":
        assert state.scoring is not None
        return [state.scoring.order[state.scoring.index]]
    return [state.current]


# Setup: keep 4, plan 1, discard 3; keep 1 of 2 careers (secret until all have chosen) ---


def in_setup(state: MaracaiboState, seat: int) -> None:
    if state.step != "setup":
        fail("The setup choices are over.")


def check_keep(state: MaracaiboState, seat: int, move: Keep) -> None:
    in_setup(state, seat)
    rules = load_data().rules
    p = state.seats[seat]
    if p.kept:
        fail("You have already chosen the cards you keep.")
    if len(move.cards) != rules.keep or len(set(move.cards)) != rules.keep:
        fail(f"Keep exactly {rules.keep} different cards of the {rules.deal_a} dealt to you.")
    missing = [c for c in move.cards if c not in p.dealt]
    if missing:
        fail(f"{missing[0]} is not among the cards dealt to you (still to choose from: "
             f"{', '.join(p.dealt)}).")
    if p.plan_pick == "" and len(p.dealt) - rules.keep < rules.plan_at_setup:
        fail("Leave a card to plan.")


def do_keep(state: MaracaiboState, seat: int, move: Keep, events: list[Event]) -> None:
    p = state.seats[seat]
    p.kept = sorted(move.cards)
    for c in move.cards:
        p.dealt.remove(c)
    events.append(Event(kind="setup", seat=seat, private=True,
                        text="keeps " + ", ".join(short(c) for c in p.kept)))
    setup_progress(state, seat, events)


def check_plan(state: MaracaiboState, seat: int, move: Plan) -> None:
    p = state.seats[seat]
    if state.step == "setup":
        if p.plan_pick:
            fail("You have already planned a card.")
        if move.card not in p.dealt:
            fail(f"{move.card} is not among the cards dealt to you still to choose from.")
        return
    careers.free_action_open(state, seat)
    if move.card not in p.hand:
        fail(f"{move.card} is not in your hand.")
    if len(p.planned) >= load_data().rules.planning_slots:
        fail("Your 3 planning spaces are full.")


def do_plan(state: MaracaiboState, seat: int, move: Plan, events: list[Event]) -> None:
    p = state.seats[seat]
    if state.step == "setup":
        p.plan_pick = move.card
        p.dealt.remove(move.card)
        events.append(Event(kind="setup", seat=seat, private=True,
                            text=f"plans {short(move.card)}"))
        setup_progress(state, seat, events)
        return
    p.hand.remove(move.card)
    p.planned.append(move.card)
    events.append(Event(kind="plan", seat=seat, text=f"plans {short(move.card)}",
                        reveals=True, data={"own_cards": True}))


def check_career(state: MaracaiboState, seat: int, move: ChooseCareer) -> None:
    in_setup(state, seat)
    p = state.seats[seat]
    if p.career:
        fail("You have already chosen your career.")
    if move.career not in p.careers_dealt:
        fail(f"Your careers to choose from are {' and '.join(p.careers_dealt)}.")


def do_career(state: MaracaiboState, seat: int, move: ChooseCareer,
              events: list[Event]) -> None:
    p = state.seats[seat]
    p.career = move.career
    name = load_data().career[move.career].name
    events.append(Event(kind="setup", seat=seat, private=True,
                        text=f"chooses the career {move.career} {name}"))
    setup_progress(state, seat, events)


def setup_progress(state: MaracaiboState, seat: int, events: list[Event]) -> None:
    p = state.seats[seat]
    if p.setup_done():
        events.append(Event(kind="setup", seat=seat, text="has made their setup choices"))
    if all(q.setup_done() for q in state.seats):
        finish_setup(state, events)


def finish_setup(state: MaracaiboState, events: list[Event]) -> None:
    """Everyone has chosen: planned cards turn face up, the rest of the dealt cards go to
    the discard pile, each takes 3 more figures (⑰), and the start player sails."""
    rules = load_data().rules
    shown = []
    for seat, p in enumerate(state.seats):
        p.planned = [p.plan_pick]
        p.hand = p.kept
        state.discard += p.dealt
        shown.append(f"seat {seat + 1} plans {short(p.plan_pick)}")
        p.dealt, p.kept, p.plan_pick = [], [], ""
        returned = [c for c in p.careers_dealt if c != p.career]
        state.careers_box += returned
        state.careers_box.sort()
        p.career_returned = returned[0] if returned else ""
        p.careers_dealt = [p.career]
        n = min(rules.figures_after_career, p.stock)
        p.stock -= n
        p.supply += n
    events.append(Event(kind="setup", reveals=True,
                        text="everyone has chosen: " + "; ".join(shown)))
    state.current = state.start_player
    scoring.begin_turn(state)


# Phase B's end and phase C ------------------------------------------------------------


def check_done(state: MaracaiboState, seat: int, move: Done) -> None:
    if state.step == "sail":
        fail("Sail first: every turn moves the ship at least one location.")
    actions.main_open(state, seat)


def do_done(state: MaracaiboState, seat: int, move: Done, events: list[Event]) -> None:
    p = state.seats[seat]
    if state.t.main != "assistant":
        settle_figures(state, seat, p.ship, events, "another main action")
    state.step = "draw"
    if not state.t.main:
        events.append(Event(kind="main", seat=seat, text="takes no main action"))
    maybe_end_turn(state, events)


def draw_needed(state: MaracaiboState) -> int:
    p = state.seats[state.current]
    if not (state.deck or state.discard or state.display):
        return 0
    return max(0, hand_limit(p) - len(p.hand))


def check_draw(state: MaracaiboState, seat: int, move: Draw) -> None:
    if state.step != "draw" or seat != state.current:
        fail("Cards are drawn in phase C, at the end of your turn (`done` ends phase B).")
    if state.decision is not None:  # pragma: no cover - phase C sets off no effects
        fail("First answer what the last effect asks.")
    if move.source == "deck":
        if not (state.deck or state.discard):
            fail("The deck and the discard pile are empty: take a display card.")
    elif move.source not in state.display:
        fail(f"{move.source} is not in the display ({', '.join(state.display) or 'empty'}).")


def reshuffle(state: MaracaiboState, events: list[Event]) -> None:
    rng = random.Random(f"maracaibo:{state.seed}:deck:{state.shuffles}")
    state.shuffles += 1
    state.deck = list(state.discard)
    state.discard = []
    rng.shuffle(state.deck)
    events.append(Event(kind="reshuffle", reveals=True,
                        text="the discard pile is shuffled into a new deck"))


def draw_card(state: MaracaiboState, events: list[Event]) -> str | None:
    if not state.deck and state.discard:
        reshuffle(state, events)
    return state.deck.pop() if state.deck else None


def do_draw(state: MaracaiboState, seat: int, move: Draw, events: list[Event]) -> None:
    p = state.seats[seat]
    if move.source == "deck":
        card = draw_card(state, events)
        assert card is not None
        p.hand.append(card)
        events.append(Event(kind="draw", seat=seat, text="draws a card from the deck",
                            reveals=True))
        events.append(Event(kind="draw", seat=seat, private=True, text=f"draws {short(card)}"))
    else:
        state.display.remove(move.source)
        p.hand.append(move.source)
        events.append(Event(kind="draw", seat=seat,
                            text=f"takes {short(move.source)} from the display"))
        new = draw_card(state, events)
        if new is not None:
            state.display.append(new)
            events.append(Event(kind="display", reveals=True,
                                text=f"{short(new)} is turned face up in the display"))
    maybe_end_turn(state, events)


def maybe_end_turn(state: MaracaiboState, events: list[Event]) -> None:
    if draw_needed(state) > 0:
        return
    data = load_data()
    p = state.seats[state.current]
    ends = data.loc[p.ship].ends
    if ends == "interim" and state.round < data.rules.rounds:
        scoring.round_end(state, "interim", events)
    elif ends == "final":
        scoring.round_end(state, "final", events)
    else:
        state.current = (state.current + 1) % state.players
        scoring.begin_turn(state)


# The scorings' step ① -------------------------------------------------------------------


def in_scoring(state: MaracaiboState, seat: int) -> None:
    if state.step != "scoring" or state.scoring is None or state.scoring.acted:
        # `/buy` typed on a turn: say where buying happens, not only what `/buy` is
        fail("`/buy` is a choice of the scoring's step ①, and no scoring is under way. On "
             "your turn, buy a card or invest at a village (`/village buy A03a`, "
             "`/village invest P2`), or where a city or card offers a purchase.")
    if state.decision is not None:
        fail("First answer what the last effect asks (see the prompt).")


def check_score_buy(state: MaracaiboState, seat: int, move: Buy) -> None:
    in_scoring(state, seat)
    problem = actions.buy_problem(state, seat, move.card)
    if problem:
        fail(problem)


def check_score_invest(state: MaracaiboState, seat: int, move: Invest) -> None:
    in_scoring(state, seat)
    problem = actions.invest_problem(state, seat, move.building)
    if problem:
        fail(problem)


def check_pass(state: MaracaiboState, seat: int, move: Pass) -> None:
    in_scoring(state, seat)


def do_score(state: MaracaiboState, seat: int, move: Any, events: list[Event]) -> None:
    assert state.scoring is not None
    state.scoring.acted = True
    if isinstance(move, Buy):
        actions.do_buy(state, seat, move.card, 0, events)
    elif isinstance(move, Invest):
        actions.do_invest(state, seat, move.building, events)
    else:
        vp = load_data().rules.interim_pass_vp
        state.seats[seat].vp += vp
        events.append(Event(kind="pass", seat=seat,
                            text=f"neither buys nor invests: +{vp} VP"))


# Dispatch -------------------------------------------------------------------------------


HANDLERS: dict[type, Handler] = {
    Keep: (check_keep, do_keep),
    Plan: (check_plan, do_plan),
    ChooseCareer: (check_career, do_career),
    Claim: (careers.check_claim, careers.do_claim),
    Sail: (sailing.check_sail, sailing.do_sail),
    Village: (actions.check_village, actions.do_village),
    Deliver: (actions.check_deliver, actions.do_deliver),
    City: (actions.check_city, actions.do_city),
    Assist: (actions.check_assist, actions.do_assist),
    FightPile: (combat.check_pile, combat.do_pile),
    FightNation: (combat.check_nation, combat.do_nation),
    FightInfluence: (combat.check_influence, combat.do_influence),
    FightAnnex: (combat.check_annex, combat.do_annex),
    FightFigures: (combat.check_figures, combat.do_figures),
    FightDone: (combat.check_done, combat.do_done),
    Done: (check_done, do_done),
    Draw: (check_draw, do_draw),
    Pass: (check_pass, do_score),
    Invest: (check_score_invest, do_score),
}
DECIDED = (Nation, Disc, Synergy, Skip, Pay, AnnexFree, Explore, QuestMove)


def handler(state: MaracaiboState, move: Move) -> Handler:
    if isinstance(move, Buy):
        if state.decision is not None:
            return decisions.check, decisions.do
        return check_score_buy, do_score
    if isinstance(move, DECIDED):
        return decisions.check, decisions.do
    found = HANDLERS.get(type(move))
    if found is None:
        raise IllegalMoveError(f"{move} is not a single Maracaibo decision.")
    return found


def check_step(state: MaracaiboState, seat: int, move: Move) -> None:
    """Raise a RulesError if ``seat`` may not make ``move`` now; change nothing."""
    if state.step == "over":
        raise NotYourTurnError("The game is over; no more moves can be made.")
    if seat not in to_act(state):
        waiting = ", ".join(f"seat {s + 1}" for s in to_act(state))
        if just_ended(state, seat):
            # the rest of a whole turn typed at once, after the turn ended on its own
            # (a full hand draws nothing; the last card drawn ends the turn)
            if isinstance(move, Draw):
                raise NotYourTurnError(
                    f"Your hand is at its limit ({hand_limit(state.seats[seat])}), so your "
                    f"turn has ended: there is nothing more to draw. Waiting for {waiting}.")
            raise NotYourTurnError(f"Your turn has ended; waiting for {waiting}.")
        raise NotYourTurnError(f"It is not your turn: waiting for {waiting}.")
    d = state.decision
    if d is not None and d.seat == seat and not isinstance(move, (*DECIDED, Buy)):
        fail(f"First {decisions.ask_text(d, state)}.")
    check, _ = handler(state, move)
    check(state, seat, move)


def just_ended(state: MaracaiboState, seat: int) -> bool:
    """Has ``seat``'s turn just ended, with the next player's not yet begun?"""
    r = state.records
    return (state.step in ("sail", "main", "draw") and len(r) >= 2
            and r[-1].seat == state.current != seat and r[-2].seat == seat
            and not r[-1].notes)


def apply_step(state: MaracaiboState, seat: int, move: Move, events: list[Event]) -> None:
    """Check, then carry out ``move`` on ``state`` (mutated), with every effect it sets off."""
    check_step(state, seat, move)
    _, do = handler(state, move)
    secret = state.step == "setup"          # setup choices never reach the log of turns
    # the turn the move belongs to, found before it is made: a scoring step's last answer
    # begins the next round, whose first turn may be this seat's own
    record = next((r for r in reversed(state.records) if r.seat == seat), None)
    do(state, seat, move, events)
    settle(state, events)
    if not secret and record is not None:
        note(state, record, move)


def settle(state: MaracaiboState, events: list[Event]) -> None:
    """Resolve queued effects; once nothing is pending, move the flow on."""
    while True:
        effects.run(state, events)
        if state.decision is not None or state.queue:
            return
        if state.step == "scoring" and state.scoring is not None and state.scoring.acted:
            scoring.advance(state, events)
            continue
        if state.step == "main" and state.t.main == "village" and state.t.village_left == 0:
            state.t.main_done = True
        return


def note(state: MaracaiboState, record: TurnRecord, move: Move) -> None:
    """Remember the turn's moves for the picture's log (public words only)."""
    if isinstance(move, Sail):
        record.path = [state.t.start, *state.t.path]
    text = "draw" if isinstance(move, Draw) and move.source == "deck" else str(move)
    record.notes.append(text)
    del record.notes[:-40]
