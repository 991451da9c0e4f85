"""The independent audit of Maracaibo against the seed and the spec: every deviation or leak
it found, as a given/when/then test named after the rule it restores."""

from __future__ import annotations

import random

import pytest
from maracaibo_helpers import DATA, at, g, hand, play, ready, take, texts

from rules import RulesError
from rules.maracaibo.cards import good
from rules.maracaibo.moves import Done, FightDone, Skip
from rules.maracaibo.scoring import multipliers


def nation_table(board: dict[str, int], options: dict | None = None):
    """A 3-player table with ``board[n]`` ownership markers of nation n on the board, taken
    from the left of its stock."""
    state = ready(3, options=options)
    locs = iter(str(i) for i in range(1, 20))
    for nation, n in board.items():
        stock = list(DATA.influence.stock)
        for _ in range(n):
            i = next(i for i, x in enumerate(stock) if x)
            stock[i] -= 1
            state.owners[next(locs)] = nation
        state.stock[nation] = stock
    return state


def take_quests(state) -> None:
    for slot in list(state.quests_at):
        state.quest_pile += state.quests_at.pop(slot)


def public(state, seat_moved: int | None = None, events: list | None = None) -> tuple:
    """What everyone at the table may read of a state (and of the events that led to it)."""
    view = g.view(state, None).model_dump()
    words = [g.prompt(state, s) for s in g.to_act(state)]
    return (view, words, g.summary(state), g.prompt(state, None),
            [e.text for e in events or [] if not e.private])


# Final scoring ⑤: the nation multiplier -----------------------------------------------------


def test_nation_multiplier_counts_the_ownership_stock_spaces_emptied_by_default():
    """Given markers on the board ES 5, FR 3, EN 3 (stock spaces emptied ES 3, FR 2, EN 2)
    and influence markers that all stand far right (the other reading would count 7 for
    each nation), when the multipliers are taken with the shipped data, then they are the
    emptied ownership-stock spaces plus the dominance bonus: ES 3+2, FR 2+1, EN 2+1."""
    state = nation_table({"ES": 5, "FR": 3, "EN": 3})
    for p in state.seats:
        p.influence = {"ES": 12, "FR": 12, "EN": 12}
    assert DATA.rules.multiplier_reading == "ownership"
    assert multipliers(state) == {"ES": 5, "FR": 3, "EN": 3}


def test_nation_multiplier_literal_influence_reading_stays_a_switch():
    state = nation_table({"ES": 5, "FR": 3, "EN": 3},
                         options={"multiplier_reading": "influence"})
    for seat, values in enumerate(((9, 2, 0), (4, 5, 1), (3, 7, 0))):
        state.seats[seat].influence = dict(zip(("ES", "FR", "EN"), values, strict=True))
    assert multipliers(state) == {"ES": 3 + 2, "FR": 2 + 1, "EN": 0 + 1}


# Combat: the nation is chosen as soon as the token is drawn -----------------------------------


def test_combat_a_drawn_token_obliges_the_fighter_to_choose_a_nation():
    """Seed 5-①: the player draws a token, then chooses one of its nations and at once pays
    or gains what it shows. Given a token just drawn, when the fighter tries to end the
    fight without choosing, then it is refused; once a nation is chosen, it may end."""
    state = at(ready(3), 0, "11")
    state, _ = play(state, 0, "fight 1")
    assert FightDone() not in g.legal_moves(state, 0)
    with pytest.raises(RulesError, match="nation"):
        play(state, 0, "fight done")
    nation = next(m for m in g.legal_moves(state, 0) if str(m).startswith("fight ")
                  and "with" not in str(m))
    state, _ = play(state, 0, str(nation))
    state, _ = play(state, 0, "fight done")
    assert state.combat is None


# Hidden information: what an effect asks must not depend on a hand ---------------------------


