"""The seed's rules (../shared/seeds/004_aabdf96e69e7069c.txt) and the spec's test cases
(../shared/rules/maracaibo.md §20) as given/when/then tests, named after them."""

from __future__ import annotations

import pytest
from maracaibo_helpers import DATA, at, g, hand, place, play, ready, take, texts, unlock

from rules import RulesError
from rules.maracaibo.cards import good
from rules.maracaibo.data import NATIONS
from rules.maracaibo.effects import village_actions
from rules.maracaibo.moves import (
    Assist,
    Draw,
    Explore,
    FightAnnex,
    FightInfluence,
    FightNation,
    QuestMove,
    Sail,
    Village,
)
from rules.maracaibo.scoring import breakdown, dominance, multipliers
from rules.maracaibo.state import Figure

# 20.1 Setup (seed ①-⑰) -----------------------------------------------------------------


def test_S01_two_face_down_combat_piles():
    state = g.setup(3, 5)
    assert sorted(len(p) for p in state.tokens) == [12, 13]
    assert sorted(t for p in state.tokens for t in p) == list(range(25))
    assert state.tokens_used == [] and state.combat is None
    assert g.view(state).tokens == [13, 12]          # the public sees sizes only


def test_S02_quest_pile_face_up_and_first_quests():
    state = g.setup(2, 5)
    for slot in ("E5", "E10", "E14", "8"):
        assert len(state.quests_at[slot]) == 1
    assert len(state.quest_pile) == 24 - 4
    assert g.view(state).quest_top == state.quest_pile[-1]     # face up: the top shows


def test_S03_story_tiles_in_number_order_tile_1_on_top():
    state = g.setup(2, 5)
    assert state.story_tiles[-1] == 1
    assert state.story_tiles == sorted(state.story_tiles, reverse=True)


def test_S04_two_player_maracaibo_tile():
    two = g.setup(2, 5)
    assert two.two_player_tile and len(two.market["11"]) == 1
    for n in (3, 4):
        state = g.setup(n, 5)
        assert not state.two_player_tile and len(state.market["11"]) == 3


def test_S05_city_tiles_by_player_count():
    for seed in range(20):
        tiles = set(g.setup(2, seed).city_tiles.values())
        assert {"T1", "T2"} <= tiles and len(tiles & {"T3", "T5", "T7", "T9"}) == 2
        four = set(g.setup(4, seed).city_tiles.values())
        assert {"T1", "T2"} <= four and len(four - {"T1", "T2"}) == 2
    assert set(g.setup(2, 0).city_tiles) == {"4", "5", "13", "14"}
    spots = {next(k for k, v in g.setup(3, s).city_tiles.items() if v == "T1")
             for s in range(50)}
    assert len(spots) >= 3


def test_S06_decks():
    four = g.setup(4, 5)
    assert all(len(p.dealt) == 8 and all(c[0] == "A" for c in p.dealt) for p in four.seats)
    assert len(four.display) == 4 and len(four.deck) == 52
    assert len(four.box) == 20 and all(c[0] == "B" for c in four.box)
    two = g.setup(2, 5)
    assert len(two.display) == 4 and len(two.deck) == 68


def test_S07_supplies_and_legacy_tiles_untouched():
    from rules.fuzz import play_random

    state = g.setup(3, 5)
    assert state.legacy_tiles == 23
    final = play_random(g, 3, 5).final
    assert final.legacy_tiles == 23


def test_S08_prestige_only_slot_one_face_up():
    state = g.setup(3, 5)
    assert len(state.prestige) == 4 and state.prestige_open == 1
    shown = g.view(state).prestige
    assert shown[0] == state.prestige[0] and shown[1:] == ["", "", ""]


def test_S09_ownership_stock():
    state = g.setup(3, 5)
    assert all(state.stock[n] == [1, 2, 2, 2, 2, 2, 2] for n in NATIONS)
    assert state.owners == {}


def test_S10_ship_boards():
    state = g.setup(3, 5)
    assert all(p.discs == [2] * 12 and sum(p.discs) == 24 and p.planned == []
               for p in state.seats)


def test_S11_pieces_on_their_start_spaces():
    state = g.setup(4, 5)
    assert all(p.vp == 0 and p.ship == "0" and p.explorer == "E0" for p in state.seats)


def test_S12_figures_and_careers():
    state = g.setup(3, 5)
    assert all(p.supply == 2 and p.stock == 6 and len(p.careers_dealt) == 2
               for p in state.seats)
    dealt = [list(p.careers_dealt) for p in state.seats]
    after = ready(3, 5)
    for p, pair in zip(after.seats, dealt, strict=True):
        assert p.supply == 5 and p.stock == 3 and p.careers_dealt == [p.career]
        other = next(c for c in pair if c != p.career)
        assert other in after.careers_box


def test_S13_starting_doubloons():
    seed = next(s for s in range(100) if g.setup(4, s).start_player == 2)
    state = g.setup(4, seed)
    assert [p.dbl for p in state.seats] == [10, 11, 8, 9]
    seed = next(s for s in range(100) if g.setup(2, s).start_player == 0)
    assert [p.dbl for p in g.setup(2, seed).seats] == [8, 9]


