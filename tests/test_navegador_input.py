"""Odd input: every text ends in a move or a short sentence, never in a crash, a stall, a
silently ignored word, or an echo of half the input.

What players and an outside prober typed, kept as a corpus, plus a property test that
throws random (and nasty) text at random reachable states.
"""

from __future__ import annotations

import re
import tracemalloc
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import InvalidMoveError, RulesError
from rules.fuzz import random_game
from tests.navegador_helpers import DATA, A, G, explore_all, put_ships, ready, table

MESSAGE_MAX = 500
ECHO_MAX = 60


def situations() -> dict[str, object]:
    """One state for every kind of decision, A to act in each."""
    def base():
        s = put_ships(explore_all(table(), "GUI", "BAH"), A, POR=2, GUI=2, BAH=1)
        s.sheets[A].workers, s.sheets[A].cash = 7, 500
        s.sheets[A].factories["sugar"] = 1
        s.sheets[A].colonies["gold"] = [50]
        return s

    out: dict[str, object] = {}
    start = ready(base(), A, "workers")
    start.card.holder, start.card.mark, start.card.steps = A, start.sheets[A].stone, 0
    out["start"] = start
    for key in ("workers", "ships", "market1", "colony", "build", "privilege"):
        s = ready(base(), A, key)
        s, _ = G.play(s, A, key)
        out[key] = s
    s = ready(base(), A, "sail")
    out["sail"], _ = G.play(s, A, "sail")
    out["card_sail"], _ = G.play(start, A, "card")
    king = base()
    king.step = "king"
    out["king"] = king
    return out


def refuse(state, text: str) -> str:
    before = G.dump(state)
    with pytest.raises(RulesError) as error:
        G.play(state, A, text)
    assert G.dump(state) == before
    return str(error.value)


def assert_fit_for_a_player(message: str, typed: str) -> None:
    assert message and not message[0].islower(), message
    assert len(message) <= MESSAGE_MAX, len(message)
    if "\\" not in typed:
        assert not re.search(r"\\[uUxN]", message), message      # no escape sequences
    for start in range(0, max(0, len(typed) - ECHO_MAX)):
        assert typed[start:start + ECHO_MAX + 1] not in message, "echoes too much input"


# --- 2. Extra input is refused, never silently dropped ----------------------------------


@pytest.mark.parametrize("text", ["privilege church, shipyard", "privilege church shipyard",
                                  "privilege church and shipyard", "privilege Dias Xavier"])
def test_a_privilege_names_one_column(text):
    message = refuse(situations()["privilege"], text)
    assert message.startswith("Name one column:"), message


@pytest.mark.parametrize("text", ["king church, shipyard", "king colony + factory"])
def test_the_kings_privilege_names_one_column(text):
    message = refuse(situations()["king"], text)
    assert message.startswith("Name one column:"), message


@pytest.mark.parametrize("situation, text", [
    ("privilege", "privilege church please"),
    ("privilege", "privilege church x2"),
    ("king", "king church now"),
    ("market1", "market sell gold 3"),
    ("market1", "market sell gold process"),
    ("market1", "market sell gold!!"),
    ("market1", "market process sugar+goldorange"),
    ("market1", "market sell"),
    ("colony", "colony GUI !!"),
    ("colony", "colony GUI ?"),
    ("colony", "colony GUI -"),
    ("sail", "POR>GUI to"),
    ("sail", "POR>GUI >"),
    ("sail", "POR>GUI?"),
    ("sail", "POR>BAH>GUI"),          # Bahia and Guiné do not border each other
    ("start", "market2 pay BAH ?"),
    ("start", "card ... now"),
    ("build", "build church please"),
])
def test_extra_words_are_refused_with_a_sentence(situation, text):
    message = refuse(situations()[situation], text)
    assert_fit_for_a_player(message, text)


@pytest.mark.parametrize("text", ["POR>GUI>ANG", "sail POR>BAH>RIO x2", "card POR>GUI>ANG x2"])
def test_stops_on_a_route_are_refused_not_ignored(text):
    # ships take the shortest open route, which need not be the one typed
    state = situations()["sail"]
    state.regions["ANG"].explorer, state.regions["ANG"].revealed = False, True
    with pytest.raises(InvalidMoveError, match="Name only where the ships start and end"):
        G.parse(state, A, text)


