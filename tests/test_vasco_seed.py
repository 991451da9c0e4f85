"""Every worked example and rule statement of the seed (the Japanese walkthrough) and of
the spec's test cases (../shared/rules/vasco-da-gama.md §11, T1-T23), as given/when/then
tests named after them."""

from __future__ import annotations

import pytest
from vasco_helpers import (
    DATA,
    G,
    calling,
    edit,
    empty_board,
    give_sailors,
    merchant_of,
    play,
    ready,
    ship,
    take_out,
)

from rules import IllegalMoveError, NotYourTurnError, RulesError
from rules.vasco import flow
from rules.vasco.invariants import check
from rules.vasco.navigation import advance, income, landing_vp
from rules.vasco.scoring import end_scores, ranking
from rules.vasco.state import Disc

# T1-T3 Setup ---------------------------------------------------------------------------------


def test_t1_setup_four_players():
    state = G.setup(4, seed=3)
    assert state.holders == {"bartolomeu": 0, "francisco": 1, "sernigi": 2, "manuel": 3}
    assert [p.vp for p in state.seats] == [2, 0, 0, 0]
    assert state.seats[1].missionaries == 1 and state.missionaries == 5
    assert state.seats[3].extra == "hand"                     # own extra disc
    assert [p.extra for p in state.seats[:3]] == ["board"] * 3   # 3 others on Manuel
    assert state.manuel_numbers == [21, 22]
    for p in state.seats:
        assert (p.discs, p.captains, p.coins) == (4, 1, 10)
    assert state.captain_supply == [6, 6, 6, 6]
    assert [len(s) for s in state.sections] == [5, 5, 5, 5]
    assert sum(state.bag.values()) == 12
    # the Sernigi holder's merchant ship goes out before phase 1, no VP, its bonus paid
    assert G.to_act(state) == [2] and state.phase == "setup"
    top = state.merchants[0]
    move = "merchant mombasa-4" if DATA.strength(top) >= 5 else "merchant natal-2 take 1"
    after, _ = play(state, 2, move)
    placed = [s for slots in after.landings.values() for s in slots if s]
    assert [s.tile for s in placed] == [top] and placed[0].owner is None
    assert after.seats[2].vp == 0
    assert after.seats[2].coins == 12 or len(after.seats[2].projects) == 1
    assert after.merchant_up and after.merchants[0] != top        # the next one face up
    assert after.phase == "place" and after.round == 1
    check(after)


def test_t2_setup_three_players_nobody_gets_manuel():
    state = G.setup(3, seed=4)
    assert state.holders == {"bartolomeu": 0, "francisco": 1, "sernigi": 2, "manuel": None}
    assert [p.vp for p in state.seats] == [2, 0, 0]
    assert all(p.extra == "board" for p in state.seats)
    assert [len(s) for s in state.sections] == [5, 5, 5, 0]     # section 4 closed
    assert sum(state.bag.values()) == 17


def test_t3_setup_two_players_second_seat_gets_sernigi():
    state = G.setup(2, seed=5)
    assert state.holders == {"bartolomeu": 0, "sernigi": 1, "francisco": None, "manuel": None}
    assert state.missionaries == 6 and state.seats[1].missionaries == 0
    assert [len(s) for s in state.sections] == [5, 5, 0, 0]
    assert sum(state.bag.values()) == 22
    assert G.to_act(state) == [1]


def test_setup_deals_seven_stack_one_projects():
    state = G.setup(3, seed=6)
    assert len(state.display) == 6 and state.san_gabriel is not None
    assert all(t.startswith("I-") for t in [*state.display, state.san_gabriel])
    assert len(state.stacks["I"]) == 14 - 7 and len(state.stacks["II"]) == 14


# T4-T8 Phases 1 and 2 ------------------------------------------------------------------------


def test_t4_the_vasco_da_gama_tile_sets_the_marker_and_character_coins():
    state = edit(G.setup(3, seed=1))
    state.vdg_next = "V5"                  # initial 11, coins 9 and 4 (the seed's picture)
    events: list = []
    flow.begin_round(state, events)
    assert state.vdg_current == "V5" and state.vdg_next is None
    assert state.free == 11 and state.coin_spaces == [9, 4]
    assert G.progress(state) == "Round 1 of 5 · Phase 1 (placing discs)"