def test_S14_keep_four_plan_one_discard_three():
    state = g.setup(2, 5)
    dealt = list(state.seats[0].dealt)
    with pytest.raises(RulesError):
        play(state, 0, "keep " + " ".join(dealt[:5]))          # 5/1/2
    state, _ = play(state, 0, f"plan {dealt[0]}")
    with pytest.raises(RulesError):
        play(state, 0, f"plan {dealt[1]}")                      # 4/2/2
    state, _ = play(state, 0, "keep " + " ".join(dealt[1:5]))
    state, _ = play(state, 0, f"career {state.seats[0].careers_dealt[0]}")
    assert state.step == "setup" and 0 not in g.to_act(state)
    other = list(state.seats[1].dealt)
    state, _ = play(state, 1, f"keep {' '.join(other[:4])}; career "
                              f"{state.seats[1].careers_dealt[1]}")
    assert 1 in g.to_act(state)                                 # 4/0/4 never ends setup
    state, events = play(state, 1, f"plan {other[4]}")
    p = state.seats[0]
    assert len(p.hand) == 4 and p.planned == [dealt[0]] and len(state.discard) == 6
    assert any(e.reveals for e in events) and state.step == "sail"


def test_S15_quests_before_the_choices():
    state = g.setup(3, 5)
    assert state.step == "setup" and len(state.quests_at) == 4


# 20.2 Phase A: sailing -------------------------------------------------------------------


def test_A01_seven_movement_points():
    state = ready(3)
    seat = state.current
    with pytest.raises(RulesError, match="can reach"):
        play(state, seat, "sail 10")                 # 8 steps from Havana
    state, _ = play(state, seat, "sail 9 via 3")     # 7 steps
    assert state.t.mp == 7 and state.seats[seat].ship == "9"


def test_A02_must_move():
    state = ready(3)
    with pytest.raises(RulesError):
        play(state, state.current, "sail 0")


def test_A03_arrows_only():
    state = at(ready(3), 0, "5", step="sail")
    for back in ("4", "2", "0"):
        with pytest.raises(RulesError):
            play(state, 0, f"sail {back}")


def test_A04_forks():
    state = at(ready(3), 0, "1", step="sail")
    assert {Sail(dest="2"), Sail(dest="3")} <= set(g.legal_moves(state, 0))
    state = at(ready(3), 0, "12", step="sail")
    assert {Sail(dest="13"), Sail(dest="14")} <= set(g.legal_moves(state, 0))


def test_A05_ships_share_a_location():
    state = at(ready(3), 0, "11")
    state = at(state, 1, "10", step="sail")
    state, _ = play(state, 1, "sail 11")
    assert state.seats[0].ship == state.seats[1].ship == "11"


def test_A06_red_hand_stops():
    state = at(ready(3), 0, "17", step="sail")
    reach = {m.dest for m in g.legal_moves(state, 0) if isinstance(m, Sail)}
    assert reach == {"18", "19", "20"}
    state, _ = play(state, 0, "sail 20")
    assert state.t.mp == 3
    state = at(ready(3), 0, "20", step="sail")
    assert [m for m in g.legal_moves(state, 0) if isinstance(m, Sail)] == [Sail(dest="21a")]
    state.round = 4
    assert [m for m in g.legal_moves(state, 0) if isinstance(m, Sail)] == [Sail(dest="21b")]
    state = at(state, 0, "21b", step="sail")
    assert [m for m in g.legal_moves(state, 0) if isinstance(m, Sail)] == [Sail(dest="22")]


# 20.3 Phase B: the main action ------------------------------------------------------------


def test_B01_deliver_first_then_the_city_action():
    state = at(ready(3), 0, "11")
    hand(state, 0, ["A01a", "A02a"])
    state.seats[0].cp = 5
    assert good("A01a") == "TOBACCO"
    state, _ = play(state, 0, "deliver tobacco")
    assert state.decision is not None and state.decision.kind == "disc"
    state, _ = play(state, 0, "disc S4")
    p = state.seats[0]
    assert "A01a" in state.discard and p.discs[3] == 1 and sum(p.discs) == 23
    assert state.market["11"][0] == 0 and p.cp == 6
    state, _ = play(state, 0, "fight 1")
    assert state.combat is not None
    fought = at(ready(3), 0, "11")
    hand(fought, 0, ["A01a"])
    for pile in fought.tokens:
        if 0 in pile:
            pile.remove(0)
    fought.tokens[0].append(0)                     # token 1: Spain +3 CP
    fought, _ = play(fought, 0, "fight 1, spain, done")
    with pytest.raises(RulesError, match="before its action"):
        play(fought, 0, "deliver tobacco")


def test_B02_one_main_action():
    state = at(ready(3), 0, "8", mp=5)
    state.quests_at["8"] = ["Q7"]
    state.seats[0].figures = [Figure(loc="8", card="B15a")]
    place(state, 0, "bought", ["B15a"])
    state.seats[0].dbl = 10
    state, _ = play(state, 0, "village take 1")
    moves = g.legal_moves(state, 0)
    assert not any(isinstance(m, (QuestMove, Assist)) for m in moves)
    other = at(ready(3), 0, "8", mp=5)
    other.quests_at["8"] = ["Q7"]
    other.seats[0].dbl = 10
    other, _ = play(other, 0, "quest Q7")
    assert not any(isinstance(m, Village) for m in g.legal_moves(other, 0))


def test_B03_no_main_action():
    state = at(ready(3), 0, "6", mp=4)
    before = state.seats[0].model_copy(deep=True)
    after, events = play(state, 0, "done")
    assert after.step in ("draw", "sail") and after.seats[0].vp == before.vp
    assert after.seats[0].dbl == before.dbl and "no main action" in texts(events)


