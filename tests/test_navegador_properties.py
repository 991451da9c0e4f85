"""Properties over random reachable states: illegal input changes nothing and always
gets a sentence; replays reproduce games exactly; states survive JSON."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import RulesError
from rules.fuzz import play_random, random_game
from rules.navegador.invariants import check
from tests.navegador_helpers import G


@cache
def reachable_states() -> list:
    states = []
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 5)):
        policy = "explorer" if seed % 2 else "uniform"
        for n, (state, _, _, _) in enumerate(random_game(G, players, seed, policy=policy)):
            if n % 37 == 0:
                states.append(state)
    return states


VOCAB = [
    "workers", "hire", "ships", "sail", "colony", "build", "market", "market1", "market2",
    "privilege", "card", "king", "done", "skip", "pay", "sell", "process", "orange", "sugar",
    "gold", "spice", "shipyard", "church", "factory", "explorer", "POR", "GUI", "BAH", "RIO",
    "CAB", "NAG", "MAC", "Guiné", "Rio de Janeiro", ">", "x2", "x0", "x99", "2", "0", "-1",
    "999999999999", "+", ",", ";", "...", "→", "sugar:1", "2orange", "to", "and",
]
texts = st.one_of(
    st.text(max_size=80),
    st.lists(st.sampled_from(VOCAB), min_size=1, max_size=12).map(" ".join),
    st.lists(st.sampled_from(VOCAB), min_size=1, max_size=12).map("".join),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), seat=st.integers(min_value=0, max_value=4), text=texts)
def test_any_input_is_either_a_legal_move_or_a_sentence_and_no_change(index, seat, text):
    states = reachable_states()
    state = states[index % len(states)]
    seat %= state.players
    before = G.dump(state)
    try:
        after, _ = G.play(state, seat, text)
    except RulesError as error:
        message = str(error)
        assert len(message) > 10 and not message[0].islower(), message
        assert G.dump(state) == before
        return
    assert G.dump(state) == before      # apply is pure even when the move is legal
    check(after)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_replaying_a_finished_game_reproduces_it_exactly(players):
    played = play_random(G, players, 100 + players, check, "explorer")
    assert G.result(played.final) is not None
    replayed = G.replay(players, 100 + players, played.log)
    assert G.dump(replayed) == G.dump(played.final)
    assert G.load(G.dump(played.final)) == played.final


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("policy", ["uniform", "explorer"])
def test_random_games_end_with_a_full_score(players, policy):
    for seed in range(2):
        played = play_random(G, players, seed, check, policy)
        result = G.result(played.final)
        assert result is not None and sorted(result.ranking) == list(range(players))
        for seat, parts in enumerate(result.breakdown):
            assert parts["total"] == result.scores[seat]
            assert sum(v for k, v in parts.items() if k != "total") == parts["total"]


def test_public_view_never_shows_face_down_values():
    state = G.setup(4, 5)
    text = G.view(state).model_dump_json()
    hidden = [v for r in state.regions.values() for v in r.tokens]
    assert hidden and all(r["tokens"] is None for r in G.view(state).model_dump()["regions"])
    assert '"tokens":[' not in text.replace('"tokens":null', "")
