"""Every designed card does what its line in the spec's table (§12.3) says. The expected
effects below are written from the spec, not read from data/maracaibo, so a card whose data
drifts from its text fails here. Each card is bought at a village by seat 0 of a 3-player
table with money to spare; what it asks is answered with the first choice."""

from __future__ import annotations

import pytest
from maracaibo_helpers import DATA, at, g, hand, play, ready

from rules import RulesError
from rules.maracaibo import actions, combat
from rules.maracaibo.effects import hand_limit, perm_atoms, village_actions
from rules.maracaibo.scoring import cards_vp

# id: (cost, VP, synergy band, immediate gains, asks, permanent check, assistant location)
# gains: dbl vp cp inc_d inc_v fig, inf "ES2", syn "FAITH"
SPEC = {
    "A01": (2, 1, "", {"cp": 2}, "", None, None),
    "A02": (2, 0, "JUNGLE", {}, "explore:2", None, None),
    "A03": (3, 1, "TRADE", {"inc_d": 1}, "", None, None),
    "A04": (4, 1, "", {"inc_v": 1}, "", None, None),
    "A05": (3, 1, "NAVY", {}, "disc", None, None),
    "A06": (3, 1, "", {"inf": "ES2"}, "", None, None),
    "A07": (3, 1, "", {"inf": "FR2"}, "", None, None),
    "A08": (3, 1, "", {"inf": "EN2"}, "", None, None),
    "A09": (2, 0, "CREW", {"fig": 1, "cp": 1}, "", None, None),
    "A10": (4, 1, "CREW", {}, "", ("card_discount", 1), None),
    "A11": (4, 1, "", {}, "", ("prestige_discount", 3), None),
    "A12": (4, 1, "JUNGLE", {}, "", ("explore_bonus", 1), None),
    "A13": (4, 1, "NAVY", {}, "", ("combat_cp", 1), None),
    "A14": (3, 1, "TRADE", {}, "", ("deliver_reward", {"dbl": 1}), None),
    "A15": (2, 1, "", {}, "", None, ("3", {"dbl": 3})),
    "A16": (3, 1, "TRADE", {}, "", None, ("7", {"dbl": 2, "vp": 1})),
    "A17": (3, 1, "JUNGLE", {}, "", None, ("9", "explore:2")),
    "A18": (3, 1, "NAVY", {}, "", None, ("12", {"cp": 3})),
    "A19": (3, 1, "", {}, "", None, ("16", "buy:2")),
    "A20": (2, 1, "CREW", {}, "", None, ("18", {"vp": 2})),
    "A21": (3, 1, "FAITH", {"syn": "FAITH", "vp": 1}, "", None, None),
    "A22": (2, 0, "CREW", {"syn": "CREW"}, "", ("syn_bonus", "NAVY", {"cp": 2}), None),
    "A23": (4, 1, "", {}, "", ("end", "quest", 1), None),
    "A24": (1, 0, "CREW", {"dbl": 1, "cp": 1}, "", None, None),
    "B01": (8, 3, "", {"inc_v": 2}, "", None, None),
    "B02": (7, 2, "TRADE", {"inc_d": 3}, "", None, None),
    "B03": (6, 2, "NAVY", {}, "", ("combat_cp", 2), None),
    "B04": (7, 2, "NAVY", {}, "", ("annex_discount", 2), None),
    "B05": (6, 2, "NAVY", {}, "disc", None, None),          # two discs, one at a time
    "B06": (7, 2, "JUNGLE", {}, "explore:4", None, None),
    "B07": (6, 2, "", {"inf": "ES4"}, "", ("req", "ES", 1), None),
    "B08": (6, 2, "", {"inf": "FR4"}, "", ("req", "FR", 1), None),
    "B09": (6, 2, "", {"inf": "EN4"}, "", ("req", "EN", 1), None),
    "B10": (7, 2, "CREW", {}, "", ("village_bonus", 1), None),
    "B11": (6, 2, "CREW", {}, "", ("hand_limit", 1), None),
    "B12": (8, 3, "TRADE", {}, "", ("deliver_reward", {"vp": 1}), None),
    "B13": (9, 1, "", {}, "", ("card_discount", 2), None),
    "B14": (5, 2, "", {}, "", None, ("6", "nation:1+cp1")),
    "B15": (6, 3, "TRADE", {}, "", None, ("8", {"dbl": 4})),
    "B16": (7, 3, "NAVY", {}, "", None, ("15", "cp3+nation:1")),
    "B17": (5, 2, "JUNGLE", {}, "", None, ("2", "dbl2+explore:1")),
    "B18": (5, 2, "FAITH", {"syn": "FAITH"}, "", ("end", "syn_cards:FAITH", 1), None),
    "B19": (6, 2, "NAVY", {"syn": "NAVY", "cp": 2}, "", None, None),
    "B20": (5, 2, "TRADE", {"syn": "TRADE", "inc_d": 1}, "", None, None),
    "B21": (5, 2, "JUNGLE", {"syn": "JUNGLE"}, "explore:2", None, None),
    "B22": (5, 2, "CREW", {"syn": "CREW", "fig": 1}, "", None, None),
    "B23": (10, 4, "FAITH", {}, "", ("end", "syn_distinct", 2), None),
    "B24": (8, 2, "", {}, "", ("end", "quest", 2), None),
    "B25": (8, 2, "NAVY", {}, "", ("end", "ship_space", 1), None),
    "B26": (7, 2, "CREW", {}, "", ("end", "figure_on_board", 2), None),
    "B27": (6, 1, "JUNGLE", {}, "explore:1", ("syn_bonus", "JUNGLE", {"vp": 4}), None),
    "B28": (9, 3, "", {}, "", ("scoring_reward", {"vp": 2}), None),
    "B29": (6, 2, "", {}, "", ("quest_reward", {"vp": 2}), None),
    "B30": (4, 1, "NAVY", {"cp": 3}, "", None, None),
}