@pytest.mark.parametrize(("mp", "n"), [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3)])
def test_B04_village_actions_by_distance(mp, n):
    state = ready(3)
    assert village_actions(state.seats[0], mp) == n


def test_B05_ship_board_changes_village_actions():
    state = ready(3)
    unlock(state, 0, "S3")
    assert village_actions(state.seats[0], 2) == 2
    assert village_actions(state.seats[0], 5) == 3
    state = ready(3)
    unlock(state, 0, "S4")
    assert village_actions(state.seats[0], 7) == 4


def test_B06_discard_the_whole_hand():
    state = at(ready(3), 0, "6", mp=7)
    p = state.seats[0]
    hand(state, 0, p.hand[:3])
    dbl = p.dbl
    state, _ = play(state, 0, "village discard")
    assert state.seats[0].hand == [] and state.seats[0].dbl == dbl + 2
    with pytest.raises(RulesError, match="empty"):
        play(state, 0, "village discard")
    moves = g.legal_moves(state, 0)
    assert Village(action="take") in moves
    planned = state.seats[0].planned[0]
    state.seats[0].dbl = 20
    assert Village(action="buy", target=planned) in g.legal_moves(state, 0)
    state, _ = play(state, 0, "village take 1")
    assert state.seats[0].hand == []
    state, _ = play(state, 0, "done")
    assert state.step == "draw"
    state, _ = play(state, 0, "draw deck, deck, deck, deck")
    assert len(state.seats[0].hand) == 4


def test_B07_discard_with_an_empty_hand():
    state = at(ready(3), 0, "6", mp=2)
    hand(state, 0, [])
    with pytest.raises(RulesError):
        play(state, 0, "village discard")


def test_B08_take_one_doubloon():
    state = at(ready(3), 0, "6", mp=2)
    state.seats[0].dbl = 5
    state, _ = play(state, 0, "village take 1")
    assert state.seats[0].dbl == 6 and len(state.seats[0].hand) == 4


def test_B09_buy_from_the_planning_area_takes_effect_at_once():
    state = at(ready(3), 0, "6", mp=2)
    p = state.seats[0]
    take(state, p.planned)
    p.planned = []
    place(state, 0, "planned", ["A03a"])
    p.dbl = 4
    income = p.inc_d
    state, _ = play(state, 0, "village buy A03a")
    p = state.seats[0]
    assert p.dbl == 1 and p.inc_d == income + 1 and "A03a" in p.bought and p.planned == []


def test_B10_invest_only_in_open_buildings():
    state = at(ready(3), 0, "6", mp=2)
    state.seats[0].dbl = 30
    closed = state.prestige[1]
    with pytest.raises(RulesError, match="face down"):
        play(state, 0, f"village invest {closed}")
    state, _ = play(state, 0, f"village invest {state.prestige[0]}")
    assert state.seats[0].invested == [state.prestige[0]]


def test_B11_no_refill_before_phase_c():
    state = at(ready(3), 0, "6", mp=7)
    hand(state, 0, ["A24a", "A24b", "A01a", "A09a"])
    state.seats[0].dbl = 20
    state, _ = play(state, 0, "village buy A24a, buy A24b, buy A01a")
    assert len(state.seats[0].hand) == 1
    state, _ = play(state, 0, "done; draw deck, deck, deck")
    assert len(state.seats[0].hand) == 4


def test_B12_synergy_bonus_is_retroactive():
    state = at(ready(3), 0, "6", mp=7)
    p = state.seats[0]
    hand(state, 0, ["A22a", "B19a", "B22a"])
    p.dbl, p.cp, p.synergy = 30, 1, []
    state, _ = play(state, 0, "village buy A22a")
    assert state.seats[0].cp == 1
    state, _ = play(state, 0, "village buy B19a")
    assert state.seats[0].cp == 1 + 2 + 2
    state, _ = play(state, 0, "village buy B22a")     # a second crew source: nothing more
    assert state.seats[0].cp == 5


# 20.4 Free actions ----------------------------------------------------------------------------


def test_F01_plan_during_phase_b():
    state = at(ready(3), 0, "6", mp=7)
    hand(state, 0, ["A01a", "A02a"])
    state.seats[0].dbl = 10
    state, _ = play(state, 0, "village take 1; plan A01a; village take 1")
    p = state.seats[0]
    assert len(p.planned) == 2 and p.hand == ["A02a"]
    place(state, 0, "planned", ["A03a"])
    with pytest.raises(RulesError, match="full"):
        play(state, 0, "plan A02a")


def test_F02_planned_cards_can_only_be_bought():
    state = at(ready(3), 0, "4", mp=3)
    p = state.seats[0]
    take(state, p.planned)
    p.planned = []
    hand(state, 0, ["A02a"])
    place(state, 0, "planned", ["A04a"])          # sugar, but planned
    with pytest.raises(RulesError, match="planned cards cannot"):
        play(state, 0, "deliver sugar A04a")
    village = at(state, 0, "6", mp=2)
    after, _ = play(village, 0, "village discard")
    assert after.seats[0].planned == ["A04a"]


def test_F03_career_either_condition():
    state = at(ready(3, careers=["K2", "K1", "K3"]), 0, "6")
    p = state.seats[0]
    p.dbl, p.deliveries = 15, 0
    supply = p.supply
    state, events = play(state, 0, "career 1b")
    assert state.seats[0].dbl == 18 and state.seats[0].supply == supply + 1
    assert "Merchant" in texts(events)
    with pytest.raises(RulesError, match="already"):
        play(state, 0, "career 1b")


