"""Vasco da Gama through the table service on a real SQLite file: a whole 3-player game to
the final score with a picture at every step, refusals, out-of-turn launches, the verbs
and their autocomplete, hidden information that never shows in any reply, and the local
terminal table with computer seats."""

from __future__ import annotations

import random
import re

import pytest
from bot_support import (
    ALICE,
    BOB,
    CAROL,
    CH,
    DAVE,
    GUILD,
    NAMES,
    PNG,
    make_service,
)
from vasco_helpers import G

from bot.local import LocalTable
from bot.table import TableService
from bot.table.replies import TableError
from rules.vasco.moves import Launch
from rules.vasco.policy import random_turn


async def start(svc: TableService, humans: list[int], computers: int = 0,
                channel: int = CH) -> None:
    await svc.open_lobby(channel, GUILD, humans[0], NAMES[humans[0]], "vasco")
    for user in humans[1:]:
        await svc.join(channel, user, NAMES[user])
    for _ in range(computers):
        await svc.add_computer(channel, humans[0])
    await svc.start_game(channel, humans[0])


async def waiting(svc: TableService, channel: int = CH) -> tuple[int, int | None]:
    table = await svc.table(channel)
    seat = table.game.waiting_on(table.state)[0]
    return seat, table.seats[seat].user_id


async def out_of_turn_launch(svc: TableService, seat_now: int) -> str | None:
    """A launch by someone who is not the one the table waits for, if any can launch."""
    table = await svc.table(CH)
    for seat in table.game.to_act(table.state):
        if seat == seat_now or table.seats[seat].user_id is None:
            continue
        launch = next((m for m in table.game.legal_moves(table.state, seat)
                       if isinstance(m, Launch)), None)
        if launch is not None:
            user = table.seats[seat].user_id
            reply = await svc.move(CH, user, str(launch)[len("launch "):], verb="launch")
            assert "launched" in reply.text
            return str(launch)
    return None


# A whole game ------------------------------------------------------------------------------


async def test_whole_three_player_game_to_the_final_score(tmp_path):
    svc = await make_service(tmp_path / "v.sqlite3", seed=21, render=True)
    await start(svc, [ALICE, BOB, CAROL])
    table = await svc.table(CH)
    assert table.game.name == "vasco" and table.state.phase == "setup"
    rng = random.Random(5)
    commands = launches = 0
    while (await svc.table(CH)).row.status == "active":
        seat, user = await waiting(svc)
        assert user is not None
        if await out_of_turn_launch(svc, seat):
            launches += 1
        table = await svc.table(CH)
        text = random_turn(table.game, table.state, seat, rng)
        reply = await svc.move(CH, user, text)
        commands += 1
        assert reply.image and reply.image.startswith(PNG)
        assert NAMES[user] in reply.text
        assert "next:" in reply.text.lower() or "Game over" in reply.text
        assert reply.progress
        assert commands < 1500, "the game does not end"
    table = await svc.table(CH)
    assert table.row.status == "finished" and table.state.round == 5
    result = G.result(table.state)
    assert result is not None
    assert "Game over" in reply.text and "VP" in reply.text
    assert f"Congratulations, {table.names[result.ranking[0]]}" in reply.text
    score = await svc.score(CH)
    assert "final scores" in score.text
    moves = await svc.store.moves(table.row.id)
    replayed = G.replay(table.row.players, table.row.seed, [(m.seat, m.notation) for m in moves])
    assert G.dump(replayed) == G.dump(table.state)
    assert launches > 0 and commands > 60
    with pytest.raises(TableError, match="no game|over"):
        await svc.move(CH, ALICE, "pass")
    await svc.close()


async def test_humans_and_computers_play_to_the_end(tmp_path):
    svc = await make_service(tmp_path / "c.sqlite3", seed=8)
    await start(svc, [ALICE], computers=3)
    rng = random.Random(2)
    for _ in range(800):
        table = await svc.table(CH)
        if table.row.status != "active":
            break
        seat, user = await waiting(svc)
        assert user == ALICE                 # computers answer within the same command
        await svc.move(CH, ALICE, random_turn(table.game, table.state, seat, rng))
    table = await svc.table(CH)
    assert table.row.status == "finished" and G.result(table.state) is not None
    moves = await svc.store.moves(table.row.id)
    assert any(m.user_id is None for m in moves)
    await svc.close()