@pytest.mark.parametrize("situation, text, canonical", [
    ("privilege", "privilege Bartolomeu Dias", "privilege shipyard"),
    ("privilege", "privilege Vasco da Gama", "privilege explorer"),
    ("privilege", "privilege Francisco Xavier", "privilege church"),
    ("king", "king Dias", "king shipyard"),
    ("market1", "market sell gold and process sugar", "market sell gold, process sugar"),
    ("market1", "market sell gold, process sugar+orange", "market sell gold, process sugar+orange"),
    ("sail", "POR>GUI x2, ", "POR>GUI x2"),              # a trailing separator names nothing
    ("colony", "colony GUI, ", "colony GUI"),
])
def test_forgiving_forms_still_read(situation, text, canonical):
    assert str(G.parse(situations()[situation], A, text)) == canonical


# --- 3. Odd input: a move or a RulesError, nothing else ------------------------------------

CORPUS = [
    "workers 𐩀", "workers ²", "workers ٣", "hire 𝟚", "workers ①", "ships 𐩀𐩀",
    "market process sugar+goldorange", "market process 𐩀orange", "market process sugar:𐩀",
    "card ...", "navegador-card ...", "card", "card ... ...", "card;", "card ; ;",
    "colony 9223372036854775808 BAH", "colony BAH x9223372036854775808",
    "sail POR>GUI x9223372036854775808", "workers 9223372036854775808",
    "workers -1", "workers x", "workers 0", "sail POR>GUI x0", "colony GUI x0",
    ";", ";;", ",", " ", "\n", "\t;\t", "+", "...", ">", "x", ":", "sail ;", "; sail",
    "🏴‍☠️", "workers 🏴‍☠️", "sail POR>🏴‍☠️ x2", "\u200d", "\u200b", "\u202e2 srekrow",
    "privilege church, shipyard", "king church, shipyard", "market sell gold sell",
    "sail POR>GUI x2 pay POR", "workers 2 pay", "workers 2 pay 𐩀", "build sugar:2",
    "market sell sugar:99999999999999999999", "market process sugar:-1",
    "x2 POR>GUI", "POR>", ">GUI", "POR>GUI>", "2x", "done done", "skip; skip",
]


@pytest.mark.parametrize("text", CORPUS)
def test_known_odd_input_gets_a_move_or_a_sentence(text):
    for name, state in situations().items():
        before = G.dump(state)
        try:
            G.play(state, A, text)
        except RulesError as error:
            assert_fit_for_a_player(str(error), text)
        except Exception as error:      # pragma: no cover - the failure being tested
            pytest.fail(f"{name}: {text!r} raised {type(error).__name__}: {error}")
        assert G.dump(state) == before


@pytest.mark.parametrize("text", [";", ";;", ",", " ", "\n", "; ;", "\u200b", "..."])
def test_an_empty_move_is_no_move(text):
    for name, state in situations().items():
        with pytest.raises(RulesError):
            G.play(state, A, text)
        assert name


# --- 4. Counts are bounded before anything is built from them ----------------------------

HUGE = ["30000000", "300000000", "9" * 400]