def test_F04_career_completed():
    state = at(ready(3, careers=["K2", "K1", "K3"]), 0, "6")
    p = state.seats[0]
    p.tasks, p.career_shown, p.deliveries = [0, 1], True, 8
    vp = p.vp
    state, _ = play(state, 0, "career 3b")
    assert state.seats[0].vp == vp + 4 + 4 and state.seats[0].career_done


def test_F05_no_figure_left():
    state = at(ready(3, careers=["K2", "K1", "K3"]), 0, "6")
    p = state.seats[0]
    p.dbl, p.supply, p.stock = 15, p.supply + p.stock, 0
    supply = p.supply
    state, _ = play(state, 0, "career 1b")
    assert state.seats[0].supply == supply and state.seats[0].dbl == 18


# 20.5 Phase C and the round loop ------------------------------------------------------


def test_C01_draw_up_to_the_hand_limit():
    state = at(ready(3), 0, "6")
    hand(state, 0, state.seats[0].hand[:1])
    state, _ = play(state, 0, "done")
    assert [m for m in g.legal_moves(state, 0) if m == Draw(source="deck")]
    state, _ = play(state, 0, "draw deck, deck, deck")
    assert len(state.seats[0].hand) == 4 and state.current != 0
    state = at(ready(3), 0, "6")
    unlock(state, 0, "S1")
    hand(state, 0, state.seats[0].hand[:1])
    state, _ = play(state, 0, "done; draw deck, deck, deck")
    assert state.step == "draw" and state.current == 0
    state, _ = play(state, 0, "draw deck")
    assert len(state.seats[0].hand) == 5


def interim_table(trigger: int = 1, players: int = 3):
    state = ready(players)
    state = at(state, trigger, "20", step="sail")
    return state


def test_R01_interim_trigger():
    state = interim_table(1)
    vp = state.seats[1].vp
    state, _ = play(state, 1, "sail 21a")
    assert state.seats[1].vp == vp + 3
    state, events = play(state, 1, "done")
    kinds = [e.kind for e in events]
    assert "R0" in kinds and state.step == "scoring" and g.to_act(state) == [1]
    for seat in (1, 2, 0):
        state, _ = play(state, seat, "pass")
    assert state.round == 2 and state.current == 2 and state.step == "sail"


def test_R02_round_four_path():
    state = interim_table(0)
    state.round = 4
    state, _ = play(state, 0, "sail 21b")
    assert state.seats[0].ship == "21b"
    state, events = play(state, 0, "done")
    assert state.step == "sail" and not any(e.kind == "R0" for e in events)
    state = at(state, 0, "21b", step="sail")
    state, _ = play(state, 0, "sail 22")
    vp = state.seats[0].vp
    state, events = play(state, 0, "done")
    assert state.step == "scoring" and state.scoring.kind == "final"
    assert "R0" in [e.kind for e in events] and vp >= 5


def test_R03_space_twenty_fight_or_explore():
    state = at(ready(3), 0, "20")
    moves = g.legal_moves(state, 0)
    main = [m for m in moves if str(m).startswith(("fight", "explore", "village", "city",
                                                   "quest", "assistant", "deliver"))]
    assert {str(m).split()[0] for m in main} == {"fight", "explore"}
    assert all(m.steps <= 2 for m in main if isinstance(m, Explore))


# 20.6 Combat -------------------------------------------------------------------------------


def fighting(nation: str = "", cp: int = 1, token: int = 0, seat: int = 0):
    state = at(ready(3), seat, "11")
    for pile in state.tokens:
        if token in pile:
            pile.remove(token)
    state.tokens[0].append(token)
    state.seats[seat].cp = cp
    if nation:
        state, _ = play(state, seat, "fight 1")
        state.combat.nation = nation
    return state


def test_K01_either_pile():
    state = fighting()
    pile1 = list(state.tokens[0])
    top = state.tokens[1][-1]
    state, events = play(state, 0, "fight 2")
    assert state.combat.token == top and state.tokens[0] == pile1 and events[0].reveals


def test_K02_nation_entry():
    state = fighting(cp=1, token=0)
    state.seats[0].dbl = 5
    state, _ = play(state, 0, "fight 1")
    after, _ = play(state, 0, "fight england")
    assert after.seats[0].dbl == 3 and after.seats[0].cp == 5
    state.seats[0].dbl = 1
    assert FightNation(nation="EN") not in g.legal_moves(state, 0)
    with pytest.raises(RulesError, match="costs 2 doubloons"):
        play(state, 0, "fight england")


def test_K03_influence_prices():
    state = fighting("ES", cp=6)
    inf = state.seats[0].influence["ES"]
    one, _ = play(state, 0, "fight influence 1")
    assert one.seats[0].cp == 4 and one.seats[0].influence["ES"] == inf + 1
    two, _ = play(state, 0, "fight influence 2")
    assert two.seats[0].cp == 1 and two.seats[0].influence["ES"] == inf + 2
    with pytest.raises(RulesError):
        play(state, 0, "fight influence 3")


def test_K04_each_action_type_once():
    state = fighting("ES", cp=15)
    once, _ = play(state, 0, "fight influence 1")
    with pytest.raises(RulesError, match="already gained influence"):
        play(once, 0, "fight influence 1")
    both, _ = play(once, 0, "fight annex 12")
    assert FightInfluence(steps=1) not in g.legal_moves(both, 0)
    unlock(state, 0, "S5")
    third, _ = play(state, 0, "fight influence 1, annex 12, influence 1")
    assert third.combat.influence == 2 and third.combat.annex == 1


