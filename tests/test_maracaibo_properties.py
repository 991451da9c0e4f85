"""Properties of the Maracaibo engine over random reachable states: notation round trips,
odd input never raises anything but a RulesError and never changes the state, replays give
the final state, and legal_moves and apply agree both ways."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from maracaibo_helpers import DATA, g

from rules import RulesError
from rules.fuzz import play_random, random_game
from rules.maracaibo.data import NATIONS
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
from rules.maracaibo.state import MaracaiboState
from rules.maracaibo.turn import check_step


@cache
def states() -> list[MaracaiboState]:
    """States along random games of every player count and both random policies."""
    out = []
    for players in (2, 3, 4):
        for policy, seed in (("uniform", 5), ("explorer", 6)):
            states = [s for s, *_ in random_game(g, players, seed + players, policy=policy)]
            out += states[:: max(1, len(states) // 25)]
    return out


def test_every_legal_move_reads_back_from_its_notation():
    seen = 0
    for state in states():
        for seat in g.to_act(state):
            for move in g.legal_moves(state, seat):
                assert g.parse(state, seat, str(move)) == move, str(move)
                seen += 1
    assert seen > 2000


def candidates(state: MaracaiboState, seat: int) -> list:
    """Moves of every kind, most of them illegal now: the other half of the agreement."""
    p = state.seats[seat]
    cards = sorted({*p.hand, *p.planned, *p.dealt, *state.display, *state.deck[-3:]})
    out: list = [City(), Done(), Pass(), Skip(), Pay(), FightDone(), Draw(source="deck")]
    out += [Sail(dest=loc.id) for loc in DATA.route]
    out += [Sail(dest=d, via=v) for d, v in (("6", "3"), ("6", "2"), ("15", "13"), ("4", "3"))]
    out += [Village(action=a) for a in ("discard", "take")]
    out += [Village(action="buy", target=c) for c in cards]
    out += [Village(action="invest", target=b.id) for b in DATA.prestige]
    out += [Invest(building=b.id) for b in DATA.prestige]
    out += [Buy(card=c) for c in cards] + [Plan(card=c) for c in cards]
    out += [Draw(source=c) for c in cards]
    out += [Deliver(good=gd, card=c) for c in cards for gd in DATA.symbols.goods]
    out += [QuestMove(quest=q.id) for q in DATA.quests]
    out += [QuestMove(quest=q.id, pay=pay) for q in DATA.quests
            for pay in combinations(sorted(p.hand), 1)]
    out += [Assist(card=c) for c in cards]
    out += [FightPile(pile=n) for n in (1, 2, 3)]
    out += [FightNation(nation=n) for n in NATIONS]
    out += [FightNation(nation=n, card=c) for n in NATIONS for c in p.hand]
    out += [FightInfluence(steps=n) for n in (1, 2, 3)]
    out += [FightAnnex(loc=str(i)) for i in range(0, 21)]
    out += [FightFigures(n=n) for n in range(0, 7)]
    out += [Explore(steps=n, branch=b) for n in range(0, 7) for b in ("", "upper", "lower")]
    out += [Nation(nation=n) for n in NATIONS]
    out += [Disc(space=s.id) for s in DATA.ship.spaces]
    out += [Synergy(symbol=s) for s in DATA.symbols.synergy]
    out += [AnnexFree(loc=str(i), nation=n) for i in (1, 4, 12, 20) for n in NATIONS]
    out += [ChooseCareer(career=c.id) for c in DATA.careers]
    out += [Claim(task=t, cond=c) for t in (1, 2, 3, 4) for c in "ab"]
    if len(p.dealt) >= 4:
        out += [Keep(cards=tuple(sorted(p.dealt[:4]))), Keep(cards=tuple(sorted(p.dealt[-4:])))]
    return out


def test_legal_moves_and_apply_agree_both_ways():
    """Every listed move applies; every move of any kind that passes the rules' check (the
    part of ``apply`` that can refuse) is listed."""
    applied = refused = 0
    for state in states()[::2]:
        for seat in range(state.players):
            legal = g.legal_moves(state, seat)
            for move in legal:
                g.apply(state, seat, move)                       # listed -> applies
            for move in candidates(state, seat):
                try:
                    check_step(state, seat, move)
                except RulesError:
                    refused += 1
                    continue
                applied += 1
                assert move in legal, f"{move} applies but is not listed"   # applies -> listed
    assert applied > 100 and refused > 1000


def test_check_and_apply_refuse_alike():
    """``apply`` refuses exactly what ``check_step`` refuses (so the test above is about
    apply), and a refused apply changes nothing."""
    for state in states()[::9]:
        for seat in g.to_act(state):
            before = g.dump(state)
            for move in candidates(state, seat)[::7]:
                try:
                    check_step(state, seat, move)
                    ok = True
                except RulesError:
                    ok = False
                try:
                    g.apply(state, seat, move)
                    assert ok, str(move)
                except RulesError:
                    assert not ok, str(move)
            assert g.dump(state) == before


def test_replay_gives_the_final_state():
    for players, seed, policy in ((2, 11, "uniform"), (3, 12, "explorer"), (4, 13, "uniform")):
        played = play_random(g, players, seed, policy=policy)
        again = g.replay(players, seed, played.log)
        assert g.dump(again) == g.dump(played.final)
        assert g.result(again) == g.result(played.final)


WORDS = ["sail", "village", "buy", "take", "1", "discard", "invest", "P1", "deliver", "sugar",
         "city", "fight", "2", "spain", "france", "influence", "annex", "12", "figures",
         "explore", "3", "upper", "quest", "Q4", "pay", "plan", "career", "2a", "K3", "keep",
         "done", "draw", "deck", "nation", "disc", "S4", "synergy", "navy", "skip", "pass",
         "A03a", "A03", "B17b", "via", "x3", ";", ",", "with", "-1", "99999999999", "𐩀",
         "é", "\x00", "  "]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000), st.one_of(
    st.text(max_size=80),
    st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join)))
def test_odd_input_only_raises_rules_errors_and_changes_nothing(i, text):
    pool = states()
    state = pool[i % len(pool)]
    before = g.dump(state)
    rng = random.Random(i)
    seat = rng.choice(range(state.players))
    try:
        g.play(state, seat, text)
    except RulesError as exc:
        assert 0 < len(str(exc)) <= 500
    assert g.dump(state) == before


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=1, max_value=4))
def test_whole_turns_typed_at_once_apply_atomically(i, length):
    """A text of several legal decisions either applies as a whole or changes nothing."""
    pool = states()
    state = pool[i % len(pool)]
    seats = g.to_act(state)
    if not seats:
        return
    seat = seats[0]
    rng = random.Random(i)
    steps, current = [], state
    for _ in range(length):
        if seat not in g.to_act(current):
            break
        move = rng.choice(g.legal_moves(current, seat))
        steps.append(str(move))
        current, _ = g.apply(current, seat, move)
    text = "; ".join(steps)
    before = g.dump(state)
    try:
        after, _ = g.play(state, seat, text)
    except RulesError:
        assert g.dump(state) == before
        return
    assert g.dump(state) == before
    assert g.dump(after) == g.dump(current)


def test_states_round_trip_through_json():
    """The store snapshots states as JSON: a loaded snapshot must be the same state."""
    for state in states():
        again = g.load(g.dump(state))
        assert again == state and g.dump(again) == g.dump(state)
        for seat in g.to_act(state)[:1]:
            assert g.legal_moves(again, seat) == g.legal_moves(state, seat)
