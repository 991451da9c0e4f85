"""Board pictures drawn by worker processes: the same bytes whichever worker draws them,
a worker killed or stuck mid-picture loses no move, a reply never waits past its limit
(the picture follows, on Discord and at the local table), and the pictures in flight are
bounded."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
from pathlib import Path
from typing import Any

import pytest
from bot_support import ALICE, BOB, CH, PNG, Clock, started, to_move
from picture_support import HeldPainter, StallOnce, replaced, scene, stalled_pid

from bot.config import ConfigError, load_config
from bot.discord.respond import attach_later
from bot.local import LocalTable
from bot.pictures import Pictures
from bot.pictures.job import make_job
from bot.pictures.pool import ProcessPainter, ThreadPainter, Worker
from bot.pictures.worker import READY, Answers
from bot.table import TableService
from bot.table.narrate import PICTURE_BUSY, PICTURE_FOLLOWS
from bot.table.replies import Reply
from render.registry import renderer_for
from rules import game_names
from tests.discord_fakes import Sent

GAMES = [g for g in game_names() if renderer_for(g) is not None]


async def pool(workers: int = 2, **options: Any) -> ProcessPainter:
    painter = ProcessPainter(workers, **options)
    await painter.start()
    return painter


async def service(tmp_path: Path, pictures: Pictures) -> TableService:
    return await TableService.open(tmp_path / "p.sqlite3", clock=Clock(), render=True,
                                   seed_source=lambda: 5, pictures=pictures)


# Same view, same bytes -----------------------------------------------------------------


async def test_the_same_view_gives_the_same_bytes_whichever_worker_draws_it():
    painter = await pool(2)
    try:
        for name in GAMES:
            view, since, players = scene(name)
            names = [f"Ana{i}" for i in range(players)]
            here = renderer_for(name)(view, names, None, since)      # type: ignore[misc]
            job = make_job(name, view, names, None, since).encode()
            before = dict(painter.drawn_by)
            drawn = await asyncio.gather(*(painter.paint(job, 60) for _ in range(6)))
            assert all(png == here for png in drawn), name
            by = {pid: n - before.get(pid, 0) for pid, n in painter.drawn_by.items()}
            assert len([n for n in by.values() if n]) == 2, (name, by)  # both drew it
    finally:
        await painter.close()


async def test_a_worker_sees_the_public_view_never_the_state():
    view, _, players = scene("navegador")
    job = make_job("navegador", view, ["A"] * players, None, None)
    assert job.view_class.endswith(":" + type(view).__qualname__)
    assert "View" in type(view).__name__


# A worker killed or stuck ----------------------------------------------------------------


async def test_a_worker_killed_mid_picture_loses_no_move_and_the_next_picture_is_drawn(
        tmp_path: Path):
    pictures = Pictures(await pool(2, painter=StallOnce(tmp_path)), wait=0.3, timeout=60)
    svc = await service(tmp_path, pictures)
    try:
        await started(svc, [ALICE, BOB])                   # its picture stalls
        _, user = await to_move(svc)
        ply = (await svc.table(CH)).ply
        os.kill(await stalled_pid(tmp_path), signal.SIGKILL)
        reply = await svc.move(CH, user, "workers 1")
        # the next picture: with the reply, or following it on a slow machine (the reply
        # waits 0.3 s for it; how long a picture takes under load is not the point here)
        image = reply.image or await asyncio.wait_for(reply.image_later, 30)
        assert image and image.startswith(PNG)
        assert (await svc.table(CH)).ply == ply + 1
    finally:
        await svc.close()
        await pictures.close()
    again = await TableService.open(tmp_path / "p.sqlite3", render=False)
    try:
        assert (await again.table(CH)).ply == ply + 1            # the move is in the log
    finally:
        await again.close()


async def test_a_killed_workers_picture_follows_its_reply(tmp_path: Path):
    """The reply went out saying the picture follows; the worker drawing it is killed;
    the picture is drawn again by another and still follows."""
    painter = await pool(2, painter=StallOnce(tmp_path))
    pictures = Pictures(painter, wait=0.2, timeout=60)
    svc = await service(tmp_path, pictures)
    try:
        await svc.open_lobby(CH, 1, ALICE, "Alice", "navegador")
        await svc.join(CH, BOB, "Bob")
        reply = await svc.start_game(CH, ALICE)
        assert reply.image is None and reply.image_later is not None
        assert PICTURE_FOLLOWS in reply.text and "begins" in reply.text
        old = await stalled_pid(tmp_path)
        os.kill(old, signal.SIGKILL)
        late = await asyncio.wait_for(reply.image_later, 30)
        assert late and late.startswith(PNG)
        assert old not in pictures.pids()       # dropped as soon as it was found dead
        # its replacement starts in the background and the picture never waited for it:
        # drawn again by the live worker, it can be back before the replacement is forked
        await replaced(painter)
        assert len(pictures.pids()) == 2 and painter.replaced == 1
    finally:
        await svc.close()
        await pictures.close()


async def test_a_picture_that_takes_too_long_is_given_up_and_its_worker_replaced(
        tmp_path: Path):
    pictures = Pictures(await pool(1, painter=StallOnce(tmp_path)), wait=0.1, timeout=1.0)
    try:
        view, since, players = scene("navegador", steps=10)
        names = ["A"] * players
        drawn = await pictures.draw("navegador", view, names, since=since)
        assert drawn.image is None and drawn.later is not None
        stuck = await stalled_pid(tmp_path)
        assert await asyncio.wait_for(drawn.later, 10) is None      # given up
        assert pictures.counts["failed"] == 1
        assert stuck not in pictures.pids()
        again = await pictures.draw("navegador", view, names, since=since)
        assert (again.image or await again.finished() or b"").startswith(PNG)
    finally:
        await pictures.close()


async def test_a_worker_past_its_memory_limit_gives_way_and_pictures_go_on():
    painter = await pool(1, memory_mb=1)               # every worker outgrows 1 MB at once
    pictures = Pictures(painter, wait=None)
    try:
        view, since, players = scene("vasco", steps=10)
        for _ in range(3):
            drawn = await pictures.draw("vasco", view, ["A"] * players, since=since)
            assert drawn.image and drawn.image.startswith(PNG)
        assert painter.replaced >= 2 and len(painter.drawn_by) == 3
    finally:
        await pictures.close()


def two_jobs() -> list[tuple[bytes, bytes]]:
    """Two different Navegador pictures: (job, the bytes this process draws for it)."""
    out = []
    for steps in (10, 40):
        view, since, players = scene("navegador", steps=steps)
        names = [f"Ana{i}" for i in range(players)]
        out.append((make_job("navegador", view, names, None, since).encode(),
                    renderer_for("navegador")(view, names, None, since)))  # type: ignore[misc]
    assert out[0][1] != out[1][1]
    return out


async def test_a_worker_holds_the_next_picture_and_a_kill_loses_neither(tmp_path: Path):
    """One worker: the second picture waits in its pipe while it draws the first (it never
    waits for the bot to send one); killed, the replacement draws both, each its own."""
    painter = await pool(1, painter=StallOnce(tmp_path))
    try:
        (job_a, png_a), (job_b, png_b) = two_jobs()
        first = asyncio.ensure_future(painter.paint(job_a, 60))
        second = asyncio.ensure_future(painter.paint(job_b, 60))
        stuck = await stalled_pid(tmp_path)
        await asyncio.sleep(0.1)
        assert [w.on_hand for w in painter._ready] == [2]      # both sent to it
        os.kill(stuck, signal.SIGKILL)
        assert await asyncio.wait_for(asyncio.gather(first, second), 60) == [png_a, png_b]
        assert painter.replaced == 1 and stuck not in painter.pids()
    finally:
        await painter.close()


async def test_a_picture_given_up_midway_never_hands_its_answer_to_the_next(tmp_path: Path):
    """The reply that asked for the first picture stops waiting while the second waits
    behind it on the same worker: the second still gets its own picture."""
    painter = await pool(1, painter=StallOnce(tmp_path, seconds=1.0))
    try:
        (job_a, _), (job_b, png_b) = two_jobs()
        first = asyncio.ensure_future(painter.paint(job_a, 60))
        second = asyncio.ensure_future(painter.paint(job_b, 60))
        await stalled_pid(tmp_path)
        first.cancel()
        assert await asyncio.wait_for(second, 60) == png_b
        with pytest.raises(asyncio.CancelledError):
            await first
    finally:
        await painter.close()


async def test_a_picture_goes_to_a_free_worker_not_behind_a_busy_one(tmp_path: Path):
    painter = await pool(2, painter=StallOnce(tmp_path))
    try:
        (job_a, _), (job_b, png_b) = two_jobs()
        first = asyncio.ensure_future(painter.paint(job_a, 60))
        stuck = await stalled_pid(tmp_path)
        for _ in range(3):                  # drawn at once, though the stuck one has room
            assert await asyncio.wait_for(painter.paint(job_b, 60), 20) == png_b
        assert stuck not in painter.drawn_by and not first.done()
        first.cancel()
    finally:
        await painter.close()


def test_a_picture_waits_behind_the_picture_given_out_first():
    """With no worker free, a picture goes to the worker whose picture on hand was given
    out first — the one likely to finish first —, not to whichever comes first in the
    list; never past a worker's depth."""
    painter = ProcessPainter(3, preload=False)
    first, second, full = (Worker.__new__(Worker) for _ in range(3))
    for worker, given in ((first, [5.0]), (second, [2.0]), (full, [1.0, 3.0])):
        worker.claimed, worker.broken = given, False
    painter._ready = [first, second, full]
    assert painter._free() is second
    second.claimed.append(6.0)
    assert painter._free() is first
    first.claimed.append(7.0)
    assert painter._free() is None