# Refusals, verbs and autocomplete -----------------------------------------------------------


@pytest.fixture
async def svc(tmp_path):
    service = await make_service(tmp_path / "t.sqlite3", seed=4)
    yield service
    await service.close()


async def test_refusals_change_nothing_and_say_why(svc: TableService):
    await start(svc, [ALICE, BOB, CAROL])
    seat, user = await waiting(svc)
    table = await svc.table(CH)
    assert table.state.phase == "setup"          # the Sernigi holder's merchant ship first
    other = next(u for u in (ALICE, BOB, CAROL) if u != user)
    with pytest.raises(TableError, match=f"not your turn: waiting for {NAMES[user]}"):
        await svc.move(CH, other, "pass")
    with pytest.raises(TableError, match="not playing in this game"):
        await svc.move(CH, DAVE, "pass")
    with pytest.raises(TableError, match="nothing was changed"):
        await svc.move(CH, user, "fly to the moon")
    with pytest.raises(TableError, match="merchant ship"):
        await svc.move(CH, user, "place 7 recruit-1")
    with pytest.raises(TableError, match="is not a Vasco da Gama command"):
        await svc.move(CH, user, "2", verb="workers")
    assert (await svc.table(CH)).ply == 0
    reply = await svc.move(CH, user, "mombasa-4", verb="sail")     # completes to `merchant`
    assert "`merchant mombasa-4`" in reply.text and "no VP" in reply.text
    seat, user = await waiting(svc)
    reply = await svc.move(CH, user, "7 recruit-2", verb="place")
    assert "`place 7 recruit-2`" in reply.text
    seat2, user2 = await waiting(svc)
    with pytest.raises(TableError, match="already holds a disc"):
        await svc.move(CH, user2, "8 recruit-2", verb="place")
    with pytest.raises(TableError, match="already taken"):
        await svc.move(CH, user2, "7 recruit-3", verb="place")
    with pytest.raises(TableError, match="still have discs"):
        await svc.move(CH, user2, "pass", verb="pass")
    with pytest.raises(TableError, match="still have discs"):
        await svc.move(CH, user2, "", verb="pass")          # `/pass` alone means `pass`
    with pytest.raises(TableError, match="Type a move"):
        await svc.move(CH, user2, " ;, ", verb="pass")      # separators are no move
    status = await svc.status(CH)
    assert "Round 1 of 5" in status.text
    hand = await svc.hand(CH, user2)
    assert hand.ephemeral and "Reales" in hand.text
    rules = await svc.rules_text("vasco")
    assert "hire 2: turquoise violet violet + captain" in rules
    help_text = await svc.help_text(CH)
    assert "/place 7 recruit-2" in help_text and "/launch" in help_text


async def test_launch_is_accepted_out_of_turn(svc: TableService):
    await start(svc, [ALICE, BOB])
    table = await svc.table(CH)
    seat, user = await waiting(svc)
    other = 1 - seat
    state = table.state.model_copy(deep=True)
    tile = state.display[0]
    state.display[0] = None
    state.seats[other].projects.append(tile)
    need = G.texts  # noqa: F841 (texts load once)
    crew = ["turquoise", "violet", "grey", "orange"]
    for colour in crew:
        if state.bag[colour]:
            state.bag[colour] -= 1
            state.seats[other].sailors[colour] += 1
    svc.tables.remember(table.row.id, table.row.version, table.ply, state, table.seats)
    other_user = table.seats[other].user_id
    pairs = await svc.suggestions(CH, other_user, "launch", "")
    assert pairs and all(v.startswith(tile) or v.startswith("launch") for v, _ in pairs)
    assert await svc.suggestions(CH, other_user, "place", "") == []    # only launches
    reply = await svc.move(CH, other_user, pairs[0][0], verb="launch")
    assert "launched" in reply.text
    assert (await waiting(svc)) == (seat, user)                     # still their turn
    assert reply.notify == [] or reply.notify == [user]
    with pytest.raises(TableError, match="not your turn"):
        await svc.move(CH, other_user, "pass")


