"""The Discord layer against a loopback Discord: the real bot process (``python -m bot``,
pointed at a local gateway + REST server by ``SAILBOT_DISCORD_API``), the real discord.py
client, Discord's protocol — no fakes inside the bot.

Each test starts its own loopback Discord and bot. Every interaction's first callback is
timed (from INTERACTION_CREATE leaving the gateway to the callback arriving) and printed.
"""

from __future__ import annotations

import asyncio
import copy
import random
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.table import TableService
from tests.loopback import payloads as p
from tests.loopback.games import late_game
from tests.loopback.people import BotProcess, People
from tests.loopback.play import (
    after_move,
    click_move,
    item_for,
    next_dm,
    private_to,
    waited_for,
)
from tests.loopback.server import Loopback, Stored

LIMIT = 3.0                       # seconds Discord gives for the first callback
pytestmark = pytest.mark.filterwarnings("ignore:unread_data:DeprecationWarning")


@dataclass
class World:
    lb: Loopback
    people: People
    tmp: Path
    ann: int
    ben: int
    cid: int                      # DMs closed: every DM to cid fails with 403 / 50007
    zed: int                      # never seated
    bots: list[BotProcess] = field(default_factory=list)
    referees: list[TableService] = field(default_factory=list)

    @property
    def db(self) -> Path:
        return self.tmp / "bot.sqlite3"

    def channel(self, i: int) -> int:
        return self.lb.channel_ids[i]

    async def bot(self, **env: str) -> BotProcess:
        bot = BotProcess(self.lb, self.db, self.tmp / "bot.log", **env)
        await bot.start()
        self.bots.append(bot)
        return bot

    async def referee(self) -> TableService:
        """The database, read from beside the bot: who is to act, what was logged."""
        svc = await TableService.open(self.db, render=False)
        self.referees.append(svc)
        return svc

    def names(self) -> list[tuple[int, str]]:
        return [(self.ann, "ann"), (self.ben, "ben"), (self.cid, "cid")]