def test_K05_annex_an_empty_location():
    state = fighting("ES", cp=5)
    dbl, inf = state.seats[0].dbl, state.seats[0].influence["ES"]
    state, _ = play(state, 0, "fight annex 12")
    p = state.seats[0]
    assert p.cp == 1 and state.owners["12"] == "ES"
    assert state.stock["ES"] == [0, 2, 2, 2, 2, 2, 2]
    assert p.influence["ES"] == inf + 1 and p.dbl == dbl + 3


def test_K06_expel():
    state = fighting("ES", cp=6)
    state.stock["ES"] = [0, 2, 2, 2, 2, 2, 2]
    state.owners["1"] = "ES"
    state.stock["FR"] = [0, 2, 2, 2, 2, 2, 2]
    state.owners["12"] = "FR"
    dbl, inf = state.seats[0].dbl, state.seats[0].influence["ES"]
    after, _ = play(state, 0, "fight annex 12")
    p = after.seats[0]
    assert p.cp == 0 and after.expelled["FR"] == 1 and after.owners["12"] == "ES"
    assert after.stock["ES"] == [0, 1, 2, 2, 2, 2, 2]
    assert p.influence["ES"] == inf + 1 and p.dbl == dbl + 3
    state.seats[0].cp = 5
    with pytest.raises(RulesError, match="costs 6"):
        play(state, 0, "fight annex 12")
    state.seats[0].cp = 9
    with pytest.raises(RulesError, match="already belongs"):
        play(state, 0, "fight annex 1")


def test_K07_figures_for_combat_points():
    state = fighting("ES", cp=3)
    p = state.seats[0]
    p.stock += p.supply - 2
    p.supply = 2
    stock = p.stock
    state, _ = play(state, 0, "fight figures 2")
    assert state.seats[0].cp == 5 and state.seats[0].supply == 0
    assert state.seats[0].stock == stock + 2


# 20.7 Explorer ----------------------------------------------------------------------------


def explorer_table(positions: dict[int, str], seat: int = 0, loc: str = "20"):
    state = at(ready(3), seat, loc)
    for s, node in positions.items():
        state.seats[s].explorer = node
    for s in range(3):
        if s not in positions:
            state.seats[s].explorer = "E0"
    return state


def test_E01_forward_at_least_one():
    state = explorer_table({0: "E3", 1: "E0", 2: "E0"})
    with pytest.raises(RulesError):
        play(state, 0, "explore 0")
    with pytest.raises(RulesError):
        play(state, 0, "explore -1")
    for n in (1, 2):
        assert Explore(steps=n) in g.legal_moves(state, 0)


def test_E02_occupied_spaces_are_skipped():
    state = explorer_table({0: "E0", 1: "E1", 2: "E0"})
    vp, cp = state.seats[0].vp, state.seats[0].cp
    state, _ = play(state, 0, "explore 2")
    assert state.seats[0].explorer == "E3"
    assert state.seats[0].vp == vp + 1 and state.seats[0].cp == cp


def test_E03_quest_on_the_stop_space_is_not_replaced():
    state = explorer_table({0: "E4", 1: "E0", 2: "E0"})
    take_quests(state)
    state.quests_at["E5"] = ["Q7"]
    state.seats[0].dbl = 6
    inc = state.seats[0].inc_v
    state, _ = play(state, 0, "explore 1")
    assert state.decision.kind == "quest_offer"
    state, _ = play(state, 0, "quest Q7")
    p = state.seats[0]
    assert p.dbl == 6 + 2 - 5 and p.inc_v == inc + 1 and "Q7" in p.quests
    assert "E5" not in state.quests_at and "E5" in state.slots_taken
    state = at(state, 1, "20")
    state.seats[0].explorer, state.seats[1].explorer = "E9", "E4"
    state, _ = play(state, 1, "explore 1")
    assert state.seats[1].explorer == "E6"


def take_quests(state) -> None:
    """Back to the pile with every quest on the board (the tests place their own)."""
    for slot in list(state.quests_at):
        state.quest_pile += state.quests_at.pop(slot)


def test_E04_red_line_crossing_player():
    state = explorer_table({0: "E3", 1: "E0", 2: "E0"})
    others = [dict(state.seats[s].influence) for s in (1, 2)]
    state, _ = play(state, 0, "explore 1")
    assert state.decision.kind == "nation" and state.decision.n == 3
    state, _ = play(state, 0, "nation france")
    assert state.seats[0].influence["FR"] == 3 and state.seats[0].explorer == "E4"
    assert [state.seats[s].influence for s in (1, 2)] == others


def test_E04_red_line_every_player_switch():
    state = at(ready(3, options={"red_line_mode": "all_players_on_each_cross"}), 0, "20")
    state.seats[0].explorer = "E3"
    state, _ = play(state, 0, "explore 1")
    for seat, nation in ((0, "spain"), (1, "france"), (2, "england")):
        assert g.to_act(state) == [seat]
        state, _ = play(state, seat, f"nation {nation}")
    assert [state.seats[s].influence[n] for s, n in ((0, "ES"), (1, "FR"), (2, "EN"))] == \
        [3, 3, 3]


def test_E05_blue_line_by_crossing_order():
    state = explorer_table({0: "E9", 1: "E0", 2: "E0"})
    take_quests(state)
    vp = state.seats[0].vp
    state, _ = play(state, 0, "explore 1")
    assert state.seats[0].vp == vp + 5 + 1            # the line, then E10's own bonus
    state = at(state, 1, "20")
    state.seats[0].explorer, state.seats[1].explorer = "E12", "E9"
    vp = state.seats[1].vp
    state, _ = play(state, 1, "explore 1")
    assert state.seats[1].vp == vp + 3 + 1
    assert state.crossed["blue"] == [0, 1]


