"""Every worked example of the two Navegador seeds (spec §13), as a player would check it.

T-JP-n: seed 000 (Japanese); T-CN-n: seed 002 (Chinese); T-R-n: a seed rule statement.
Values the sources do not give are read from the data file, never typed here as literals.
"""

from __future__ import annotations

import pytest

from rules import IllegalMoveError, RulesError
from tests.navegador_helpers import (
    DATA,
    A,
    B,
    C,
    D,
    G,
    explore_all,
    play,
    put_ships,
    ready,
    space_of,
    table,
)

SELL = DATA.market.sell
PROCESS = DATA.market.process


def unchanged(before, after) -> bool:
    return before.model_dump() == after.model_dump()


# --- Japanese seed (000) -----------------------------------------------------------


def test_jp1_hiring_past_the_worker_cap_pays_first_then_sells_back():
    s = ready(table(), A, "workers")
    s.sheets[A].workers, s.sheets[A].churches, s.sheets[A].cash = 8, 3, 500
    after, _ = play(s, A, "workers 3")
    assert after.sheets[A].workers == 9
    assert after.sheets[A].cash == 550          # -150 then +200 for 2 virtual workers


def test_jp1_negative_the_price_must_be_paid_before_the_refund():
    s = ready(table(), A, "workers")
    s.sheets[A].workers, s.sheets[A].churches, s.sheets[A].cash = 8, 3, 100
    before = s.model_copy(deep=True)
    with pytest.raises(IllegalMoveError, match="150 Cr"):
        play(s, A, "workers 3")
    assert unchanged(before, s)


def jp2_table():
    s = table(seed=4)
    s.phase = 2
    explore_all(s, "GUI", "ANG", "BAH", "CAB")
    s = put_ships(s, A, BAH=3)
    return ready(s, A, "sail")


def test_jp2_explore_rio_and_sail_on_to_cabo():
    s = jp2_table()
    cash, supply = s.sheets[A].cash, s.sheets[A].supply
    rio_tokens = sorted(s.regions["RIO"].tokens)
    after, events = play(s, A, "sail BAH>RIO x3, RIO>CAB")
    me = after.sheets[A]
    assert me.ships == {"RIO": 1, "CAB": 1}
    assert me.supply == supply + 1
    assert me.explorers == 1 and not after.regions["RIO"].explorer
    assert after.regions["RIO"].revealed and sorted(after.regions["RIO"].tokens) == rio_tokens
    assert me.cash == cash + rio_tokens[0]
    assert after.phase == 2
    assert any(e.reveals for e in events)
    # the public view now shows the values; before, it did not
    assert G.view(after).regions[4].tokens == rio_tokens
    assert G.view(s).regions[4].tokens is None


def test_jp2_negative_both_survivors_may_not_leave_rio():
    s = jp2_table()
    with pytest.raises(IllegalMoveError, match="stay in Rio"):
        play(s, A, "sail BAH>RIO x3, RIO>CAB x2")


def test_jp2_negative_one_ship_cannot_explore():
    s = jp2_table()
    with pytest.raises(IllegalMoveError, match="at least 2"):
        play(s, A, "sail BAH>RIO")


def test_jp2_negative_two_borders_is_too_far_in_phase_one():
    s = jp2_table()
    s.phase = 1
    with pytest.raises(IllegalMoveError, match="border"):
        play(s, A, "sail BAH>RIO x3, RIO>CAB")


def jp3_table(ships: int, workers: int):
    s = table(seed=5)
    explore_all(s, "GUI")
    s = put_ships(s, A, GUI=ships)
    s.sheets[A].workers = workers
    return ready(s, A, "colony")


def test_jp3_two_colonies_need_two_ships_and_four_workers():
    s = jp3_table(2, 4)
    tokens = sorted(s.regions["GUI"].tokens)
    cash = s.sheets[A].cash = 500
    after, _ = play(s, A, "colony GUI x2")
    me = after.sheets[A]
    assert sorted(me.colonies["gold"]) == tokens[:2]          # the two cheapest
    assert me.cash == cash - tokens[0] - tokens[1]
    assert me.ships == {"GUI": 2} and me.workers == 4          # nothing used up
    assert sorted(after.regions["GUI"].tokens) == tokens[2:]