def explorer_quest_twins():
    """Seat 0's explorer on E4 with quest Q1 (a sugar and a tobacco card) on E5: one twin
    holds both goods, the other the same number of cards showing neither."""
    state = at(ready(3), 0, "20")
    take_quests(state)
    state.quests_at["E5"] = ["Q1"]
    state.seats[0].explorer, state.seats[1].explorer, state.seats[2].explorer = "E4", "E0", "E0"
    pool = sorted(c for c in state.deck if c[0] == "A")
    sugar = next(c for c in pool if good(c) == "SUGAR")
    tobacco = next(c for c in pool if good(c) == "TOBACCO")
    others = [c for c in pool if good(c) in ("COCOA", "COFFEE")][:2]
    can, cannot = state.model_copy(deep=True), state.model_copy(deep=True)
    hand(can, 0, [sugar, tobacco])          # taken from the deck: both decks lose 2 A cards
    hand(cannot, 0, others)
    return can, cannot


def test_explorer_quest_offer_does_not_tell_the_table_what_a_hand_holds():
    """Seed 5-②: a quest on the explorer's stop space may be fulfilled at once *if the
    player can*. Whether the hand pays is secret, so given two twins that differ only in
    seat 0's hand (one can pay Q1, one cannot), when seat 0 explores onto the quest, then
    the table is told the same thing: the quest is offered to both (the one who cannot pay
    only skips), and only the player's own choices differ."""
    can, cannot = explorer_quest_twins()
    a, ev_a = play(can, 0, "explore 1")
    b, ev_b = play(cannot, 0, "explore 1")
    assert a.decision is not None and a.decision.kind == "quest_offer"
    assert public(a, 0, ev_a) == public(b, 0, ev_b)
    assert g.legal_moves(b, 0) == [Skip()]
    b, _ = play(b, 0, "skip")
    assert b.decision is None and "E5" in b.quests_at


def test_explorer_quest_is_not_offered_when_its_public_cost_is_out_of_reach():
    """The doubloons and combat points a quest costs are public: given Q7 (5 doubloons) on
    the stop space and a player with 2, the quest is not offered."""
    state = at(ready(3), 0, "20")
    take_quests(state)
    state.quests_at["E5"] = ["Q7"]
    state.seats[0].explorer, state.seats[1].explorer, state.seats[2].explorer = "E4", "E0", "E0"
    state.seats[0].dbl = 2
    state, _ = play(state, 0, "explore 1")
    assert state.decision is None


def guild_office_twins():
    """Seat 0 at a city with the Guild Office tile (buy a card 2 cheaper), 1 doubloon, no
    planned card: one twin's hand holds a card it can then afford, the other's none."""
    state = at(ready(3), 0, "4")
    state.city_tiles["4"] = "T7"
    p = state.seats[0]
    state.deck += p.planned + p.hand
    p.planned, p.hand = [], []
    p.dbl = 1
    pool = sorted(c for c in state.deck if c[0] == "A")
    cheap = next(c for c in pool if DATA.card[c[:-1]].cost <= 3 and DATA.card[c[:-1]].asst
                 is None and DATA.card[c[:-1]].req is None)
    dear = next(c for c in pool if DATA.card[c[:-1]].cost >= 4)
    can, cannot = state.model_copy(deep=True), state.model_copy(deep=True)
    hand(can, 0, [cheap])
    hand(cannot, 0, [dear])
    return can, cannot


def test_a_buy_effect_does_not_tell_the_table_whether_the_hand_can_afford_a_card():
    """Given two twins that differ only in seat 0's one hand card (affordable with the
    Guild Office's discount or not), when seat 0 takes the city action, then the table is
    told the same: seat 0 is asked to buy or skip in both."""
    can, cannot = guild_office_twins()
    a, ev_a = play(can, 0, "city")
    b, ev_b = play(cannot, 0, "city")
    assert a.decision is not None and a.decision.kind == "buy"
    assert public(a, 0, ev_a) == public(b, 0, ev_b)
    assert g.legal_moves(b, 0) == [Skip()]


def test_a_buy_effect_with_nothing_in_hand_or_planned_asks_nothing():
    can, _ = guild_office_twins()
    take(can, list(can.seats[0].hand))
    can.seats[0].hand = []
    state, events = play(can, 0, "city")
    assert state.decision is None and "no card to buy" in texts(events)


# Hidden information: determinize resamples exactly what a seat cannot see ------------------


def mid_setup():
    """Setup under way: seat 1 has planned a card (secret), seat 0 has chosen nothing."""
    state = g.setup(3, 5)
    card = state.seats[1].dealt[0]
    state, _ = play(state, 1, f"plan {card}")
    return state, card


