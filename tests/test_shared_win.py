"""A tie the rules leave unbroken is a shared win, and every message says so: the final
standings give each winner a gold medal and congratulate them all, and the games' own
results and pictures name every winner, not just the seat that happens to be listed first."""

from __future__ import annotations

from maracaibo_helpers import ready as maracaibo_ready

from bot.table.words import standings_text
from rules import GameResult
from rules.maracaibo.scoring import ranking as maracaibo_ranking

NAMES = ["alice", "bob", "carol"]


def result(shared: int, tie_break: str = "") -> GameResult:
    return GameResult(scores=[30, 30, 20], ranking=[1, 0, 2],
                      breakdown=[{"total": 30}, {"total": 30}, {"total": 20}],
                      tie_break=tie_break, shared=shared)


def test_a_shared_win_gives_both_winners_gold_and_congratulates_them_both():
    text = standings_text(result(2, "Shared win: seat 2, seat 1 tie."), NAMES, True,
                          "`/vasco start`")
    lines = text.splitlines()
    assert lines[1].startswith("🥇 **bob**") and lines[2].startswith("🥇 **alice**"), text
    assert lines[3].startswith("🥉 **carol**"), text     # two seats rank above carol
    assert "Congratulations, bob and alice — you share the win!" in text


def test_a_broken_tie_still_has_one_winner():
    text = standings_text(result(1, "Tie on VP broken by gold."), NAMES, True, "`/x start`")
    assert "🥇 **bob**" in text and "🥈 **alice**" in text
    assert "Congratulations, bob! " in text and "share" not in text


def test_standings_during_play_rank_shared_leaders_first_without_medals():
    text = standings_text(result(2), NAMES, False, "`/x start`")
    assert "1. **bob**" in text and "1. **alice**" in text and "3. **carol**" in text
    assert "Congratulations" not in text


def test_winners_are_the_seats_sharing_first_place():
    assert result(1).winners == [1]
    assert result(2).winners == [1, 0]
    assert result(1).places == [1, 2, 3] and result(2).places == [1, 1, 3]


def test_maracaibo_shares_the_win_only_when_doubloons_are_level_too():
    # given seats 1 and 2 tied on VP (the default breaks ties by doubloons left)
    state = maracaibo_ready(3)
    state.seats[0].dbl, state.seats[1].dbl = 4, 7
    order, note, shared = maracaibo_ranking(state, [20, 20, 10])
    # then more doubloons win outright
    assert order[0] == 1 and shared == 1 and "doubloons" in note
    # and with as many doubloons, the two share the win
    state.seats[0].dbl = 7
    order, note, shared = maracaibo_ranking(state, [20, 20, 10])
    assert sorted(order[:2]) == [0, 1] and shared == 2 and "shared" in note


def test_maracaibo_shared_variant_shares_any_tie_on_vp():
    state = maracaibo_ready(3, options={"tie_break": "shared"})
    state.seats[0].dbl, state.seats[1].dbl = 4, 7
    _, note, shared = maracaibo_ranking(state, [20, 20, 10])
    assert shared == 2 and "shared" in note


def shared_result(view_result: GameResult) -> GameResult:
    """The same final scores, with the first two seats level and sharing the win."""
    first, second, *_ = view_result.ranking
    scores = list(view_result.scores)
    scores[second] = scores[first]
    return view_result.model_copy(update={"scores": scores, "shared": 2})


def test_the_vasco_picture_names_both_winners_of_a_shared_win():
    from render import text
    from render.vasco import draw_vasco
    from render.vasco.demo import demo_scenes

    view, _ = demo_scenes(3, 1)["final"]
    view = view.model_copy(update={"standings": shared_result(view.standings)})
    first, second = view.standings.winners
    with text.recording() as seen:
        draw_vasco(view, NAMES)
    header = [d.text for d in seen if "win" in d.text.lower()]
    assert header == [f"Shared win: {NAMES[first]} & {NAMES[second]} with "
                      f"{view.standings.scores[first]} VP"], header


def test_the_neptun_picture_names_both_winners_of_a_shared_win():
    from render import text
    from render.neptun import draw_neptun
    from render.neptun.demo import demo_scenes

    view = demo_scenes(3, 1)["final"][0]
    assert view.result is not None
    view = view.model_copy(update={"result": shared_result(view.result)})
    first, second = view.result.winners
    with text.recording() as seen:
        draw_neptun(view, NAMES)
    line = [d.text for d in seen if d.text.startswith("Game over —")]
    assert line and line[0].startswith(
        f"Game over — {NAMES[first]} & {NAMES[second]} share the win with "), line