def test_the_spec_table_and_the_data_list_the_same_cards():
    assert sorted(SPEC) == sorted(c.id for c in DATA.cards)


def buyer(card: str, mp: int = 1):
    """Seat 0 on San Juan (6) holding copy a of ``card``, rich, with class 1 everywhere."""
    state = at(ready(3), 0, "6", mp=mp)
    for s, node in enumerate(("E0", "E0", "E0")):
        state.seats[s].explorer = node
    hand(state, 0, [f"{card}a"])
    p = state.seats[0]
    p.dbl, p.cp = 30, 1
    p.influence = {"ES": 3, "FR": 3, "EN": 3}
    return state


def snapshot(p) -> dict:
    return {"dbl": p.dbl, "vp": p.vp, "cp": p.cp, "inc_d": p.inc_d, "inc_v": p.inc_v,
            "fig": p.supply, "inf": dict(p.influence), "syn": list(p.synergy)}


@pytest.mark.parametrize("card", sorted(SPEC))
def test_card_does_what_its_line_in_the_spec_says(card):
    cost, vp, band, gains, asks, perm, asst = SPEC[card]
    info = DATA.card[card]
    assert (info.cost, info.vp, info.synergy) == (cost, vp, band)
    state = buyer(card)
    before = snapshot(state.seats[0])
    state, _ = play(state, 0, f"village buy {card}a")
    p = state.seats[0]
    after = snapshot(p)
    want = dict(before)
    want["dbl"] = before["dbl"] - cost + gains.get("dbl", 0)
    for k in ("vp", "cp", "inc_d", "inc_v", "fig"):
        want[k] = before[k] + gains.get(k, 0)
    if asst is not None:
        want["fig"] -= 1
    if "inf" in gains:
        nation, n = gains["inf"][:2], int(gains["inf"][2:])
        want["inf"] = {**before["inf"], nation: before["inf"][nation] + n}
    if "syn" in gains:
        want["syn"] = [*before["syn"], gains["syn"]]
    assert after == want
    d = state.decision
    if asks:
        kind, _, n = asks.partition(":")
        assert d is not None and d.kind == kind and (not n or d.n == int(n))
    else:
        assert d is None
    assert f"{card}a" in p.bought
    if card == "B05":                              # disc: 2 — a second disc is asked after
        state, _ = play(state, 0, "disc S1")
        assert state.decision is not None and state.decision.kind == "disc"
    if asst is not None:
        loc, action = asst
        assert [f.loc for f in p.figures] == [loc]
        check_assistant(card, loc, action)
    if perm is not None:
        check_perm(card, perm)


