"""Properties of the Neptun engine over random reachable states: notation round-trips,
legal_moves and apply agree both ways, odd text never breaks or changes anything, replays
reproduce games exactly, and what players may type reads as they mean it."""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from neptun_helpers import GAME, acting, at_athenae_state, new, play, sailing_state

from rules import RulesError
from rules.fuzz import play_random, random_game
from rules.neptun import sailing
from rules.neptun.invariants import check
from rules.neptun.moves import Deliver, Done, Extra, Flip, Oar, Sail, Take, Turn
from rules.neptun.sea import cheapest
from rules.neptun.state import NeptunState


@cache
def states() -> list[NeptunState]:
    """States along random games of every player count (both policies), every phase."""
    out: list[NeptunState] = []
    for players, policy in ((2, "explorer"), (4, "uniform"), (5, "explorer")):
        every = [s for s, *_ in random_game(GAME, players, 40 + players, check, policy)]
        out += every[:: max(1, len(every) // 25)]
    return out


def candidates(state: NeptunState, seat: int) -> list:
    """Every move of a bounded space around the legal ones (many of them illegal)."""
    moves: list = [Flip(), Done(), Extra(yes=True), Extra(yes=False)]
    moves += [Take(column=c, slot=s) for c in range(0, 8) for s in range(0, 7)]
    moves += [Oar(index=i) for i in range(0, 10)]
    moves += [Deliver(slot=s, donate=d) for s in range(0, 7) for d in (False, True)]
    ship = state.seats[seat].ship
    reach = sailing.allowance(state, seat)
    for dest, (miles, route) in cheapest(state, ship).items():
        need = max(0, miles - reach)
        moves += [Sail(route=route, pay=p) for p in {0, need, need + 1}]
        moves.append(Sail(route=(ship, dest), pay=need))
    moves += [Sail(route=(ship,), pay=p) for p in (0, 1)] + [Sail(route=("ATH",))]
    return moves


def test_every_legal_move_round_trips_and_applies():
    for state in states():
        for seat in GAME.to_act(state):
            for move in GAME.legal_moves(state, seat):
                assert GAME.parse(state, seat, str(move)) == move, str(move)
                GAME.apply(state, seat, move)


def test_legal_moves_and_apply_agree_both_ways():
    """A move of the candidate space applies exactly when legal_moves lists it."""
    for state in states()[::3]:
        for seat in {*GAME.to_act(state), (state.actor + 1) % state.players}:
            legal = GAME.legal_moves(state, seat)
            for move in candidates(state, seat):
                try:
                    GAME.apply(state, seat, move)
                except RulesError:
                    assert move not in legal, f"{move} is listed but refused"
                    continue
                assert move in legal, f"{move!r} applies but is not listed"


def test_replaying_finished_games_gives_their_final_states():
    for players in (2, 3, 4, 5):
        played = play_random(GAME, players, 900 + players, check, "explorer")
        again = GAME.replay(players, played.seed, played.log)
        assert GAME.dump(again) == GAME.dump(played.final)
        assert GAME.result(again) is not None


WORDS = ["flip", "take", "oar", "sail", "stay", "deliver", "done", "extra", "yes", "no",
         "slot", "pay", "+temple", "#", "#2", "3", "12", "0", "-1", "6/-1", "3/+1", "5/0",
         "start", "CRE", "ATH", "cor", "Carthago Nova", "athènes", "x", ";", ">", ",", "+",
         "9999999999", "²", "𐩀", "🏴‍☠️", "\u200d", "", "  ", "pass", "reveal", "to"]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), seat=st.integers(min_value=0, max_value=4),
       text=st.one_of(st.text(max_size=60),
                      st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join)))
def test_any_text_is_a_move_or_a_sentence_and_changes_nothing(index, seat, text):
    pool = states()
    state = pool[index % len(pool)]
    seat %= state.players
    before = GAME.dump(state)
    try:
        GAME.play(state, seat, text)
    except RulesError as exc:
        assert str(exc) and len(str(exc)) <= 500
        assert text[:80] not in str(exc) or len(text) <= 60
    assert GAME.dump(state) == before


# What players type ----------------------------------------------------------------------


def test_take_without_a_slot_fills_the_leftmost_free_one():
    state = new(4)
    state = play(state, 0, "flip")
    assert GAME.parse(state, 0, "take 1") == Take(column=1, slot=1)
    assert GAME.parse(state, 0, "take") == Take(column=1, slot=1)
    assert GAME.parse(state, 0, "/TAKE 1 in 3") == Take(column=1, slot=3)
    assert GAME.parse(state, 0, "reveal") == Flip()


def test_oar_cards_by_value_power_or_place():
    state = sailing_state(4)
    state.phase = "choose"
    seat = state.order[0]
    player = state.seats[seat]
    player.choice = None
    from neptun_helpers import oar

    player.hand = [oar(2, 1), oar(6, -1), oar(6, 0), oar(3, 1, True), oar(5, 0, True)]
    assert GAME.parse(state, seat, "oar 6/-1") == Oar(index=2)
    assert GAME.parse(state, seat, "oar 6/−1") == Oar(index=2)       # a typographic minus
    assert GAME.parse(state, seat, "oar 2") == Oar(index=1)
    assert GAME.parse(state, seat, "6/0") == Oar(index=3)
    assert GAME.parse(state, seat, "oar #5") == Oar(index=5)
    assert GAME.parse(state, seat, "oar 5/0 start") == Oar(index=5)
    msg = _refusal(state, seat, "oar 6")
    assert "more than one card of power 6" in msg
    assert "no oar card 7/+1" in _refusal(state, seat, "oar 7/+1")
    for text in ("oar 6", "oar 7/+1"):                  # never lists the hand
        assert "2/+1" not in _refusal(state, seat, text)