def test_determinize_deals_a_secret_setup_plan_afresh():
    """Given seat 1's secret plan at setup, when seat 0 (who cannot see it) determinizes
    many times, then the planned card is not always among seat 1's cards: the card itself
    is resampled, not only which of seat 1's cards was planned."""
    state, card = mid_setup()
    rng = random.Random(1)
    holds = []
    for _ in range(30):
        twin = g.determinize(state, 0, rng)
        p = twin.seats[1]
        holds.append(card in [*p.dealt, *p.kept, p.plan_pick])
        assert len(p.dealt) == 7 and p.plan_pick
        assert sorted(twin.seats[0].dealt) == sorted(state.seats[0].dealt)
    assert not all(holds)


def test_determinize_keeps_what_the_seat_itself_put_in_the_career_box():
    """Given setup over, seat 0 knows the career it gave back is in the box; every twin
    seat 0 builds keeps it there, and the box keeps its size."""
    state = ready(3, seed=4)
    mine = [c for c in g.setup(3, 4).seats[0].careers_dealt if c != state.seats[0].career]
    assert mine and mine[0] in state.careers_box
    rng = random.Random(2)
    for _ in range(10):
        twin = g.determinize(state, 0, rng)
        assert mine[0] in twin.careers_box
        assert len(twin.careers_box) == len(state.careers_box)
        assert twin.seats[0].career == state.seats[0].career


def test_done_is_still_offered_after_a_fight():
    state = at(ready(3), 0, "11")
    state, _ = play(state, 0, "fight 1")
    nation = next(m for m in g.legal_moves(state, 0) if str(m).startswith("fight ")
                  and "with" not in str(m))
    state, _ = play(state, 0, f"{nation}; fight done")
    assert Done() in g.legal_moves(state, 0)


def test_determinize_changes_nothing_the_seat_can_see_and_keeps_every_count():
    """Over states of whole random games (setup included), for every seat and for a
    spectator: the twin's view from that seat is the real one's, card backs keep their
    places (an A card where an A card lay), and a secret career choice stays one of the two
    careers dealt."""
    from rules.fuzz import random_game

    rng = random.Random(5)
    seen = 0
    for players in (2, 3, 4):
        for i, (state, *_) in enumerate(random_game(g, players, 21 + players,
                                                    policy="explorer")):
            if i % 9:
                continue
            for seat in (None, *range(players)):
                twin = g.determinize(state, seat, rng)
                assert g.view(twin, seat) == g.view(state, seat)
                for a, b in zip(state.seats, twin.seats, strict=True):
                    assert [c[0] for c in a.hand] == [c[0] for c in b.hand]
                    assert len(a.dealt) == len(b.dealt) and len(a.kept) == len(b.kept)
                    assert bool(a.plan_pick) == bool(b.plan_pick)
                    if b.career:
                        assert b.career in b.careers_dealt
                        assert b.career_returned != b.career
                assert [c[0] for c in state.deck] == [c[0] for c in twin.deck]
                assert len(twin.careers_box) == len(state.careers_box)
                seen += 1
    assert seen > 100


# The same twins through the table service: every channel the table reads -----------------


async def told_after(tmp_path, name: str, state, text: str) -> tuple:
    """Start a 3-player table, put ``state`` on it, let seat 0 type ``text``: everything
    the channel and the other players are told (reply, picture, panel, DMs to others,
    /board, /status, /log, /score, what the others' autocomplete and refusals say)."""
    from bot_support import ALICE, BOB, CAROL, GUILD, NAMES, make_service, put_state

    from bot.table.replies import TableError

    svc = await make_service(tmp_path / f"{name}.sqlite3", seed=9, render=True)
    await svc.open_lobby(1, GUILD, ALICE, NAMES[ALICE], "maracaibo")
    await svc.join(1, BOB, NAMES[BOB])
    await svc.join(1, CAROL, NAMES[CAROL])
    await svc.start_game(1, ALICE)
    table = await svc.table(1)
    users = [s.user_id for s in table.seats]
    await put_state(svc, state, channel=1)
    reply = await svc.move(1, users[0], text)
    out: list = [reply.text, reply.image, reply.notify, reply.progress,
                 reply.panel.describe() if reply.panel else None,
                 {u: t for u, t in reply.dms.items() if u != users[0]}]
    for view in (svc.board(1), svc.status(1), svc.log(1), svc.score(1)):
        r = await view
        out.append((r.text, r.image))
    for other in users[1:]:
        out.append(await svc.suggestions(1, other, None, ""))
        try:
            await svc.move(1, other, "skip")
        except TableError as exc:
            out.append(str(exc))
    await svc.close()
    return tuple(out)


