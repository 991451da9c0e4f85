"""Turn panels through the Discord adapter (fake interactions; every item rebuilt from its
custom_id the way discord.py does for a registered dynamic item, as after a restart)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.components import _component_factory
from discord.ui.view import _component_to_item

from bot.discord.commands import build_commands
from bot.discord.panels import PanelButton, PanelMenu, UndoButton, panel_view
from bot.discord.reminders import deliver_due
from bot.table import TableService
from tests.discord_fakes import FakeClient, FakeInteraction, FakeUser, Sent, invoke
from tests.panel_support import CH, USERS

DYNAMIC = (PanelButton, PanelMenu, UndoButton)


@pytest.fixture
async def client(tmp_path: Path) -> AsyncIterator[FakeClient]:
    service = await TableService.open(tmp_path / "pd.sqlite3", seed_source=lambda: 3)
    people = [FakeUser(u, n) for u, n in zip(USERS, ["ann", "ben", "cy", "di", "ed"],
                                             strict=True)]
    fake = FakeClient(service, [*people, FakeUser(999, "zed")])
    yield fake
    await fake.service.close()


def components(message: Sent) -> list[dict[str, Any]]:
    if message.view is None:
        return []
    return [c for row in message.view.to_components() for c in row["components"]]


async def press(client: FakeClient, user: FakeUser, message: Sent, label: str | None = None,
                *, option: str | None = None, dm: bool = False) -> FakeInteraction:
    """Press the button labelled ``label`` (or pick the option labelled ``option`` in a
    menu) on ``message``, as Discord delivers it."""
    found = None
    for c in components(message):
        if c["type"] == 2 and c["label"].rstrip(" ▸") == (label or "").rstrip(" ▸"):
            found, value = c, None
        if c["type"] == 3 and option is not None:
            hit = next((o for o in c["options"] if o["label"] == option), None)
            if hit:
                found, value = c, hit["value"]
    assert found is not None, (label, option, [c.get("label") for c in components(message)])
    data: dict[str, Any] = {"custom_id": found["custom_id"], "component_type": found["type"]}
    if value is not None:
        data["values"] = [value]
    interaction = FakeInteraction(client, user, CH, None if dm else 777, component=True,
                                  message=message, data=data)
    base = _component_to_item(_component_factory(found))  # type: ignore[arg-type]
    for cls in DYNAMIC:
        match = cls.__discord_ui_compiled_template__.fullmatch(found["custom_id"])
        if match:
            item = await cls.from_custom_id(interaction, base, match)  # type: ignore[arg-type]
            await item.callback(interaction)
            return interaction
    raise AssertionError(found["custom_id"])


def button_labels(message: Sent) -> list[str]:
    return [c["label"] for c in components(message) if c["type"] == 2]


async def started_board(client: FakeClient, game: str = "navegador") -> Sent:
    ann = client.users[USERS[0]]
    group = next(c for c in build_commands() if c.name == game)
    opened = FakeInteraction(client, ann, CH)
    await invoke(group.get_command("start"), opened)  # type: ignore[union-attr]
    await client.service.join(CH, USERS[1], "Ben")
    interaction = FakeInteraction(client, ann, CH)
    await invoke(next(c for c in build_commands() if c.name == "start"), interaction)
    board = interaction.public[-1]
    assert board.image and board.view is not None
    return board


async def mover(client: FakeClient) -> tuple[FakeUser, FakeUser]:
    table = await client.service.table(CH)
    seat = table.game.waiting_on(table.state)[0]
    user = table.seats[seat].user_id
    other = next(s.user_id for s in table.seats if s.user_id != user)
    return client.users[user], client.users[other]


async def test_a_turn_by_clicks_on_the_board_message(client: FakeClient) -> None:
    board = await started_board(client)
    me, other = await mover(client)
    assert "workers ▸" in button_labels(board)
    waiting = await press(client, other, board, "workers")
    assert waiting.private and "waiting for" in waiting.private[0].content
    stranger = await press(client, client.users[999], board, "workers")
    assert "not playing" in stranger.private[0].content and not stranger.public
    opened = await press(client, me, board, "workers")
    assert opened.events == ["message"] and opened.private and not opened.public
    sub = opened.private[0]                                     # the choices, ephemeral
    assert "workers ›" in sub.content and "◂ Back" in button_labels(sub)
    back = await press(client, me, sub, "◂ Back")
    assert back.events == ["edit"] and "workers ▸" in button_labels(sub)
    await press(client, me, sub, "workers")
    # a count and its price: '2 · 100 Cr' (a button has no description line)
    label = next(lbl for lbl in button_labels(sub) if lbl.split(" · ")[0].isdigit())
    assert label.endswith(" Cr")
    count = label.split(" · ")[0]
    played = await press(client, me, sub, label)
    assert played.events[0] == "defer-update"                  # answered at once
    assert button_labels(sub) == ["↩ Undo"] and "✅ Played `workers " in sub.content
    new = played.public[-1]
    assert new.image and new.view is not None and f"workers {count}" in new.content
    old = await press(client, me, board, "ships")               # the first board, stale
    assert "moved on" in old.private[0].content or "waiting for" in old.private[0].content


async def test_a_move_from_the_turn_dm(client: FakeClient) -> None:
    await started_board(client)
    me, _ = await mover(client)
    await deliver_due(client, client.service, client.service.clock() + 1)
    dm = me.dm_messages[-1]
    assert dm.image and dm.view is not None and "It is your turn" in dm.content
    await press(client, me, dm, "workers", dm=True)
    assert "workers ›" in dm.content                           # redrawn in place
    label = next(lbl for lbl in button_labels(dm) if lbl.split(" · ")[0].isdigit())
    count = label.split(" · ")[0]
    await press(client, me, dm, label, dm=True)
    assert button_labels(dm) == ["↩ Undo"] and "✅ Played" in dm.content
    assert f"<#{CH}>" in dm.content
    posted = client.channels[CH].sent[-1]                     # the board, in the channel
    assert posted.image and posted.view is not None and f"workers {count}" in posted.content


async def test_panels_survive_a_restart(client: FakeClient, tmp_path: Path) -> None:
    board = await started_board(client)
    me, _ = await mover(client)
    await client.service.close()
    client.service = await TableService.open(tmp_path / "pd.sqlite3", seed_source=lambda: 3)
    opened = await press(client, me, board, "ships")
    assert opened.private and "ships ›" in opened.private[0].content


async def test_secret_choices_never_on_the_public_message(client: FakeClient,
                                                          toys: None) -> None:
    board = await started_board(client, "cards")
    assert button_labels(board) == ["🔒 Your move"]
    table = await client.service.table(CH)
    ann = client.users[USERS[0]]
    seat = table.seat_of(ann.id)
    opened = await press(client, ann, board, "🔒 Your move")
    mine = opened.private[0]
    card = table.state.hands[seat][0]
    played = await press(client, ann, mine, f"play {card}")
    assert "✅ Played" in mine.content and mine.ephemeral
    public = played.public[-1]
    assert f"play {card}" not in public.content and "play a card" in public.content
    assert button_labels(public) == ["🔒 Your move"]


def test_a_menu_panel_becomes_one_select_per_row() -> None:
    from bot.table.panels import Menu, Option, Panel

    menu = Menu("n/0", "build", tuple(Option(f"opt {i}", f"m{i}!abcdef") for i in range(25)))
    view = panel_view(Panel(4, 9, 0, "", (menu,)))
    assert view is not None
    (row,) = view.to_components()
    (select,) = row["components"]
    assert select["custom_id"] == "sailbot:menu:4:9:0:n/0" and len(select["options"]) == 25
    assert isinstance(view.children[0], discord.ui.DynamicItem)


async def test_a_turn_of_several_steps_goes_on_where_it_was_played(client: FakeClient) -> None:
    """Maracaibo's secret setup is several steps by the same seat: after the first press,
    the private panel shows the next choices in place, with no new "Your move" to find;
    once the seat is not waited on, the panel closes."""
    board = await started_board(client, "maracaibo")
    ann = client.users[USERS[0]]
    opened = await press(client, ann, board, "🔒 Your move")
    mine = opened.private[0]
    first = button_labels(mine)[0]
    assert first.startswith("plan ")
    played = await press(client, ann, mine, first)
    assert mine.content.startswith(f"✅ Played `{first}`") and mine.ephemeral
    assert played.public and first.split()[1] not in played.public[-1].content  # secret
    assert mine.view is not None and "keep" in mine.content                   # goes on
    steps = 1
    while [c.get("label") for c in components(mine)] != ["↩ Undo"] and steps < 10:
        choices = [lbl for lbl in button_labels(mine) if lbl != "↩ Undo"]
        label = choices[0] if choices else None
        options = [o["label"] for c in components(mine) if c["type"] == 3
                   for o in c["options"]]
        await press(client, ann, mine, label if label and not label.startswith("◂")
                    else None, option=None if label and not label.startswith("◂")
                    else options[0])
        steps += 1
    table = await client.service.table(CH)
    assert table.seat_of(ann.id) not in table.game.waiting_on(table.state)
    assert button_labels(mine) == ["↩ Undo"] and "✅ Played" in mine.content and steps < 10


async def test_a_misplaced_tap_is_one_tap_from_undone(client: FakeClient) -> None:
    """On a phone a tap plays a move at once; "↩ Undo" under "✅ Played" takes it back, as
    `/undo`: the board goes back to the mover's turn in the channel. Once the game has moved
    on, the old button is refused in a sentence and changes nothing."""
    board = await started_board(client)
    me, other = await mover(client)
    before = await client.service.table(CH)
    opened = await press(client, me, board, "workers")
    sub = opened.private[0]
    label = next(lbl for lbl in button_labels(sub) if lbl.split(" · ")[0].isdigit())
    await press(client, me, sub, label)
    assert button_labels(sub) == ["↩ Undo"]
    stranger = await press(client, other, sub, "↩ Undo")      # not their move
    assert stranger.private
    assert (await client.service.table(CH)).row.version == before.row.version + 1
    undone = await press(client, me, sub, "↩ Undo")
    assert sub.content.startswith("↩️ Took back `workers ") and sub.view is None
    posted = undone.public[-1]
    assert "took back" in posted.content and posted.image and posted.view is not None
    after = await client.service.table(CH)
    assert after.game.dump(after.state) == before.game.dump(before.state)
    # played again, then the game moves on: the first button is stale
    opened = await press(client, me, posted, "workers")
    again = opened.private[0]
    await press(client, me, again, next(lbl for lbl in button_labels(again)
                                         if lbl.split(" · ")[0].isdigit()))
    table = await client.service.table(CH)
    assert table.game.waiting_on(table.state) == [table.seat_of(other.id)]
    await client.service.move(CH, other.id, "workers 1")
    version = (await client.service.table(CH)).row.version
    stale = await press(client, me, again, "↩ Undo")
    assert "moved on" in stale.private[0].content
    assert (await client.service.table(CH)).row.version == version


async def test_a_tap_on_the_public_board_gets_a_private_undo(client: FakeClient,
                                                              toys: None) -> None:
    """A choice pressed straight on the public board (a flat panel: Nim's "take 2") is played
    at once; the presser alone gets "✅ Played … ↩ Undo", which takes it back."""
    board = await started_board(client, "nim")
    me, _ = await mover(client)
    before = await client.service.table(CH)
    played = await press(client, me, board, "take 2")
    note = played.private[-1]
    assert note.ephemeral and note.content.startswith("✅ Played `take 2`")
    assert button_labels(note) == ["↩ Undo"]
    assert "↩ Undo" not in button_labels(played.public[-1])     # the channel's board: none
    await press(client, me, note, "↩ Undo")
    after = await client.service.table(CH)
    assert after.game.dump(after.state) == before.game.dump(before.state)
    assert note.content.startswith("↩️ Took back `take 2`")