def check_assistant(card: str, loc: str, action) -> None:
    state = buyer(card)
    state, _ = play(state, 0, f"village buy {card}a")
    state = at(state, 0, loc)
    before = snapshot(state.seats[0])
    state, _ = play(state, 0, f"assistant {card}a")
    after = snapshot(state.seats[0])
    d = state.decision
    if isinstance(action, dict):
        for k, v in action.items():
            assert after[k] == before[k] + v
        assert d is None
    elif action.startswith("explore"):
        assert d.kind == "explore" and d.n == int(action.split(":")[1])
    elif action.startswith("buy"):
        assert d is None or (d.kind == "buy" and d.n == 2)
    elif action == "nation:1+cp1":
        assert d.kind == "nation" and d.n == 1
        state, _ = play(state, 0, "nation spain")
        assert state.seats[0].cp == before["cp"] + 1
    elif action == "cp3+nation:1":
        assert after["cp"] == before["cp"] + 3 and d.kind == "nation" and d.n == 1
    elif action == "dbl2+explore:1":
        assert after["dbl"] == before["dbl"] + 2 and d.kind == "explore" and d.n == 1
    else:  # pragma: no cover
        raise AssertionError(action)


def check_perm(card: str, perm) -> None:
    state = buyer(card)
    p0 = state.seats[0].model_copy(deep=True)
    state, _ = play(state, 0, f"village buy {card}a")
    if state.decision is not None:
        state, _ = play(state, 0, "skip" if state.decision.kind == "buy" else
                        str(g.legal_moves(state, 0)[0]))
    p = state.seats[0]
    kind = perm[0]
    if kind == "card_discount":
        assert actions.card_cost(p, "B01a") == actions.card_cost(p0, "B01a") - perm[1]
    elif kind == "prestige_discount":
        b = state.prestige[0]
        assert actions.invest_cost(p, b) == actions.invest_cost(p0, b) - perm[1]
    elif kind == "explore_bonus":
        from rules.maracaibo.decisions import explore_budget

        there = at(state, 0, "10")
        assert explore_budget(there, 0)[0] == DATA.loc["10"].explore + perm[1]
    elif kind == "combat_cp":
        fight = at(state, 0, "11")
        cp = fight.seats[0].cp
        fight, _ = play(fight, 0, "fight 1")
        assert fight.seats[0].cp == cp + perm[1]
    elif kind == "annex_discount":
        assert combat.annex_cost(state, 0, "12") == DATA.rules.annex_cost - perm[1]
    elif kind == "deliver_reward":
        assert [a.model_dump(exclude_none=True) for a in perm_atoms(p, "deliver_reward")] \
            == [perm[1]]
    elif kind in ("quest_reward", "scoring_reward"):
        assert [a.model_dump(exclude_none=True) for a in perm_atoms(p, kind)] == [perm[1]]
    elif kind == "village_bonus":
        assert village_actions(p, 7) == village_actions(p0, 7) + perm[1]
    elif kind == "hand_limit":
        assert hand_limit(p) == hand_limit(p0) + perm[1]
    elif kind == "req":
        poor = buyer(card)
        poor.seats[0].influence[perm[1]] = 2          # class 0
        with pytest.raises(RulesError, match="class"):
            play(poor, 0, f"village buy {card}a")
    elif kind == "syn_bonus":
        symbol, reward = perm[1], perm[2]
        if symbol in p.synergy:                    # the card gives its own symbol: paid
            return
        before = snapshot(p)
        from rules.maracaibo.effects import gain_symbol, run

        gain_symbol(state, 0, symbol, [])
        run(state, [])
        for k, v in reward.items():
            assert snapshot(state.seats[0])[k] == before[k] + v
    elif kind == "end":
        per, each = perm[1], perm[2]
        base = cards_vp(state, p)
        if per == "quest":
            p.quests = ["Q1", "Q2", "Q3"]
            assert cards_vp(state, p) == base + 3 * each
        elif per == "syn_distinct":
            p.synergy = ["CREW", "NAVY"]
            assert cards_vp(state, p) == base + 2 * each
        elif per == "ship_space":
            p.discs[0] = p.discs[1] = 0
            assert cards_vp(state, p) == base + 2 * each
        elif per == "figure_on_board":
            from rules.maracaibo.state import Figure
            p.figures = [Figure(loc="3", card="A15a"), Figure(loc="7", card="A16a")]
            assert cards_vp(state, p) == base + 2 * each
        elif per == "syn_cards:FAITH":
            p.bought.append("A21a")                # one more FAITH card (+its 1 VP)
            assert cards_vp(state, p) == base + 1 + each
    else:  # pragma: no cover
        raise AssertionError(kind)