@pytest.mark.parametrize(("players", "slot", "ok"), [
    (2, "recruit-1", True), (2, "recruit-3", True), (2, "recruit-4", False),
    (2, "navigation-5", False), (3, "character-4", True), (3, "project-5", False),
    (4, "project-5", True), (4, "navigation-4", True),
])
def test_t5_slots_open_by_player_count(players, slot, ok):
    state = ready(players)
    seat = G.waiting_on(state)[0]
    if ok:
        after, _ = play(state, seat, f"place 7 {slot}")
        area, n = slot.split("-")
        assert after.slots[area][int(n) - 1] == Disc(seat=seat, number=7)
    else:
        with pytest.raises(IllegalMoveError, match="players"):
            play(state, seat, f"place 7 {slot}")


def test_t5_a_taken_slot_a_taken_number_and_21_22_are_refused():
    state = ready(3)
    first = G.waiting_on(state)[0]
    state, _ = play(state, first, "place 7 recruit-1")
    second = G.waiting_on(state)[0]
    with pytest.raises(IllegalMoveError, match="already holds a disc"):
        play(state, second, "place 8 recruit-1")
    with pytest.raises(IllegalMoveError, match="already taken"):
        play(state, second, "place 7 recruit-2")
    with pytest.raises(IllegalMoveError, match="extra action disc"):
        play(state, second, "place 21 recruit-2")
    with pytest.raises(RulesError):
        play(state, second, "place 0 recruit-2")
    # a placed pair never moves: no move takes a disc back off a slot
    assert not any(str(m).startswith("place 7") for m in G.legal_moves(state, second))


def test_phase_1_goes_round_one_disc_at_a_time_until_all_are_out():
    state = ready(3)
    order = []
    while state.phase == "place":
        seat = G.waiting_on(state)[0]
        order.append(seat)
        move = next(m for m in G.legal_moves(state, seat) if str(m).startswith("place"))
        state, _ = G.apply(state, seat, move)
    assert order == [0, 1, 2] * 4
    assert state.phase == "act"


def test_t6_the_variation_moves_the_marker_before_number_1_is_called():
    state = edit(ready(3))
    state.free = 11
    state.vdg_stack = ["V7", *[t for t in state.vdg_stack if t != "V7"]]
    if state.vdg_next == "V7":
        state.vdg_next = None
    state.slots["recruit"][0] = Disc(seat=0, number=1)
    events: list = []
    flow.start_execution(state, events)
    assert state.vdg_next == "V7" and state.free == 8        # 11 - 3
    assert state.called == 1 and events[0].reveals


def test_t7_acting_below_the_free_marker_pays_the_difference_8_minus_6():
    state = calling(ready(3), seat=1, number=6, area="project", free=8)
    state.seats[1].coins = 5
    after, _ = play(state, 1, "buy 1")
    assert after.seats[1].coins == 5 - 2 - 1          # 8 - 6 = 2, then the project's 1
    for number in (8, 12):
        state = calling(ready(3), seat=1, number=number, area="project", free=8)
        after, _ = play(state, 1, "buy 1")
        assert after.seats[1].coins == 10 - 1          # free
    state = calling(ready(3), seat=1, number=6, area="project", free=8)
    after, _ = play(state, 1, "pass")
    assert after.seats[1].coins == 10 + 2


def test_a_player_who_cannot_pay_must_pass():
    state = calling(ready(3), seat=1, number=2, area="recruit", free=12)
    state.seats[1].coins = 9
    assert [str(m) for m in G.legal_moves(state, 1) if str(m) != "pass"
            and not str(m).startswith("launch")] == []
    with pytest.raises(IllegalMoveError, match="costs 10 Reales"):
        play(state, 1, "hire captain")
    prompt = G.prompt(state, 1)
    assert "recruit is not possible now" in prompt and "`/pass` for 1 Real" in prompt
    assert "costs 10 Reales" in prompt and "you have 9 Reales" in prompt


@pytest.mark.parametrize(("number", "coins"), [(1, 1), (5, 1), (6, 2), (10, 2), (11, 3),
                                               (20, 3), (21, 0), (22, 0)])
def test_t8_passing_pays_by_bracket(number, coins):
    state = calling(ready(4), seat=2, number=number, area="recruit", free=1)
    after, _ = play(state, 2, "pass")
    assert after.seats[2].coins == 10 + coins
    assert DATA.pass_coins(number) == coins
    if number <= 20:
        assert number in after.numbers            # the number is back in the zone
    assert after.slots["recruit"][0] is None      # the disc went home


# T9 Purchase ------------------------------------------------------------------------------


