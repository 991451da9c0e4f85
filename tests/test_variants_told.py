"""What players are told when a table plays a lobby variant: the labels, prompts and
messages follow the variant's rule, not the default one."""

from __future__ import annotations

from maracaibo_helpers import at, g, ready

from rules.maracaibo.moves import Village


def test_coin_for_a_card_labels_say_the_card_goes():
    """`coin-for-a-card`: 'take 1 doubloon' costs a hand card. The button read
    'village › take › 1 › A03b' and the label '+1 dbl', and the prompt suggested a bare
    `/village take 1`, which the variant refuses."""
    plain = at(ready(3), 0, "6", mp=2)
    state = at(ready(3, options={"village_coin_requires_discard": True}), 0, "6", mp=2)
    card = state.seats[0].hand[0]
    takes = [c for c in g.choices(state, 0)
             if isinstance(c.move, Village) and c.move.action == "take"]
    assert takes and all("discard" in c.path[-1] for c in takes)
    assert any(card in c.path[-1] for c in takes)
    move = Village(action="take", target=card)
    assert f"discard {card}" in g.describe(state, 0, move)
    assert "`/village take 1 <card>`" in g.prompt(state, 0)
    assert "`/village take 1`" in g.prompt(plain, 0)
    default = [c for c in g.choices(plain, 0)
               if isinstance(c.move, Village) and c.move.action == "take"]
    assert [c.path for c in default] == [("village", "take", "1 dbl")]
    assert g.describe(plain, 0, Village(action="take")).endswith("+1 dbl")


async def test_a_started_variant_table_says_its_variant(tmp_path):
    """The lobby named the variant, but once the game began nothing did: not the start
    message, not /status, and `/navegador rules` described only the default rule (the card
    'just before their own turn'). Now each names the variant the table plays."""
    from bot_support import ALICE, BOB, CH, GUILD, NAMES, make_service

    svc = await make_service(tmp_path / "t.sqlite3")
    await svc.open_lobby(CH, GUILD, ALICE, NAMES[ALICE], "navegador", None, "card-anytime")
    await svc.join(CH, BOB, NAMES[BOB])
    said = "`card-anytime` — Chinese reading: the Navegador card may be played at the start"
    start = await svc.start_game(CH, ALICE)
    assert said in start.text
    assert said in (await svc.status(CH)).text
    rules = await svc.rules_text("navegador", CH)
    assert "This table plays the variant" in rules and said in rules
    assert "This table plays" not in await svc.rules_text("vasco", CH)
    assert "This table plays" not in await svc.rules_text("navegador")
    assert "This table plays" not in await svc.rules_text("navegador", CH + 1)


async def test_a_default_table_says_no_variant(tmp_path):
    from bot_support import ALICE, BOB, CH, make_service, started

    svc = await make_service(tmp_path / "t.sqlite3")
    await started(svc, [ALICE, BOB])
    assert "Variant" not in (await svc.status(CH)).text
    assert "This table plays" not in await svc.rules_text("navegador", CH)


def test_card_anytime_prompt_tells_the_player_to_move_the_holder_may_go_first():
    """`card-anytime`: at the start of A's turn the holder C may sail first. A's prompt
    said only 'the Navegador card is with seat 3', as by default, where C could not."""
    from tests.navegador_helpers import A, C, G, explore_all, put_ships, ready, table

    s = ready(put_ships(explore_all(table(), "GUI"), C, GUI=2), A, "workers")
    s.card.holder = C
    assert G.prompt(s, A).endswith("(the Navegador card is with seat 3)")
    s.options["navegador_card_anytime"] = True
    assert "seat 3 may play the Navegador card first" in G.prompt(s, A)
    assert "seat 3 may play" in G.prompt(s, None)
    s.first_turn_done = [False] * len(s.first_turn_done)       # not in the first round
    assert G.prompt(s, A).endswith("(the Navegador card is with seat 3)")
    s.first_turn_done = [True] * len(s.first_turn_done)
    s.sheets[C].ships = {}                                      # nothing of C's can sail
    assert G.prompt(s, A).endswith("(the Navegador card is with seat 3)")


def test_red_line_all_tells_the_other_players_why_they_choose_a_nation():
    """`red-line-all`: when seat 1 crosses the red line, seats 2 and 3 each choose a
    nation too, outside their turn; their prompt (and turn DM) said only 'choose a nation
    for 3 influence'."""
    from maracaibo_helpers import play

    state = at(ready(3, options={"red_line_mode": "all_players_on_each_cross"}), 0, "20")
    state.seats[0].explorer = "E3"
    state, _ = play(state, 0, "explore 1")
    assert "red line" not in g.prompt(state, 0)          # the crosser knows why
    state, _ = play(state, 0, "nation spain")
    assert g.to_act(state) == [1]
    assert "seat 1 crossed the red line" in g.prompt(state, 1)
    assert g.prompt(state, 1).startswith("choose a nation for 3 influence")


def test_all_rows_description_keeps_nagasaki_as_an_end():
    """`all-rows` changes only the building trigger: exploring Nagasaki still ends the game
    (spec §8.3 (a)). Its one line read 'The end comes only when every building row is sold
    out', as if nothing else ended it."""
    from tests.navegador_helpers import G

    text = {v.key: v.description for v in G.texts.variants}["all-rows"]
    assert "Nagasaki" in text and "every building row" in text


def test_every_variant_line_fits_a_discord_autocomplete_choice():
    """`/<game> start variant:` offers '<key> — <description>', cut at 100 characters."""
    from rules import game_names, get_game

    for name in game_names():
        for v in get_game(name).texts.variants:
            assert len(f"{v.key} — {v.description}") <= 100, (name, v.key)