async def test_explorer_quest_twins_tell_the_table_the_same(tmp_path):
    can, cannot = explorer_quest_twins()
    assert await told_after(tmp_path, "a", can, "explore 1") == \
        await told_after(tmp_path, "b", cannot, "explore 1")


async def test_buy_effect_twins_tell_the_table_the_same(tmp_path):
    can, cannot = guild_office_twins()
    assert await told_after(tmp_path, "a", can, "city") == \
        await told_after(tmp_path, "b", cannot, "city")


# Assistants: a figure placed where the ship can no longer go pays nothing this round --------


def test_assistant_placed_on_the_fork_branch_behind_the_ship_pays_nothing_at_round_end():
    """Spec §6 [A]: a figure placed during a round only pays its 2 VP for locations after
    the ship's position; one placed behind it is not "not reached". Given seat 0's ship on
    San Juan (6), come by the north branch (1, 3, 4), when seat 0 buys River Trader (its
    figure goes to Petit-Goave, 2, on the south branch it left behind) and later the round
    ends, then step R0 pays seat 0 nothing for it."""
    state = at(ready(3), 0, "6", mp=4)
    state.seats[0].reached = ["1", "3", "4", "6"]
    hand(state, 0, ["B17a"])
    state.seats[0].dbl = 10
    state, _ = play(state, 0, "village buy B17a")
    state, _ = play(state, 0, "explore 1") if state.decision else (state, [])
    assert [f.loc for f in state.seats[0].figures] == ["2"]
    vp = state.seats[0].vp
    state = at(state, 2, "20", step="sail")
    state, _ = play(state, 2, "sail 21a")
    state, events = play(state, 2, "done")
    while state.step == "draw":
        state, more = play(state, 2, "draw deck")
        events += more
    r0 = next(e for e in events if e.kind == "R0")
    assert state.seats[0].vp == vp and "seat 1" not in r0.text


def test_assistant_placed_ahead_of_the_ship_and_not_reached_pays_at_round_end():
    state = at(ready(3), 0, "6", mp=4)
    state.seats[0].reached = ["1", "3", "4", "6"]
    hand(state, 0, ["A20a"])                       # Tavern Singer: a figure on La Ceiba (18)
    state, _ = play(state, 0, "village buy A20a")
    vp = state.seats[0].vp
    state = at(state, 2, "20", step="sail")
    state, _ = play(state, 2, "sail 21a")
    state, events = play(state, 2, "done")
    while state.step == "draw":
        state, more = play(state, 2, "draw deck")
        events += more
    assert state.seats[0].vp == vp + DATA.rules.assistant_vp


# Delivery needs a disc to put on the market ------------------------------------------------


def test_delivery_needs_a_disc_left_on_the_ship_board():
    """Seed 5 / spec §5.1: delivering puts one of your ship-board discs on the market space.
    Given seat 0 at Maracaibo with a tobacco card and every disc gone from its ship board,
    when it delivers, then it is refused and nothing changes."""
    state = at(ready(3), 0, "11")
    hand(state, 0, ["A01a"])
    assert good("A01a") == "TOBACCO"
    state.seats[0].discs = [0] * len(state.seats[0].discs)
    with pytest.raises(RulesError, match="disc"):
        play(state, 0, "deliver tobacco")
    assert not any(str(m).startswith("deliver") for m in g.legal_moves(state, 0))


# Undo: a hand card once shown to the table cannot be taken back into the hand ---------------