def test_t9_purchase_one_for_1_two_for_4_san_gabriel_at_its_crew():
    base = calling(ready(3), seat=0, number=15, area="project", free=8)
    one, _ = play(base, 0, "buy 3")
    tile = base.display[2]
    assert one.seats[0].coins == 10 - 1 and one.seats[0].projects == [tile]
    assert one.display[2] is None
    two, _ = play(base, 0, "buy 2,5")
    assert two.seats[0].coins == 10 - 4 and len(two.seats[0].projects) == 2
    sg = edit(base)
    take_out(sg, "II-13")
    sg.san_gabriel = "II-13"                      # a crew-5 tile
    bought, _ = play(sg, 0, "buy san-gabriel")
    assert bought.seats[0].coins == 10 - 5
    assert bought.seats[0].ships == ["II-13"] and bought.seats[0].projects == []
    with pytest.raises(RulesError):
        play(sg, 0, "buy 3 san-gabriel")
    from rules.vasco.moves import Buy

    with pytest.raises(IllegalMoveError, match="never both"):
        G.apply(sg, 0, Buy(tiles=(3,), san_gabriel=True))
    with pytest.raises(IllegalMoveError, match="1 or 2"):
        G.apply(sg, 0, Buy(tiles=(1, 2, 3)))


# T10 Recruit ------------------------------------------------------------------------------


def _section_two(state):
    """Section 2 holds one sailor of each colour (the others go back to the bag)."""
    for colour in state.sections[1]:
        state.bag[colour] += 1
    state.sections[1] = []
    for colour in DATA.sailor_colours:
        state.bag[colour] -= 1
        state.sections[1].append(colour)


def test_t10_hire_by_colours_and_the_4_crew_captain_price():
    state = calling(ready(3), seat=1, number=15, area="recruit", free=8)
    _section_two(state)
    state.seats[1].coins = 20
    after, _ = play(state, 1, "hire 2: turquoise violet grey orange + captain")
    assert after.seats[1].coins == 20 - 10 - 4         # 4 colours, captain = 4 sailors
    assert after.seats[1].captains == 2 and after.captain_supply[1] == 5
    assert sum(after.seats[1].sailors.values()) == 4 and after.sections[1] == []
    check(after)


def test_t10_hire_variants():
    state = calling(ready(3), seat=1, number=15, area="recruit", free=8)
    for colour in state.sections[0]:
        state.bag[colour] += 1
    state.sections[0] = ["grey", "grey", "grey"]
    state.bag["grey"] -= 3
    grey, _ = play(state, 1, "hire 1: 3 grey")
    assert grey.seats[1].coins == 10 - 1                  # one colour
    grey_cap, _ = play(state, 1, "hire 1: grey grey grey + captain")
    assert grey_cap.seats[1].coins == 10 - 1 - 3          # captain = 3 sailors
    alone, _ = play(state, 1, "hire captain")
    assert alone.seats[1].coins == 10 and alone.seats[1].captains == 2
    with pytest.raises(RulesError):
        play(state, 1, "hire 1: grey + captain + captain")       # one captain per action
    with pytest.raises(RulesError, match="one section"):
        play(state, 1, "hire 1: grey, 2: violet")                # sailors from two sections
    with pytest.raises(RulesError):
        play(state, 1, "hire 1: grey; hire 2: violet")           # two actions
    with pytest.raises(IllegalMoveError, match="not in play"):
        play(state, 1, "hire 4: grey")                           # section 4 closed for 3


# T11 Launch -------------------------------------------------------------------------------


def test_t11_the_3_colour_launch_from_6_crew_even_on_another_players_turn():
    state = edit(ready(3))
    for tile in ("I-04", "I-11"):
        take_out(state, tile)
    p = state.seats[1]
    p.projects = ["I-04", "I-11"]                 # crew 3 and crew 4
    give_sailors(state, 1, turquoise=2, violet=1, grey=1, orange=1)
    assert p.missionaries == 1                    # Francisco's missionary from setup
    assert G.waiting_on(state) == [0] and 1 in G.to_act(state)
    launches = {str(m) for m in G.legal_moves(state, 1)}
    assert any(m.startswith("launch I-04") for m in launches)
    assert any(m.startswith("launch I-11") for m in launches)
    bag_before = dict(state.bag)
    after, _ = play(state, 1, "launch I-04 using turquoise violet missionary")
    q = after.seats[1]
    assert q.ships == ["I-04"] and q.projects == ["I-11"]
    assert q.sailors == {"turquoise": 1, "violet": 0, "grey": 1, "orange": 1}
    assert q.missionaries == 0 and after.missionaries == state.missionaries + 1
    assert after.bag["turquoise"] == bag_before["turquoise"] + 1
    assert after.bag["violet"] == bag_before["violet"] + 1
    with pytest.raises(IllegalMoveError, match="4 different colours"):
        G.apply(after, 1, G.parse(after, 1, "launch I-11 using turquoise grey orange"))
    with pytest.raises(IllegalMoveError, match="no violet"):
        G.apply(after, 1, G.parse(after, 1, "launch I-11 using turquoise violet grey orange"))
    assert 1 not in G.to_act(after)               # nothing more to launch: not in to_act
    with pytest.raises(NotYourTurnError, match="not your turn"):
        play(after, 1, "launch I-11 using turquoise grey orange")
    check(after)