@pytest.fixture
async def world(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[World]:
    lb = Loopback()
    await lb.start()
    w = World(lb, People(lb), tmp_path, lb.add_user("ann"), lb.add_user("ben"),
              lb.add_user("cid", dms_closed=True), lb.add_user("zed"))
    try:
        yield w
    finally:
        for bot in w.bots:
            await bot.stop()
        for svc in w.referees:
            await svc.close()
        await lb.stop()
        print("\n" + w.people.report(request.node.name))
    for ex in w.people.exchanges:
        assert ex.latency < LIMIT, f"{ex.name}: first callback after {ex.latency:.2f}s"


# Commands --------------------------------------------------------------------------------

NAME = re.compile(r"^[-_\w]{1,32}$")


def characters(command: dict[str, Any]) -> int:
    """What Discord counts toward 4000 per command: names, descriptions, choices."""
    total = len(command["name"]) + len(command.get("description", ""))
    for option in command.get("options") or []:
        total += characters(option)
        for choice in option.get("choices") or []:
            total += len(choice["name"]) + len(str(choice["value"]))
    return total


def check_command(command: dict[str, Any], depth: int = 0) -> None:
    name = command["name"]
    assert NAME.match(name) and name == name.lower(), name
    assert 1 <= len(command.get("description", "")) <= 100, name
    options = command.get("options") or []
    assert len(options) <= 25, name
    names = [o["name"] for o in options]
    assert len(set(names)) == len(names), name
    required = [o.get("required", False) for o in options if o["type"] not in (1, 2)]
    assert required == sorted(required, reverse=True), f"{name}: required options first"
    for option in options:
        if option["type"] in (1, 2):
            assert depth < 2, f"{name}: nested too deep"
            check_command(option, depth + 1)
            continue
        check_command({k: v for k, v in option.items() if k != "options"}, depth + 1)
        choices = option.get("choices") or []
        assert len(choices) <= 25
        for choice in choices:
            assert 1 <= len(choice["name"]) <= 100 and len(str(choice["value"])) <= 100
        assert not (choices and option.get("autocomplete")), name


async def test_the_bot_connects_and_its_commands_fit_discords_limits(world: World) -> None:
    bot = await world.bot()
    synced = world.lb.commands[str(world.lb.guild_id)]
    print(f"\nboot to gateway READY: {bot.boot_seconds:.1f}s; {len(synced)} commands synced")
    assert 0 < len(synced) <= 100
    assert len({c["name"] for c in synced}) == len(synced)
    for command in synced:
        check_command(command)
        assert characters(command) <= 4000, command["name"]
    assert {"move", "board", "navegador"} <= {c["name"] for c in synced}
    ex = await world.people.slash(world.ann, world.channel(0), "help")
    assert private_to(world.people, ex, world.ann)


# Whole games -----------------------------------------------------------------------------


async def test_a_whole_navegador_game_by_slash_commands(world: World) -> None:
    ch = world.channel(0)
    users = await late_game(world.db, ch, world.lb.guild_id,
                            [(world.ann, "ann"), (world.cid, "cid")], left=12)
    await world.bot()
    referee = await world.referee()
    people, rng = world.people, random.Random(4)
    checked_refusals = False
    for _ in range(200):
        table = await referee.table(ch)
        if table.row.status == "finished":
            break
        seat = table.game.waiting_on(table.state)[0]
        user = table.seats[seat].user_id
        assert user is not None
        if not checked_refusals:
            other = next(u for u in users.values() if u != user)
            refused = await people.slash(other, ch, "move", notation="workers 1")
            assert "not your turn" in private_to(world.people, refused, other)[0].content.lower()
            stranger = await people.slash(world.zed, ch, "hire", workers="2")
            assert "not playing" in private_to(world.people, stranger, world.zed)[0].content
            checked_refusals = True
        choices = await people.complete(user, ch, "move", "notation", "")
        assert choices and all(len(c["name"]) <= 100 for c in choices)
        choice = rng.choice(choices)["value"]
        boards, dms = len(people.boards(ch)), len(world.lb.dm_attempts)
        waited = await waited_for(referee, ch)
        await people.slash(user, ch, "move", notation=choice,
                           settle=lambda b=boards: len(people.boards(ch)) > b)
        await after_move(people, referee, ch, user, boards, dms, waited)
    final = people.boards(ch)[-1]
    assert (await referee.table(ch)).row.status == "finished"
    assert "Game over" in final.content and "`/rematch` plays again" in final.content
    closed = [ok for u, ok, _ in world.lb.dm_attempts if u == world.cid]
    assert closed == [False]          # cid was tried once, never reached, never blocked


async def test_a_whole_game_by_clicks_only(world: World) -> None:
    ch = world.channel(1)
    await late_game(world.db, ch, world.lb.guild_id,
                    [(world.ann, "ann"), (world.ben, "ben")], left=15)
    await world.bot()
    referee = await world.referee()
    await world.people.settle(lambda: bool(world.lb.dm_attempts))   # the turn DM, at start
    rng, clicks, moves, by_dm = random.Random(9), 0, 0, 0
    for _ in range(200):
        if (await referee.table(ch)).row.status == "finished":
            break
        _, n, dm = await click_move(world.people, referee, ch, from_dm=moves % 2 == 0, rng=rng)
        clicks, moves, by_dm = clicks + n, moves + 1, by_dm + dm
    final = world.people.boards(ch)[-1]
    assert "Game over" in final.content and final.images
    last = world.people.exchanges[-1].user_id          # who made the last move
    other = world.ben if last == world.ann else world.ann
    assert final.content.endswith(f"🔔 <@{other}>")     # the end pings the other player
    assert by_dm > 0                                 # some moves came from the turn DM
    print(f"\nclicks only: {moves} moves ({by_dm} from a DM), {clicks} clicks")
    # a finished game offers no turn panel, only to play again — a registered dynamic
    # item, so the press is matched by discord.py itself, from the custom id alone
    (again,) = final.components()
    assert again["label"] == "🔁 Play again"
    before = len(world.people.in_channel(ch))
    await world.people.press(world.ben, final, again["custom_id"],
                             settle=lambda: len(world.people.in_channel(ch)) > before)
    lobby = world.people.in_channel(ch)[-1]
    assert lobby.content.startswith("🔁 ben asks for a rematch: a new Navegador table")
    assert f"<@{world.ann}>" in lobby.content                      # ann is pinged
    assert {c.get("label") for c in lobby.components()} >= {"Join", "Start"}
    table = await referee.table(ch)
    assert table.row.status == "lobby" and table.seats[0].user_id == world.ben


# Refusals, restarts ----------------------------------------------------------------------


async def started_by_slash(world: World, ch: int) -> Stored:
    people = world.people
    await people.slash(world.ann, ch, "navegador", sub="start")
    await people.slash(world.ben, ch, "join")
    await people.slash(world.ann, ch, "start", settle=lambda: bool(people.boards(ch)))
    return people.boards(ch)[-1]


async def test_strangers_and_players_out_of_turn_get_a_private_sentence(world: World) -> None:
    ch = world.channel(2)
    await world.bot()
    board = await started_by_slash(world, ch)
    referee = await world.referee()
    table = await referee.table(ch)
    mover = table.seats[table.game.waiting_on(table.state)[0]].user_id
    other = world.ben if mover == world.ann else world.ann
    button = next(c["custom_id"] for c in board.components() if c["type"] == 2)
    people = world.people
    stranger = await people.press(world.zed, board, button)
    assert "not playing" in private_to(world.people, stranger, world.zed)[0].content
    waiting = await people.press(other, board, button)
    assert "waiting for" in private_to(world.people, waiting, other)[0].content
    typed = await people.slash(other, ch, "hire", workers="2")
    assert "not your turn" in private_to(world.people, typed, other)[0].content.lower()
    assert len(people.boards(ch)) == 1 and (await referee.table(ch)).ply == table.ply


async def test_old_and_double_presses_play_once(world: World) -> None:
    ch = world.channel(2)
    await world.bot()
    people = world.people
    board = await started_by_slash(world, ch)
    old = Stored(copy.deepcopy(board.payload))          # as a client that never refreshed
    referee = await world.referee()
    table = await referee.table(ch)
    mover = table.seats[table.game.waiting_on(table.state)[0]].user_id
    assert mover is not None
    group = item_for(board, "n")
    assert group is not None
    opened = await people.press(mover, board, *group)
    (panel,) = private_to(people, opened, mover)
    leaf = item_for(panel, "m")
    assert leaf is not None
    plies = table.ply
    both = await asyncio.gather(people.press(mover, panel, *leaf),
                                people.press(mover, panel, *leaf))
    await people.settle(lambda: len(people.boards(ch)) == 2)
    assert len(people.boards(ch)) == 2                  # one board, one move
    after = await referee.table(ch)
    logged = await referee.store.moves(after.row.id)
    assert [m.user_id for m in logged[plies:]].count(mover) == 1
    assert all(ex.callback_type == 6 for ex in both)    # both answered at once
    nxt = after.seats[after.game.waiting_on(after.state)[0]].user_id
    assert nxt is not None
    stale = await people.press(nxt, old, *(item_for(old, "n") or group))
    (note,) = private_to(people, stale, nxt)
    assert "moved on" in note.content and note.components()    # with the current choices
    assert not board.components()                       # the old board lost its panel


async def test_killed_mid_game_and_restarted_nothing_is_lost(world: World) -> None:
    env = {"SAILBOT_REMINDER_HOURS": "0.001"}            # follow-ups after 3.6 s
    game_ch, lobby_ch = world.channel(0), world.channel(3)
    bot = await world.bot(**env)
    people = world.people
    await started_by_slash(world, game_ch)
    referee = await world.referee()
    rng = random.Random(2)
    for _ in range(3):
        await click_move(world.people, referee, game_ch, from_dm=False, rng=rng)
    await people.slash(world.ben, lobby_ch, "navegador", sub="start")
    lobby = people.in_channel(lobby_ch)[-1]
    board = people.boards(game_ch)[-1]
    table = await referee.table(game_ch)
    waiting = table.seats[table.game.waiting_on(table.state)[0]].user_id
    logged = len(await referee.store.moves(table.row.id))
    await bot.kill()                                    # SIGKILL mid-game
    dms_before = len(world.lb.dm_attempts)
    await world.bot(**env)                              # the same database
    table = await referee.table(game_ch)
    assert len(await referee.store.moves(table.row.id)) == logged
    # the panel posted before the kill still works
    opened = item_for(board, "n") or item_for(board, "m") or item_for(board, "y")
    assert opened is not None
    ex = await people.press(waiting, board, *opened)
    assert ex.callback_type is not None and (ex.created or ex.edited)
    # so do the lobby buttons
    join = next(c["custom_id"] for c in lobby.components() if c.get("label") == "Join")
    await people.press(world.ann, lobby, join)
    assert "ann joined" in world.lb.messages[lobby.id].content
    # and the follow-up reminder comes, with its panel
    await people.settle(lambda: any(u == waiting and ok for u, ok, _ in
                                    world.lb.dm_attempts[dms_before:]), timeout=20)
    dm = people.dms(waiting)[-1]
    assert "Still your turn" in dm.content and dm.components() and dm.images
    # the game goes on
    await click_move(world.people, referee, game_ch, from_dm=True, rng=rng)
    assert len(await referee.store.moves(table.row.id)) > logged


# A player who stops answering ------------------------------------------------------------


def button(message: Stored, label: str) -> str:
    return next(c["custom_id"] for c in message.components() if c.get("label") == label)


def shown(people: People, since: int, channel: int, *users: int) -> str:
    """What the channel (and each user's DMs) showed after message id ``since``, as text."""
    lines = [f"  #{'board' if m.images else 'text'}: {m.content!r}"
             for m in people.in_channel(channel) if m.id > since and not m.ephemeral]
    for user in users:
        name = people.lb.users[user]["username"]
        lines += [f"  DM {name}: {m.content!r}" for m in people.dms(user) if m.id > since]
    return "\n".join(lines)


async def a_silent_player(world: World, ch: int) -> tuple[Any, Any, int, int]:
    """A two-human game started by slash commands: (the referee, its table, the player it
    waits on — who will stop answering — and the other player)."""
    await started_by_slash(world, ch)
    referee = await world.referee()
    table = await referee.table(ch)
    silent = table.seats[table.game.waiting_on(table.state)[0]].user_id
    assert silent is not None
    return referee, table, silent, world.ben if silent == world.ann else world.ann


async def replaced_and_back(world: World, ch: int, replacer: int | None = None) -> None:
    """A two-human game; the one it waits on stops answering; ``replacer`` (else the other
    player) hands that seat to a computer, which plays; the player comes back with /join,
    takes the seat back and plays their next turn by clicks."""
    people = world.people
    referee, table, silent, other = await a_silent_player(world, ch)
    seat = table.seat_of(silent)
    assert seat is not None
    colour, name = table.seats[seat].colour, world.lb.users[silent]["username"]
    caller = other if replacer is None else replacer
    caller_name = world.lb.users[caller]["username"]
    since = max(world.lb.messages)
    # /replace @silent: asked first, privately
    asked = await people.slash(caller, ch, "replace", player=silent)
    (question,) = private_to(people, asked, caller)
    assert question.content == (f"Hand {name}'s seat to a computer player, at normal level? "
                                f"It plays on until {name} comes back and takes the seat back "
                                "with `/join`.")
    assert len(people.boards(ch)) == 1
    boards, dms = len(people.boards(ch)), len(world.lb.dm_attempts)
    await people.press(caller, question, button(question, "Replace"),
                       settle=lambda: len(people.boards(ch)) > boards)
    print(f"\n/replace {name}, confirmed:\n{shown(people, since, ch, silent, other)}")
    assert world.lb.messages[question.id].content == "Done."
    assert not world.lb.messages[question.id].components()
    board = people.boards(ch)[-1]
    assert board.content.startswith(
        f"🤖 {caller_name} handed {name}'s {colour} seat to a computer player, which plays on "
        f"at normal level (the game had waited on {name} for ")
    assert f"{name} (computer)" in board.content.split("\n", 1)[1]   # its moves follow
    assert f"<@{other}>" in board.content and board.images            # the human is next
    table = await referee.table(ch)
    assert table.seat_of(silent) is None and not table.seats[seat].human
    assert table.seats[seat].name == f"{name} (computer)"
    assert table.seats[table.game.waiting_on(table.state)[0]].user_id == other
    await next_dm(people, dms, silent)
    told = [m.content for m in people.dms(silent) if m.id > since]
    assert any(t.startswith(f"🤖 The Navegador game in <#{ch}> had waited on you for ")
               and f"so {caller_name} handed your {colour} seat to a computer player" in t
               and "take your seat back with `/join` there" in t for t in told), told
    # the turn DM from before, pressed now: a private word, no move
    old = next(m for m in reversed(people.dms(silent)) if m.components())
    opener = item_for(old, "n") or item_for(old, "m") or item_for(old, "y")
    assert opener is not None
    pressed = await people.press(silent, old, *opener)
    (note,) = private_to(people, pressed, silent)
    print(f"the old turn DM, pressed: {note.content!r}")
    assert note.content == (f"Your {colour} seat is played by {name} (computer) now; `/join` "
                            f"in <#{ch}> takes it back, and you play on from where the game "
                            "stands.")
    # the player comes back: /join asks first, "Take it back"
    since = max(world.lb.messages)
    back = await people.slash(silent, ch, "join")
    (question,) = private_to(people, back, silent)
    assert question.content == (f"Take back your {colour} seat in this Navegador game from "
                                f"{name} (computer)? You play it again from where the game "
                                "stands now.")
    boards = len(people.boards(ch))
    await people.press(silent, question, button(question, "Take it back"),
                       settle=lambda: len(people.boards(ch)) > boards)
    print(f"/join, taken back:\n{shown(people, since, ch, silent, other)}")
    assert world.lb.messages[question.id].content == "Done."
    board = people.boards(ch)[-1]
    assert board.content.startswith(f"🙋 {name} is back and takes the {colour} seat back from "
                                    f"{name} (computer).") and board.images
    table = await referee.table(ch)
    assert table.seat_of(silent) == seat
    # and plays their next turn by clicks (from the turn DM)
    since = max(world.lb.messages)
    logged = len(await referee.store.moves(table.row.id))
    rng = random.Random(5)
    for _ in range(20):
        user, _, by_dm = await click_move(people, referee, ch, from_dm=True, rng=rng)
        if user == silent:
            assert by_dm                    # their turn DM came again, with its panel
            break
    else:
        raise AssertionError(f"{name} never got the turn back")
    print(f"then, by clicks:\n{shown(people, since, ch, silent)}")
    moves = (await referee.store.moves(table.row.id))[logged:]
    assert silent in {m.user_id for m in moves}


async def test_a_silent_player_is_replaced_by_the_other_then_takes_the_seat_back(
        world: World) -> None:
    await world.bot(SAILBOT_REPLACE_HOURS="0")
    await replaced_and_back(world, world.channel(1))


async def test_replace_refusals_are_private_and_a_moderator_may_at_once(world: World) -> None:
    ch = world.channel(2)
    mod = world.lb.add_user("mia", permissions=p.MODERATOR_PERMISSIONS)
    await world.bot()                                   # replace after 48 hours
    people = world.people
    referee, table, silent, other = await a_silent_player(world, ch)
    name, other_name = (world.lb.users[u]["username"] for u in (silent, other))
    seated = " and ".join(s.name for s in table.seats)           # in seat order
    refusals = [
        (silent, other, f"The game is not waiting on {other_name} (it waits on you), so "
                        f"{other_name}'s seat cannot be handed to a computer player: only a "
                        "player the game is waiting on can be."),
        (other, silent, f"The game has waited on {name} for less than a minute; a player can "
                        f"hand {name}'s seat to a computer after 48 hours, or a moderator "
                        "now."),
        (world.zed, silent, "Only the players of this game (or someone who can manage this "
                            "channel) can hand a seat to a computer player."),
        (other, world.zed, f"zed is not playing in this game ({seated} are)."),
        (other, other, "That is your own seat: `/resign` hands it to a computer player."),
    ]
    for caller, target, text in refusals:
        ex = await people.slash(caller, ch, "replace", player=target)
        (said,) = private_to(people, ex, caller)
        print(f"\n/replace by {world.lb.users[caller]['username']}: {said.content!r}")
        assert said.content == text and not said.components()
    assert len(people.boards(ch)) == 1 and (await referee.table(ch)).seat_of(silent) is not None
    # a moderator is asked (no wait needed); Cancel changes nothing
    asked = await people.slash(mod, ch, "replace", player=silent)
    (question,) = private_to(people, asked, mod)
    assert question.content.startswith(f"Hand {name}'s seat to a computer player")
    await people.press(mod, question, button(question, "Cancel"))
    assert world.lb.messages[question.id].content == "Cancelled; nothing changed."
    assert len(people.boards(ch)) == 1 and (await referee.table(ch)).seat_of(silent) is not None
    # and when they confirm, the seat is handed over at once
    asked = await people.slash(mod, ch, "replace", player=silent, level="easy")
    (question,) = private_to(people, asked, mod)
    assert "at easy level" in question.content
    await people.press(mod, question, button(question, "Replace"),
                       settle=lambda: len(people.boards(ch)) > 1)
    board = people.boards(ch)[-1]
    print(f"by the moderator: {board.content!r}")
    assert board.content.startswith(f"🤖 mia handed {name}'s ") and "at easy level" in board.content
    assert (await referee.table(ch)).seat_of(silent) is None


async def test_a_player_who_answers_before_the_confirm_keeps_the_seat(world: World) -> None:
    ch = world.channel(3)
    await world.bot(SAILBOT_REPLACE_HOURS="0")
    people = world.people
    referee, _, late, other = await a_silent_player(world, ch)
    name = world.lb.users[late]["username"]
    asked = await people.slash(other, ch, "replace", player=late)
    (question,) = private_to(people, asked, other)
    while (await waited_for(referee, ch)) != {other}:     # the late player answers at last
        await click_move(people, referee, ch, from_dm=False, rng=random.Random(1))
    boards = len(people.boards(ch))
    pressed = await people.press(other, question, button(question, "Replace"))
    said = [m.content for m in private_to(people, pressed, other) if m.id != question.id]
    print(f"\nReplace pressed too late: {said!r}; the question: "
          f"{world.lb.messages[question.id].content!r}")
    assert len(people.boards(ch)) == boards
    assert (await referee.table(ch)).seat_of(late) is not None
    # the question keeps no buttons that would answer nothing now
    assert not world.lb.messages[question.id].components()
    assert said == [f"The game is not waiting on {name} (it waits on you), so {name}'s seat "
                    "cannot be handed to a computer player: only a player the game is "
                    "waiting on can be."]