async def undo_after(tmp_path, name: str, state, text: str) -> str:
    """Seat 0 plays ``text`` on ``state`` through the table service, then asks to undo it:
    the refusal's words, or '' when the undo went through."""
    from bot_support import ALICE, BOB, CAROL, GUILD, NAMES, make_service, put_state

    from bot.table.replies import TableError

    svc = await make_service(tmp_path / f"{name}.sqlite3", seed=9)
    await svc.open_lobby(1, GUILD, ALICE, NAMES[ALICE], "maracaibo")
    await svc.join(1, BOB, NAMES[BOB])
    await svc.join(1, CAROL, NAMES[CAROL])
    await svc.start_game(1, ALICE)
    table = await svc.table(1)
    user = table.seats[0].user_id
    await put_state(svc, state, channel=1)
    await svc.move(1, user, text)
    try:
        await svc.undo(1, user)
    except TableError as exc:
        return str(exc)
    finally:
        await svc.close()
    return ""


@pytest.mark.parametrize("where,text", [
    ("6", "village discard"),          # the discard pile's top card shows in the picture
    ("6", "village buy A01a"),         # a bought card lies face up beside the ship board
    ("6", "plan A01a"),                # the planning area is public
    ("11", "deliver tobacco"),         # the delivered card goes face up to the discard pile
])
async def test_a_hand_card_shown_to_the_table_cannot_be_undone_back_into_the_hand(
        tmp_path, where, text):
    """Undo works only while a move brought nothing hidden to light. Given seat 0 holding
    A01a (tobacco, 2 dbl), when it plays a hand card face up (discards its hand, buys,
    plans or delivers it) and then asks to undo, then the undo is refused: everyone has
    seen the card."""
    state = at(ready(3), 0, where, mp=2)
    hand(state, 0, ["A01a", "A24a"])
    state.seats[0].planned = []
    state.seats[0].dbl = 5
    assert "hidden information" in await undo_after(tmp_path, "u", state, text)


async def test_undo_of_a_move_that_shows_nothing_still_works(tmp_path):
    state = at(ready(3), 0, "6", mp=2)
    assert await undo_after(tmp_path, "t", state, "village take 1") == ""


# The slash verbs as the docs show them ---------------------------------------------------------


@pytest.mark.parametrize("typed", ["buy {card}, take 1", "take 1, buy {card}",
                                   "invest {building}, take 1", "discard, take 1"])
def test_village_verb_reads_several_village_actions(typed):
    """docs: `/village buy A03a, take 1`. Given seat 0 on a village after 4 steps (two
    actions) with a card it can buy, when it types the /village verb with two actions, then
    both are village actions."""
    state = at(ready(3), 0, "6", mp=4)
    p = state.seats[0]
    p.dbl = 20
    card = p.hand[0]
    verb = g.verb("village")
    text = g.complete(state, 0, verb, typed.format(card=card, building=state.prestige[0]))
    assert text.startswith("village ")
    after, _ = g.play(state, 0, text)
    assert after.t.main == "village" and after.t.village_left == 0


async def test_city_and_quest_verbs_work_bare_as_the_docs_show(tmp_path):
    """docs: 'first, if you like, `/deliver sugar`, then `/city`'. Given seat 0 at a tile
    city, when it types `/city` with nothing after it, then the city action is taken; and
    `/quest` alone fulfils the only quest where the ship is."""
    from bot_support import ALICE, BOB, CAROL, GUILD, NAMES, make_service, put_state

    assert g.verb("city").optional and g.verb("quest").optional
    svc = await make_service(tmp_path / "c.sqlite3", seed=9)
    await svc.open_lobby(1, GUILD, ALICE, NAMES[ALICE], "maracaibo")
    await svc.join(1, BOB, NAMES[BOB])
    await svc.join(1, CAROL, NAMES[CAROL])
    await svc.start_game(1, ALICE)
    table = await svc.table(1)
    user = table.seats[0].user_id
    state = at(ready(3), 0, "4")
    state.city_tiles["4"] = "T3"                   # Counting House: +4 dbl
    await put_state(svc, state, channel=1)
    reply = await svc.move(1, user, "", verb="city")
    assert "`city`" in reply.text
    state = at(ready(3), 0, "8")
    take_quests(state)
    state.quests_at["8"] = ["Q7"]                  # 5 dbl: +1 VP income
    state.seats[0].dbl = 6
    await put_state(svc, state, channel=1)
    reply = await svc.move(1, user, "", verb="quest")
    assert "`quest Q7`" in reply.text
    await svc.close()


