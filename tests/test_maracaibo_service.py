"""Maracaibo through the table service on a real SQLite file: a whole 3-player game to the
final score with a picture at every step, computer seats playing whole games, the slash
verbs and their autocomplete, /hand, and the local terminal table."""

from __future__ import annotations

import random

import pytest
from bot_support import (
    ALICE,
    BOB,
    CAROL,
    CH,
    GUILD,
    NAMES,
    PNG,
    make_service,
)

from bot.local import LocalTable
from bot.table import TableService
from bot.table.replies import TableError
from rules import get_game
from rules.maracaibo.policy import random_turn

g = get_game("maracaibo")


async def start(svc: TableService, humans: list[int], computers: int = 0,
                channel: int = CH) -> None:
    await svc.open_lobby(channel, GUILD, humans[0], NAMES[humans[0]], "maracaibo")
    for user in humans[1:]:
        await svc.join(channel, user, NAMES[user])
    for _ in range(computers):
        await svc.add_computer(channel, humans[0])
    await svc.start_game(channel, humans[0])


async def test_whole_three_player_game_to_the_final_score(tmp_path):
    svc = await make_service(tmp_path / "m.sqlite3", seed=21, render=True)
    await start(svc, [ALICE, BOB, CAROL])
    table = await svc.table(CH)
    assert table.state.step == "setup" and sorted(g.waiting_on(table.state)) == [0, 1, 2]
    rng = random.Random(4)
    commands = 0
    while True:
        table = await svc.table(CH)
        if table.row.status != "active":
            break
        seat = g.waiting_on(table.state)[0]
        user = table.seats[seat].user_id
        text = random_turn(g, table.state, seat, rng)
        reply = await svc.move(CH, user, text)
        commands += 1
        assert reply.image and reply.image.startswith(PNG)          # a picture every step
        if table.state.step == "setup":
            assert "secret" in reply.text and text.split()[1] not in reply.text
        assert commands < 600, "the game does not end"
    table = await svc.table(CH)
    result = g.result(table.state)
    assert table.row.status == "finished" and result is not None
    assert "Game over" in reply.text and "VP" in reply.text
    assert f"Congratulations, {table.names[result.ranking[0]]}" in reply.text
    assert table.state.round == 4 and all(p.ship for p in table.state.seats)
    moves = await svc.store.moves(table.row.id)
    replayed = g.replay(3, table.row.seed, [(m.seat, m.notation) for m in moves])
    assert g.dump(replayed) == g.dump(table.state)
    score = await svc.score(CH)
    assert "final scores" in score.text


async def test_computer_seats_play_whole_games(tmp_path):
    svc = await make_service(tmp_path / "c.sqlite3", seed=5, render=False)
    await start(svc, [ALICE], computers=3)
    rng = random.Random(1)
    for _ in range(400):
        table = await svc.table(CH)
        if table.row.status != "active":
            break
        seat = g.waiting_on(table.state)[0]
        assert table.seats[seat].user_id == ALICE
        await svc.move(CH, ALICE, random_turn(g, table.state, seat, rng))
    table = await svc.table(CH)
    assert table.row.status == "finished" and g.result(table.state) is not None
    moves = await svc.store.moves(table.row.id)
    assert sum(1 for m in moves if m.user_id is None) > 100


async def test_setup_choices_are_secret_until_everyone_has_chosen(tmp_path):
    svc = await make_service(tmp_path / "s.sqlite3", seed=3)
    await start(svc, [ALICE, BOB])
    table = await svc.table(CH)
    seat = table.seat_of(ALICE)
    dealt = table.state.seats[seat].dealt
    hand = await svc.hand(CH, ALICE)
    assert hand.ephemeral and all(c in hand.text for c in dealt)
    reply = await svc.move(CH, ALICE, f"plan {dealt[0]}; keep {' '.join(dealt[1:5])}",
                           verb="plan")
    assert not any(c in reply.text for c in dealt)
    assert reply.text.count("makes secret setup choices") == 1, reply.text
    assert dealt[0] in reply.private                 # the mover alone reads what it was
    log = await svc.log(CH)
    assert not any(c in log.text for c in dealt)
    with pytest.raises(TableError, match="already"):
        await svc.move(CH, ALICE, f"plan {dealt[5]}")
    career = table.state.seats[seat].careers_dealt[0]
    reply = await svc.move(CH, ALICE, career, verb="career")
    assert career not in reply.text
    status = await svc.status(CH)
    assert career not in status.text and not any(c in status.text for c in dealt)