@pytest.mark.parametrize("ships, workers, why", [(1, 4, "ship"), (2, 3, "workers")])
def test_jp3_negatives(ships, workers, why):
    s = jp3_table(ships, workers)
    s.sheets[A].cash = 500
    with pytest.raises(IllegalMoveError, match=why):
        play(s, A, "colony GUI x2")


def test_jp3_negative_unexplored_region_cannot_be_colonised():
    s = table()
    s = ready(put_ships(s, A, GUI=2), A, "colony")
    with pytest.raises(IllegalMoveError, match="unexplored"):
        play(s, A, "colony GUI")


def test_jp4_sugar_factory_plus_shipyard_needs_seven_workers():
    s = ready(table(), A, "build")
    s.sheets[A].workers, s.sheets[A].cash = 7, 1000
    after, _ = play(s, A, "build sugar+shipyard")
    me = after.sheets[A]
    cost = DATA.row("sugar").costs[0] + DATA.row("shipyard").costs[0]
    assert me.cash == 1000 - cost
    assert me.factories["sugar"] == 1 and me.shipyards == 2 and me.workers == 7
    s.sheets[A].workers = 6
    with pytest.raises(IllegalMoveError, match="7 workers"):
        play(s, A, "build sugar+shipyard")


def test_jp5_market_values_at_the_start():
    s = ready(table(), A, "market1")
    s.sheets[A].colonies["sugar"] = [40, 50]
    after, _ = play(s, A, "market sell sugar")
    assert after.sheets[A].cash == 200 + 2 * 50
    assert after.market["sugar"] == 6 and after.sheets[A].colony_count("sugar") == 2

    s = ready(table(), B, "market1")
    s.sheets[B].factories["sugar"] = 1
    after, _ = play(s, B, "market process sugar+orange")
    assert after.sheets[B].cash == 200 + 2 * 30
    assert after.market["sugar"] == 2
    assert after.sheets[B].factories["sugar"] == 1 and after.sheets[B].orange == 1


def test_jp6_privilege_cash_shipyard_times_thirty():
    s = ready(table(), A, "privilege")
    s.sheets[A].shipyards, s.sheets[A].workers = 2, 4
    gallery = s.gallery["shipyard"]
    after, _ = play(s, A, "privilege shipyard")
    me = after.sheets[A]
    assert DATA.column("shipyard").cash[0] == 30
    assert me.workers == 3 and me.cash == 200 + 2 * 30
    assert me.privileges["shipyard"] == 1 and after.gallery["shipyard"] == gallery - 1


def test_jp7_privilege_vp_shipyard_column():
    s = table()
    s.sheets[A].shipyards, s.sheets[A].privileges["shipyard"] = 2, 1
    from rules.navegador.scoring import breakdown

    assert breakdown(s.sheets[A])["shipyard"] == 2 * (3 + 2) == 10


def test_jp8_gallery_refill_five_players_tops_up():
    s = table(players=5)
    s.gallery.update({"colony": 0, "factory": 1, "explorer": 0, "shipyard": 1, "church": 1})
    s.privilege_supply.update({k: 6 - 1 for k in s.gallery})
    s.pending_phase = 2
    s = ready(s, A, "workers")
    after, events = play(s, A, "workers skip")
    assert after.phase == 2 and set(after.gallery.values()) == {2}
    assert any(e.kind == "phase" for e in events)
    after.pending_phase = 3
    after = ready(after, B, "workers")
    final, _ = play(after, B, "workers skip")
    assert final.phase == 3 and set(final.gallery.values()) == {3}


def jp9_table():
    """A, B, C; B holds the card; B has 3 ships in Macau next to unexplored Nagasaki."""
    s = table(players=3, seed=9)
    s.phase = 3
    explore_all(s, "GUI", "ANG", "BAH", "RIO", "CAB", "MOC", "IND", "CEI", "MAL", "TIM", "MAC")
    s = put_ships(s, B, MAC=3)
    s.card.holder, s.card.mark, s.card.steps = B, s.sheets[B].stone, 0
    return ready(s, B, "workers")


def _skip_turn(state, seat):
    state = ready(state, seat, "workers")
    return play(state, seat, "workers skip")[0]