async def test_every_suggestion_of_every_verb_is_accepted(svc: TableService):
    await start(svc, [ALICE, BOB, CAROL])
    rng = random.Random(1)
    verbs = [None, *(v.name for v in G.texts.verbs)]
    checked = 0
    for _ in range(40):
        table = await svc.table(CH)
        if table.row.status != "active":
            break
        seat, user = await waiting(svc)
        for verb in verbs:
            pairs = await svc.suggestions(CH, user, verb, "")
            assert len(pairs) <= 25
            for value, label in pairs:
                assert len(value) <= 100 and 0 < len(label) <= 100
                typed = G.complete(table.state, seat, G.verb(verb), value)
                G.apply(table.state, seat, G.parse(table.state, seat, typed))
                checked += 1
        await svc.move(CH, user, random_turn(table.game, table.state, seat, rng))
    assert checked > 200


async def test_suggestions_show_every_area_and_filter_by_what_was_typed(svc: TableService):
    await start(svc, [ALICE, BOB])
    seat, user = await waiting(svc)
    await svc.move(CH, user, "mombasa-4", verb="sail")
    seat, user = await waiting(svc)
    pairs = await svc.suggestions(CH, user, "place", "")
    areas = {re.search(r"place \d+ (\w+)-", v).group(1) for v, _ in pairs}
    assert areas == {"recruit", "project", "character", "navigation"}
    assert all("pass +" in label for _, label in pairs)
    typed = await svc.suggestions(CH, user, "place", "12")
    assert typed and all(v.startswith("place 12") for v, _ in typed)


# Hidden information through the service ---------------------------------------------------


async def _outputs(svc: TableService, channel: int, texts: list[tuple[int, str, str | None]],
                   since_twin: int) -> list:
    """Everything the table says for these inputs, public and refused. The log covers the
    moves since the two tables were last made twins (before that their pasts differ in
    what was turned over)."""
    out: list = []
    table = await svc.table(channel)
    out.append((await svc.status(channel)).text)
    out.append((await svc.score(channel)).text)
    if since_twin:
        out.append((await svc.log(channel, last=since_twin)).text)
    acting = table.seats[table.game.waiting_on(table.state)[0]].user_id
    for user in (ALICE, BOB, CAROL):
        out.append((await svc.hand(channel, user)).text)
        # every verb offers a subset of what /move (None) offers; others may only launch
        verb = None if user == acting else "launch"
        out.append(await svc.suggestions(channel, user, verb, ""))
    for user, text, verb in texts:
        try:
            await svc.moves.reads_as_move(channel, user, text)
            out.append(("cannot", await svc.cannot_move(channel, user, verb)))
        except TableError as exc:
            out.append(("refused", str(exc)))
    assert table.state is not None
    return out


