"""Properties over random reachable states: every legal move reads back from its notation
and applies; every move that applies is listed (legal_moves and apply agree both ways);
any input is a move or a sentence and never changes the state; replays reproduce games
exactly; the public view never holds a hidden value."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from vasco_helpers import DATA, G

from rules import RulesError
from rules.fuzz import play_random, random_game
from rules.vasco.invariants import check
from rules.vasco.moves import (
    Bonus,
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
)


@cache
def reachable_states() -> list:
    states = []
    for seed, players, policy in ((1, 2, "uniform"), (2, 3, "explorer"), (3, 4, "explorer"),
                                  (4, 4, "uniform"), (5, 3, "uniform"), (6, 2, "explorer")):
        for n, (state, _, _, _) in enumerate(random_game(G, players, seed, policy=policy)):
            if n % 9 == 0:
                states.append(state)
    return states


def test_every_legal_move_round_trips_through_its_notation_and_applies():
    count = 0
    for state in reachable_states()[::2]:
        for seat in G.to_act(state):
            for move in G.legal_moves(state, seat):
                assert G.parse(state, seat, str(move)) == move, str(move)
                G.apply(state, seat, move)
                count += 1
    assert count > 2500


def _bonuses(state) -> list[Bonus | None]:
    out: list[Bonus | None] = [None, Bonus(kind="bag")]
    out += [Bonus(kind="project", index=i) for i in range(0, 8)]
    out += [Bonus(kind="sailor", index=s, colour=c) for s in range(0, 5)
            for c in DATA.sailor_colours]
    return out


def candidates(state, seat):
    """Many single moves, legal or not, built from everything on the table."""
    rng = random.Random(state.seq * 7 + seat)
    slots = [(a.key, i) for a in DATA.areas for i in range(0, len(a.slots) + 2)]
    for number in [0, 1, 7, 20, 21, 22, 23, *rng.sample(range(1, 21), 4)]:
        for area, slot in rng.sample(slots, 6):
            yield Place(number=number, area=area, slot=slot)
    yield Pass()
    yield Done()
    colours = DATA.sailor_colours
    for section in range(0, 6):
        for n in range(0, 3):
            for combo in combinations(colours * 2, n):
                for captain in (False, True):
                    yield Hire(section=section, sailors=tuple(sorted(
                        combo, key=colours.index)), captain=captain)
    for n in (0, 1, 2, 3):
        for tiles in combinations(range(0, 8), n):
            yield Buy(tiles=tiles)
    yield Buy(san_gabriel=True)
    yield Buy(tiles=(1,), san_gabriel=True)
    for space in range(0, 4):
        yield Coins(space=space)
    for who in ("manuel", "bartolomeu", "francisco", "sernigi"):
        yield Character(who=who)
    yield Character(who="sernigi", later=True)
    for number in (20, 21, 22):
        for area, slot in rng.sample(slots, 4):
            yield Character(who="manuel", number=number, area=area, slot=slot)
    landing_slots = [(x.key, i) for x in DATA.landings for i in range(0, len(x.slots) + 2)]
    bonuses = _bonuses(state)
    for landing, slot in landing_slots:
        for bonus in rng.sample(bonuses, 4) + [None]:
            yield Merchant(landing=landing, slot=slot, bonus=bonus)
            yield Character(who="sernigi", landing=landing, slot=slot, bonus=bonus)
    tiles = [t for p in state.seats for t in p.ships + p.projects][:6] + ["I-01", "III-7"]
    for tile in tiles:
        for landing, slot in landing_slots:
            for bonus in rng.sample(bonuses, 3) + [None]:
                yield Send(ship=tile, landing=landing, slot=slot, bonus=bonus)
    crew = DATA.crew_colours
    for tile in tiles:
        for n in range(1, 6):
            for combo in combinations(crew, n):
                yield Launch(tile=tile, colours=combo)
        yield Launch(tile=tile, colours=("grey", "grey"))


def test_legal_moves_and_apply_agree_both_ways():
    """Of the candidates, a random sample per state and seat (all would take minutes),
    plus every one that is legal."""
    checked = 0
    rng = random.Random(8)
    for state in reachable_states()[::4]:
        for seat in range(state.players):
            legal = set(G.legal_moves(state, seat)) if seat in G.to_act(state) else set()
            pool = list(candidates(state, seat))
            picked = rng.sample(pool, min(len(pool), 80)) + [m for m in pool if m in legal]
            for move in picked:
                try:
                    G.apply(state, seat, move)
                    ok = seat in G.to_act(state)
                except RulesError:
                    ok = False
                assert ok == (move in legal), (str(move), state.phase, seat)
                checked += 1
    assert checked > 4_000


VOCAB = [
    "place", "hire", "buy", "character", "send", "sail", "merchant", "launch", "pass", "done",
    "recruit-2", "project-1", "character-3", "navigation-5", "nav-9", "r-1", "7", "21", "22",
    "0", "-1", "99999999999999999999", "2:", "turquoise", "violet", "grey", "orange",
    "missionary", "t", "v", "g", "o", "m", "+", "captain", "san-gabriel", "sg", "coins", "1",
    "manuel", "bartolomeu", "francisco", "sernigi", "later", "natal-1", "terra-5",
    "mozambique-3", "mombasa-4", "malindi-2", "calicut-1", "calicut", "to", "take", "bag",
    "from", "I-13", "II-01", "III-7", "IV-1", "using", "with", ",", ";", "...", "x2", "é",
    "Mombaça", "２", "🏴‍☠️",
]
texts = st.one_of(
    st.text(max_size=60),
    st.lists(st.sampled_from(VOCAB), min_size=1, max_size=10).map(" ".join),
    st.lists(st.sampled_from(VOCAB), min_size=1, max_size=8).map("".join),
)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), seat=st.integers(min_value=0, max_value=3), text=texts)
def test_any_input_is_a_legal_move_or_a_sentence_and_changes_nothing(index, seat, text):
    states = reachable_states()
    state = states[index % len(states)]
    seat %= state.players
    before = G.dump(state)
    try:
        after, _ = G.play(state, seat, text)
    except RulesError as error:
        message = str(error)
        assert 10 < len(message) <= 500 and not message[0].islower(), message
        assert G.dump(state) == before
        return
    assert G.dump(state) == before        # apply is pure even when the move is legal
    check(after)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_replaying_a_finished_game_reproduces_it_exactly(players):
    played = play_random(G, players, 300 + players, check, "explorer")
    assert G.result(played.final) is not None
    replayed = G.replay(players, 300 + players, played.log)
    assert G.dump(replayed) == G.dump(played.final)
    assert G.load(G.dump(played.final)) == played.final


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("policy", ["uniform", "explorer"])
def test_random_games_end_after_round_5_with_a_full_score(players, policy):
    played = play_random(G, players, 40 + players, check, policy)
    result = G.result(played.final)
    assert result is not None and sorted(result.ranking) == list(range(players))
    assert played.final.round == 5 and played.final.phase == "over"
    for seat, parts in enumerate(result.breakdown):
        assert parts["total"] == result.scores[seat]
        assert sum(v for k, v in parts.items() if k != "total") == parts["total"]


def test_explorer_games_reach_every_part_of_the_game():
    seen: set[str] = set()
    for seed in range(3):
        for players in (2, 3, 4):
            for _, _, text, events in random_game(G, players, seed, policy="explorer"):
                seen |= {e.kind for e in events}
                if text:
                    seen.add(text.split()[0] + (" " + text.split()[1]
                                                if text.startswith("character") else ""))
    for kind in ("send", "launch", "advance", "removed", "landing", "income", "refill",
                 "character manuel", "character bartolomeu", "character francisco",
                 "character sernigi", "character coins", "hire", "buy", "merchant", "final",
                 "pass", "done"):
        assert kind in seen, kind


def test_the_public_view_holds_no_hidden_value():
    state = reachable_states()[5]
    text = G.view(state).model_dump_json()
    assert "bag_seed" not in text and str(state.bag_seed) not in text
    assert "vdg_stack" not in text and "stacks\":{\"I\":[" not in text
    for stack in state.stacks.values():
        assert not any(f'"{t}"' in text for t in stack)


def test_computer_players_finish_games_with_legal_moves():
    policy = G.policy("easy")
    for players in (2, 3, 4):
        state = G.setup(players, players)
        rng = random.Random(players)
        for _ in range(3000):
            seats = G.waiting_on(state)
            if not seats:
                break
            move = policy.choose(G, state, seats[0], rng)
            assert move in G.legal_moves(state, seats[0])
            assert not (isinstance(move, Hire) and not move.sailors and not move.captain)
            state, _ = G.apply(state, seats[0], move)
            check(state)
        assert G.result(state) is not None