def test_E06_final_space_shared_by_arrival():
    state = explorer_table({0: "E18", 1: "E17", 2: "E0"}, seat=1)
    state.arrivals = [0]
    vp = state.seats[1].vp
    state, _ = play(state, 1, "explore 1")
    assert state.seats[0].explorer == state.seats[1].explorer == "E18"
    assert state.seats[1].vp == vp + 8 and state.arrivals == [0, 1]


# 20.8 Quests ------------------------------------------------------------------------------


def test_Q01_only_at_the_ships_location():
    state = at(ready(3), 0, "15")
    take_quests(state)
    state.quests_at["16"] = ["Q7"]
    state.seats[0].dbl = 20
    assert not any(isinstance(m, QuestMove) for m in g.legal_moves(state, 0))
    with pytest.raises(RulesError):
        play(state, 0, "quest Q7")


def test_Q02_quest_cost_in_goods():
    state = at(ready(3), 0, "16")
    take_quests(state)
    state.quests_at["16"] = ["Q1"]
    hand(state, 0, ["A04a", "A02a"])                 # sugar, cocoa
    with pytest.raises(RulesError):
        play(state, 0, "quest Q1 pay A04a A02a")
    hand(state, 0, ["A04a", "A01a", "A02a"])         # sugar, tobacco
    vp = state.seats[0].vp
    state, _ = play(state, 0, "quest Q1")
    p = state.seats[0]
    assert p.hand == ["A02a"] and {"A04a", "A01a"} <= set(state.discard)
    assert p.vp == vp + 4 and p.quests == ["Q1"]


def test_Q03_quest_count_bonus():
    state = at(ready(3), 0, "16")
    take_quests(state)
    state.seats[0].quests = ["Q2", "Q3", "Q4"]
    state.quests_at["16"] = ["Q7", "Q7"]
    state.seats[0].dbl = 20
    vp = state.seats[0].vp
    fourth, _ = play(state, 0, "quest Q7")
    assert fourth.seats[0].vp == vp + 3
    state.seats[0].quests = ["Q2", "Q3", "Q4", "Q5"]
    fifth, _ = play(state, 0, "quest Q7")
    assert fifth.seats[0].vp == vp + 2


# 20.9 Assistants ------------------------------------------------------------------------


def with_figures(seat: int, locs: list[str], cards: list[str], loc: str, mp: int = 1,
                 step: str = "main"):
    state = ready(3)
    place(state, seat, "bought", cards)
    state.seats[seat].figures = [Figure(loc=x, card=c) for x, c in zip(locs, cards, strict=True)]
    state.seats[seat].supply -= len(cards)
    return at(state, seat, loc, mp=mp, step=step)


def test_AS01_once_however_many():
    state = with_figures(0, ["3", "3"], ["A15a", "A15b"], "3")
    dbl, vp = state.seats[0].dbl, state.seats[0].vp
    state, _ = play(state, 0, "assistant A15a")
    assert state.seats[0].dbl == dbl + 3 and state.seats[0].vp == vp + 2


def test_AS02_passed():
    state = with_figures(0, ["7"], ["A16a"], "6", step="sail")
    vp = state.seats[0].vp
    state, events = play(state, 0, "sail 9")
    assert state.seats[0].vp == vp + 2 and "passed" in texts(events)


def test_AS03_other_main_action():
    state = with_figures(0, ["7"], ["A16a"], "7")
    vp = state.seats[0].vp
    state, _ = play(state, 0, "village take 1")
    assert state.seats[0].vp == vp
    state, _ = play(state, 0, "done")
    assert state.seats[0].vp == vp + 2


def end_turn(state, seat: int) -> tuple:
    """``done``, then draws until the turn is over; every event on the way."""
    state, events = play(state, seat, "done")
    while state.step == "draw" and state.current == seat:
        state, more = play(state, seat, "draw deck")
        events += more
    return state, events


def test_AS04_not_reached_at_the_round_end():
    state = with_figures(0, ["18"], ["A20a"], "15")
    state = at(state, 2, "20", step="sail")
    vp = state.seats[0].vp
    state, _ = play(state, 2, "sail 21a")
    state, events = end_turn(state, 2)
    r0 = next(e for e in events if e.kind == "R0")
    assert state.seats[0].vp == vp + 2 and "seat 1 +2 VP" in r0.text


def test_AS05_used_pays_nothing():
    state = with_figures(0, ["7"], ["A16a"], "7")
    vp = state.seats[0].vp
    state, _ = play(state, 0, "assistant A16a; done")
    assert state.seats[0].vp == vp + 1          # the card's own +1 VP, no assistant VP
    state = at(state, 2, "20", step="sail")
    state, _ = play(state, 2, "sail 21a")
    state, events = end_turn(state, 2)
    assert "R0" in [e.kind for e in events] and state.seats[0].vp == vp + 1


def test_AS06_another_players_figure():
    state = with_figures(1, ["7"], ["A16a"], "7")
    state = at(state, 0, "6", step="sail")
    vps = [p.vp for p in state.seats]
    state, _ = play(state, 0, "sail 7")
    assert not any(isinstance(m, Assist) for m in g.legal_moves(state, 0))
    state, _ = play(state, 0, "done")
    assert [p.vp for p in state.seats] == vps