def test_launching_needs_no_captain_and_no_disc():
    state = edit(ready(2))
    take_out(state, "I-01")
    state.seats[1].projects = ["I-01"]
    state.seats[1].captains = 0
    state.captain_supply[1] = 7
    give_sailors(state, 1, grey=1, orange=1)
    after, _ = play(state, 1, "launch I-01")      # the colours it has
    assert after.seats[1].ships == ["I-01"]


# T12-T13 Expeditions and bonuses ------------------------------------------------------------


def _with_ships(state, seat, *tiles, captains=None):
    for tile in tiles:
        take_out(state, tile)
        state.seats[seat].ships.append(tile)
    n = len(tiles) if captains is None else captains
    state.seats[seat].captains = n
    state.captain_supply[seat] = 7 - n
    return state


def test_t12_expedition_slot_rules_and_vp():
    state = empty_board(calling(ready(3), seat=0, number=15, area="navigation", free=8))
    _with_ships(state, 0, "I-06")                  # strength 5
    for slot, need in ((1, 8), (2, 7), (3, 6)):
        with pytest.raises(IllegalMoveError, match=f"needs strength {need}"):
            play(state, 0, f"send I-06 to mombasa-{slot}")
    after, _ = play(state, 0, "send I-06 to mombasa-4")
    assert after.seats[0].vp == 2 + 5 and after.seats[0].coins == 10 + 2
    assert after.landings["mombasa"][3].tile == "I-06"
    assert after.seats[0].captains == 0           # the captain sails with the ship
    assert after.called != 15 or after.phase != "act"     # the expedition closed
    check(after)


def test_t12_one_landing_per_expedition_several_ships_in_any_order():
    state = empty_board(calling(ready(3), seat=0, number=15, area="navigation", free=8))
    _with_ships(state, 0, "I-06", "I-09")          # strengths 5 and 6
    with pytest.raises(IllegalMoveError, match="same landing"):
        play(state, 0, "send I-06 to mombasa-4, I-09 to mozambique-1")
    after, _ = play(state, 0, "send I-09 to mombasa-3, I-06 to mombasa-4")
    assert after.seats[0].vp == 2 + 6 + 5 and after.seats[0].coins == 10 + 4   # bonus per ship
    open_, _ = play(state, 0, "send I-06 to mozambique-3 ...")
    assert open_.expedition == "mozambique" and G.waiting_on(open_) == [0]
    assert "done" in {str(m) for m in G.legal_moves(open_, 0)}
    closed, _ = play(open_, 0, "done")
    assert closed.expedition is None and closed.seats[0].ships == ["I-09"]


def test_t12_white_arrow_slots_take_only_player_ships_of_strength_4():
    state = empty_board(calling(ready(3), seat=0, number=15, area="navigation", free=8))
    _with_ships(state, 0, "I-01", "I-03")          # strengths 3 and 4
    with pytest.raises(IllegalMoveError, match="white arrow"):
        play(state, 0, "send I-01 to natal-6 take 1")      # needs 2 printed, arrow says 4
    after, _ = play(state, 0, "send I-03 to natal-6 take 1")
    assert after.landings["natal"][5].tile == "I-03"
    merchant = edit(after)
    merchant.phase = "navigate"
    merchant.merchant_up = True
    merchant.merchants = [merchant_of(8), *[m for m in merchant.merchants if m != merchant_of(8)]]
    holder = merchant.holders["sernigi"]
    merchant.landings["terra"] = [None] * 5
    with pytest.raises(IllegalMoveError, match="white arrow"):
        play(merchant, holder, "merchant terra-5 take bag")


def test_expedition_needs_a_captain():
    state = empty_board(calling(ready(3), seat=0, number=15, area="navigation", free=8))
    _with_ships(state, 0, "I-06", captains=0)
    assert [str(m) for m in G.legal_moves(state, 0)] == ["pass"]
    assert "an expedition is not possible now" in G.prompt(state, 0)
    with pytest.raises(IllegalMoveError, match="captain"):
        play(state, 0, "send I-06 to mombasa-4")