@pytest.mark.parametrize("situation, template, limit", [
    ("build", "build sugar x{n}", "You can build at most"),
    ("build", "build {n} church", "You can build at most"),
    ("colony", "colony GUI x{n}", "You can found at most"),
    ("colony", "colony {n} GUI, BAH", "You can found at most"),
    ("sail", "POR>GUI x{n}", "at most"),
    ("start", "workers 2 pay POR x{n}", "at most"),
    ("start", "workers {n}", "at most"),
    ("ships", "ships {n}", "at most"),
    ("market1", "market process sugar:{n}", "at most"),
    ("market1", "market process sugar+{n}orange", "at most"),
])
@pytest.mark.parametrize("n", HUGE)
def test_huge_counts_are_refused_before_anything_is_built(situation, template, limit, n):
    state = situations()[situation]
    text = template.format(n=n)
    tracemalloc.start()
    try:
        with pytest.raises(RulesError) as error:
            G.play(state, A, text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert limit in str(error.value)
    assert_fit_for_a_player(str(error.value), text)
    assert peak < 4 * 2**20, f"{peak} bytes for {text[:40]!r}"


def test_the_limits_name_what_the_game_allows():
    most = DATA.worker_max // min(row.workers for row in DATA.buildings)
    message = refuse(situations()["build"], "build sugar x30000000")
    assert f"You can build at most {most} buildings" in message
    colonies = DATA.worker_max // DATA.colonies.workers_per_colony
    message = refuse(situations()["colony"], "colony GUI x9223372036854775808")
    assert f"You can found at most {colonies} colonies" in message


# --- 5. Short sentences that echo only a short excerpt -----------------------------------


@pytest.mark.parametrize("text", [
    "fly " * 120,
    "🏴‍☠️" * 100,
    "workers " + "👩‍👩‍👧‍👦" * 30,
    "sail POR>" + "x" * 300,
    "colony " + "a" * 400,
    "privilege " + "church " * 60,
    "market sell " + "gold" * 100,
    "build " + "é" * 300,
    "\u202e" + "fly" * 100,
])
def test_refusals_echo_at_most_a_short_excerpt(text):
    for state in situations().values():
        message = refuse(state, text)
        assert_fit_for_a_player(message, text)
        assert "\u200d…" not in message and "\u202e" not in message


def test_an_excerpt_is_cut_between_graphemes():
    from rules.navegador.text import excerpt

    flag = "🏴‍☠️"
    cut = excerpt(flag * 40)
    assert cut.endswith("…") and len(cut) <= ECHO_MAX + 1
    assert cut[:-1] == flag * (len(cut[:-1]) // len(flag))
    assert excerpt("workers 2") == "workers 2"
    assert excerpt("a\u0000b\u202ec") == "abc"


def test_an_emoji_is_echoed_whole():
    message = refuse(situations()["start"], "🏴‍☠️ ahoy")
    assert "`🏴‍☠️ ahoy`" in message


# --- 3 (property). Random text on random reachable states ---------------------------------


@cache
def reachable_states() -> list:
    states = []
    for seed, players in ((11, 2), (12, 3), (13, 4), (14, 5)):
        for n, (state, _, _, _) in enumerate(random_game(G, players, seed, policy="explorer")):
            if n % 53 == 0:
                states.append(state)
    return states


NASTY = [
    "𐩀", "²", "³", "¹", "٣", "۴", "߂", "७", "𝟚", "①", "Ⅻ", "½", "〇", "9223372036854775808",
    "99999999999999999999999999", "-1", "0", "x", "×", "x0", "x7", "x8", "ₓ", ";", ";;", ",",
    "+", ">", "→", "->", "...", ":", " ", "\n", "\t", "\u00a0", "\u3000", "🏴‍☠️", "\u200d",
    "\u200b", "\ufe0f", "\u202e", "\u0301", "👩‍👩‍👧‍👦", "🇵🇹", "`", "'", '"', "\\u200d",
    "workers", "ships", "sail", "card", "navegador-card", "colony", "build", "market",
    "market1", "market2", "privilege", "king", "done", "skip", "pay", "sell", "process",
    "orange", "sugar", "gold", "spice", "church", "shipyard", "POR", "GUI", "BAH", "RIO", "CAB",
    "MAL", "NAG", "Guiné", "Rio de Janeiro", "to", "and", "all", "factory", "sugar:1",
    "2orange", "Dias", "Xavier",
]
nasty_text = st.one_of(
    st.text(max_size=60),
    st.lists(st.sampled_from(NASTY), min_size=1, max_size=14).map(" ".join),
    st.lists(st.sampled_from(NASTY), min_size=1, max_size=14).map("".join),
    st.lists(st.one_of(st.sampled_from(NASTY), st.text(max_size=4)), max_size=10).map(" ".join),
)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(min_value=0), seat=st.integers(min_value=0, max_value=4),
       text=nasty_text)
def test_random_nasty_text_ends_in_a_move_or_a_short_sentence(index, seat, text):
    states = reachable_states()
    state = states[index % len(states)]
    seat %= state.players
    before = G.dump(state)
    try:
        G.play(state, seat, text)
    except RulesError as error:
        assert_fit_for_a_player(str(error), text)
    assert G.dump(state) == before


def test_too_long_input_is_refused_before_it_is_read():
    message = refuse(situations()["start"], "workers 2 " + "\u0301" * 100_000)
    assert "too long" in message
    with pytest.raises(InvalidMoveError):
        G.parse(situations()["start"], A, "x" * 10_000)
