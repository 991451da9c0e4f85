"""What a player's-eye pass over Vasco da Gama at the local table found: each test is a
message or picture a player read and would have misunderstood, as given/when/then."""

from __future__ import annotations

from vasco_helpers import G, calling, ready

from rules.fuzz import play_random
from rules.vasco.chat import prompt
from rules.vasco.invariants import check


def test_purchase_prompt_does_not_say_a_player_with_money_has_none():
    # given number 3 on Projects called with the free-action marker on 13, and 10 Reales:
    # acting costs all 10, so nothing is left for a project (1 Real at least)
    state = calling(ready(3), seat=0, number=3, area="project", free=13)
    state.seats[0].coins = 10
    text = prompt(state, 0)
    # then the prompt says why in the player's own numbers, not "you have no Reales"
    assert "buy projects is not possible now" in text
    assert "no Reales" not in text
    assert "costs 10 Reales" in text and "you have 10 Reales" in text
    assert "`/pass` for 1 Real" in text


def test_purchase_prompt_when_the_number_costs_less_than_the_cheapest_project_plus():
    # given number 11 on Projects, the marker on 14 and 3 Reales: 3 for the number, 0 left
    state = calling(ready(3), seat=0, number=11, area="project", free=14)
    state.seats[0].coins = 3
    text = prompt(state, 0)
    assert "no Reales" not in text
    assert "costs 3 Reales" in text and "you have 3 Reales" in text


def test_status_after_the_game_does_not_offer_a_score_if_it_ended_now():
    # given a game played to its final score
    final = play_random(G, 3, 7, check, "explorer").final
    assert final.phase == "over"
    text = G.summary(final)
    # then /status gives each player's final VP, not "(34 if it ended now)"
    assert "if it ended now" not in text
    for seat, player in enumerate(final.seats):
        assert f"Seat {seat + 1}: {player.vp} VP" in text


def test_the_bag_line_does_not_list_missionaries_which_never_go_in_the_bag():
    from render import text
    from render.vasco import draw_vasco
    from render.vasco.demo import demo_scenes

    view, _ = demo_scenes(3, 1)["middle"]
    with text.recording() as seen:
        draw_vasco(view, ["A", "B", "C"])
    drawn = [d.text for d in seen]
    bag = next(i for i, t in enumerate(drawn) if t.startswith("Bag: "))
    # then the bag line counts the four sailor colours, and no bare "missionary" follows
    # them as if it were in the bag too
    assert [t.split(" ", 1)[1] for t in drawn[bag + 1: bag + 5]] == \
        ["turquoise", "violet", "grey", "orange"]
    assert "missionary" not in drawn
    # the white dot of the player panels is still explained, as a crew colour
    assert any("missionary" in t and "crew colour" in t for t in drawn)


def test_the_sernigi_card_says_the_next_merchant_is_face_down_without_cutting_it():
    from render import text
    from render.vasco import draw_vasco
    from render.vasco.demo import demo_scenes

    # given the merchant ship of this round already sailed: the next one is face down
    view, _ = demo_scenes(3, 1)["middle"]
    view = view.model_copy(update={"merchant_top": None, "merchants_left": 4})
    with text.recording() as seen:
        draw_vasco(view, ["A", "B", "C"])
    # then the card reads in full how many merchant ships are left, none cut by "…"
    card = [d.text for d in seen if "4 left" in d.text]
    assert card and "face down" in card[0] and "…" not in card[0], card


def test_the_manuel_holder_sees_the_extra_disc_among_the_discs_to_place():
    from render import text
    from render.vasco import draw_vasco
    from rules.vasco.chat import private_text
    from rules.vasco.view import build_view

    # given 4 players in phase 1 of round 1: the 4th seat holds Manuel I and its extra disc
    state = ready(4)
    holder = state.holders["manuel"]
    assert state.seats[holder].extra == "hand" and state.seats[holder].discs == 4
    # then /hand counts the extra disc too, and the picture's panel does
    assert "discs left to place: 4 + the extra disc" in private_text(state, holder)
    others = [s for s in range(4) if s != holder]
    assert all("extra disc" not in private_text(state, s) for s in others)
    with text.recording() as seen:
        draw_vasco(build_view(state), ["A", "B", "C", "D"])
    lines = [d.text for d in seen if " discs" in d.text and "Reales" in d.text]
    assert sum("4 discs + extra" in t for t in lines) == 1, lines
    # and once the 4 regular discs are out, the extra disc alone (not "0 discs + extra")
    state.seats[holder].discs = 0
    assert "discs left to place: the extra disc" in private_text(state, holder)
    with text.recording() as seen:
        draw_vasco(build_view(state), ["A", "B", "C", "D"])
    lines = [d.text for d in seen if "Reales" in d.text and "captain" in d.text]
    assert sum(t.endswith("· the extra disc") for t in lines) == 1, lines
    assert not any("0 discs" in t for t in lines), lines


def test_final_scoring_line_says_1_real_not_1_reales():
    from rules.vasco.scoring import end_scores

    state = ready(3)
    state.seats[0].coins = 1
    events = []
    end_scores(state, events)
    line = next(e.text for e in events if e.seat == 0 and e.kind == "final")
    assert "for 1 Real and" in line, line