def test_identical_cards_are_one_choice():
    state = sailing_state(4)
    state.phase = "choose"
    seat = state.order[0]
    from neptun_helpers import oar

    state.seats[seat].hand = [oar(4, 0), oar(4, 0), oar(7, -2)]
    state.seats[seat].choice = None
    assert GAME.legal_moves(state, seat) == [Oar(index=1), Oar(index=3)]
    assert GAME.parse(state, seat, "oar #2") == Oar(index=1)


def test_sailing_by_port_names_codes_and_routes():
    state = sailing_state(4)
    seat = acting(state)
    by_code = GAME.parse(state, seat, "sail COR")
    assert GAME.parse(state, seat, "sail corinthus") == by_code
    assert GAME.parse(state, seat, "COR") == by_code
    assert GAME.parse(state, seat, "sail to Corinth") == by_code
    assert GAME.parse(state, seat, "sail CRE → ATH → COR") == by_code
    nova = GAME.parse(state, seat, "sail Carthago Nova")
    assert isinstance(nova, Sail) and nova.dest == "CNO"
    assert GAME.parse(state, seat, "stay") == Sail(route=(state.seats[seat].ship,))
    assert "no port 'atlantis'" in _refusal(state, seat, "sail atlantis")
    if by_code.pay:
        assert "costs" in _refusal(state, seat, f"sail COR pay {by_code.pay - 1}")


def test_deliver_forms_and_staying_to_deliver():
    state, seat = at_athenae_state(5)
    assert GAME.parse(state, seat, "deliver 1 +temple") == Deliver(slot=1, donate=True)
    assert GAME.parse(state, seat, "deliver 1+") == Deliver(slot=1, donate=True)
    assert GAME.parse(state, seat, "fulfil 1") == Deliver(slot=1)
    assert GAME.parse(state, seat, "deliver") == Deliver(slot=1)
    before = sailing_state(4)
    s = acting(before)
    before.seats[s].ship = "ATH"
    from neptun_helpers import chart

    chart(before, s, ("ATH-1", "oil", "open"), None, None, None, None)
    whole = GAME.parse(before, s, "deliver 1")           # at the sail step: stay, deliver
    assert isinstance(whole, Turn) and str(whole) == "stay; deliver 1"
    assert str(GAME.parse(before, s, "pass")) == "stay; done"


def test_a_whole_turn_reads_against_the_table_as_its_steps_leave_it():
    state = sailing_state(4)
    seat = acting(state)
    from neptun_helpers import chart

    chart(state, seat, ("ATH-1", "oil", "open"), None, None, None, None)
    move = GAME.parse(state, seat, "sail ATH; deliver 1 +temple")
    assert isinstance(move, Turn) and len(GAME.steps(move)) == 2
    after, _ = GAME.apply(state, seat, move)
    assert after.seats[seat].chart[0].status == "done"


def test_extra_answers():
    state = new(4)
    assert "Answer `extra yes` or `extra no`" in _refusal(state, 0, "extra maybe")
    assert GAME.parse(state, 0, "extra yes") == Extra(yes=True)


def test_complete_reads_bare_slash_parameters():
    state = new(4)
    verbs = {v.name: v for v in GAME.texts.verbs}
    assert GAME.complete(state, 0, verbs["take"], "3 slot 2") == "take 3 slot 2"
    assert GAME.complete(state, 0, verbs["flip"], "") == "flip"
    assert GAME.complete(state, 0, verbs["flip"], "flip") == "flip"
    assert GAME.complete(state, 0, verbs["oar"], "6/-1") == "oar 6/-1"
    assert GAME.complete(state, 0, verbs["sail"], "COR") == "sail COR"
    assert GAME.complete(state, 0, verbs["sail"], "stay") == "stay"
    assert GAME.complete(state, 0, verbs["sail"], "ATH; deliver 2") == "sail ATH; deliver 2"
    assert GAME.complete(state, 0, verbs["deliver"], "2 +temple") == "deliver 2 +temple"
    assert GAME.complete(state, 0, verbs["deliver"], "done") == "done"
    state.phase = "ask"
    assert GAME.complete(state, 0, verbs["oar"], "yes") == "extra yes"


def test_slash_verbs_share_names_and_fit_discord():
    verbs = GAME.texts.verbs
    assert {v.name for v in verbs} == {"take", "flip", "oar", "sail", "deliver"}
    assert all(v.description.startswith("Neptun: ") and len(v.description) <= 100
               for v in verbs)


def test_long_or_strange_input_is_bounded():
    state = new(4)
    assert "too long" in _refusal(state, 0, "take 1 " * 100)
    assert "not a column number" in _refusal(state, 0, "take 99999999999")
    assert _refusal(state, 0, "; ".join(["flip"] * 20))


def _refusal(state: NeptunState, seat: int, text: str) -> str:
    try:
        GAME.play(state, seat, text)
    except RulesError as exc:
        return str(exc)
    raise AssertionError(f"{text!r} was accepted")

