"""The stay-to-map rule after exploring (spec §7.7), judged at the end of the Sail.

JP seed 000: 「同じ手番でその先の海域に航海を続ける場合，プレイヤーはこの新たに探検された海域に
最低1隻は船を残さなければなりません」 — whoever sails on must leave at least one ship in the
region just explored. Read as: when the Sail ends, at least one of the sailor's ships is in
that region; the order in which the legs were given does not matter.
"""

from __future__ import annotations

import random
from functools import cache

import pytest

from rules import IllegalMoveError, RulesError
from rules.fuzz import random_game
from rules.navegador.moves import Done, Leg, Path
from tests.navegador_helpers import DATA, A, B, G, explore_all, play, put_ships, ready, table


def rio_table(**ships: int):
    """Phase II, Rio unexplored, Bahia and Cabo explored (the JP example's map)."""
    s = table(seed=4)
    s.phase = 2
    explore_all(s, "GUI", "ANG", "BAH", "CAB")
    return ready(put_ships(s, A, **ships), A, "sail")


@pytest.mark.parametrize("order", [
    "sail BAH>RIO x3, POR>RIO, RIO>CAB x2",
    "sail BAH>RIO x3, RIO>CAB x2, POR>RIO",
])
def test_order_of_legs_does_not_matter_only_the_end_of_the_sail(order):
    s = rio_table(BAH=3, POR=1)
    after, _ = play(s, A, order)
    assert after.sheets[A].ships == {"RIO": 1, "CAB": 2}
    assert after.current == B


def test_leg_by_leg_the_explored_region_may_be_left_empty_until_done():
    s = rio_table(BAH=3, POR=1)
    for text in ("sail", "BAH>RIO x3", "RIO>CAB x2"):
        s, _ = play(s, A, text)
    assert s.step == "sail" and "RIO" not in s.sheets[A].ships
    # ending now would leave Rio unmapped: refused, with what to do instead
    assert Done() not in G.legal_moves(s, A)
    with pytest.raises(IllegalMoveError, match="stay in Rio de Janeiro") as error:
        play(s, A, "done")
    assert "POR>RIO" in str(error.value)
    s, _ = play(s, A, "POR>RIO")
    assert Done() in G.legal_moves(s, A)
    s, _ = play(s, A, "done")
    assert s.current == B and s.sheets[A].ships == {"RIO": 1, "CAB": 2}


def test_a_leg_that_would_leave_no_way_to_map_the_region_is_refused():
    # The only ship that could still reach Rio may not sail elsewhere while Rio is empty:
    # otherwise the sail could never end legally.
    s = rio_table(BAH=3, POR=1)
    for text in ("sail", "BAH>RIO x3", "RIO>CAB x2"):
        s, _ = play(s, A, text)
    with pytest.raises(IllegalMoveError, match="stay in Rio de Janeiro"):
        play(s, A, "POR>GUI")
    assert Leg(paths=(Path(origin="POR", dest="GUI"),)) not in G.legal_moves(s, A)
    # and the whole sail typed at once is refused the same way
    with pytest.raises(IllegalMoveError, match="stay in Rio de Janeiro"):
        play(rio_table(BAH=3, POR=1), A, "sail BAH>RIO x3, RIO>CAB x2, POR>GUI")


def test_seed_negative_still_holds_when_no_ship_can_come_back():
    # T-JP-2 (a): the two survivors both sail on and nothing else can reach Rio.
    s = rio_table(BAH=3)
    with pytest.raises(IllegalMoveError, match="stay in Rio de Janeiro"):
        play(s, A, "sail BAH>RIO x3, RIO>CAB x2")
    s, _ = play(s, A, "sail BAH>RIO x3 ...")     # still sailing
    assert Leg(paths=(Path(origin="RIO", dest="CAB", count=2),)) not in G.legal_moves(s, A)
    assert Leg(paths=(Path(origin="RIO", dest="CAB", count=1),)) in G.legal_moves(s, A)


def test_card_sail_is_judged_at_its_end_too():
    s = rio_table(BAH=3, POR=1)
    s = ready(s, A, "workers")
    s.card.holder, s.card.mark, s.card.steps = A, s.sheets[A].stone, 0
    after, _ = play(s, A, "card BAH>RIO x3, RIO>CAB x2, POR>RIO; workers skip")
    assert after.sheets[A].ships == {"RIO": 1, "CAB": 2}
    with pytest.raises(IllegalMoveError, match="stay in Rio de Janeiro"):
        play(s, A, "card BAH>RIO x3, RIO>CAB x2; workers skip")
    stepwise = s
    for text in ("card", "BAH>RIO x3", "RIO>CAB x2"):
        stepwise, _ = play(stepwise, A, text)
    assert Done() not in G.legal_moves(stepwise, A)
    with pytest.raises(IllegalMoveError, match="stay in Rio de Janeiro"):
        play(stepwise, A, "done")


def test_every_listed_sail_leg_and_done_is_accepted_and_a_sail_can_always_end():
    # From any state reached by legal legs, the list is never empty and every entry applies.
    s = rio_table(BAH=3, POR=1)
    s, _ = play(s, A, "sail")
    frontier = [s]
    seen = 0
    while frontier and seen < 400:
        state = frontier.pop()
        moves = G.legal_moves(state, A)
        assert moves, "a sail with no way to end"
        for move in moves:
            after, _ = G.apply(state, A, move)
            seen += 1
            if after.step == "sail":
                frontier.append(after)
    assert seen >= 50


@cache
def sails_under_way() -> list:
    """Sails in progress (card sails too) from random games that explore a lot."""
    states = []
    rng = random.Random(5)
    for seed, players in ((41, 2), (42, 3), (43, 4), (44, 5)):
        for n, (state, _, _, _) in enumerate(random_game(G, players, seed, policy="explorer")):
            if state.step not in ("sail", "card_sail") or n % 3:
                continue
            states.append(state)
            # and a few legs on, preferring those that leave an explored region
            for _ in range(3):
                seat = state.sail.sailor
                legs = [m for m in G.legal_moves(state, seat) if isinstance(m, Leg)]
                leaving = [m for m in legs if m.paths[0].origin == state.sail.explored]
                if not legs:
                    break
                state, _ = G.apply(state, seat, rng.choice(leaving or legs))
                states.append(state)
    return states


def test_legal_legs_and_apply_agree_in_every_sail_reached():
    regions = [r.id for r in DATA.regions]
    checked = after_exploring = unmapped = 0
    for state in sails_under_way()[::2]:
        seat = state.sail.sailor
        legal = G.legal_moves(state, seat)
        after_exploring += state.sail.explored is not None
        unmapped += state.sail.explored is not None and not state.sail.reach.get(
            state.sail.explored)
        for origin, reach in state.sail.reach.items():
            for dest in regions:
                for count in range(1, len(reach) + 1):
                    leg = Leg(paths=(Path(origin=origin, dest=dest, count=count),))
                    assert accepted(state, seat, leg) == (leg in legal), (str(leg), state.sail)
                    checked += 1
        assert accepted(state, seat, Done()) == (Done() in legal)
    assert checked > 1000 and after_exploring > 10 and unmapped > 2


def accepted(state, seat, move) -> bool:
    try:
        G.apply(state, seat, move)
    except RulesError:
        return False
    return True