def test_a_variation_of_0_says_the_marker_stays():
    from rules.vasco.flow import start_execution

    # given phase 1 over, the marker on 11 and V5 (variation 0) the next Vasco da Gama tile
    state = ready(3)
    state.vdg_stack.remove("V5")
    state.vdg_stack.insert(0, "V5")
    state.free = 11
    events = []
    start_execution(state, events)
    line = next(e.text for e in events if e.kind == "reveal")
    # then the summary does not say it "moves from 11 to 11"
    assert state.free == 11
    assert "moves from 11 to 11" not in line and "stays on 11" in line, line


def test_refusals_name_the_rule_a_player_broke():
    import pytest

    from rules import RulesError

    state = calling(ready(3), seat=0, number=15, area="project", free=8)
    # a display project and San Gabriel in one purchase (spec T9)
    with pytest.raises(RulesError, match="never both"):
        G.parse(state, 0, "buy 1,san-gabriel")
    with pytest.raises(RulesError, match="never both"):
        G.parse(state, 0, f"buy 2 {state.san_gabriel}")
    # a second captain in one recruit action (spec T10)
    state = calling(ready(3), seat=0, number=15, area="recruit", free=8)
    with pytest.raises(RulesError, match="at most one captain"):
        G.parse(state, 0, "hire 1: turquoise + captain + captain")


def test_the_extra_disc_refusal_offers_21_or_22():
    import pytest

    from rules import RulesError
    from rules.vasco.moves import Place

    # given 4 players: the Manuel holder has placed the 4 regular discs
    state = ready(4)
    holder = state.holders["manuel"]
    state.seats[holder].discs = 0
    state.phase = "place"
    with pytest.raises(RulesError) as got:
        from rules.vasco.placement import check_place
        check_place(state, holder, Place(number=7, area="recruit", slot=1))
    assert "21 or 22" in str(got.value), str(got.value)


def test_a_tie_break_says_who_won_it_and_by_how_much():
    from vasco_helpers import empty_board, ship, take_out

    from rules.vasco.scoring import ranking

    # given seats 1-3 tied on 10 VP, seat 3 with a ship on the board
    state = empty_board(ready(3))
    take_out(state, "I-05")
    state.landings["natal"][0] = ship("I-05", 2)
    order, note, _ = ranking(state, [10, 10, 10])
    # then the note names the winner and the counts a player can check on the board
    assert order[0] == 2
    assert "seat 3" in note and "(1 to 0)" in note, note


def test_autocomplete_labels_keep_what_a_move_costs_within_discords_100_characters():
    import random

    from rules.vasco.policy import random_turn

    # over whole random games of 2-4 players, every label that names a price or a bonus
    # still shows it within the 100 characters Discord displays
    cut = []
    for seed in range(3):
        rng = random.Random(seed)
        state = G.setup(2 + seed, seed)
        while G.to_act(state):
            for seat in G.to_act(state):
                for move in G.legal_moves(state, seat):
                    label = " ".join(G.describe(state, seat, move).split())
                    if len(label) > 100:
                        cut.append(label)
            seat = G.waiting_on(state)[0]
            state, _ = G.play(state, seat, random_turn(G, state, seat, rng))
    assert not cut, (len(cut), sorted(cut, key=len)[-3:])


def test_the_round_end_says_which_unsold_projects_leave_the_game():
    from rules.vasco.flow import deal_projects

    state = ready(3)
    left = [t for t in state.display if t] + [state.san_gabriel]
    events = []
    deal_projects(state, events)
    line = next(e.text for e in events if e.kind == "deal")
    # then the player who had an eye on one of them reads where it went
    assert "leave the game" in line and all(t in line for t in left), line
    assert line.index("leave the game") < line.index("New projects")


def test_the_prompt_words_the_number_cost_as_the_refusal_does():
    # given number 2 on Characters, the marker on 13 and 10 Reales
    state = calling(ready(3), seat=0, number=2, area="character", free=13)
    state.seats[0].coins = 10
    text = prompt(state, 0)
    # then it reads "costs 11 Reales with the free-action marker on 13", not the garbled
    # "costs 11 Reales below the free-action marker on 13", and opens no parenthesis inside
    # the prompt's own (which "It is not your turn: waiting for X (...)" wraps once more)
    assert "acting with 2 costs 11 Reales with the free-action marker on 13," in text, text
    assert "below the free-action marker" not in text
    assert text.count("(") == 1, text


def test_status_names_the_variant_the_table_plays():
    # given a table opened with `/vasco start variant:bonus-once`
    state = G.setup(2, 1, G.options_for("bonus-once"))
    # then /status tells a player (or one who comes back a week later) which reading is on
    assert "bonus-once" in G.summary(state)
    assert "variant" not in G.summary(G.setup(2, 1)).lower()


def test_the_rules_in_brief_say_the_end_launches_every_project_that_can_launch():
    """The seed's game end: 「進水可能な計画タイルを手元に持っているプレイヤーは、その全て
    進水させます。（当然ですが、必要な数の船員／宣教師コマと船長コマが必要です）」 — a player
    holding projects that can be launched launches them all (of course with the crew and
    captains needed). The engine does (scoring.forced_launches); `/vasco rules` said only
    '1 VP per 3 Reales, 3 VP per launched ship', so a player could think an unlaunched
    project is lost at the end."""
    text = " ".join(G.texts.rules.split())
    assert "every project you can still launch (crew, and a free captain for it) is " \
           "launched for you; then 1 VP per 3 Reales" in text