def test_t13_landing_bonuses():
    base = empty_board(calling(ready(3), seat=0, number=15, area="navigation", free=8))
    _with_ships(base, 0, "II-14")                  # strength 12 reaches every slot but 13
    natal, _ = play(base, 0, "send II-14 to natal-1 take 4")
    assert natal.seats[0].projects == [base.display[3]]
    with pytest.raises(IllegalMoveError, match="Natal's bonus"):
        play(base, 0, "send II-14 to natal-1")      # a choice is needed
    empty = edit(base)
    empty.removed += [t for t in empty.display if t]
    empty.display = [None] * 6
    none, _ = play(empty, 0, "send II-14 to natal-1")   # nothing to take: nothing
    assert none.seats[0].projects == []
    terra, _ = play(base, 0, f"send II-14 to terra-1 take {base.sections[1][0]} from 2")
    assert sum(terra.seats[0].sailors.values()) == 1 and len(terra.sections[1]) == 4
    blind, events = play(base, 0, "send II-14 to terra-1 take bag")
    assert sum(blind.seats[0].sailors.values()) == 1
    assert sum(blind.bag.values()) == sum(base.bag.values()) - 1
    assert any(e.reveals for e in events)
    moz, _ = play(base, 0, "send II-14 to mozambique-1")
    assert moz.seats[0].captains == 1 and moz.captain_supply[0] == base.captain_supply[0] - 1
    nocap = edit(base)
    nocap.captain_supply[0] = 0
    nocap.seats[0].captains = 7 - 1 + 1
    moz2, _ = play(nocap, 0, "send II-14 to mozambique-1")
    assert moz2.seats[0].captains == 6                # none left: nothing
    mom, _ = play(base, 0, "send II-14 to mombasa-1")
    assert mom.seats[0].coins == 12
    mal, _ = play(base, 0, "send II-14 to malindi-1")
    assert mal.seats[0].coins == 11 and mal.seats[0].vp == 2 + 11
    with pytest.raises(IllegalMoveError, match="needs strength 13"):
        play(base, 0, "send II-14 to calicut-1")
    _with_ships(base, 0, "III-7")
    cal, _ = play(base, 0, "send III-7 to calicut-1")
    assert cal.seats[0].coins == 10 and cal.seats[0].vp == 2 + 13


# T14-T17 Characters ------------------------------------------------------------------------


def test_t14_sernigi_now_to_natal_4_scores_no_vp_but_takes_a_project():
    state = calling(ready(3), seat=1, number=15, area="character", free=8)
    state.merchants = [merchant_of(6), *[m for m in state.merchants if m != merchant_of(6)]]
    state.merchant_up = True
    state.landings["natal"] = [None] * 6
    vp = state.seats[1].vp
    wanted = state.display[1]
    after, _ = play(state, 1, "character sernigi natal-1 take 2")
    assert after.seats[1].vp == vp                         # not 4
    assert after.seats[1].projects == [wanted]
    assert after.landings["natal"][0].tile == merchant_of(6)
    assert after.holders["sernigi"] == 1
    assert after.phase == "place" and after.round == 2      # phase 3 placed nothing
    state.slots["recruit"][0] = Disc(seat=0, number=16)     # a later number still to come
    mid, _ = play(state, 1, "character sernigi natal-1 take 2")
    assert mid.blocked == {"sernigi": 1} and mid.called == 16
    assert not mid.merchant_up                              # the next stays face down


def test_t15_sernigi_holder_places_in_phase_3_before_income():
    state = calling(ready(3), seat=1, number=15, area="character", free=8)
    assert state.merchant_up
    holder = state.holders["sernigi"]
    state = empty_board(state)
    _with_ships(state, 0, "I-13")
    state.landings["natal"][0] = ship("I-13", 0)      # income 1 VP 3 Reales
    state.seats[0].ships = []
    state.seats[0].captains = 0
    coins = state.seats[0].coins
    after, _ = play(state, 1, "pass")
    assert after.phase == "navigate" and G.waiting_on(after) == [holder]
    assert after.seats[0].coins == coins                # no income yet
    assert "merchant ship" in G.prompt(after, holder)
    move = next(m for m in G.legal_moves(after, holder) if str(m).startswith("merchant"))
    done, _ = G.apply(after, holder, move)
    assert done.seats[0].coins == coins + 3 and done.round == 2