# Quests, careers, prestige buildings, city tiles, ship spaces (spec §5.3, §7.2, §8, §13, §14)


def atoms(items) -> list[dict]:
    return [a.model_dump(mode="json", exclude_none=True, by_alias=True) for a in items]


QUESTS = {   # id: (goods, objects, dbl, cp, reward)
    "Q1": (["SUGAR", "TOBACCO"], [], 0, 0, [{"vp": 4}]),
    "Q2": (["COCOA", "COFFEE"], [], 0, 0, [{"vp": 3}, {"dbl": 2}]),
    "Q3": ([], ["SWORD"], 0, 2, [{"inf": {"nation": "ANY", "n": 3}}]),
    "Q4": ([], ["MAP"], 0, 0, [{"explore": 3}]),
    "Q5": ([], ["JEWEL"], 3, 0, [{"vp": 5}]),
    "Q6": ([], ["COMPASS", "MAP"], 0, 0, [{"disc": 2}, {"vp": 2}]),
    "Q7": ([], [], 5, 0, [{"inc_v": 1}]),
    "Q8": (["ANY", "ANY"], [], 0, 0, [{"fig": 1}, {"vp": 2}]),
    "Q9": ([], [], 0, 4, [{"annex_free": 1}]),
    "Q10": ([], ["SWORD", "JEWEL"], 0, 0, [{"vp": 6}]),
    "Q11": (["TOBACCO"], ["COMPASS"], 0, 0, [{"inc_d": 2}, {"vp": 1}]),
    "Q12": (["ANY"], [], 2, 0, [{"syn": "ANY"}, {"vp": 2}]),
}


def test_quests_are_the_spec_designs_two_copies_each():
    assert sorted(QUESTS, key=lambda q: int(q[1:])) == [q.id for q in DATA.quests]
    for q in DATA.quests:
        goods, objects, dbl, cp, reward = QUESTS[q.id]
        assert (list(q.cost.goods), list(q.cost.objects), q.cost.dbl, q.cost.cp) == \
            (goods, objects, dbl, cp), q.id
        assert atoms(q.reward) == reward and q.copies == 2


def test_city_tiles_and_ship_spaces_are_the_spec_values():
    tiles = {t.id: (t.wheel, list(t.players), atoms(t.effect)) for t in DATA.city_tiles}
    assert tiles == {
        "T1": (True, [2, 3, 4], [{"disc": 1}, {"optional_pay": {"dbl": 3, "then": [
            {"disc": 1}]}}]),
        "T2": (True, [2, 3, 4], [{"disc": 1}, {"dbl": 2}]),
        "T3": (False, [2, 3, 4], [{"dbl": 4}]),
        "T4": (False, [3, 4], [{"fig": 1}, {"cp": 1}]),
        "T5": (False, [2, 3, 4], [{"inf": {"nation": "ANY", "n": 2}}]),
        "T6": (False, [4], [{"vp": 3}]),
        "T7": (False, [2, 3, 4], [{"buy": {"discount": 2}}]),
        "T8": (False, [3, 4], [{"cp": 3}]),
        "T9": (False, [2, 3, 4], [{"explore": 2}]),
        "T10": (False, [4], [{"optional_pay": {"dbl": 5, "then": [{"inc_v": 1}]}}]),
    }
    spaces = {s.id: (s.perm.model_dump(mode="json", exclude_defaults=True) if s.perm else {},
                     atoms(s.once)) for s in DATA.ship.spaces}
    assert spaces == {
        "S1": ({"hand_limit": 1}, []), "S2": ({"hand_limit": 1}, []),
        "S3": ({"village_table": [[1, 1], [2, 2], [5, 3]]}, []),
        "S4": ({"village_bonus": 1}, []), "S5": ({"combat_actions": 3}, []),
        "S6": ({"discard_hand": [{"dbl": 3}, {"fig": 1}]}, []),
        "S7": ({}, [{"inc_d": 2}]), "S8": ({}, [{"inc_v": 1}]),
        "S9": ({"explore_bonus": 1}, []), "S10": ({"max_mp": 8}, []),
        "S11": ({}, [{"vp": 4}]), "S12": ({}, [{"dbl": 5}, {"cp": 1}]),
    }