def test_jp9_nagasaki_explored_with_the_card_gives_the_explorer_two_more_turns():
    s = jp9_table()
    s, events = play(s, B, "card MAC>NAG x3")
    assert s.sheets[B].ships == {"NAG": 1} and s.sheets[B].supply == 6    # 2 lost
    assert s.end_triggered and s.card.holder == A                          # passed right
    order = []
    while s.step not in ("king", "over"):
        order.append(s.current)
        s = _skip_turn(s, s.current)
    assert order == [B, C, A, B]


def test_jp9_contrast_nagasaki_explored_in_the_normal_sail():
    s = jp9_table()
    s = ready(s, B, "sail")
    s, _ = play(s, B, "sail MAC>NAG x3")
    order = []
    while s.step not in ("king", "over"):
        order.append(s.current)
        s = _skip_turn(s, s.current)
    assert order == [C, A, B]


def _finish_with_scores(s, vps: dict[int, int]):
    """Force a finished game where seats get the given totals (through cash)."""
    from rules.navegador.scoring import breakdown

    for seat, vp in vps.items():
        sheet = s.sheets[seat]
        sheet.cash = 0
        base = breakdown(sheet)["total"]
        sheet.cash = (vp - base) * DATA.scoring.cash_per_vp
    s.step = "over"
    return G.result(s)


def test_jp10_tie_break_follows_the_card_to_the_right():
    s = table(players=4)
    s.card.holder = C
    result = _finish_with_scores(s, {A: 30, B: 20, C: 25, D: 30})
    assert result.ranking[0] == A        # card would pass C -> B -> A -> D
    assert "Tie" in result.tie_break
    result = _finish_with_scores(s, {A: 30, B: 20, C: 30, D: 30})
    assert result.ranking[0] == C


# --- Chinese seed (002) ------------------------------------------------------------


def test_cn1_workers_in_phase_two_with_two_churches():
    s = ready(table(), A, "workers")
    s.phase = 2
    s.sheets[A].churches, s.sheets[A].workers, s.sheets[A].cash = 2, 4, 400
    after, _ = play(s, A, "hire 3")
    assert after.sheets[A].cash == 100 and after.sheets[A].workers == 7


def test_cn2_virtual_worker_and_virtual_ship():
    s = ready(table(), A, "workers")
    s.sheets[A].workers, s.sheets[A].churches = 9, 1
    after, _ = play(s, A, "workers 1")
    assert after.sheets[A].workers == 9 and after.sheets[A].cash == 250

    s = ready(put_ships(table(), A, POR=3, GUI=4), A, "ships")
    after, events = play(s, A, "ships 1")
    assert after.sheets[A].ships == {"POR": 3, "GUI": 4} and after.sheets[A].supply == 0
    assert after.sheets[A].cash == 250
    assert "sold back" in events[-1].text


@pytest.mark.parametrize("order, ok", [
    ("church", True), ("church+sugar", False), ("church+shipyard", False),
    ("sugar+gold", True), ("sugar+shipyard", True),
])
def test_cn3_worker_requirement_with_seven_workers(order, ok):
    s = ready(table(), A, "build")
    s.sheets[A].workers, s.sheets[A].cash = 7, 2000
    if ok:
        after, _ = play(s, A, f"build {order}")
        assert after.sheets[A].workers == 7
    else:
        with pytest.raises(IllegalMoveError, match="workers"):
            play(s, A, f"build {order}")


def test_cn4_selling_three_gold_at_fifty():
    s = ready(table(), A, "market1")
    row50 = SELL["gold"].index(50) + 1
    s.market["gold"] = row50
    s.sheets[A].colonies["gold"] = [50, 60, 70]
    after, _ = play(s, A, "market sell gold")
    assert after.sheets[A].cash == 200 + 150
    assert after.market["gold"] == row50 + 3
    assert SELL["gold"][after.market["gold"] - 1] == 30
    assert after.sheets[A].colony_count("gold") == 3