def test_t15_sernigi_later_leaves_the_ship_for_phase_3():
    state = calling(ready(3), seat=1, number=15, area="character", free=8)
    after, _ = play(state, 1, "character sernigi later")
    assert after.holders["sernigi"] == 1 and after.merchant_up
    assert after.phase == "navigate" and G.waiting_on(after) == [1]


def test_t16_manuel_changes_hands_red_21_then_yellow_22():
    red, yellow = 0, 2
    state = edit(ready(4))
    state.holders["manuel"] = red
    state.seats[3].extra = "board"
    state.seats[red].extra = "hand"
    # phase 1: red places the extra disc with 21
    state.placer = red
    after, _ = play(state, red, "place 21 navigation-1")
    assert after.seats[red].extra == "slot" and after.manuel_numbers == [22]
    # phase 2: yellow takes the Manuel I action with a regular disc
    s = calling(after, seat=yellow, number=9, area="character", free=5, slot=2)
    s.slots["navigation"][0] = Disc(seat=red, number=21)
    s.seats[yellow].coins = 3
    with pytest.raises(IllegalMoveError, match="22"):
        play(s, yellow, "character manuel 21 recruit-4")        # 21 is gone
    s, _ = play(s, yellow, "character manuel 22 recruit-4")
    assert s.holders["manuel"] == yellow and s.blocked == {"manuel": yellow}
    assert s.slots["recruit"][3] == Disc(seat=yellow, number=22)
    assert s.seats[yellow].extra == "slot"
    # 21: red acts or passes; a pass pays nothing
    assert s.called == 21 and G.waiting_on(s) == [red]
    coins = s.seats[red].coins
    s, _ = play(s, red, "pass")
    assert s.seats[red].coins == coins
    assert s.called == 22 and G.waiting_on(s) == [yellow]
    s, _ = play(s, yellow, "pass")
    assert s.seats[yellow].coins == 3
    # the round ends: red's extra disc goes back to the Manuel space, yellow keeps theirs
    while s.phase == "navigate":
        seat = G.waiting_on(s)[0]
        s, _ = G.apply(s, seat, G.legal_moves(s, seat)[0])
    assert s.round == 2 and s.phase == "place"
    assert s.seats[red].extra == "board" and s.seats[yellow].extra == "hand"
    assert s.manuel_numbers == [21, 22]
    # yellow may place it with 21 or 22 in the next phase 1
    s.placer = yellow
    assert {"place 21 recruit-1", "place 22 recruit-1"} <= {str(m) for m in
                                                          G.legal_moves(s, yellow)}
    with pytest.raises(IllegalMoveError, match="extra action disc"):
        play(s, red, "place 21 recruit-1") if G.waiting_on(s) == [red] else \
            G.apply(edit(s).model_copy(update={"placer": red}), red,
                    G.parse(s, red, "place 21 recruit-1"))


def test_manuel_holder_may_keep_the_extra_disc_back():
    state = edit(ready(4))
    holder = state.holders["manuel"]
    state.seats[holder].discs = 0
    state.placer = holder
    assert "pass" in {str(m) for m in G.legal_moves(state, holder)}
    after, _ = play(state, holder, "pass")
    assert after.seats[holder].extra_declined
    with pytest.raises(IllegalMoveError, match="still have discs"):
        play(edit(ready(4)), 0, "pass")


def test_t17_bartolomeu_two_vp_now_and_at_round_end_and_the_start_player():
    state = calling(ready(3), seat=2, number=15, area="character", free=8)
    vp = state.seats[2].vp
    after, _ = play(state, 2, "character bartolomeu")
    assert after.seats[2].vp == vp + 2 and after.holders["bartolomeu"] == 2
    assert after.blocked == {"bartolomeu": 2}
    while after.phase != "place":
        seat = G.waiting_on(after)[0]
        after, _ = G.apply(after, seat, G.legal_moves(after, seat)[0])
    assert after.round == 2 and after.start == 2 and G.waiting_on(after) == [2]
    assert after.seats[2].vp >= vp + 4
    # the setup holder who took no action also scores at round end
    state = calling(ready(3), seat=1, number=15, area="recruit", free=8)
    before = state.seats[0].vp
    after, _ = play(state, 1, "pass")
    while after.phase != "place":
        seat = G.waiting_on(after)[0]
        after, _ = G.apply(after, seat, G.legal_moves(after, seat)[0])
    assert after.seats[0].vp == before + 2 and after.start == 0