def test_a_workers_answer_is_one_write_the_pipe_has_room_for():
    """A board's PNG goes into the pipe in one write, with nobody reading yet (so the bot
    wakes once to read it), and reads back in ``Connection``'s framing, short or long."""
    mine, theirs = multiprocessing.Pipe(duplex=True)
    answers = Answers(theirs)
    try:
        for size in (3, 20_000, 300_000):       # a board is ~150-275 kB
            message = bytes(range(256)) * (size // 256) + b"end"
            writer = threading.Thread(target=answers.send, args=(message,), daemon=True)
            writer.start()
            writer.join(10)
            assert not writer.is_alive(), f"{size} bytes did not fit in the pipe"
            assert mine.recv_bytes() == message
    finally:
        answers.close()
        mine.close()
        theirs.close()


async def test_workers_draw_below_the_bots_cpu_priority():
    """A core the bot needs for a turn is never held by a picture: the workers run at
    ``nice`` below the bot (and one started to replace another does too)."""
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    painter = await pool(1, nice=3)
    try:
        worker_pid = painter.pids()[0]
        assert os.getpriority(os.PRIO_PROCESS, worker_pid) == min(19, mine + 3)
        os.kill(worker_pid, signal.SIGKILL)
        view, since, players = scene("navegador", steps=4)
        job = make_job("navegador", view, ["A"] * players, None, since).encode()
        assert (await painter.paint(job, 60)).startswith(PNG)   # drawn by the replacement
        (fresh,) = painter.pids()
        assert fresh != worker_pid and os.getpriority(os.PRIO_PROCESS, fresh) == min(19, mine + 3)
    finally:
        await painter.close()


async def test_where_processes_cannot_start_threads_draw(monkeypatch: pytest.MonkeyPatch):
    async def refused(self: ProcessPainter) -> None:
        raise OSError("no processes here")

    monkeypatch.setattr(ProcessPainter, "start", refused)
    pictures = await Pictures.start(2, wait=None)
    try:
        assert isinstance(pictures.painter, ThreadPainter)
        view, since, players = scene("neptun", steps=10)
        drawn = await pictures.draw("neptun", view, ["A"] * players, since=since)
        assert drawn.image and drawn.image.startswith(PNG)
    finally:
        await pictures.close()


# Closing ---------------------------------------------------------------------------------


@pytest.mark.parametrize("hello", ["cancelled", "arrives as it closes"])
async def test_a_worker_starting_as_the_pool_closes_is_reaped_once(
        monkeypatch: pytest.MonkeyPatch, hello: str):
    """``close`` reaps every worker of the pool, the one still starting in place of a dead
    one too; that start, cancelled by ``close`` (or given its hello in the same turn of
    the event loop, when ``wait_for`` returns it despite the cancel), must leave the
    worker to ``close`` and not reap it a second time — two reaps of one process end in
    ``Process.close()`` raising (``AttributeError: _sentinel`` when they run at once)."""
    painter = await pool(1)
    reaped: list[Worker] = []
    failed: list[BaseException] = []
    real_reap = Worker.reap

    def counted(self: Worker) -> None:
        reaped.append(self)
        try:
            real_reap(self)
        except BaseException as exc:
            failed.append(exc)
            raise

    starting = asyncio.Event()

    async def hello_held(self: Worker, timeout: float | None) -> bytes:
        starting.set()
        try:
            await asyncio.Event().wait()            # no hello before the pool closes
        except asyncio.CancelledError:
            if hello == "cancelled":
                raise
        return READY

    monkeypatch.setattr(Worker, "reap", counted)
    monkeypatch.setattr(Worker, "receive", hello_held)
    (old,) = painter._all
    painter._replace(old)                           # its replacement starts
    await asyncio.wait_for(starting.wait(), 30)
    (fresh,) = painter._all
    await painter.close()
    while painter._spawning or painter._reaping:    # whatever the cancelled start left
        await asyncio.gather(*painter._spawning, *painter._reaping, return_exceptions=True)
    assert reaped.count(fresh) == 1 and reaped.count(old) == 1
    assert not failed


async def test_a_worker_dropped_as_the_pool_closes_is_still_reaped(
        monkeypatch: pytest.MonkeyPatch):
    """A dropped worker (dead, or past its time) is reaped in a thread; ``close`` waits
    for that reap, never cancels it: cancelled before it began, it never ran, and the
    killed process stayed unreaped."""
    painter = await pool(1)
    reaped: list[Worker] = []
    real_reap = Worker.reap

    def counted(self: Worker) -> None:
        real_reap(self)
        reaped.append(self)

    monkeypatch.setattr(Worker, "reap", counted)
    (old,) = painter._all
    painter._replace(old)               # its reap: a task that has not begun yet
    await painter.close()
    assert reaped == [old]


async def test_a_worker_still_being_forked_as_the_pool_closes_is_reaped(
        monkeypatch: pytest.MonkeyPatch):
    """``close`` cancels a replacement that is still being forked; the fork runs on in its
    thread and makes a process all the same, which must be reaped by ``close``, not left
    running, owned by nobody."""
    painter = await pool(1)
    reaped: list[Worker] = []
    made: list[Worker] = []
    forking, may_fork = threading.Event(), threading.Event()
    real_launch, real_reap = Worker.launch.__func__, Worker.reap     # type: ignore[attr-defined]

    def slow_launch(cls: type[Worker], *args: Any) -> Worker:
        forking.set()
        may_fork.wait(30)                   # still forking when the pool closes
        worker = real_launch(cls, *args)
        made.append(worker)
        return worker

    def counted(self: Worker) -> None:
        real_reap(self)
        reaped.append(self)

    monkeypatch.setattr(Worker, "launch", classmethod(slow_launch))
    monkeypatch.setattr(Worker, "reap", counted)
    (old,) = painter._all
    painter._replace(old)                   # its replacement starts forking
    assert await asyncio.to_thread(forking.wait, 30)
    closing = asyncio.ensure_future(painter.close())
    await asyncio.sleep(0.05)               # close has cancelled the start mid-fork
    may_fork.set()
    await asyncio.wait_for(closing, 30)
    for _ in range(300):                    # (close waits for the fork; before, it did not)
        if made:
            break
        await asyncio.sleep(0.01)
    assert len(made) == 1
    assert made[0] in reaped and old in reaped
    assert not painter._all


# Bounded ---------------------------------------------------------------------------------


async def test_pictures_beyond_the_queue_go_without_and_the_queue_drains(tmp_path: Path):
    held = HeldPainter()
    pictures = Pictures(held, wait=0, queue=2)
    view, since, players = scene("maracaibo", steps=10)
    names = ["A"] * players
    first = [await pictures.draw("maracaibo", view, names, since=since) for _ in range(2)]
    third = await pictures.draw("maracaibo", view, names, since=since)
    assert all(d.later is not None for d in first) and len(held.asked) == 2
    assert third.busy and third.image is None and third.later is None
    held.release()
    pngs = [await d.finished() for d in first]
    assert all(png and png.startswith(PNG) for png in pngs)
    assert pictures.pending == 0 and pictures.counts["busy"] == 1
    await pictures.close()


async def test_a_reply_says_when_its_picture_follows_or_is_skipped(tmp_path: Path):
    held = HeldPainter()
    svc = await service(tmp_path, Pictures(held, wait=0, queue=1))
    try:
        await svc.open_lobby(CH, 1, ALICE, "Alice", "navegador")
        await svc.join(CH, BOB, "Bob")
        reply = await svc.start_game(CH, ALICE)               # waits for its picture
        assert PICTURE_FOLLOWS in reply.text and reply.image_later is not None
        board = await svc.board(CH)                            # the queue (1) is full
        assert PICTURE_BUSY in board.text and board.image is None and not board.image_later
        held.release()
        assert (await reply.image_later or b"").startswith(PNG)
    finally:
        await svc.close()


# The adapters attach a picture that follows ----------------------------------------------


async def test_discord_attaches_a_picture_that_follows_to_its_board_message():
    done: asyncio.Future[bytes | None] = asyncio.get_running_loop().create_future()
    reply = Reply(text=f"**Ann**: `workers 1`\n➡️ Next: Ben\n{PICTURE_FOLLOWS}",
                  image_later=done)
    message = Sent(reply.text, False)
    attach_later(message, reply)
    await asyncio.sleep(0)
    assert message.image is None and message.edits == 0
    done.set_result(PNG + b"board")
    for _ in range(10):
        await asyncio.sleep(0)
    assert message.image == PNG + b"board" and message.filename == "board.png"
    assert PICTURE_FOLLOWS not in message.content and "workers 1" in message.content


async def test_the_local_table_writes_a_picture_that_follows_when_it_is_drawn(
        tmp_path: Path):
    held = HeldPainter()
    svc = await service(tmp_path, Pictures(held, wait=0))
    table = LocalTable(svc, tmp_path / "boards")
    try:
        for line in ("alice: /navegador start", "bob: /join"):
            await table.handle(line)
        out = "\n".join(await table.handle("alice: /start"))
        assert PICTURE_FOLLOWS in out and not list((tmp_path / "boards").glob("*.png"))
        held.release()
        await asyncio.wait_for(table.settle(), 30)
        assert [line for line in table.late if "board picture:" in line]
        assert len(list((tmp_path / "boards").glob("board-*.png"))) == 1
    finally:
        await svc.close()


# Configuration ---------------------------------------------------------------------------


def test_picture_settings_from_the_environment():
    config = load_config({}, create_dirs=False)
    assert config.render_workers is None and config.picture_queue == 64
    assert config.picture_wait == 1.0 and config.picture_timeout == 30.0
    assert config.picture_nice == 10
    assert load_config({"SAILBOT_PICTURE_NICE": "0"}, create_dirs=False).picture_nice == 0
    with pytest.raises(ConfigError, match="SAILBOT_PICTURE_NICE must be 0 to 19"):
        load_config({"SAILBOT_PICTURE_NICE": "25"}, create_dirs=False)
    config = load_config({"SAILBOT_RENDER_WORKERS": "0", "SAILBOT_PICTURE_QUEUE": "8",
                          "SAILBOT_PICTURE_WAIT": "0.5", "SAILBOT_RENDER_WORKER_MB": "300",
                          "SAILBOT_PANEL_CACHE": "32"}, create_dirs=False)
    assert (config.render_workers, config.picture_queue, config.picture_wait,
            config.render_worker_mb, config.panel_cache) == (0, 8, 0.5, 300, 32)
    with pytest.raises(ConfigError, match="SAILBOT_RENDER_WORKERS"):
        load_config({"SAILBOT_RENDER_WORKERS": "many"}, create_dirs=False)
    with pytest.raises(ConfigError, match="SAILBOT_PICTURE_QUEUE"):
        load_config({"SAILBOT_PICTURE_QUEUE": "0"}, create_dirs=False)