CAREERS = {   # id: [(conditions, reward)], final
    "K1": ([([("cp_at_least", 6), ("annexes", 1)], [{"vp": 2}]),
            ([("noble_class_any", 2), ("annexes", 3)], [{"inf": {"nation": "ANY", "n": 2}}]),
            ([("noble_class_any", 4), ("combats", 5)], [{"vp": 4}])], [{"inc_v": 1}]),
    "K2": ([([("deliveries", 2), ("dbl_at_least", 15)], [{"dbl": 3}]),
            ([("deliveries", 5), ("inc_d_steps", 3)], [{"inc_d": 1}]),
            ([("ship_spaces", 4), ("deliveries", 8)], [{"vp": 4}])], [{"vp": 4}]),
    "K3": ([([("explorer_past", "red"), ("explorer_steps", 4)], [{"dbl": 2}]),
            ([("explorer_past", "blue"), ("quests", 2)], [{"cp": 2}, {"vp": 1}]),
            ([("explorer_past", "green"), ("quests", 4)], [{"vp": 4}])], [{"explore": 2}]),
    "K4": ([([("cards_bought", 3), ("synergy_tokens", 1)], [{"vp": 2}]),
            ([("cards_bought", 6), ("synergy_tokens", 2)], [{"syn": "ANY"}]),
            ([("cards_bought", 9), ("prestige_invested", 1)], [{"vp": 4}])], [{"vp": 3}]),
    "K5": ([([("figures_on_board", 1), ("figures_in_supply", 6)], [{"dbl": 3}]),
            ([("figures_on_board", 3), ("assistant_actions", 3)], [{"vp": 3}]),
            ([("figures_on_board", 5), ("assistant_actions", 6)], [{"inc_v": 1}])],
           [{"vp": 3}]),
    "K6": ([([("ship_spaces", 1), ("discs_removed", 3)], [{"cp": 2}]),
            ([("ship_spaces", 3), ("discs_removed", 7)], [{"disc": 1}]),
            ([("ship_spaces", 6), ("discs_removed", 13)], [{"vp": 5}])], [{"inc_d": 2}]),
}


def test_careers_are_the_spec_designs():
    for c in DATA.careers:
        tasks, final = CAREERS[c.id]
        got = [([(x.kind, x.line or x.n) for x in t.either], atoms(t.reward)) for t in c.tasks]
        assert got == tasks and atoms(c.final) == final, c.id


def test_prestige_buildings_score_as_the_spec_says():
    from rules.maracaibo.scoring import prestige_vp

    state = ready(3)
    p = state.seats[0]
    p.bought = ["A21a", "B18a", "A05a", "B19a", "A13a"]  # FAITH ×2, NAVY ×3
    p.influence = {"ES": 11, "FR": 3, "EN": 0}            # classes 3, 1, 0
    p.deliveries = 12
    p.discs[0] = p.discs[1] = p.discs[2] = 0               # 3 ship spaces
    p.quests = ["Q1", "Q2"]
    p.lines = ["red", "blue"]
    from rules.maracaibo.state import Figure
    p.figures = [Figure(loc="3", card="A15a")]
    want = {"P1": 3 + 2 * 2, "P2": 3 * 3, "P3": 2 + 10, "P4": 3 + 3, "P5": 6, "P6": 2,
            "P7": 4, "P8": 5}
    assert {b: prestige_vp(state, p, b) for b in want} == want
    assert {b.id: b.cost for b in DATA.prestige} == {
        "P1": 9, "P2": 12, "P3": 9, "P4": 10, "P5": 8, "P6": 11, "P7": 9, "P8": 10}
    p.explorer = DATA.explorer.final
    assert prestige_vp(state, p, "P5") == 12