def test_francisco_gives_a_missionary_now_and_at_round_end():
    state = calling(ready(3), seat=0, number=15, area="character", free=8)
    state.merchant_up = False
    state.slots["recruit"][0] = Disc(seat=1, number=16)
    after, _ = play(state, 0, "character francisco")
    assert after.seats[0].missionaries == 1 and after.holders["francisco"] == 0
    assert after.missionaries == 4
    after, _ = play(after, 1, "pass")
    assert after.round == 2 and after.seats[0].missionaries == 2   # and at round end


def test_character_coins_and_blocked_characters():
    state = calling(ready(3), seat=0, number=15, area="character", free=8)
    state.coin_spaces = [9, 4]
    after, _ = play(state, 0, "character coins 1")
    assert after.seats[0].coins == 19
    state.blocked = {"bartolomeu": 1}
    with pytest.raises(IllegalMoveError, match="already chosen"):
        play(state, 0, "character bartolomeu")
    state.coin_spaces = [0, 4]
    with pytest.raises(IllegalMoveError, match="empty"):
        play(state, 0, "character coins 1")


# T18-T21 Phase 3: the seed's board ----------------------------------------------------------

RED, BLUE, YELLOW, BLACK = 0, 1, 2, 3


def seed_board():
    """Mozambique: blue 6, black 6, blue 4; Mombasa: yellow 11, yellow 10, merchant 6,
    red 7; Malindi empty (the seed's pictures)."""
    state = empty_board(ready(4, seed=2))
    layout = {"mozambique": [("I-09", BLUE), ("I-10", BLACK), ("I-03", BLUE)],
              "mombasa": [("II-13", YELLOW), ("II-10", YELLOW), (merchant_of(6), None),
                          ("I-13", RED)]}
    for landing, ships in layout.items():
        for i, (tile, owner) in enumerate(ships):
            take_out(state, tile)
            state.landings[landing][i] = ship(tile, owner)
            if owner is not None:
                state.captain_supply[owner] -= 1
    state.merchant_up = bool(state.merchants)
    check(state)
    return state


def test_t18_phase_3_income():
    state = seed_board()
    before = [(p.vp, p.coins) for p in state.seats]
    income(state, [])
    gained = [(p.vp - v, p.coins - c) for p, (v, c) in zip(state.seats, before, strict=True)]
    assert gained[RED] == (1, 3) and gained[BLUE] == (0, 3)
    assert gained[YELLOW] == (2, 1) and gained[BLACK] == (0, 0)


def test_t19_landing_complete_vp_mozambique_2_and_mombasa_3_per_ship():
    state = seed_board()
    before = [p.vp for p in state.seats]
    landing_vp(state, [])
    gained = [p.vp - v for p, v in zip(state.seats, before, strict=True)]
    assert gained == [3, 4, 6, 2]           # red 3, blue 2x2, yellow 2x3, black 2


def test_t20_advancement_mombasa_to_malindi_then_mozambique_to_mombasa():
    state = seed_board()
    captains = [p.captains for p in state.seats]
    vp = [p.vp for p in state.seats]
    events: list = []
    advance(state, events)
    tiles = {k: [s.tile if s else None for s in v] for k, v in state.landings.items()}
    assert tiles["malindi"] == ["II-13", "II-10"]
    assert tiles["mombasa"] == [None, None, "I-09", "I-10"]
    assert tiles["mozambique"] == [None, None, None]
    assert {"I-13", merchant_of(6), "I-03"} <= set(state.removed)
    assert state.seats[RED].captains == captains[RED] + 1
    assert state.seats[BLUE].captains == captains[BLUE] + 1
    assert [p.vp for p in state.seats] == vp           # no VP or bonus for moving
    check(state)


def test_t18_to_t20_through_the_engine():
    state = seed_board()
    state = calling(state, seat=RED, number=20, area="recruit", free=8)
    state.merchant_up = False
    after, events = play(state, RED, "pass")
    tiles = {k: [s.tile if s else None for s in v] for k, v in after.landings.items()}
    assert tiles["malindi"] == ["II-13", "II-10"]
    assert tiles["mombasa"] == [None, None, "I-09", "I-10"]
    kinds = [e.kind for e in events]
    assert kinds.index("income") < kinds.index("landing") < kinds.index("advance")


def test_t21_calicut_complete_leaves_the_game_incomplete_stays():
    state = empty_board(ready(2))
    take_out(state, "III-7")
    state.landings["calicut"][0] = ship("III-7", 1)
    state.captain_supply[1] -= 1
    captains = state.seats[1].captains
    advance(state, [])
    assert state.landings["calicut"] == [None] and "III-7" in state.removed
    assert state.seats[1].captains == captains + 1
    state = empty_board(ready(2))
    take_out(state, "II-12")
    state.landings["malindi"][0] = ship("II-12", 0)
    advance(state, [])
    assert state.landings["malindi"][0].tile == "II-12"      # not complete: stays


