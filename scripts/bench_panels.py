"""Benchmark the turn panels.

    .venv/bin/python scripts/bench_panels.py [--games 6] [--toys] [--loopback-moves 60]

1. Clicks per decision, for every registered game (and the test suite's toy games with
   ``--toys``): whole games of two human players who only click, each move chosen as the
   game's explorer policy weighs the choices, reached through the panels the table shows
   (the board's panel, else "Your move" and the private panel). A decision is one step
   of a move (a whole Navegador turn pressed at once is two: rondel and action). Target
   ≤ 2 clicks per decision.
2. Interaction latency through the loopback Discord (the bot as ``python -m bot``, the
   real discord.py client, Discord's protocol on 127.0.0.1): a game played by clicks on
   its messages and DMs; p50/p99 of the first callback (Discord's 3-second deadline) and
   of a move's press until its board (with picture and panel) is posted.

Bounded: it ends by itself; databases live in a temporary folder.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.table import TableService  # noqa: E402
from rules import game_names, get_game  # noqa: E402
from tests.clicking import Tally, click_game  # noqa: E402


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else 0.0


async def clicks_for(name: str, games: int, folder: Path) -> tuple[Tally, float]:
    total = Tally()
    started = time.perf_counter()
    for k in range(games):
        svc = await TableService.open(folder / f"{name}-{k}.sqlite3", render=False,
                                      seed_source=lambda k=k: 100 + k)
        await svc.open_lobby(1, None, 1, "Ann", name)
        await svc.join(1, 2, "Ben")
        for _ in range(get_game(name).min_players - 2):     # Neptun seats 3 at least
            await svc.add_computer(1, 1)
        await svc.start_game(1, 1)
        table = await svc.table(1)
        users = {s.seat: s.user_id for s in table.seats if s.user_id is not None}
        tally = await click_game(svc, 1, users, random.Random(k))
        await svc.close()
        for field in ("clicks", "decisions", "moves", "opened", "went_on"):
            setattr(total, field, getattr(total, field) + getattr(tally, field))
        total.per_move += tally.per_move
    return total, time.perf_counter() - started


async def bench_clicks(names: list[str], games: int) -> None:
    print(f"1. Clicks per decision — {games} whole games per game of two players who only "
          "click (and a computer where the game needs three)")
    with tempfile.TemporaryDirectory() as folder:
        for name in names:
            t, seconds = await clicks_for(name, games, Path(folder))
            label = f"{get_game(name).title} ({name})"
            print(f"   {label:<24} {t.per_decision:5.2f} clicks/decision  "
                  f"({t.clicks} clicks, {t.decisions} decisions, {t.moves} moves: "
                  f"{t.clicks / t.moves:.2f} clicks/move, at most {max(t.per_move)}; "
                  f"'Your move' opened {t.opened}×, a private panel went on "
                  f"{t.went_on}×)  [{seconds:.1f}s]")


async def bench_loopback(moves: int) -> None:
    from tests.loopback.people import BotProcess, People
    from tests.loopback.play import click_move
    from tests.loopback.server import Loopback

    print(f"2. Through the loopback Discord — a 2-player Navegador game by clicks, "
          f"up to {moves} moves")
    lb = Loopback()
    await lb.start()
    ann, ben = lb.add_user("ann"), lb.add_user("ben")
    people = People(lb)
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bot.sqlite3"
        bot = BotProcess(lb, db, Path(folder) / "bot.log")
        await bot.start()
        referee = await TableService.open(db, render=False)
        ch = lb.channel_ids[0]
        try:
            await people.slash(ann, ch, "navegador", sub="start")
            await people.slash(ben, ch, "join")
            await people.slash(ann, ch, "start", settle=lambda: bool(people.boards(ch)))
            rng, boards = random.Random(1), []
            for k in range(moves):
                if (await referee.table(ch)).row.status != "active":
                    break
                before = len(people.exchanges)
                await click_move(people, referee, ch, from_dm=k % 3 == 0, rng=rng)
                press = people.exchanges[-1]
                board = people.boards(ch)[-1]
                boards.append(board.created - press.sent)
                assert len(people.exchanges) > before
        finally:
            await referee.close()
            await bot.stop()
            await lb.stop()
    first = people.latencies()
    print(f"   first callback: {len(first)} interactions, p50 "
          f"{statistics.median(first) * 1000:.1f} ms, p99 {pct(first, 99) * 1000:.1f} ms, "
          f"max {max(first) * 1000:.1f} ms (Discord allows 3000 ms)")
    print(f"   press to posted board (picture + panel): {len(boards)} moves, p50 "
          f"{statistics.median(boards) * 1000:.0f} ms, p99 {pct(boards, 99) * 1000:.0f} ms")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--toys", action="store_true", help="also the tests' toy games")
    parser.add_argument("--loopback-moves", type=int, default=60)
    args = parser.parse_args()
    names = game_names()
    if args.toys:
        from tests import toy_game, toy_secret

        toy_game.install()
        toy_secret.install()
        names = game_names()
    await bench_clicks(names, args.games)
    if args.loopback_moves > 0:
        await bench_loopback(args.loopback_moves)


if __name__ == "__main__":
    asyncio.run(main())