def test_cn5_no_selling_and_processing_the_same_good():
    s = ready(table(), A, "market1")
    s.sheets[A].colonies.update({"gold": [50, 60], "spice": [60]})
    s.sheets[A].factories["sugar"] = 1
    for bad in ("market sell gold+spice, process gold+orange",
                "market sell gold+spice, process spice+orange"):
        with pytest.raises(IllegalMoveError, match="sell and process"):
            play(s, A, bad)
    after, _ = play(s, A, "market sell gold+spice, process sugar+orange")
    expected = 2 * SELL["gold"][3] + SELL["spice"][3] + 2 * PROCESS[3]
    assert after.sheets[A].cash == 200 + expected
    s2 = ready(table(), A, "market1")
    s2.sheets[A].colonies.update({"gold": [50, 60], "spice": [60], "sugar": [40]})
    after, _ = play(s2, A, "market sell gold+spice+sugar")
    assert after.sheets[A].cash == 200 + 2 * 60 + 70 + 50


def test_cn6_privilege_cash_church_forty():
    s = ready(table(), A, "privilege")
    s.sheets[A].churches, s.sheets[A].workers = 2, 3
    s.sheets[A].privileges["church"] = 1
    assert DATA.column("church").cash[1] == 40
    after, _ = play(s, A, "privilege church")
    assert after.sheets[A].cash == 200 + 80 and after.sheets[A].workers == 2


def test_cn7_colony_vp_with_two_colony_privileges():
    from rules.navegador.scoring import breakdown

    s = table()
    s.sheets[A].privileges["colony"] = 2
    s.sheets[A].colonies["sugar"] = [40, 50, 60, 70]
    assert breakdown(s.sheets[A])["colony"] == 4 * (1 + 2) == 12


def test_cn8_kings_privilege():
    from rules.navegador.scoring import breakdown

    s = table()
    s.sheets[A].shipyards = 2
    s.sheets[A].colonies["sugar"] = [40, 50, 60]
    s.step = "king"
    after, _ = play(s, A, "king shipyard")
    assert breakdown(after.sheets[A])["shipyard"] == 10 and after.sheets[A].cash == 200
    after, _ = play(s, A, "king colony")
    assert breakdown(after.sheets[A])["colony"] == 6
    s.sheets[A].privileges["church"] = 3
    with pytest.raises(IllegalMoveError, match="no free slot"):
        play(s, A, "king church")


@pytest.mark.parametrize("players, ships, ok", [(3, 2, False), (3, 3, True), (2, 2, False),
                                                (4, 2, True)])
def test_cn9_macau_double_loss_with_two_or_three_players(players, ships, ok):
    s = table(players=players)
    s.phase = 3
    explore_all(s, "GUI", "ANG", "CAB", "MOC", "IND", "CEI", "MAL")
    s = ready(put_ships(s, A, MAL=ships), A, "sail")
    if not ok:
        with pytest.raises(IllegalMoveError, match=f"at least {ships + 1}"):
            play(s, A, f"sail MAL>MAC x{ships}")
        return
    after, _ = play(s, A, f"sail MAL>MAC x{ships}")
    assert after.sheets[A].ships == {"MAC": 1}
    assert after.sheets[A].supply == 7 - 1


def test_cn9_nagasaki_always_needs_three():
    s = table(players=5)
    s.phase = 3
    explore_all(s, "GUI", "ANG", "CAB", "MOC", "IND", "CEI", "MAL", "MAC")
    s = ready(put_ships(s, A, MAC=2), A, "sail")
    with pytest.raises(IllegalMoveError, match="at least 3"):
        play(s, A, "sail MAC>NAG x2")


def cn10_table():
    s = table(seed=10)
    explore_all(s, "GUI", "ANG")
    s = put_ships(s, A, ANG=2)
    s.card.holder, s.card.mark = A, s.sheets[A].stone
    s.sheets[A].churches = 1
    return ready(s, A, "workers")


def test_cn10_phase_change_through_the_card_sail_applies_at_once():
    s = cn10_table()
    s, events = play(s, A, "card ANG>CAB x2")
    assert s.phase == 2 and s.current == A and s.step == "start"
    assert all(v == DATA.phases.gallery_level[3][1] for v in s.gallery.values())
    cash = s.sheets[A].cash
    s, _ = play(s, A, "workers 2")
    assert s.sheets[A].cash == cash - (50 + 200)