# 20.10 Interim scoring ----------------------------------------------------------------------


def to_interim(players: int = 4, trigger: int = 2):
    state = interim_table(trigger, players)
    state, _ = play(state, trigger, "sail 21a")
    state, events = play(state, trigger, "done")
    return state, events


def test_I01_buy_order():
    state, _ = to_interim(4, 2)
    order = []
    while state.step == "scoring":
        seat = g.to_act(state)[0]
        order.append(seat)
        state, _ = play(state, seat, "pass")
    assert order == [2, 3, 0, 1]


def test_I02_buy_or_two_vp():
    state, _ = to_interim(3, 0)
    vp = state.seats[0].vp
    passed, _ = play(state, 0, "pass")
    assert passed.seats[0].vp == vp + 2
    hand(state, 0, ["A04a"])
    state.seats[0].dbl = 4
    bought, _ = play(state, 0, "buy A04a")
    assert bought.seats[0].vp == vp and bought.seats[0].dbl == 0


def test_I03_step_one_before_income():
    state, _ = to_interim(3, 0)
    hand(state, 0, ["A10a"])                 # 4 dbl
    state.seats[0].dbl = 2
    with pytest.raises(RulesError, match="costs 4"):
        play(state, 0, "buy A10a")


def test_I04_income():
    state, _ = to_interim(3, 0)
    p = state.seats[1]
    p.inc_d, p.inc_v = 4, 3
    dbl, vp = p.dbl, p.vp
    for seat in (0, 1, 2):
        state, _ = play(state, seat, "pass")
    assert state.seats[1].dbl == dbl + 12 and state.seats[1].vp == vp + 3 + 2


def test_I05_markets_cleared_discs_not_returned():
    state, _ = to_interim(3, 0)
    state.market["4"] = [1, 1, -1]
    state.market["11"] = [2, 0, 0]
    discs = [sum(p.discs) for p in state.seats]
    for seat in (0, 1, 2):
        state, _ = play(state, seat, "pass")
    assert all(x == -1 for spaces in state.market.values() for x in spaces)
    assert [sum(p.discs) for p in state.seats] == discs


def test_I06_a_new_display():
    state, _ = to_interim(3, 0)
    old = list(state.display)
    for seat in (0, 1, 2):
        state, _ = play(state, seat, "pass")
    assert set(old) <= set(state.discard) and len(state.display) == 4
    assert not set(old) & set(state.display)


def test_I07_prestige_flips_one_per_interim():
    state = ready(3)
    for round_, opened in ((1, 2), (2, 3), (3, 4)):
        state.round = round_
        state = at(state, 0, "20", step="sail")
        state, _ = play(state, 0, "sail 21a; done")
        for seat in (0, 1, 2):
            state, _ = play(state, seat, "pass")
        assert state.prestige_open == opened
        assert g.view(state).prestige[opened - 1] == state.prestige[opened - 1]


def test_I08_new_quests_per_schedule():
    state, _ = to_interim(4, 0)
    before = {k: len(v) for k, v in state.quests_at.items()}
    for seat in (0, 1, 2, 3):
        state, _ = play(state, seat, "pass")
    for slot in DATA.quest_schedule.at("interim1", 4):
        assert len(state.quests_at.get(slot, [])) == before.get(slot, 0) + 1


def test_I09_reset_for_the_next_round():
    state, _ = to_interim(3, 1)
    keep = [(p.explorer, dict(p.influence), p.cp, list(p.hand), list(p.planned),
             list(p.figures)) for p in state.seats]
    owners = dict(state.owners)
    for seat in (1, 2, 0):
        state, _ = play(state, seat, "pass")
    assert all(p.ship == "0" for p in state.seats) and state.owners == owners
    assert [(p.explorer, dict(p.influence), p.cp, list(p.hand), list(p.planned),
             list(p.figures)) for p in state.seats] == keep
    assert state.current == 2


def test_I10_order_of_the_interim_steps():
    state, events = to_interim(3, 0)
    for seat in (0, 1, 2):
        state, more = play(state, seat, "pass")
        events += more
    kinds = [e.kind for e in events if e.kind == "R0" or e.kind.startswith("interim")]
    assert kinds == ["R0", "interim1", "interim2", "interim3", "interim4", "interim5",
                     "interim6", "interim7"]


# 20.11 Final scoring -----------------------------------------------------------------------


def to_final(players: int = 3, trigger: int = 0):
    state = ready(players)
    state.round = 4
    state = at(state, trigger, "21b", step="sail")
    state, _ = play(state, trigger, "sail 22")
    state, events = play(state, trigger, "done")
    return state, events


def test_Z01_order_of_the_final_steps():
    state, events = to_final()
    for seat in (0, 1, 2):
        state, more = play(state, seat, "pass")
        events += more
    kinds = [e.kind for e in events if e.kind in ("R0", "winner") or e.kind.startswith("final")]
    assert kinds == ["R0", "final1", "final2", "final3", "final4", "final5", "winner"]
    assert state.step == "over" and g.result(state) is not None


def test_Z02_income_vp_and_no_doubloons():
    state, _ = to_final()
    p = state.seats[1]
    p.inc_d, p.inc_v = 4, 3
    dbl = p.dbl
    assert breakdown(state)[1]["income"] == 5
    for seat in (0, 1, 2):
        state, _ = play(state, seat, "pass")
    assert state.seats[1].dbl == dbl