# What the table is told a player gained ------------------------------------------------------


def test_the_table_is_told_what_a_space_or_flag_paid():
    """Walkthrough: 'alice moves their explorer 3 from E0 to E3' said nothing of E3's +1 VP,
    nor an arrival on 21a of its 3 VP. Given an explorer on E2, when it explores 1, then a
    public event says '+1 VP (E3)'; given a ship on 20, when it sails to 21a, then one says
    '+3 VP (Homeward IIa)'."""
    state = at(ready(3), 0, "20")
    state.seats[0].explorer, state.seats[1].explorer, state.seats[2].explorer = "E2", "E0", "E0"
    _, events = play(state, 0, "explore 1")
    assert "gains +1 VP (E3)" in texts([e for e in events if not e.private])
    state = at(ready(3), 0, "20", step="sail")
    _, events = play(state, 0, "sail 21a")
    assert "gains +3 VP (Homeward IIa)" in texts(events)


# Refusals never say where another player's card is -----------------------------------------


@pytest.mark.parametrize("template", [
    "village buy {c}", "plan {c}", "deliver sugar {c}", "deliver {c}", "quest Q1 pay {c} {c}",
    "village take 1 {c}", "buy {c}", "draw {c}", "keep {c} {c} {c} {c}", "assistant {c}",
    "plan {d}", "village buy {d}",
])
def test_a_refusal_reads_the_same_whoever_holds_the_card(template):
    """Given two twins that differ only in where card X lies (seat 1's hand, or the deck),
    when seat 0 names X in a move (or only its design, like A05), then seat 0 is refused
    in the same words: a refusal never tells where someone else's card is."""
    state = at(ready(3), 0, "6", mp=4)
    x = next(c for c in sorted(state.deck) if c[0] == "A" and good(c) == "SUGAR"
             and c[:-1] not in {h[:-1] for h in state.seats[0].hand + state.seats[0].planned})
    y = state.seats[1].hand[0]
    held = state.model_copy(deep=True)
    held.seats[1].hand[0] = x
    held.deck[held.deck.index(x)] = y
    text = template.format(c=x, d=x[:-1])
    outcomes = []
    for s in (state, held):
        try:
            g.play(s, 0, text)
            outcomes.append("accepted")
        except RulesError as exc:
            outcomes.append(str(exc))
    assert outcomes[0] == outcomes[1] and outcomes[0] != "accepted"


def test_city_combat_carries_on_as_a_fight():
    """The issue's notation: `deliver sugar; city combat …`. Given seat 0 at Maracaibo, when
    it types `city combat 1, france, influence 2`, then the parts after the comma are fight
    orders (not more city actions); a fight order before any token is drawn says to draw."""
    from rules.maracaibo.moves import FightInfluence, FightNation, FightPile, Turn

    state = at(ready(3), 0, "11")
    move = g.parse(state, 0, "city combat 1, france, influence 2")
    assert move == Turn(steps=(FightPile(pile=1), FightNation(nation="FR"),
                               FightInfluence(steps=2)))
    with pytest.raises(RulesError, match="fight 1"):
        g.play(state, 0, "city combat influence france 2")


async def test_a_career_turned_over_by_its_first_task_cannot_be_undone_back_into_secret(
        tmp_path):
    """A career stays secret until its first task is claimed, which turns it face up.
    Given seat 0's secret career K2 (Merchant) with task 1b met (15 doubloons), when it
    claims the task and then asks to undo, then the undo is refused: everyone has seen the
    career."""
    state = at(ready(3, careers=["K2", "K1", "K3"]), 0, "6", mp=2)
    state.seats[0].dbl = 15
    assert not state.seats[0].career_shown
    _, events = play(state, 0, "career 1b")
    assert "K2" in texts(events) and any(e.reveals for e in events)
    assert "hidden information" in await undo_after(tmp_path, "k", state, "career 1b")
    state.seats[0].career_shown = True          # turned over already: nothing comes to light
    assert await undo_after(tmp_path, "k2", state, "career 1b") == ""