def test_tr8_phase_change_in_the_normal_sail_waits_for_the_next_player():
    s = cn10_table()
    s = ready(s, A, "sail")
    s, _ = play(s, A, "sail ANG>CAB x2")
    assert s.phase == 2 and s.current == B        # effective from B's turn
    s2 = cn10_table()
    s2 = ready(s2, A, "sail")
    s2, _ = play(s2, A, "sail ANG>CAB x2 ...")    # still sailing: the rest of A's turn
    assert s2.phase == 1 and s2.pending_phase == 2
    with pytest.raises(IllegalMoveError, match="able to go that far"):
        play(s2, A, "CAB>ANG")                     # range is still 1, already used


def test_cn11_privilege_needs_a_third_worker_and_three_per_type():
    s = ready(table(), A, "privilege")
    s.sheets[A].workers = 2
    with pytest.raises(IllegalMoveError, match="below 2"):
        play(s, A, "privilege church")
    s.sheets[A].workers = 3
    after, _ = play(s, A, "privilege church")
    assert after.sheets[A].workers == 2
    s.sheets[A].privileges["church"] = 3
    s.gallery["church"] = 1
    with pytest.raises(IllegalMoveError, match="full"):
        play(s, A, "privilege church")


# --- Rule statements (T-R) -----------------------------------------------------------


@pytest.mark.parametrize("steps, cost", [(1, 0), (2, 0), (3, 0), (4, 1), (5, 2), (8, 5)])
def test_tr1_rondel_costs(steps, cost):
    s = table()
    s = put_ships(s, A, POR=5, GUI=1)
    s = ready(s, A, "workers", steps=steps)
    pay = f" pay POR x{cost}" if cost else ""
    after, _ = play(s, A, f"workers skip{pay}")
    assert after.sheets[A].ships_on_board == 6 - cost
    assert after.sheets[A].supply == 1 + cost


def test_tr1_paid_ships_come_from_regions_the_player_names():
    s = ready(put_ships(table(), A, POR=1, GUI=2), A, "workers", steps=5)
    with pytest.raises(IllegalMoveError, match="pay"):
        play(s, A, "workers 1")
    after, _ = play(s, A, "workers 1 pay GUI, POR")
    assert after.sheets[A].ships == {"GUI": 1}


def test_tr1_too_few_ships_and_first_turn_free():
    s = ready(put_ships(table(), A, POR=2), A, "workers", steps=6)
    with pytest.raises(IllegalMoveError, match="costs 3 ships"):
        play(s, A, "workers 1 pay POR x3")
    fresh = G.setup(3, 1)
    seat = fresh.current
    after, _ = play(fresh, seat, "privilege skip")   # any space, free
    assert after.sheets[seat].ships_on_board == 2


def test_tr2_skip_the_action_and_tr3_shared_spaces():
    s = ready(table(), A, "build")
    s.sheets[B].stone = space_of("build")
    after, events = play(s, A, "build skip")
    assert after.sheets[A].stone == after.sheets[B].stone == space_of("build")
    assert after.current == B and after.sheets[A].cash == 200


def test_tr4_card_deadline_one_full_lap():
    s = table(players=3)
    s.card.holder, s.card.mark, s.card.steps = B, 2, 0
    s.sheets[B].stone = 2
    for target in ("colony", "workers"):        # 2 -> 5 -> 0: six spaces
        s = ready(s, B, target, steps=3)
        s, _ = play(s, B, f"{target} skip")
        assert s.card.holder == B
    assert s.card.steps == 6
    s = ready(s, B, "market1", steps=2)         # reaches space 2 again
    s, events = play(s, B, "market skip")
    assert s.card.holder == A and s.card.mark == s.sheets[A].stone
    assert any("unused" in e.text for e in events)


def test_tr5_no_card_in_the_first_round():
    s = G.setup(3, 3)
    holder = s.card.holder
    assert holder == (s.current - 1) % 3
    while s.current != holder:
        s, _ = play(s, s.current, "workers skip")
    assert "card" not in [str(m) for m in G.legal_moves(s, holder)]
    with pytest.raises(IllegalMoveError, match="first round"):
        play(s, holder, "card")


def test_tr6_one_exploration_per_turn():
    s = table()
    s.phase = 2
    s = ready(put_ships(s, A, POR=4), A, "sail")
    with pytest.raises(IllegalMoveError, match="only one region"):
        play(s, A, "sail POR>GUI x2, POR>BAH x2")