def test_combat_tokens_flags_and_markets_are_the_spec_tables():
    """Spec §9.2 (entries as written there: +n CP, +v, +d, dN, oX, f), §9.4, §5.1."""
    table = """+3|+2 +d|+4 d2;+2 +v|+3|+2 +d;+4 d2|+2 +v|+3;+5 oSWORD|+3|+2 +v;+3|+4 d2|+2 +d;
    +2 +d|+5 oSWORD|+3;+3 +v d1|+2|+4 f;+4 f|+3 +v d1|+2;+2|+4 f|+3 +v d1;+3|—|+3 +d;
    —|+3 +d|+3;+3 +d|+3|—;+5 d3|+2|+2 +v;+2 +v|+5 d3|+2;+2|+2 +v|+5 d3;+4|+1 +v +d|+3;
    +3|+4|+1 +v +d;+1 +v +d|+3|+4;+6 oMAP|+2|+3;+3|+6 oJEWEL|+2;+2|+3|+6 oCOMPASS;
    +3 +v|+3 +v|+1;+1|+3 +v|+3 +v;+3 +v|+1|+3 +v;+4|+4|+4 d1"""

    def entry(text: str):
        if text == "—":
            return None
        out = {"cp": 0, "vp": 0, "dbl": 0, "pay": 0, "object": "", "figure": 0}
        for w in text.split():
            if w == "+v":
                out["vp"] = 1
            elif w == "+d":
                out["dbl"] = 1
            elif w == "f":
                out["figure"] = 1
            elif w.startswith("d"):
                out["pay"] = int(w[1:])
            elif w.startswith("o"):
                out["object"] = w[1:]
            else:
                out["cp"] = int(w)
        return out

    rows = [r.strip() for r in table.split(";")]
    assert len(rows) == len(DATA.combat_tokens) == 25
    for row, token in zip(rows, DATA.combat_tokens, strict=True):
        want = [entry(x.strip()) for x in row.split("|")]
        got = [token.entry(n).model_dump() if token.entry(n) else None
               for n in ("ES", "FR", "EN")]
        assert got == want, row
    flags = {"1": [{"dbl": 2}], "2": [{"cp": 1}], "3": [{"vp": 1}],
             "4": [{"vp": 2}, {"dbl": 1}], "5": [{"inc_d": 1}], "6": [{"dbl": 2}],
             "7": [{"explore": 1}], "8": [{"vp": 1}, {"cp": 1}], "9": [{"explore": 1}],
             "10": [{"vp": 3}], "11": [{"inc_v": 1}], "12": [{"dbl": 3}],
             "13": [{"vp": 2}, {"cp": 1}], "14": [{"inc_d": 1}], "15": [{"fig": 1}],
             "16": [{"vp": 2}], "17": [{"dbl": 2}, {"cp": 1}], "18": [{"explore": 2}],
             "19": [{"vp": 2}]}
    assert {loc.id: atoms(loc.flag) for loc in DATA.route if loc.flag} == flags
    markets = {
        "4": [("SUGAR", {"dbl": 1}), ("TOBACCO", {"vp": 1}), ("COFFEE", {"dbl": 2})],
        "5": [("COCOA", {"dbl": 1}), ("SUGAR", {"cp": 1}), ("TOBACCO", {"vp": 1})],
        "11": [("TOBACCO", {"cp": 1}), ("COFFEE", {"dbl": 1}), ("COCOA", {"vp": 2})],
        "13": [("COFFEE", {"dbl": 1}), ("COCOA", {"vp": 1}), ("SUGAR", {"dbl": 2})],
        "14": [("SUGAR", {"vp": 1}), ("TOBACCO", {"dbl": 1}), ("COCOA", {"cp": 1})],
        "17": [("COCOA", {"dbl": 1}), ("COFFEE", {"vp": 1}), ("TOBACCO", {"dbl": 2})],
    }
    assert {loc.id: [(m.good, *atoms(m.reward)) for m in loc.market]
            for loc in DATA.route if loc.market} == markets
