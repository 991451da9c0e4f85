"""Turn panels, checked for every registered game (and the toy games): every panel fits a
Discord message, every choice is reachable, a whole game can be played by clicks alone,
old and double presses are refused, only the player to move may press, and secret choices
are never offered in public."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from bot.discord.panels import panel_view
from bot.table import TableError, TableService
from bot.table.menus import Leaf, Node
from bot.table.panels import YOUR_MOVE, Menu, Panel, Panels
from rules import game_names, get_game
from tests.clicking import Tally, click_game, click_one, position_of, ref_on
from tests.panel_support import CH, TOYS, USERS, components, start, states, table_of

GAMES = [*game_names(), *TOYS]
Opener = Callable[..., Awaitable[TableService]]


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Opener]:
    """Opens services on a fresh database; all are closed after the test."""
    opened: list[TableService] = []

    async def open_one(render: bool = False, seed: int = 3) -> TableService:
        svc = await TableService.open(tmp_path / f"p{len(opened)}.sqlite3", render=render,
                                      seed_source=lambda: seed)
        opened.append(svc)
        return svc

    yield open_one
    for svc in opened:
        await svc.close()


def every_node(root: Node, at: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    out = [at]
    for i, item in enumerate(root.items):
        if isinstance(item, Node):
            out += every_node(item, (*at, i))
    return out


def check_limits(panel: Panel) -> None:
    rows = components(panel_view(panel))
    assert 1 <= len(rows) <= 5, panel.describe()
    ids = []
    for row in rows:
        inner = row["components"]
        assert 1 <= len(inner) <= 5
        for c in inner:
            ids.append(c["custom_id"])
            assert len(c["custom_id"]) <= 100
            if c["type"] == 2:
                assert 1 <= len(c["label"]) <= 80
            else:
                assert len(inner) == 1 and 1 <= len(c["options"]) <= 25
                assert len(c.get("placeholder", "")) <= 150
                values = [o["value"] for o in c["options"]]
                assert len(set(values)) == len(values)
                for o in c["options"]:
                    assert 1 <= len(o["label"]) <= 100 and 1 <= len(o["value"]) <= 100
                    assert len(o.get("description") or "") <= 100
    assert len(set(ids)) == len(ids), ids


@pytest.mark.parametrize("name", GAMES)
def test_every_panel_fits_a_message_and_every_choice_is_reachable(name: str, toys: None) -> None:
    g = get_game(name)
    for state in states(name)[:40]:
        table = table_of(name, state)
        panels = Panels()
        for seat in g.to_act(state):
            offer = panels.offer(table, seat)
            seen: list[int] = []
            for position in every_node(offer.root):
                panel = panels.for_seat(table, seat, position)
                check_limits(panel)
                found = panels.for_seat(table, seat, position)
                assert found == panel                      # the same state, the same panel
            for i in range(len(offer.choices)):
                seen.append(i)
                position_of(offer.root, i)                 # reachable
            assert len(offer.choices) == len(seen)
            public = panels.public(table)
            if public is not None:
                check_limits(public)


def test_navegador_rows_read_in_order() -> None:
    """Rondel spaces by position from the stone, counts ascending."""
    from rules.navegador.data import load_data
    from rules.navegador.turn import rondel_distance

    spaces = {r.key: i for i, r in enumerate(load_data().rondel)}
    checked = 0
    for state in states("navegador"):
        if state.step != "start" or state.sheets[state.current].stone is None:
            continue
        seat = state.current
        offer = Panels().offer(table_of("navegador", state), seat)
        order = list(dict.fromkeys(c.path[0] for c in offer.choices
                                   if not c.path[0].startswith("Navegador card")))
        stone = state.sheets[seat].stone
        distances = [rondel_distance(stone, spaces[k]) for k in order]
        assert distances == sorted(distances), order
        counts = [int(c.path[1]) for c in offer.choices
                  if c.path[0] == "workers" and c.path[1].isdigit()]
        assert counts == sorted(counts)
        checked += 1
    assert checked > 10


async def test_navegador_whole_turn_in_two_clicks(service: Opener) -> None:
    svc = await service(render=False, seed=3)
    await start(svc, "navegador")
    table = await svc.table(CH)
    panel = svc.panels.public(table)
    assert panel is not None and panel.seat is not None
    text = panel.describe()
    assert "workers ▸" in text and "build ▸" in text


@pytest.mark.parametrize("name", GAMES)
async def test_every_game_plays_to_its_end_by_clicks_alone(name: str, toys: None,
                                                           service: Opener) -> None:
    svc = await service(render=False, seed=11)
    users = await start(svc, name, humans=2)
    tally = await click_game(svc, CH, users, random.Random(5))
    table = await svc.table(CH)
    assert table.row.status == "finished" and table.game.result(table.state) is not None
    assert tally.moves > 0 and tally.per_decision <= 2, tally
    log = await svc.store.moves(table.row.id)
    assert len(log) >= tally.moves


async def test_an_old_panel_is_refused_with_the_current_choices(service: Opener) -> None:
    svc = await service(render=False, seed=3)
    users = await start(svc, "navegador")
    table = await svc.table(CH)
    old = svc.panels.public(table)
    assert old is not None and old.seat is not None
    await click_one(svc, CH, users, random.Random(1), Tally())
    leaf = next(r for r in old.refs() if r.startswith("m") or r.startswith("n"))
    user = users[old.seat]
    table = await svc.table(CH)
    if old.seat not in table.game.to_act(table.state):
        with pytest.raises(TableError, match="not your turn"):
            await svc.press(old.game_id, old.version, old.seat, leaf, user)
        return
    out = await svc.press(old.game_id, old.version, old.seat, leaf, user)
    assert out.reply is None and "moved on" in out.note
    assert out.panel is not None and out.panel.version == table.row.version


async def test_two_fast_presses_play_once(service: Opener) -> None:
    svc = await service(render=False, seed=3)
    users = await start(svc, "navegador")
    table = await svc.table(CH)
    panel = svc.panels.public(table)
    assert panel is not None and panel.seat is not None
    offer = svc.panels.offer(table, panel.seat)
    index = next(i for i, c in enumerate(offer.choices)
                 if len(position_of(offer.root, i)) == 1)
    ref = ref_on(panel, position_of(offer.root, index))
    user = users[panel.seat]
    before = len(await svc.store.moves(table.row.id))
    outs = await asyncio.gather(*(svc.press(panel.game_id, panel.version, panel.seat, ref,
                                            user) for _ in range(3)))
    assert sum(o.reply is not None for o in outs) == 1
    assert all("moved on" in o.note for o in outs if o.reply is None)
    after = await svc.store.moves(table.row.id)
    assert after[before].notation == str(offer.choices[index].move)
    assert not any(m.user_id == user for m in after[before + 1:])     # the player's once


async def test_only_the_player_to_move_may_press(service: Opener) -> None:
    svc = await service(render=False, seed=3)
    users = await start(svc, "navegador")
    table = await svc.table(CH)
    panel = svc.panels.public(table)
    assert panel is not None and panel.seat is not None
    other = next(u for s, u in users.items() if s != panel.seat)
    ref = panel.refs()[0]
    with pytest.raises(TableError, match="not your turn: waiting for"):
        await svc.press(panel.game_id, panel.version, panel.seat, ref, other)
    with pytest.raises(TableError, match="not playing"):
        await svc.press(panel.game_id, panel.version, panel.seat, ref, 999)


@pytest.mark.parametrize("name", ["cards", "quietcards"])
async def test_secret_choices_are_offered_only_privately(name: str, toys: None,
                                                         service: Opener) -> None:
    svc = await service(render=False, seed=3)
    users = await start(svc, name, humans=2)
    table = await svc.table(CH)
    public = svc.panels.public(table)
    assert public is not None and public.seat is None and public.refs() == [YOUR_MOVE]
    state = table.state
    for seat, user in users.items():
        out = await svc.press(public.game_id, public.version, None, YOUR_MOVE, user)
        assert out.panel is not None and out.panel.private and out.panel.seat == seat
        labels = out.panel.describe()
        assert all(f"play {c}" in labels for c in state.hands[seat])
    reply = (await svc.board(CH)).panel
    assert reply is not None and reply.refs() == [YOUR_MOVE]
    tally = await click_game(svc, CH, users, random.Random(2))
    # every move was made on a private panel: through "Your move", or on the one that
    # went on after the seat's previous move
    assert tally.opened + tally.went_on == tally.moves and tally.went_on > 0


def test_a_panel_leaf_names_its_move() -> None:
    """A ref's hash ties it to the move's notation: a tree that changed is not trusted."""
    g = get_game("navegador")
    state = states("navegador")[0]
    table = table_of("navegador", state)
    panels = Panels()
    seat = g.to_act(state)[0]
    panel = panels.for_seat(table, seat)
    offer = panels.offer(table, seat)
    for ref in panel.refs():
        if ref.startswith("m"):
            body, _, check = ref[1:].partition("!")
            item = offer.root.items[int(body.split(".")[0])]
            assert isinstance(item, Leaf)
            assert len(check) == 6
    for row in panel.rows:
        if isinstance(row, Menu):
            assert row.options


async def test_the_turn_dm_carries_the_panel_and_the_picture(service: Opener) -> None:
    svc = await service(render=True, seed=3)
    users = await start(svc, "navegador")
    due = await svc.due_reminders(svc.clock() + 1)
    assert due
    for reminder in due:
        table = await svc.table(CH)
        seat = table.seat_of(reminder.user_id)
        assert reminder.panel is not None and reminder.panel.seat == seat
        assert reminder.panel.private and reminder.image and reminder.image[:4] == b"\x89PNG"
    assert set(users.values()) >= {r.user_id for r in due}
    assert USERS[0] in users.values()


@pytest.mark.parametrize("name", TOYS)
def test_hidden_information_never_shows_on_a_toy_panel(name: str, toys: None) -> None:
    """The differential of test_every_game on the toys, and proof that it has teeth: the
    quiet game's choices *would* differ between twins if they were put in public."""
    from tests.test_every_game import public_panel

    g = get_game(name)
    rng = random.Random(3)
    differ = 0
    for state in states(name):
        twin = g.determinize(state, None, rng)
        assert public_panel(name, state) == public_panel(name, twin)
        for seat in g.to_act(state):
            naive = Panels().for_seat(table_of(name, state), seat, private=False)
            naive_twin = Panels().for_seat(table_of(name, twin), seat, private=False)
            differ += naive.describe() != naive_twin.describe()
    assert differ or name == "nim"


def test_the_twin_check_runs_only_for_games_that_do_not_vouch(monkeypatch) -> None:
    """``moves_public`` games skip the runtime twin check (its promise is tested in
    test_every_game.py); any other game with hidden information still gets it."""
    import bot.table.panels as panels_module

    calls: list[str] = []
    real = panels_module.hidden_in

    def counting(game, state, seat):  # type: ignore[no-untyped-def]
        calls.append(game.name)
        return real(game, state, seat)

    monkeypatch.setattr(panels_module, "hidden_in", counting)
    for name in ("navegador", "neptun"):
        g = get_game(name)
        state = g.setup(3, 5, {})
        table = table_of(name, state)
        Panels().private(table, g.to_act(state)[0])
    assert get_game("navegador").moves_public and not get_game("neptun").moves_public
    assert calls == ["neptun"]