# T22-T23 Upkeep and the end ------------------------------------------------------------------


def test_t22_upkeep_after_a_round():
    state = edit(ready(4))
    for s, keep in enumerate((0, 2, 4, 5)):
        for colour in state.sections[s][keep:]:
            state.bag[colour] += 1
        state.sections[s] = state.sections[s][:keep]
    assert sum(state.bag.values()) >= 7
    old = [*state.display, state.san_gabriel]
    state.coin_spaces = [3, 0]
    state.merchant_up = False
    francisco, bart = state.holders["francisco"], state.holders["bartolomeu"]
    missionaries, vp = state.seats[francisco].missionaries, state.seats[bart].vp
    events: list = []
    flow.upkeep(state, events)
    assert set(old) <= set(state.removed)
    assert len([t for t in state.display if t]) == 6 and state.san_gabriel
    assert state.merchant_up
    assert state.coin_spaces == [0, 0] and state.round == 2
    assert [len(s) for s in state.sections] == [3, 5, 5, 5]
    assert state.seats[francisco].missionaries == missionaries + 1
    assert state.seats[bart].vp == vp + 2 and state.start == bart
    assert all(p.discs == 4 for p in state.seats)
    assert any(e.reveals for e in events)
    check(state)


def test_refill_stops_when_the_bag_runs_out_section_1_first():
    state = edit(ready(3))
    for s in range(3):
        for colour in state.sections[s]:
            state.bag[colour] += 1
        state.sections[s] = []
    total = sum(state.bag.values())
    for colour in list(state.bag):            # leave 4 sailors in the bag
        while sum(state.bag.values()) > 4 and state.bag[colour]:
            state.bag[colour] -= 1
            state.seats[0].sailors[colour] += 1
    assert total > 4
    flow.refill_sections(state, [])
    assert [len(s) for s in state.sections[:3]] == [3, 1, 0]


def test_t23_final_scoring_forced_launch_coins_and_ships_in_hand():
    state = edit(ready(2))
    p = state.seats[1]                     # the Sernigi holder: no end-of-round character
    p.coins = 11
    for tile in ("I-01", "I-02", "I-09"):
        take_out(state, tile)
    p.ships = ["I-01", "I-02"]
    p.projects = ["I-09"]                  # crew 3
    give_sailors(state, 1, turquoise=1, violet=1, grey=1)
    p.captains = 3
    state.captain_supply[1] = 4
    vp = p.vp
    events: list = []
    end_scores(state, events)
    q = state.seats[1]
    assert q.projects == [] and sorted(q.ships) == ["I-01", "I-02", "I-09"]
    assert q.vp == vp + 3 + 9
    assert state.final[1].coins_vp == 3 and state.final[1].ships_vp == 9
    result = G.standings(state)
    assert result.breakdown[1]["total"] == q.vp


def test_final_launch_needs_a_free_captain():
    state = edit(ready(2))
    p = state.seats[1]
    take_out(state, "I-09")
    p.projects = ["I-09"]
    give_sailors(state, 1, turquoise=1, violet=1, grey=1)
    p.captains = 0
    state.captain_supply[1] = 7
    sailors = sum(p.sailors.values())
    end_scores(state, [])
    assert state.seats[1].projects == ["I-09"]       # no captain: not launched
    assert sum(state.seats[1].sailors.values()) == sailors


def test_final_scoring_happens_once_after_round_5():
    state = calling(ready(2), seat=0, number=15, area="recruit", free=8)
    state.round = 5
    state.merchant_up = False
    after, _ = play(state, 0, "pass")
    assert after.phase == "over" and G.to_act(after) == []
    assert G.result(after) is not None
    assert after.final is not None
    with pytest.raises(NotYourTurnError):
        play(after, 0, "pass")


def test_tie_breaks_ships_on_the_board_then_sailors():
    state = empty_board(ready(3))
    take_out(state, "I-05")
    state.landings["natal"][0] = ship("I-05", 2)
    order, note, shared = ranking(state, [10, 10, 10])
    assert order[0] == 2 and "ships on the navigation board" in note and shared == 1
    state = empty_board(ready(3))
    give_sailors(state, 1, grey=2)
    order, note, shared = ranking(state, [10, 10, 9])
    assert order == [1, 0, 2] and "sailors" in note and shared == 1
    order, note, shared = ranking(empty_board(ready(3)), [10, 10, 9])
    assert "Shared win" in note and shared == 2