def test_tr7_exploration_reward_is_the_lowest_value_and_no_token():
    s = ready(put_ships(table(), A, POR=2), A, "sail")
    s.regions["GUI"].tokens = [110, 70, 90]
    after, _ = play(s, A, "sail POR>GUI x2")
    assert after.sheets[A].cash == 270
    assert sorted(after.regions["GUI"].tokens) == [70, 90, 110]
    assert after.sheets[A].colony_count() == 0


def test_tr9_market_limits():
    s = ready(table(), A, "market1")
    s.market["sugar"] = DATA.market.rows
    s.sheets[A].colonies["sugar"] = [40]
    after, _ = play(s, A, "market sell sugar")
    assert after.sheets[A].cash == 200 + SELL["sugar"][-1]
    assert after.market["sugar"] == DATA.market.rows
    s = ready(table(), A, "market1")
    s.market["gold"] = 1
    after, _ = play(s, A, "market process gold")   # only the orange factory: forgiving
    assert after.sheets[A].cash == 200 + PROCESS[0] and after.market["gold"] == 1


def test_tr10_build_order_leftmost_first():
    s = ready(table(), A, "build")
    s.sheets[A].workers, s.sheets[A].cash = 9, 5000
    costs = []
    for _ in range(6):
        cash = s.sheets[A].cash
        s, _ = play(ready(s, A, "build"), A, "build sugar")
        costs.append(cash - s.sheets[A].cash)
        s.end_triggered, s.final_turns_left = False, None
    assert costs == DATA.row("sugar").costs == [50, 70, 100, 150, 200, 250]


def test_tr11_end_by_a_building_row():
    s = ready(table(), A, "build")
    s.bought["sugar"] = 5
    s.sheets[A].cash = 1000
    s, events = play(s, A, "build sugar")
    assert s.end_triggered and any(e.kind == "end" for e in events)
    order = []
    while s.step not in ("king", "over"):
        order.append(s.current)
        s = ready(s, s.current, "workers")
        s, _ = play(s, s.current, "workers skip")
    assert order == [B, C, A]
    assert s.step == "king"


def test_tr12_final_score_of_the_starting_position():
    from rules.navegador.scoring import breakdown

    s = G.setup(3, 1)
    parts = breakdown(s.sheets[0])
    assert parts["total"] == 2 + 3 + 3 + 3 + 2 + 1 == 14
    s.sheets[0].cash = 399
    assert breakdown(s.sheets[0])["cash"] == 1
    s.sheets[0].cash = 400
    assert breakdown(s.sheets[0])["cash"] == 2
    s.sheets[0].supply, s.sheets[0].ships = 7, {}
    assert breakdown(s.sheets[0])["ships"] == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_tr13_setup(players):
    s = G.setup(players, 42)
    for sheet in s.sheets:
        assert (sheet.workers, sheet.ships, sheet.supply, sheet.cash) == (3, {"POR": 2}, 5, 200)
        assert (sheet.orange, sheet.shipyards, sheet.churches) == (1, 1, 1)
        assert sheet.king is None and not sheet.king_done
    assert s.card.holder == (s.current - 1) % players
    assert set(s.market.values()) == {4}
    assert G.view(s).rows[3].left == min(8, 10 - players)
    stacks = {rid: len(r.tokens) for rid, r in s.regions.items()}
    assert stacks["GUI"] == 3 and stacks["TIM"] == 2 and sum(stacks.values()) == 30


def test_illegal_moves_change_nothing():
    s = ready(table(), A, "build")
    before = s.model_copy(deep=True)
    for text in ("build church+church", "sail POR>NAG", "colony GUI", "hire 2", "king church",
                 "hire 2 pay POR x2", "workers 1 pay GUI"):
        with pytest.raises(RulesError):
            play(s, A, text)
        assert unchanged(before, s)


def test_cn2_virtual_ship_with_no_ship_in_portugal_leaves_the_map_clean():
    """Found by random play: buying only virtual ships must not put '0 ships' in Portugal."""
    s = ready(put_ships(table(), A, GUI=3, RIO=4), A, "ships")
    after, _ = play(s, A, "ships 1")
    assert after.sheets[A].ships == {"GUI": 3, "RIO": 4}
    assert A not in G.view(after).regions[0].ships
    assert all(n > 0 for n in after.sheets[A].ships.values())
