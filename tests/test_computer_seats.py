"""Computer seats at the table: the level chosen when a computer sits down (`/addbot
strong`, the lobby's level menu) or takes over a resigned seat is the level that plays,
it survives the seat shuffle at the start and a reload from the store, and thinking runs
off the event loop so other tables keep moving.

A recording game (Nim, from tests/toy_game.py, whose policy notes the level asked for)
shows which level played; Navegador shows it end to end."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.table import TableError
from bot.table.computers import COMPUTERS, level_of, levels, rules_options, with_level
from rules import Game, Move
from rules import registry as games
from rules.policy import WeightedRandom
from tests import toy_game
from tests.bot_support import ALICE, BOB, CH, GUILD, NAMES, make_service, started, to_move

ASKED: list[tuple[str, int, str]] = []        # (level, seat, "") as the policies ran


class Recording:
    def __init__(self, level: str, think: float = 0.0) -> None:
        self.level = level
        self.think = think

    def choose(self, game: Game, state: Any, seat: int, rng: random.Random) -> Move:
        ASKED.append((self.level, seat, ""))
        if self.think:                       # CPU work, like a strong computer thinking
            end = time.perf_counter() + self.think
            while time.perf_counter() < end:
                sum(range(1000))
        return WeightedRandom().choose(game, state, seat, rng)


class RecordingNim(toy_game.Nim):
    name = "nimrec"
    think = 0.0

    def policy(self, level: str = "easy") -> Any:
        return Recording(level, self.think)


@pytest.fixture
def nim() -> Iterator[type[RecordingNim]]:
    toy_game.install()
    games.register("nimrec", RecordingNim)
    from render import registry as pictures

    pictures.register("nimrec", toy_game.draw_nim)
    ASKED.clear()
    RecordingNim.think = 0.0
    yield RecordingNim
    games.unregister("nimrec")
    pictures.unregister("nimrec")
    toy_game.uninstall()


def test_levels_live_in_the_options_and_never_reach_the_rules() -> None:
    options = with_level({"variant": "x"}, "Henrique (computer)", "strong")
    assert levels(options) == {"Henrique (computer)": "strong"}
    assert level_of(options, "Henrique (computer)") == "strong"
    assert level_of(options, "someone else") == "normal"          # the default
    assert rules_options(options) == {"variant": "x"}
    assert COMPUTERS not in rules_options(options)
    assert level_of({COMPUTERS: {"A": "grandmaster"}}, "A") == "normal"


async def test_the_level_chosen_at_addbot_is_the_level_that_plays(tmp_path: Path,
                                                                   nim: Any) -> None:
    svc = await make_service(tmp_path / "t.sqlite3")
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "nimrec")
    reply = await svc.add_computer(CH, ALICE, level="strong")
    assert "strong level" in reply.text                       # the lobby shows each level
    reply = await svc.add_computer(CH, ALICE)
    assert "normal level" in reply.text
    with pytest.raises(TableError, match="not a computer level"):
        await svc.add_computer(CH, ALICE, level="grandmaster")
    await svc.start_game(CH, ALICE)
    table = await svc.table(CH)
    named = {s.seat: s.name for s in table.seats}
    by_name = {named[seat]: level for level, seat, _ in ASKED}
    strong = next(n for n in named.values() if levels(table.row.options).get(n) == "strong")
    assert by_name.get(strong, "strong") == "strong"
    # play on: every computer decision used its own seat's level, after the shuffle too
    while table.row.status == "active":
        await svc.move(CH, ALICE, "take 1")
        table = await svc.table(CH)
    assert ASKED and all(levels(table.row.options)[named[seat]] == level
                         for level, seat, _ in ASKED)
    assert {level for level, _, _ in ASKED} == {"strong", "normal"}


async def test_levels_survive_a_reload_from_the_store(tmp_path: Path, nim: Any) -> None:
    path = tmp_path / "t.sqlite3"
    svc = await make_service(path)
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "nimrec")
    await svc.add_computer(CH, ALICE, level="easy")
    await svc.start_game(CH, ALICE)
    await svc.close()
    ASKED.clear()
    svc = await make_service(path)
    table = await svc.table(CH)
    if table.row.status == "active" and table.game.waiting_on(table.state) and \
            table.seats[table.game.waiting_on(table.state)[0]].human:
        await svc.move(CH, ALICE, "take 1")
    assert all(level == "easy" for level, _, _ in ASKED)


async def test_a_resigned_seat_plays_at_normal_unless_told(tmp_path: Path, nim: Any) -> None:
    svc = await make_service(tmp_path / "t.sqlite3")
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "nimrec")
    await svc.join(CH, BOB, "Bob")
    await svc.start_game(CH, ALICE)
    reply = await svc.resign(CH, BOB)
    assert "normal level" in reply.text
    table = await svc.table(CH)
    assert levels(table.row.options) == {"Bob (computer)": "normal"}
    assert table.game.setup(2, 1, rules_options(table.row.options))   # rules see no levels
    ASKED.clear()
    while (await svc.table(CH)).row.status == "active":
        await svc.move(CH, ALICE, "take 1")
    assert ASKED and {level for level, _, _ in ASKED} == {"normal"}


async def test_a_resign_may_name_the_level(tmp_path: Path) -> None:
    svc = await make_service(tmp_path / "t.sqlite3")
    await started(svc, [ALICE, BOB])
    with pytest.raises(TableError, match="not a computer level"):
        await svc.resign(CH, BOB, "grandmaster")
    _, user = await to_move(svc)
    other = BOB if user == ALICE else ALICE
    reply = await svc.resign(CH, other, "strong")
    assert f"{NAMES[other]} resigned" in reply.text and "strong level" in reply.text
    table = await svc.table(CH)
    assert levels(table.row.options) == {f"{NAMES[other]} (computer)": "strong"}


async def test_a_resigned_name_stays_unique(tmp_path: Path, nim: Any) -> None:
    svc = await make_service(tmp_path / "t.sqlite3")
    await svc.open_lobby(CH, GUILD, ALICE, "Marvin", "nimrec")   # a human called Marvin
    await svc.add_computer(CH, ALICE, level="easy")             # "Marvin (computer)"
    await svc.start_game(CH, ALICE)
    await svc.resign(CH, ALICE)      # the table closes (no human left); names stay apart
    table = await svc.table(CH)
    assert len({s.name for s in table.seats}) == 2
    assert levels(table.row.options) == {"Marvin (computer)": "easy",
                                         "Marvin 2 (computer)": "normal"}


async def test_navegador_computers_play_their_levels_end_to_end(tmp_path: Path) -> None:
    svc = await make_service(tmp_path / "t.sqlite3")
    svc.tables.think = 0.01                        # a quick strong computer
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
    await svc.add_computer(CH, ALICE, level="strong")
    await svc.add_computer(CH, ALICE, level="easy")
    await svc.start_game(CH, ALICE)
    table = await svc.table(CH)
    assert sorted(levels(table.row.options).values()) == ["easy", "strong"]
    assert table.state is not None and table.row.status == "active"
    assert table.seats[table.game.waiting_on(table.state)[0]].human


async def test_thinking_runs_off_the_event_loop(tmp_path: Path, nim: Any) -> None:
    """While a computer thinks (0.4 s of CPU per decision) a heartbeat on the loop keeps
    ticking: other tables keep moving."""
    nim.think = 0.4
    svc = await make_service(tmp_path / "t.sqlite3")
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "nimrec")
    await svc.add_computer(CH, ALICE, level="strong")
    beats: list[float] = []

    async def heartbeat() -> None:
        while True:
            beats.append(time.perf_counter())
            await asyncio.sleep(0.01)

    task = asyncio.create_task(heartbeat())
    try:
        await asyncio.sleep(0.02)
        started_at = time.perf_counter()
        await svc.start_game(CH, ALICE)
        table = await svc.table(CH)
        if table.row.status == "active":
            await svc.move(CH, ALICE, "take 1")
        thought = time.perf_counter() - started_at
    finally:
        task.cancel()
    assert ASKED and thought >= 0.4
    during = [b for b in beats if b >= started_at]
    gaps = [b - a for a, b in zip(during, during[1:], strict=False)]
    # on the loop the heartbeat would stop for each 0.4 s decision
    assert len(during) >= 10 and max(gaps) < 0.3, (len(during), max(gaps, default=0))


async def test_the_lobby_text_shows_each_computers_level(tmp_path: Path) -> None:
    svc = await make_service(tmp_path / "t.sqlite3")
    await svc.open_lobby(CH, GUILD, ALICE, "Alice", "navegador")
    reply = await svc.add_computer(CH, ALICE, level="strong")
    lines = reply.text.splitlines()
    computer = next(line for line in lines if "(computer)" in line and line.startswith("•"))
    assert computer.endswith("· strong level")
    assert not any(line.startswith("• Alice") and "level" in line for line in lines)