async def test_hidden_values_never_change_what_the_table_says(tmp_path):
    """Two tables that differ only in hidden values (the bag's next draws, the order of the
    face-down stacks and tiles) give the same replies, pictures, refusals, summaries and
    autocomplete for the same input — until a move turns something over."""
    svc = await make_service(tmp_path / "h.sqlite3", seed=13, render=True)
    await start(svc, [ALICE, BOB, CAROL], channel=CH)
    await start(svc, [ALICE, BOB, CAROL], channel=CH + 1)
    rng = random.Random(4)

    async def twin_again() -> None:
        a, b = await svc.table(CH), await svc.table(CH + 1)
        twin = G.determinize(a.state, None, random.Random(rng.random()))
        assert G.dump(twin) != G.dump(a.state)
        svc.tables.remember(b.row.id, b.row.version, b.ply, twin, b.seats)

    await twin_again()
    compared = reveals = since_twin = 0
    for _ in range(50):
        a = await svc.table(CH)
        if a.row.status != "active":
            break
        seat, user = await waiting(svc, CH)
        odd = [(u, t, v) for u in (ALICE, BOB, CAROL)
               for t, v in (("pass", None), ("buy 9", "buy"), ("hire 4: grey", "hire"),
                            ("launch I-01", "launch"), ("send I-01 to natal-1", "sail"))]
        assert await _outputs(svc, CH, odd, since_twin) == \
            await _outputs(svc, CH + 1, odd, since_twin)
        text = random_turn(a.game, a.state, seat, rng)
        svc.narrator.render = compared % 4 == 0      # the pictures of every 4th move
        replies = []
        for channel in (CH, CH + 1):
            try:
                replies.append(await svc.move(channel, user, text))
            except TableError as exc:
                replies.append(str(exc))
        moves = await svc.store.last_moves(a.row.id, 1)
        if moves and moves[-1].reveals:
            reveals += 1
            await twin_again()           # something turned over: twin the new state
            since_twin = 0
            continue
        since_twin += 1
        one, two = replies
        assert type(one) is type(two)
        if isinstance(one, str):
            assert one == two
        else:
            assert (one.text, one.image, one.notify) == (two.text, two.image, two.notify)
        compared += 1
    assert compared > 25 and reveals > 3
    svc.narrator.render = True
    board = [(await svc.board(channel)).image for channel in (CH, CH + 1)]
    assert board[0] == board[1] and board[0].startswith(PNG)
    await svc.close()


# The local table ----------------------------------------------------------------------------


async def test_the_local_table_plays_vasco_with_computer_seats(tmp_path):
    svc = await TableService.open(tmp_path / "l.sqlite3", render=True, seed_source=lambda: 6)
    table = LocalTable(svc, tmp_path / "boards")
    try:
        out = "\n".join(await table.handle("alice: /vasco start"))
        assert "alice opened a Vasco da Gama table" in out
        assert "not your turn" not in "\n".join(await table.handle("bob: /join"))
        await table.handle("bob: /leave")
        await table.handle("alice: /addbot")
        await table.handle("alice: /addbot")
        out = "\n".join(await table.handle("alice: /start"))
        assert "begins" in out and "board picture:" in out
        rng = random.Random(3)
        for _ in range(400):
            state = (await svc.table(1)).state
            if G.result(state) is not None:
                break
            seat = G.waiting_on(state)[0]
            assert (await svc.table(1)).seats[seat].name == "alice"
            move = random_turn(G, state, seat, rng)
            out = "\n".join(await table.handle(f"alice: /move {move}"))
            assert "⚠️" not in out, out
            # the computers answered, or alice is on turn again, or her move ended the game
            assert "🤖" in out or G.waiting_on((await svc.table(1)).state) in ([seat], [])
        assert G.result((await svc.table(1)).state) is not None
        assert "Game over" in out
        assert list((tmp_path / "boards").glob("board-*.png"))
        assert "/place 7 recruit-2" in "\n".join(await table.handle("/help"))
    finally:
        await svc.close()


async def test_garbage_through_every_verb_gets_a_short_sentence(svc: TableService):
    """Any text through any verb: a move or a refusal of at most 2,000 characters that
    echoes no escape codes; an empty move is no move."""
    await start(svc, [ALICE, BOB])
    rng = random.Random(3)
    verbs = [None, *(v.name for v in G.texts.verbs)]
    alphabet = "placehirbuysndtomg-12345 ,;:+.é𐩀²🏴\u200d☠️I"
    inputs = ["", " ", ";", "𐩀", "²", "🏴\u200d☠️", "place " + "9" * 40, "hire " + "x" * 300,
              *("".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
                for _ in range(250))]
    for text in inputs:
        verb = rng.choice(verbs)
        seat, user = await waiting(svc)
        try:
            reply = await svc.move(CH, user, text, verb)
        except TableError as exc:
            assert 0 < len(str(exc)) <= 2000, text
            assert "\\u" not in str(exc), str(exc)
            continue
        assert len(reply.text) <= 2000 and text.strip(" ;,")