def test_Z03_cards_and_prestige():
    state = ready(3)
    p = state.seats[0]
    take(state, p.planned + p.hand)
    p.planned, p.hand = [], []
    place(state, 0, "bought", ["A03a", "A04a", "B02a", "B01a"])
    p.invested, p.quests = ["P7"], ["Q1", "Q2", "Q3", "Q4"]
    parts = breakdown(state)[0]
    assert parts["cards"] + parts["prestige"] == 7 + 8


def test_Z04_most_influence_ties_share():
    state = ready(3)
    for seat, value in enumerate((12, 12, 9)):
        state.seats[seat].influence = {"ES": value, "FR": 0, "EN": 0}
    assert [b["influence lead"] for b in breakdown(state)] == [3, 3, 0]


def nation_table(board: dict[str, int], expelled: dict[str, int] | None = None,
                 options: dict | None = None):
    state = ready(3, options=options)
    locs = iter(str(i) for i in range(1, 20))
    for nation, n in board.items():
        taken = n + (expelled or {}).get(nation, 0)
        stock = [1, 2, 2, 2, 2, 2, 2]
        for _ in range(taken):
            i = next(i for i, x in enumerate(stock) if x)
            stock[i] -= 1
        state.stock[nation] = stock
        for _ in range(n):
            state.owners[next(locs)] = nation
    state.expelled.update(expelled or {})
    return state


def test_Z05_nation_scoring_ownership_reading():
    state = nation_table({"ES": 5, "FR": 3, "EN": 3})
    assert dominance(state) == {"ES": 2, "FR": 1, "EN": 1}
    assert multipliers(state) == {"ES": 5, "FR": 3, "EN": 3}
    state.seats[0].influence = {"ES": 7, "FR": 0, "EN": 3}      # classes 2, 0, 1
    assert breakdown(state)[0]["nations"] == 5 * 2 + 0 + 3 * 1
    variant = nation_table({"ES": 5, "FR": 2, "EN": 3}, {"FR": 1})
    assert dominance(variant) == {"ES": 2, "FR": 0, "EN": 1}
    assert multipliers(variant) == {"ES": 5, "FR": 2, "EN": 3}


def test_Z05_nation_scoring_literal_influence_reading_switch():
    """The seed's word 影響力マーカー (influence markers) taken literally, a switch: the
    stock spaces every player's influence marker has moved past."""
    state = nation_table({"ES": 5, "FR": 3, "EN": 3},
                         options={"multiplier_reading": "influence"})
    for seat, values in enumerate(((9, 2, 0), (4, 5, 1), (3, 7, 0))):
        state.seats[seat].influence = dict(zip(NATIONS, values, strict=True))
    assert multipliers(state) == {"ES": 3 + 2, "FR": 2 + 1, "EN": 0 + 1}


def test_Z06_the_winner():
    state, _ = to_final()
    for seat, vp in enumerate((101, 99, 50)):
        state.seats[seat].vp = vp
    for seat in (0, 1, 2):
        state, _ = play(state, seat, "pass")
    result = g.result(state)
    assert result.ranking[0] == max(range(3), key=lambda s: result.scores[s])


# What the issue checks besides ------------------------------------------------------------


def test_influence_two_for_one_five_for_two():
    assert dict(DATA.rules.influence_buys) == {1: 2, 2: 5}


def test_annex_four_expel_six_flag_bonus_and_one_influence():
    state = fighting("FR", cp=10)
    state, events = play(state, 0, "fight annex 4")         # flag: +2 VP, +1 dbl
    assert state.seats[0].cp == 6 and state.owners["4"] == "FR"
    assert "annexes" in texts(events)


def test_dominance_after_a_tie_for_first_dense_and_switched():
    state = nation_table({"ES": 4, "FR": 4, "EN": 2})
    assert dominance(state) == {"ES": 2, "FR": 2, "EN": 1}
    sparse = nation_table({"ES": 4, "FR": 4, "EN": 2}, options={"dominance_dense": False})
    assert dominance(sparse) == {"ES": 2, "FR": 2, "EN": 0}


def test_explorer_quest_counts_for_the_quest_bonus():
    state = explorer_table({0: "E4", 1: "E0", 2: "E0"})
    take_quests(state)
    state.quests_at["E5"] = ["Q7"]
    state.seats[0].quests = ["Q1", "Q2", "Q3"]
    state.seats[0].dbl = 10
    vp = state.seats[0].vp
    state, _ = play(state, 0, "explore 1; quest Q7")
    assert state.seats[0].vp == vp + 3


def test_village_coin_for_a_card_switch():
    state = at(ready(3, options={"village_coin_requires_discard": True}), 0, "6", mp=2)
    card = state.seats[0].hand[0]
    with pytest.raises(RulesError, match="costs a hand card"):
        play(state, 0, "village take 1")
    state, _ = play(state, 0, f"village take 1 {card}")
    assert card in state.discard


def test_free_marker_from_a_quest():
    state = at(ready(3), 0, "16")
    take_quests(state)
    state.quests_at["16"] = ["Q9"]
    state.seats[0].cp = 4
    state, _ = play(state, 0, "quest Q9")
    assert state.decision.kind == "annex_free"
    state, _ = play(state, 0, "annex 12 england")
    assert state.owners["12"] == "EN" and state.seats[0].cp == 0


def test_annex_moves_appear_only_for_flags_and_nation_with_stock():
    state = fighting("EN", cp=15)
    state.stock["EN"] = [0, 0, 0, 0, 0, 0, 0]
    assert not any(isinstance(m, FightAnnex) for m in g.legal_moves(state, 0))
