"""The seed's procedures and the spec's test cases (rules/neptun.md §10), one test each,
named after the case: given a table, when a player acts, then what a player would check.

P1..P5 are seats 0..4. Cases marked [A] use the ASSUMED numbers of data/neptun/game.toml
(rewards, tiles, the wind mapping) and read them from there where it matters.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from neptun_helpers import (
    GAME,
    acting,
    apply,
    chart,
    choose_all,
    column,
    finish_draft,
    new,
    oar,
    order_to,
    play,
    refused,
    sailing_state,
    set_miles,
)

from rules import RulesError
from rules.neptun import cards, draft, scoring
from rules.neptun.data import load_data
from rules.neptun.moves import Deliver, Done, Extra, Flip, Oar, Sail, Take
from rules.neptun.sea import link_key
from rules.neptun.state import NeptunState, OarCard

DATA = load_data()


# 10.1 Setup ----------------------------------------------------------------------------


def test_TC_S1_initial_state():
    state = new(4, seed=3)
    assert state.wind == 5 and state.forecast is None
    for key, track in state.temples.items():
        assert track.tiles == DATA.tiles(key, 1) and len(track.tiles) == 1
        assert track.pos == [0, 0, 0, 0]
    assert state.gold_tiles == DATA.tiles("gold", 1)
    assert [len(DATA.tiles(t.key, r)) for t in DATA.temples for r in (2, 3)] == [2, 3] * 5
    for player in state.seats:
        assert player.gold == 5 and player.ship == "CRE"
        assert [c.start for c in player.hand] == [True, True] and len(player.hand) == 2
        assert player.chart == [None] * 5
    assert sorted(state.order) == [0, 1, 2, 3]
    assert not any(c.start for c in state.decks.oar)
    # Setup ends where drafting turn 1 begins, with its refill: nothing is face up yet.
    assert all(c is not None and not c.face_up for c in state.display)


def test_TC_S2_distance_markers_are_dealt_by_kind():
    state = new(4, seed=8)
    sea = [state.miles[link] for link in DATA.sea.links]
    deep = [state.miles[link] for link in DATA.deep.links]
    assert Counter(sea) == Counter(DATA.sea.markers)
    assert Counter(deep) == Counter(DATA.deep.markers)
    assert new(4, seed=9).miles != state.miles          # different every game
    view = GAME.view(state)
    assert {(lk.a, lk.b): lk.miles for lk in view.links} == {
        tuple(k.split("-")): v for k, v in state.miles.items()}   # all face up


def test_TC_S3_only_the_oar_hands_are_secret():
    state = sailing_state(4)
    public = GAME.view(state, None)
    assert public.hand is None and public.choice is None
    for sheet, player in zip(public.sheets, state.seats, strict=True):
        assert sheet.gold == player.gold and sheet.ship == player.ship
        assert sheet.hand == len(player.hand)            # how many, not which
        assert [s.contract.card if s else None for s in sheet.chart] == [
            s.city if s else None for s in player.chart]
    assert {t.key: [s for _, stack in t.stacks for s in stack] for t in public.temples}
    own = GAME.view(state, 1)
    assert own.hand == [c.label for c in state.seats[1].hand]
    assert "hand" not in public.model_dump(exclude={"hand"})


# 10.2 Phase 1 ---------------------------------------------------------------------------


def test_TC_D1_refill_to_n_plus_1_face_down_columns_then_leftover_in_column_1():
    state = new(4)
    assert len(state.display) == 5 and all(c and not c.face_up for c in state.display)
    state.display = [column(up=True) for _ in range(5)]
    for seat in (0, 1, 2, 3):
        state = play(state, seat, "take 2 slot 1" if seat == 0 else
                     f"take {seat + 2} slot 1")
    assert state.draft_turn == 2
    first, *rest = state.display
    assert first is not None and first.face_up            # the leftover, slid left
    assert len(rest) == 4 and all(c and not c.face_up for c in rest)


def all_down(players: int = 4) -> NeptunState:
    state = new(players)
    state.display = [column(city=f"{c}-1", card=oar(p)) for c, p in
                     zip(["ATH", "ROM", "CAR", "BYZ", "MAL", "TAR"], [1, 2, 3, 4, 5, 6],
                         strict=False)][: players + 1]
    return state


def test_TC_D2_refuse_then_take_the_next():
    state = all_down()
    state = play(state, 0, "flip")
    state = play(state, 0, "flip")                       # refuses column 1
    assert "only take the one you just turned over" in refused(state, 0, "take 1 slot 1")
    state = play(state, 0, "take 2 slot 1")
    assert state.display[0].face_up and state.display[1] is None
    assert [c.face_up for c in state.display[2:]] == [False, False, False]


def test_TC_D3_forced_take_at_the_right_end():
    state = all_down()
    for _ in range(5):
        state = play(state, 0, "flip")                   # refuses 1-4, turns over 5
    assert GAME.legal_moves(state, 0) == [Take(column=5, slot=s) for s in range(1, 6)]
    assert "you must take it: `take 5`" in refused(state, 0, "flip")


def d4_state() -> NeptunState:
    """Column 1 face up (refused by P1), column 2 taken, columns 3-5 face down; P2 acts."""
    state = all_down()
    state = play(state, 0, "flip")
    state = play(state, 0, "flip")
    state = play(state, 0, "take 2 slot 1")
    assert acting(state) == 1
    return state


def test_TC_D4_take_a_face_up_column():
    state = d4_state()
    assert Take(column=1, slot=1) in GAME.legal_moves(state, 1)
    state = play(state, 1, "take 1 slot 1")
    assert state.display[0] is None and state.seats[1].chart[0].city == "ATH-1"


def test_TC_D5_turning_over_closes_the_old_face_up_columns():
    state = play(d4_state(), 1, "flip")                  # column 3
    assert state.display[2].face_up
    assert "only take the one you just turned over" in refused(state, 1, "take 1 slot 1")
    assert {m.column for m in GAME.legal_moves(state, 1) if isinstance(m, Take)} == {3}
    play(state, 1, "take 3 slot 1")                       # may take it ...
    state = play(state, 1, "flip")                        # ... or turn over column 4
    state = play(state, 1, "flip")                        # column 5: the last one
    assert Flip() not in GAME.legal_moves(state, 1)
    assert {m.column for m in GAME.legal_moves(state, 1) if isinstance(m, Take)} == {5}


def test_TC_D6_all_face_up_must_take_one():
    state = new(4)
    state.display = [column(up=True), None, column(up=True), column(up=True), column(up=True)]
    assert "Every contract is face up" in refused(state, 0, "flip")
    assert all(isinstance(m, Take) for m in GAME.legal_moves(state, 0))
    assert {m.column for m in GAME.legal_moves(state, 0)} == {1, 3, 4, 5}


def test_TC_D7_loading_into_a_free_slot_for_good():
    state = new(4)
    state.display = [column(city=c, goods="oil", card=oar(6, -1), up=True)
                     for c in ("ATH-1", "ROM-1", "CAR-1", "BYZ-1", "MAL-1")]
    chart(state, 0, None, ("TAR-1", "wine", "open"), None, None, None)
    assert "Slot 2 of your chart is taken" in refused(state, 0, "take 1 slot 2")
    state = play(state, 0, "take 1 slot 4")
    slot = state.seats[0].chart[3]
    assert (slot.city, slot.goods, slot.status) == ("ATH-1", "oil", "open")
    assert oar(6, -1) in state.seats[0].hand
    assert oar(6, -1).value not in str(GAME.view(state, None).sheets[0])
    with pytest.raises(RulesError):                      # there is no way to move it
        GAME.play(state, 1, "move slot 4 to 5")


def test_TC_D8_oar_track_order_with_stacked_markers():
    state = new(4)
    state.display = [column(card=oar(p), up=True) for p in (4, 2, 4, 7, 1)]
    state = play(state, 0, "take 1 slot 1")              # P1: 4
    state = play(state, 1, "take 2 slot 1")              # P2: 2
    state = play(state, 2, "take 3 slot 1")              # P3: 4, on top of P1
    assert state.oar_track == {4: [0, 2], 2: [1]}
    state, events = GAME.apply(state, 3, Take(column=4, slot=1))   # P4: 7
    assert "marker to space 7" in events[0].text
    assert state.order == [1, 2, 0, 3]                    # P2, P3, P1, P4
    assert state.oar_track == {}


def test_TC_D9_gold_on_a_face_up_leftover_adds_up_and_goes_to_its_taker():
    state = new(4)
    state.display = [column(city="ATH-1", up=True)] + [column(up=True) for _ in range(4)]
    for seat, col in zip(state.order, (2, 3, 4, 5), strict=True):
        state = play(state, seat, f"take {col} slot 1")
    assert state.display[0].city == "ATH-1" and state.display[0].gold == 1
    for seat in list(state.order):                         # everyone takes a new one
        state = play(state, seat, "flip")
        state = play(state, seat, f"take {state.revealing + 1} slot 2")
    assert state.display[0].city == "ATH-1" and state.display[0].gold == 2   # [A] adds up
    order_to(state, [2, 0, 1, 3])
    gold = state.seats[2].gold
    state = play(state, 2, "take 1 slot 3")
    assert state.seats[2].gold == gold + 2 and state.seats[2].chart[2].city == "ATH-1"


def test_TC_D10_no_gold_on_a_face_down_leftover():
    state = new(4)
    state.display = [column(up=True) for _ in range(4)] + [column(city="ROM-2")]
    for seat, col in zip(list(state.order), (1, 2, 3, 4), strict=True):
        state = play(state, seat, f"take {col} slot 1")
    leftover = state.display[0]
    assert leftover.city == "ROM-2" and not leftover.face_up and leftover.gold == 0


def test_TC_D11_end_of_phase_1():
    state = new(4, seed=4)
    hands = [len(p.hand) for p in state.seats]
    last_order: list[int] = []
    while state.phase == "draft":
        seat = acting(state)
        moves = GAME.legal_moves(state, seat)
        move = next((m for m in moves if isinstance(m, Take)), moves[0])
        state, events = GAME.apply(state, seat, move)
        if any(e.kind == "order" for e in events):
            last_order = list(state.order)
    assert all(all(s is not None for s in p.chart) for p in state.seats)
    assert [len(p.hand) for p in state.seats] == [h + 5 for h in hands]
    assert state.phase == "choose" and state.sail_turn == 1 and state.order == last_order


# 10.3 Phase 2 ---------------------------------------------------------------------------


def with_hands(state: NeptunState, forecasts: list[int]) -> NeptunState:
    """Every seat holds one card of power 4 with the given forecast."""
    for seat, f in zip(state.order, forecasts, strict=True):
        state.seats[seat].hand = [oar(4, f)]
    return state


def stay_all(state: NeptunState) -> NeptunState:
    while state.phase == "sail":
        seat = acting(state)
        state = play(state, seat, "done" if state.stage == "deliver" else "stay")
    return state


@pytest.mark.parametrize(("forecasts", "forecast", "wind"), [
    ([2, 0, -1, 1], 2, 7), ([-2, -2, -2, -1], -4, 1), ([2, 2, 2, 2], 5, 10)])
def test_TC_M1_reveal_forecast_and_wind(forecasts, forecast, wind):
    state = with_hands(finish_draft(new(4)), forecasts)
    for seat in state.order[:-1]:
        state, events = GAME.apply(state, seat, Oar(index=1))
        assert not any(e.reveals for e in events) and state.forecast is None
    state, events = GAME.apply(state, state.order[-1], Oar(index=1))
    reveal = next(e for e in events if e.reveals)
    assert all(oar(4, f).value in reveal.text for f in forecasts)     # all shown together
    assert state.forecast == forecast and state.wind == 5     # sailing with wind 5
    assert [c.forecast for c in state.revealed] == [
        forecasts[state.order.index(s)] for s in range(4)]
    state = stay_all(state)
    assert state.wind == wind and state.forecast is None      # [A] wind = 5 + clamp(S)


def m2_state(gold: int) -> tuple[NeptunState, int]:
    state = sailing_state(4)
    seat = acting(state)
    state.wind = 5
    state.revealed[seat] = oar(3, 0)                       # allowance 8
    state.seats[seat].gold = gold
    chart(state, seat, None, None, None, None, None)
    set_miles(state, CRE_ATH=5, ATH_COR=4, CRE_EPH=8, ATH_EPH=8)
    return state, seat


def test_TC_M2_sailing_and_paying_gold():
    state, seat = m2_state(gold=1)
    assert GAME.parse(state, seat, "sail CRE ATH COR") == Sail(route=("CRE", "ATH", "COR"),
                                                              pay=1)
    after = play(state, seat, "sail CRE ATH COR")
    assert after.seats[seat].ship == "COR" and after.seats[seat].gold == 0
    broke, seat = m2_state(gold=0)
    assert "you would pay 1 gold and you have 0" in refused(broke, seat, "sail CRE ATH COR")
    near = play(broke, seat, "sail CRE>ATH")              # 5 of 8 miles: the rest is lost
    assert near.seats[seat].ship == "ATH" and near.seats[seat].gold == 0
    assert str(GAME.parse(state, seat, "sail COR")) == "sail CRE>ATH>COR pay 1"


def test_TC_M3_staying_put_still_plays_a_card_and_may_fulfil():
    state = sailing_state(4)
    seat = acting(state)
    state.seats[seat].ship = "ATH"
    chart(state, seat, ("ATH-2", "wine", "open"), None, None, None, None)
    assert len(state.seats[seat].played) == 1            # this turn's card, face down
    state = play(state, seat, "stay")
    assert state.stage == "deliver" and acting(state) == seat
    state = play(state, seat, "deliver 1")
    assert state.seats[seat].chart[0].status == "done"


def test_TC_M4_no_fulfilling_on_the_way():
    state, seat = m2_state(gold=1)
    chart(state, seat, ("ATH-1", "oil", "open"), None, None, None, None)
    state = play(state, seat, "sail CRE ATH COR")
    assert state.seats[seat].ship == "COR"
    assert seat not in GAME.to_act(state) or "goes to Athenae" in refused(state, seat,
                                                                          "deliver 1")
    assert state.seats[seat].chart[0].status == "open"


def at_athenae(gold: int, *slots) -> tuple[NeptunState, int]:
    state = sailing_state(4)
    seat = acting(state)
    state.seats[seat].ship = "ATH"
    state.seats[seat].gold = gold
    chart(state, seat, *slots)
    state = play(state, seat, "stay")
    return state, seat


def test_TC_F1_gold_reward():
    assert DATA.reward("ATH-1", "oil").label == "G4"                     # [A]
    state, seat = at_athenae(2, ("ATH-1", "oil", "open"), None, None, None, None)
    state = play(state, seat, "deliver 1")
    assert state.seats[seat].gold == 6
    assert state.seats[seat].chart[0].status == "done"
    assert state.discards.city[-1] == "ATH-1" and state.discards.goods[-1] == "oil"


def test_TC_F2_temple_reward_lands_on_top_of_the_stack():
    assert DATA.reward("ATH-1", "wine").label == "T3"                    # [A]
    state, seat = at_athenae(0, ("ATH-1", "wine", "open"), None, None, None, None)
    other = (seat + 1) % 4
    track = state.temples["graecia"]
    track.pos[other] = 3
    track.order.remove(other)
    track.order.append(other)
    state = play(state, seat, "deliver 1")
    track = state.temples["graecia"]
    assert track.pos[seat] == 3
    at3 = [s for s in track.order if track.pos[s] == 3]
    assert at3 == [other, seat]                          # bottom -> top: P2, P1


def test_TC_F3_one_donation_per_contract():
    state, seat = at_athenae(5, ("ATH-1", "wine", "open"), None, None, None, None)
    assert "One donation per contract" in refused(state, seat, "deliver 1 +temple +temple")
    after = play(state, seat, "deliver 1 +temple")
    assert after.temples["graecia"].pos[seat] == 4 and after.seats[seat].gold == 2
    assert after.temples["graecia"].order[-1] == seat
    again = after.model_copy(deep=True)                  # the same contract once more
    again.phase, again.stage, again.actor = "sail", "deliver", again.order.index(seat)
    assert "fulfilled already" in refused(again, seat, "deliver 1 +temple")


def test_TC_F4_left_side_penalty():
    slots = [("ATH-1", "oil", "open"), ("ROM-1", "oil", "done"), ("BYZ-1", "oil", "open"),
             ("ATH-2", "oil", "open"), ("CAR-1", "oil", "open")]
    state, seat = at_athenae(0, *slots)
    state = play(state, seat, "deliver 4")
    assert [s.status for s in state.seats[seat].chart] == ["failed", "done", "failed",
                                                          "done", "open"]
    later = state.model_copy(deep=True)
    later.phase, later.stage, later.actor, later.delivered = "sail", "deliver", \
        later.order.index(seat), 0
    assert "can no longer be fulfilled" in refused(later, seat, "deliver 1")
    later.seats[seat].ship = "BYZ"
    assert "can no longer be fulfilled" in refused(later, seat, "deliver 3")


def test_TC_F5_fulfilling_the_rightmost_first():
    slots = [("ROM-1", "oil", "open"), ("BYZ-1", "oil", "open"), ("CAR-1", "oil", "open"),
             ("TAR-1", "oil", "open"), ("ATH-1", "oil", "open")]
    state, seat = at_athenae(0, *slots)
    state = play(state, seat, "deliver 5")
    assert [s.status for s in state.seats[seat].chart] == ["failed"] * 4 + ["done"]


def test_TC_F6_one_contract_per_stop():
    assert DATA.fulfil.max_per_turn == 1                                # [A]
    state, seat = at_athenae(0, ("ATH-1", "oil", "open"), ("ATH-2", "grain", "open"),
                             None, None, None)
    state = play(state, seat, "deliver 1")
    assert seat not in GAME.to_act(state)                 # the turn is over
    assert state.seats[seat].chart[1].status == "open"


def test_TC_M5_five_turns_one_card_each_order_fixed():
    state = finish_draft(new(4, seed=6))
    order = list(state.order)
    played_turns = 0
    rng = random.Random(1)
    policy = GAME.policy()
    while state.phase in ("choose", "sail"):
        turn = state.sail_turn
        if state.phase == "choose" and not any(p.choice for p in state.seats):
            assert [len(p.played) for p in state.seats] == [turn - 1] * 4
            played_turns += 1
        seat = GAME.to_act(state)[0]
        state = apply(state, seat, policy.choose(GAME, state, seat, rng))
        assert state.order == order or state.round == 2
    assert played_turns == 5


# 10.4 Extra turns -----------------------------------------------------------------------


def turn5(players: int = 4, seed: int = 1) -> NeptunState:
    """Sailing turn 5, cards revealed; every chart done except as the test sets it."""
    state = sailing_state(players, seed)
    state.sail_turn = 5
    for seat in range(players):
        chart(state, seat, *[("ROM-1", "oil", "done")] * 5)
    return state


def test_TC_X1_no_extra_turn_without_open_contracts():
    state = stay_all(turn5())
    assert state.phase == "draft" and state.round == 2
    assert state.extra == 0


def test_TC_X2_extra_turns_in_turn_order_with_the_turn_5_wind():
    state = turn5()
    state.wind = 6
    state.forecast = 3
    p1, p2 = state.order[0], state.order[1]
    for seat in (p1, p2):
        chart(state, seat, ("ANT-1", "oil", "open"), *[("ROM-1", "oil", "done")] * 4)
    state = stay_all(state)
    assert state.phase == "ask" and state.extra == 1 and state.queue == [p1, p2]
    assert state.forecast is None and state.wind == 6    # [A] A5: the wind stays
    assert acting(state) == p1
    state = play(state, p1, "extra no")
    state = play(state, p2, "extra yes")
    assert state.phase == "extra" and acting(state) == p2
    hand = state.seats[p2].hand
    start = next(i for i, c in enumerate(hand) if c.start) + 1
    state, events = GAME.apply(state, p2, Oar(index=start))        # a starting card
    assert any(e.reveals for e in events)                            # played openly
    assert state.forecast is None
    assert "wind 6" in events[0].text
    state = play(state, p2, "stay")
    assert state.phase == "ask" and state.extra == 2 and acting(state) == p1
    state = play(state, p1, "extra no")
    state = play(state, p2, "extra no")
    assert state.wind == 6 and state.round == 2


def test_TC_X3_no_card_no_extra_turn():
    state = turn5()
    p3 = state.order[2]
    chart(state, p3, ("ANT-1", "oil", "open"), *[("ROM-1", "oil", "done")] * 4)
    p1 = state.order[0]
    chart(state, p1, ("ANT-1", "oil", "open"), *[("ROM-1", "oil", "done")] * 4)
    state.seats[p3].hand = []
    state = stay_all(state)
    assert state.queue == [p1]
    assert "not your turn" in refused(state, p3, "extra yes")


def test_TC_X4_open_contracts_fail_after_the_extra_turns():
    state = turn5()
    p2 = state.order[1]
    chart(state, p2, ("ANT-1", "oil", "open"), ("ALE-1", "oil", "open"),
          *[("ROM-1", "oil", "done")] * 3)
    state = stay_all(state)
    state = play(state, p2, "extra no")
    state, events = GAME.apply(state, p2, Extra(yes=False))
    failed = next(e for e in events if e.kind == "failed")
    assert failed.seat == p2 and "slots 1, 2" in failed.text
    assert Counter(state.decks.city)["ANT-1"] == 1           # back in the deck for round 2


def test_TC_X5_two_extra_turns_in_the_whole_game():
    state = new(4, seed=12)
    rng = random.Random(5)
    policy = GAME.policy()
    p1 = 0
    took = 0
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        if state.phase == "ask":
            if seat == p1:
                assert state.round == 1, "P1 is asked again after spending both cards"
                state = play(state, seat, "extra yes")
                took += 1
            else:
                state = play(state, seat, "extra no")
            continue
        if seat == p1 and (state.phase == "extra" or (
                state.phase == "sail" and state.sail_turn == 5 and state.round == 1)):
            # P1 keeps its contract open for the extra turns
            text = {"card": "oar #1", "sail": "stay", "deliver": "done"}[state.stage]
            state = play(state, seat, text)
            continue
        if state.phase == "choose" and state.sail_turn == 5 and state.round == 1:
            chart_open = [("ANT-1", "oil", "open")] + [("ROM-1", "oil", "done")] * 4
            chart(state, p1, *chart_open)                  # P1 will want extra turns
        if state.phase == "sail" and state.sail_turn == 5 and state.round > 1 \
                and state.actor == 0:
            assert all(not c.start for c in state.seats[p1].hand + state.seats[p1].played)
        before = state.round
        state = apply(state, seat, policy.choose(GAME, state, seat, rng))
        if state.round != before and state.phase == "draft":    # a new round begins
            assert state.seats[p1].hand == []
    assert took == 2 and state.seats[p1].extra_turns == 2


# 10.5 Scoring ---------------------------------------------------------------------------


def scoring_state(round_no: int = 1, players: int = 4) -> NeptunState:
    state = new(players)
    state.round = round_no
    for key, track in state.temples.items():
        track.tiles = DATA.tiles(key, round_no)
    state.gold_tiles = DATA.tiles("gold", round_no)
    for p in state.seats:
        p.gold = 0
    return state


def place(state: NeptunState, temple: str, *positions: tuple[int, int]) -> None:
    """(seat, space) in the order the tokens arrived: later ones lie on top."""
    track = state.temples[temple]
    for seat, space in positions:
        track.pos[seat] = space
        track.order.remove(seat)
        track.order.append(seat)


def tiles_of(state: NeptunState, temple: str) -> dict[int, int]:
    return {s: t.value for s, p in enumerate(state.seats) for t in p.tiles
            if t.temple == temple}


def test_TC_C1_bonus_for_all_five():
    state = scoring_state()
    chart(state, 0, *[("ROM-1", "oil", "done")] * 5)
    chart(state, 1, *[("ROM-1", "oil", "done")] * 4, ("ROM-1", "oil", "failed"))
    scoring.score_round(state)
    assert state.seats[0].bonus == 1 and state.seats[1].bonus == 0
    assert scoring.scores(state)[0] == DATA.scoring.bonus_vp == 2


def test_TC_C2_round_1_tie_goes_to_the_lowest_token():
    state = scoring_state(1)
    place(state, "graecia", (0, 6), (1, 4), (2, 6))        # P1 got to 6 before P3
    scoring.score_round(state)
    assert tiles_of(state, "graecia") == {0: DATA.tiles("graecia", 1)[0]}


def test_TC_C3_gold_temple_tie_goes_to_the_earlier_turn_order():
    state = scoring_state(1)
    order_to(state, [3, 0, 1, 2])                          # P4 1st, P2 3rd
    state.seats[1].gold = state.seats[3].gold = 9
    state.seats[0].gold = 4
    scoring.score_round(state)
    assert tiles_of(state, "gold") == {3: DATA.tiles("gold", 1)[0]}
    assert [p.gold for p in state.seats] == [4, 9, 0, 9]


def test_TC_C4_round_2_first_and_second():
    state = scoring_state(2)
    place(state, "italia", (2, 5), (1, 5), (0, 8))         # P3 below P2
    scoring.score_round(state)
    high, low = DATA.tiles("italia", 2)
    assert tiles_of(state, "italia") == {0: high, 2: low}


def test_TC_C5_round_3_three_places():
    state = scoring_state(3)
    place(state, "hispania", (0, 9), (1, 7), (2, 5), (3, 2))
    scoring.score_round(state)
    assert tiles_of(state, "hispania") == dict(zip((0, 1, 2), DATA.tiles("hispania", 3),
                                                   strict=True))


def test_TC_C6_nobody_scores_on_zero():
    state = scoring_state(2)
    place(state, "africa", (1, 2))
    scoring.score_round(state)
    assert tiles_of(state, "africa") == {1: DATA.tiles("africa", 2)[0]}
    assert sum(len(p.tiles) for p in state.seats if p is not state.seats[1]) == 0


# 10.6 End of round and game ---------------------------------------------------------------


def test_TC_R1_clean_up_at_the_end_of_round_1():
    state = turn5()
    p1 = 0
    drafted = [oar(1, 2), oar(2, 2), oar(6, 0), oar(7, -1)]
    start_used, start_kept = oar(5, 0, start=True), oar(3, 1, start=True)
    state.seats[p1].played = [*drafted, start_used]
    state.seats[p1].hand = [oar(8, -2), start_kept]
    chart(state, p1, ("CYR-2", "marble", "failed"), *[("ROM-1", "oil", "done")] * 4)
    state.display = [column(city="SYR-1", goods="spice", card=oar(4, 1), up=True, gold=2),
                     *[None] * 4]
    before = state.model_copy(deep=True)
    tokens = {k: list(t.pos) for k, t in state.temples.items()}
    removed = state.removed_start
    others_start = sum(1 for s in range(1, 4) for c in state.seats[s].played if c.start)
    state = stay_all(state)
    assert state.round == 2 and state.phase == "draft"
    assert state.seats[p1].hand == [oar(8, -2), start_kept]
    assert state.removed_start == removed + 1 + others_start
    everywhere = state.decks.oar + state.discards.oar + [
        c.oar for c in state.display if c] + [x for p in state.seats for x in p.hand]
    assert not any(c.start for c in everywhere if c not in
                   [x for p in state.seats for x in p.hand])   # in no deck or discard
    assert start_used not in state.seats[p1].hand
    in_play = Counter((c.power, c.forecast) for c in everywhere if not c.start)
    for card in drafted:
        assert in_play[(card.power, card.forecast)] >= 1
    cities_now = state.decks.city + [c.city for c in state.display if c]
    assert "CYR-2" in cities_now and "SYR-1" in cities_now
    assert all(c is None or not c.face_up for c in state.display)     # fresh columns
    assert all(c is None or c.gold == 0 for c in state.display)       # the gold went back
    for key, track in state.temples.items():
        assert track.tiles == DATA.tiles(key, 2) and track.pos == tokens[key]
    assert state.gold_tiles == DATA.tiles("gold", 2)
    assert [p.gold for p in state.seats] == [p.gold for p in before.seats]
    assert all(p.ship == "CRE" and p.played == [] for p in state.seats)
    assert state.wind == before.wind                      # [A] not reset


def test_TC_R2_no_deck_runs_out_with_five_players(monkeypatch):
    why: list[str] = []
    real = cards.reshuffle

    def spy(state: NeptunState, deck: str, reason: str) -> None:
        why.append(reason)
        real(state, deck, reason)

    monkeypatch.setattr(cards, "reshuffle", spy)
    for seed in range(6):
        state = new(5, seed=seed)
        rng = random.Random(seed)
        while GAME.to_act(state):
            seat = GAME.to_act(state)[0]
            state = apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    assert "refill" not in why


def test_TC_G1_game_end_and_winner():
    state = new(3, seed=2)
    rng = random.Random(2)
    policy = GAME.policy()
    while GAME.to_act(state):
        seat = GAME.to_act(state)[0]
        state = apply(state, seat, policy.choose(GAME, state, seat, rng))
    assert state.phase == "over" and state.round == 3
    result = GAME.result(state)
    assert result is not None
    for seat, p in enumerate(state.seats):
        assert result.scores[seat] == sum(t.value for t in p.tiles) + 2 * p.bonus
        assert result.breakdown[seat]["total"] == result.scores[seat]
    assert result.scores[result.winner] == max(result.scores)


def test_TC_G1_ties_go_to_gold_then_temple_steps_else_shared():
    state = new(3)
    for p in state.seats:
        p.tiles = []
    state.phase = "over"
    state.seats[0].gold, state.seats[1].gold, state.seats[2].gold = 3, 5, 5
    place(state, "graecia", (2, 4), (1, 2))
    result = GAME.result(state)
    assert result.ranking == [2, 1, 0] and "temple steps" in result.tie_break
    assert result.winners == [2]
    place(state, "graecia", (1, 4))
    shared = GAME.result(state)
    assert "Shared win" in shared.tie_break and sorted(shared.winners) == [1, 2]


# What else the seed says ----------------------------------------------------------------


def test_any_number_of_ships_share_a_port_and_played_cards_lie_face_down():
    state = sailing_state(5)
    for _ in range(5):
        seat = acting(state)
        state = play(state, seat, "sail ATH")
        if state.phase == "sail" and state.stage == "deliver" and acting(state) == seat:
            state = play(state, seat, "done")
    view = GAME.view(state)
    assert sorted(next(c for c in view.cities if c.code == "ATH").ships) == [0, 1, 2, 3, 4]
    assert all(s.played == 1 for s in view.sheets)


def test_the_forecast_is_made_in_turn_5_too():
    state = with_hands(finish_draft(new(4)), [1, 1, 1, 0])
    state.sail_turn = 5
    state = choose_all(state)
    assert state.forecast == 3 and state.wind == 5


def test_variant_wind_after_turn_5_moves_the_wind_before_the_extra_turns():
    state = turn5()
    state.options["turn5"] = "apply_before_extra"
    state.forecast = 2
    chart(state, state.order[0], ("ANT-1", "oil", "open"), *[("ROM-1", "oil", "done")] * 4)
    state = stay_all(state)
    assert state.phase == "ask" and state.wind == 7


def test_variant_refusal_for_the_round_closes_a_turned_down_contract_later_too():
    state = all_down()
    state.options["refusal_closes"] = "round"
    state = play(state, 0, "flip")
    state = play(state, 0, "flip")
    state = play(state, 0, "take 2 slot 1")
    for seat in (1, 2, 3):                                # the others leave column 1
        state = play(state, seat, "flip")
        state = play(state, seat, f"take {state.revealing + 1} slot 1")
    assert state.display[0].refused_by == [0]
    order_to(state, [0, 1, 2, 3])
    assert Take(column=1, slot=2) not in GAME.legal_moves(state, 0)
    assert "turned that contract down" in refused(state, 0, "take 1 slot 2")
    assert draft.takeable(state, 1) == [0]               # still open to the others


def test_two_player_variant_has_three_columns():
    state = new(2)
    assert len(state.display) == 3 and state.options["variant"] == "two-player"
    assert GAME.player_range(GAME.options_for("two-player")) == (2, 2)


def test_a_donation_after_a_gold_reward_goes_to_the_citys_temple():
    state, seat = at_athenae(0, ("ATH-1", "oil", "open"), None, None, None, None)
    state = play(state, seat, "deliver 1 +temple")        # 4 gold earned, 3 donated
    assert state.seats[seat].gold == 1 and state.temples["graecia"].pos[seat] == 1


def test_paying_gold_has_no_limit():
    state, seat = m2_state(gold=20)
    state.seats[seat].ship = "MAL"
    far = next(m for m in GAME.legal_moves(state, seat)
               if isinstance(m, Sail) and m.dest == "ANT")
    assert far.pay > 5
    after = apply(state, seat, far)
    assert after.seats[seat].gold == 20 - far.pay and after.seats[seat].ship == "ANT"


def test_the_cheapest_route_is_always_sailed():
    state, seat = m2_state(gold=5)
    set_miles(state, CRE_EPH=3, ATH_EPH=3)               # CRE>EPH>ATH = 6 > CRE>ATH = 5
    assert str(GAME.parse(state, seat, "sail CRE EPH ATH")) == "sail CRE>ATH"
    assert "The shortest route to Athenae is CRE>ATH" in str(pytest.raises(
        RulesError, GAME.apply, state, seat, Sail(route=("CRE", "EPH", "ATH"))).value)


def test_done_ends_a_turn_without_fulfilling():
    state, seat = at_athenae(3, ("ATH-1", "oil", "open"), None, None, None, None)
    assert Done() in GAME.legal_moves(state, seat)
    state = play(state, seat, "done")
    assert seat not in GAME.to_act(state)
    assert state.seats[seat].chart[0].status == "open"


def test_link_key_names_links_either_way():
    assert link_key("ATH", "CRE") == link_key("CRE", "ATH") == "CRE-ATH"
    assert link_key("MAL", "ANT") is None


def test_deliver_lists_the_donation_only_when_affordable():
    state, seat = at_athenae(0, ("ATH-1", "wine", "open"), None, None, None, None)
    assert GAME.legal_moves(state, seat) == [Deliver(slot=1), Done()]
    state, seat = at_athenae(3, ("ATH-1", "wine", "open"), None, None, None, None)
    assert Deliver(slot=1, donate=True) in GAME.legal_moves(state, seat)


def test_oar_card_values_read_as_players_write_them():
    card = OarCard(power=6, forecast=-1)
    assert card.value == "6/-1" and OarCard(power=3, forecast=1).value == "3/+1"


def test_switch_keep_the_leftover_into_the_next_round():
    state = turn5()
    state.options["keep_leftover"] = True
    state.display = [column(city="SYR-1", up=True, gold=2), *[None] * 4]
    state = stay_all(state)
    assert state.round == 2
    first = state.display[0]
    assert first.city == "SYR-1" and first.gold == 2 and first.face_up
    assert all(c is not None and not c.face_up for c in state.display[1:])


def test_switch_more_contracts_per_stop_one_at_a_time():
    state = sailing_state(4)
    seat = acting(state)
    state.options["max_per_turn"] = 2
    state.seats[seat].ship = "ATH"
    state.seats[seat].gold = 3
    chart(state, seat, ("ROM-1", "oil", "open"), ("ATH-1", "oil", "open"),
          ("BYZ-1", "oil", "open"), ("ATH-2", "grain", "open"), None)
    state = play(state, seat, "stay")
    state = play(state, seat, "deliver 2 +temple")        # its own donation ...
    assert acting(state) == seat                           # ... and another may follow
    state = play(state, seat, "deliver 4 +temple")
    assert [s.status for s in state.seats[seat].chart[:4]] == ["failed", "done", "failed",
                                                              "done"]
    assert state.temples["graecia"].pos[seat] == 2 + DATA.reward("ATH-2", "grain").n * (
        DATA.reward("ATH-2", "grain").kind == "T")
    assert seat not in GAME.to_act(state)