async def test_verbs_and_autocomplete(tmp_path):
    svc = await make_service(tmp_path / "v.sqlite3", seed=8)
    await start(svc, [ALICE, BOB])
    table = await svc.table(CH)
    for seat in range(2):
        user = table.seats[seat].user_id
        pairs = await svc.suggestions(CH, user, "plan", "")
        assert pairs and all(v.startswith(("plan", "keep")) for v, _ in pairs)
        careers = await svc.suggestions(CH, user, "career", "")
        await svc.move(CH, user, careers[0][0], verb="career")
        await svc.move(CH, user, pairs[0][0], verb="plan")
        keep = [v for v, _ in await svc.suggestions(CH, user, "plan", "keep")]
        await svc.move(CH, user, keep[0], verb="plan")
    table = await svc.table(CH)
    assert table.state.step == "sail"
    seat = g.waiting_on(table.state)[0]
    user = table.seats[seat].user_id
    sails = await svc.suggestions(CH, user, "sail", "")
    assert sails and all(v.startswith("sail") for v, _ in sails)
    assert any("village" in label or "city" in label for _, label in sails)
    other = table.seats[1 - seat].user_id
    assert await svc.suggestions(CH, other, "sail", "") == []
    with pytest.raises(TableError, match="not your turn"):
        await svc.move(CH, other, "6", verb="sail")
    with pytest.raises(TableError, match="Two ways lead to 6"):
        await svc.move(CH, user, "6", verb="sail")
    reply = await svc.move(CH, user, "6 via 3", verb="sail")
    assert "`sail 6 via 3`" in reply.text and "San Juan" in reply.text
    village = await svc.suggestions(CH, user, "village", "")
    assert village and all(v.startswith("village") for v, _ in village)
    reply = await svc.move(CH, user, "take 1", verb="village")
    assert "`village take 1`" in reply.text
    help_text = await svc.help_text(CH)
    assert "/village" in help_text and "/fight" in help_text
    rules = await svc.rules_text("maracaibo")
    assert "sail 6 via 3" in rules and "career 2a" in rules and "Variants" in rules


async def test_refusals_change_nothing(tmp_path):
    svc = await make_service(tmp_path / "r.sqlite3", seed=8)
    await start(svc, [ALICE, BOB])
    table = await svc.table(CH)
    for text in ("fly to the moon", "sail 99", "keep A01a", "career K9"):
        with pytest.raises(TableError, match="nothing was changed"):
            await svc.move(CH, ALICE, text)
    for text in ("𐩀", ";;;"):
        with pytest.raises(TableError, match="nothing was changed|Type a move"):
            await svc.move(CH, ALICE, text)
    assert (await svc.table(CH)).ply == table.ply


async def test_the_local_table_plays_maracaibo(tmp_path):
    svc = await TableService.open(tmp_path / "l.sqlite3", render=True, seed_source=lambda: 9)
    local = LocalTable(svc, tmp_path / "boards")
    try:
        out = "\n".join(await local.handle("alice: /maracaibo start"))
        assert "Maracaibo" in out
        await local.handle("bob: /join")
        await local.handle("alice: /addbot")
        out = "\n".join(await local.handle("alice: /start"))
        assert "begins" in out and "board picture:" in out
        svc.narrator.render = False       # the pictures are tested elsewhere; keep it quick
        table = await svc.table(1)
        assert {s.name for s in table.seats if s.user_id is None}
        rng = random.Random(2)
        for _ in range(400):
            table = await svc.table(1)
            if table.row.status != "active":
                break
            seat = g.waiting_on(table.state)[0]
            name = table.seats[seat].name
            text = random_turn(g, table.state, seat, rng)
            out = "\n".join(await local.handle(f"{name}: /move {text}"))
            assert "nothing was changed" not in out, out
        table = await svc.table(1)
        assert table.row.status == "finished"
        out = "\n".join(await local.handle("/score"))
        assert "final scores" in out
        assert list((tmp_path / "boards").glob("board-*.png"))
    finally:
        await svc.close()
