"""Where pictures are drawn: worker processes (every core at work), or threads of the bot
process (the fallback where processes cannot be started, and the tests' default).

Both take an encoded job (``bot.pictures.job``) and give PNG bytes or raise
``PictureFailed``; neither ever raises anything else, and neither can lose a move — a
picture is drawn from a public view, and the move's commit never waits for its picture.

The process pool runs its own small workers (``bot.pictures.worker``) rather than a
``ProcessPoolExecutor``, because it must be able to kill one worker that takes too long
and replace one that died, without breaking the pictures the others are drawing. Workers
are forked from a fork server that has drawn every game once (``bot.pictures.preload``):
a replacement starts warm in milliseconds, and the static layers exist once in memory.

Each worker holds up to ``DEPTH`` pictures: the one it draws and the next, waiting in its
pipe. A worker that had to wait for the bot's event loop to read its picture and send it
another sat idle meanwhile — under load the loop is busy with other tables' turns, and the
workers stood idle 6–12% of the time (``docs/performance.md``). A picture goes to the worker
with the fewest pictures on hand, so with one free it never queues behind another; with
none free, behind the picture given out first. (One picture per worker and a queue in the
bot instead — each picture to whichever worker frees first — measured no better at 40
commands/s: p99 125–144 ms against 101–235, p50 37 against 35–42 ms, three runs each.)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import socket
import struct
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext
from multiprocessing.process import BaseProcess
from typing import Protocol

from bot.pictures.job import Job, PictureFailed, paint
from bot.pictures.worker import NO, OK, READY, RETIRING, framed, serve
from bot.pictures.worker import Painter as DrawJob

log = logging.getLogger(__name__)

PRELOAD = "bot.pictures.preload"
START_TIMEOUT = 120.0      # seconds for a new worker to warm and say ready (the first
                           # one waits for the fork server to draw every game once)
DEPTH = 2                  # pictures a worker holds at once: the one it draws, the next


def machine_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class Painter(Protocol):
    workers: int

    async def paint(self, job: bytes, timeout: float | None) -> bytes: ...

    async def close(self) -> None: ...

    def describe(self) -> str: ...


class ThreadPainter:
    """Draws in ``threads`` threads of the bot process. A picture that times out is given
    up (its thread finishes it and the bytes are dropped): threads cannot be killed."""

    def __init__(self, threads: int = 2) -> None:
        self.workers = max(1, threads)
        self._executor = ThreadPoolExecutor(self.workers, thread_name_prefix="picture")

    async def paint(self, job: bytes, timeout: float | None) -> bytes:
        loop = asyncio.get_running_loop()
        drawing = loop.run_in_executor(self._executor, _paint_bytes, job)
        try:
            return await asyncio.wait_for(drawing, timeout)
        except TimeoutError:
            raise PictureFailed(f"the picture took longer than {timeout:g} s") from None

    async def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)

    def describe(self) -> str:
        return f"{self.workers} thread(s) in the bot process"


def _paint_bytes(job: bytes) -> bytes:
    return paint(Job.decode(job))


class WorkerLost(Exception):
    """The worker's pipe closed: it died (killed, crashed) or was already gone."""


class Worker:
    """One worker process and the bot's end of its pipe.

    The bot's end is read and written through the event loop (a non-blocking socket:
    the duplex pipe is a socket pair), in the framing of ``Connection.send_bytes``. A
    worker asks for room for a whole picture in the pipe (``worker.PIPE_ROOM``) and writes
    each answer in one piece, so a picture is usually read at one wake-up of the event
    loop; where the kernel gives less room, it arrives in pieces and the loop serves other
    tables between them instead of waiting in a blocking read. (A job, ~14 kB of JSON,
    fits the default room.)"""

    def __init__(self, process: BaseProcess, conn: Connection) -> None:
        self.process = process
        self.sock = socket.socket(fileno=os.dup(conn.fileno()))
        conn.close()
        self.sock.setblocking(False)
        self.claimed: list[float] = []  # when each picture on hand was given to it, oldest
                                        # first (the worker answers in that order)
        self.broken = False         # an exchange failed: its answers can no longer be paired
        self._sending = asyncio.Lock()
        self._turn: asyncio.Future[None] | None = None   # the last exchange's, done once
                                                          # it has read its answer

    @classmethod
    def launch(cls, ctx: ForkServerContext, painter: DrawJob, memory_mb: float,
               nice: int = 0) -> Worker:
        """Start a worker (blocking: run it in a thread)."""
        mine, theirs = ctx.Pipe(duplex=True)
        process = ctx.Process(target=serve, args=(theirs, painter, memory_mb, nice),
                              name="sailbot-picture", daemon=True)
        process.start()
        theirs.close()          # so that the worker's death closes the pipe for us
        return cls(process, mine)

    @property
    def on_hand(self) -> int:
        """Pictures given to it and not yet answered."""
        return len(self.claimed)

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def _lost(self, why: object) -> WorkerLost:
        return WorkerLost(f"picture worker {self.pid} is gone ({why})")

    async def _exactly(self, size: int) -> bytearray:
        loop = asyncio.get_running_loop()
        buf = bytearray(size)
        view = memoryview(buf)
        got = 0
        while got < size:
            try:
                n = await loop.sock_recv_into(self.sock, view[got:])
            except OSError as exc:
                raise self._lost(repr(exc)) from None
            if n == 0:
                raise self._lost("its pipe closed")
            got += n
        return buf

    async def _message(self) -> bytearray:
        (size,) = struct.unpack("!i", await self._exactly(4))
        if size == -1:                      # Connection's header for 2 GB and more
            (size,) = struct.unpack("!Q", await self._exactly(8))
        return await self._exactly(size)

    async def receive(self, timeout: float | None) -> bytearray:
        """The worker's next message. WorkerLost when its pipe closes; TimeoutError after
        ``timeout`` (the message is then cut: the caller replaces the worker)."""
        return await asyncio.wait_for(self._message(), timeout)

    async def call(self, job: bytes, timeout: float | None) -> bytearray:
        """Send ``job`` and read the answer, both within ``timeout`` (a worker that stopped
        reading cannot hold the sender either)."""
        return await asyncio.wait_for(self._exchange(job), timeout)

    async def _exchange(self, job: bytes) -> bytearray:
        """Send ``job``, then read its answer once every job sent before it has read its
        own (the worker answers in order). An exchange that fails or is cancelled anywhere
        breaks the worker: the answers after it could be taken for the wrong jobs, so every
        later exchange on it fails with WorkerLost (its picture is drawn elsewhere) and the
        pool replaces the worker."""
        loop = asyncio.get_running_loop()
        before, mine = self._turn, loop.create_future()
        self._turn = mine
        try:
            async with self._sending:
                self._check()
                try:
                    await loop.sock_sendall(self.sock, framed(job))
                except OSError as exc:
                    raise self._lost(repr(exc)) from None
            if before is not None:
                await asyncio.shield(before)
            self._check()
            return await self._message()
        except BaseException:
            self.broken = True
            raise
        finally:
            if not mine.done():
                mine.set_result(None)

    def _check(self) -> None:
        if self.broken:
            raise self._lost("a picture sent to it before failed")

    def kill(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            self.process.kill()
        self.hang_up()

    def hang_up(self) -> None:
        """Close the bot's end: an idle worker reads end-of-file and exits."""
        with contextlib.suppress(OSError):
            self.sock.close()

    def reap(self) -> None:
        """Wait for the process to end and free what it held (blocking: run in a thread)."""
        self.process.join(5)
        if self.process.exitcode is None:
            self.kill()
            self.process.join(5)
        with contextlib.suppress(ValueError):
            self.process.close()


class ProcessPainter:
    """``workers`` picture processes, each drawing one picture at a time. Call ``start`` first.

    A picture goes to the worker with the fewest on hand, at most ``depth`` each (its
    pipe holds the next while it draws one). A worker that dies is replaced at once (and
    its pictures are tried once more on another worker, each with its time limit anew: a
    worker killed from outside loses nothing); one that takes longer than the job's timeout
    is killed and replaced, and that picture fails. ``memory_mb`` limits
    what one worker may hold of its own: past it, the worker finishes its picture and
    gives way to a fresh one. ``painter`` draws a job in the worker (a module-level
    function or picklable object; tests pass one that stalls)."""

    def __init__(self, workers: int, *, memory_mb: float = 0.0, painter: DrawJob = paint,
                 preload: bool = True, nice: int = 0, depth: int = DEPTH) -> None:
        self.workers = max(1, workers)
        self.depth = max(1, depth)
        self.memory_mb = memory_mb
        self.nice = nice
        self.painter = painter
        self.ctx = multiprocessing.get_context("forkserver")
        if preload:
            # has effect only if the fork server is not running yet (one per bot process)
            self.ctx.set_forkserver_preload([PRELOAD])
        self._all: set[Worker] = set()
        self._ready: list[Worker] = []      # warm workers, in the order they came up
        self._slots = asyncio.Condition()   # notified when a worker can take a picture
        self._spawning: set[asyncio.Task[None]] = set()     # replacements starting
        self._reaping: set[asyncio.Task[None]] = set()      # dropped workers being reaped
        self._forking: set[asyncio.Future[Worker]] = set()  # worker processes being forked
        self._closed = False
        self.replaced = 0           # workers started to replace one that died or was retired
        self.drawn_by: Counter[int] = Counter()     # pictures answered, by worker pid

    async def start(self) -> None:
        """Start every worker and wait until each is warm; raises if one cannot start."""
        started = await asyncio.gather(*(self._launch() for _ in range(self.workers)),
                                       return_exceptions=True)
        failed = [s for s in started if isinstance(s, BaseException)]
        for worker in started:
            if isinstance(worker, Worker):
                await self._arrived(worker)
        if failed:
            await self.close()
            raise failed[0]

    async def _launch(self) -> Worker:
        forking = asyncio.ensure_future(asyncio.to_thread(
            Worker.launch, self.ctx, self.painter, self.memory_mb, self.nice))
        # The fork runs on in its thread even if this start is cancelled (``close`` cancels
        # the replacements starting): the pool takes the worker as soon as it exists, not
        # when this start resumes, so that ``close`` (which waits for every fork) reaps it
        # too. Before, a start cancelled mid-fork left its process owned by nobody.
        forking.add_done_callback(self._forked)
        self._forking.add(forking)
        worker = await asyncio.shield(forking)
        try:
            hello = await worker.receive(START_TIMEOUT)
            if hello != READY:
                raise WorkerLost(f"picture worker {worker.pid} said {hello[:40]!r}")
        except BaseException:
            self._drop(worker)
            raise
        return worker

    def _forked(self, forking: asyncio.Future[Worker]) -> None:
        self._forking.discard(forking)
        if not forking.cancelled() and forking.exception() is None:
            self._all.add(forking.result())

    def pids(self) -> list[int]:
        return sorted(w.pid for w in self._all if w.pid is not None)

    def describe(self) -> str:
        return f"{self.workers} picture worker process(es)"

    async def paint(self, job: bytes, timeout: float | None) -> bytes:
        loop = asyncio.get_running_loop()
        for attempt in (1, 2):
            # each attempt has the whole time limit: a job lost with its worker (killed,
            # or behind a picture that hung) has not been drawn yet
            deadline = None if timeout is None else loop.time() + timeout
            if self._closed:
                raise PictureFailed("the picture workers are closed")
            try:
                worker = await asyncio.wait_for(self._claim(), timeout)
            except TimeoutError:
                raise PictureFailed(f"no picture worker was free within {timeout:g} s") from None
            left = None if deadline is None else max(0.0, deadline - loop.time())
            try:
                answer = await worker.call(job, left)
            except WorkerLost as exc:
                self._replace(worker)
                if attempt == 2:
                    raise PictureFailed(str(exc)) from None
                log.warning("%s; drawing its picture again on another worker", exc)
                continue
            except TimeoutError:
                self._replace(worker)
                raise PictureFailed(f"the picture took longer than {timeout:g} s; its "
                                    f"worker {worker.pid} was replaced") from None
            except BaseException:           # cancelled mid-picture: its answer would be
                self._replace(worker)       # taken for the next job's, so replace it
                raise
            finally:
                await self._release(worker)
            status, fate = bytes(answer[:1]), bytes(answer[1:2])
            payload = bytes(memoryview(answer)[2:])
            self.drawn_by[worker.pid or 0] += 1
            if fate == RETIRING:                # it outgrew its memory limit and exits
                self._replace(worker)
            if status == OK:
                return payload
            raise PictureFailed(payload.decode(errors="replace") if status == NO
                                else f"picture worker {worker.pid} said {answer[:40]!r}")
        raise AssertionError("unreachable")

    def _free(self) -> Worker | None:
        """The worker with the fewest pictures on hand, if one can take another; among
        busy ones, the one given its picture first: it is likely to finish first, and a
        picture waiting in a worker's pipe waits for the whole picture ahead of it. (Ties
        went to the first worker: 520 pictures against the second's 300 in one run.)"""
        open_ = [w for w in self._ready if w.on_hand < self.depth and not w.broken]
        return min(open_, key=lambda w: (w.on_hand, w.claimed[:1]), default=None)

    async def _claim(self) -> Worker:
        """A worker for one more picture, waiting (first come, first served) for one."""
        async with self._slots:
            try:
                worker = await self._slots.wait_for(self._free)
            except BaseException:       # timed out or cancelled: a wake-up meant for
                self._slots.notify()    # this picture goes to the next in line
                raise
            assert worker is not None
            worker.claimed.append(asyncio.get_running_loop().time())
            return worker

    async def _release(self, worker: Worker) -> None:
        async with self._slots:
            if worker.claimed:
                worker.claimed.pop(0)
            self._slots.notify()

    async def _arrived(self, worker: Worker) -> None:
        async with self._slots:
            self._ready.append(worker)
            self._slots.notify(self.depth)

    def _drop(self, worker: Worker) -> None:
        """Kill and reap ``worker`` if the pool still holds it. Whoever takes a worker out
        of ``_all`` reaps it, once: here, or ``close`` for every worker it finds there. A
        start that ``close`` cancels (or whose ``wait_for`` returns the hello despite the
        cancel) drops its worker after ``close`` took it: reaping it here too ran two
        ``Process.close()`` on one process (``AttributeError: _sentinel``)."""
        if worker not in self._all:
            return
        self._all.discard(worker)
        if worker in self._ready:
            self._ready.remove(worker)
        worker.kill()
        reaping = asyncio.ensure_future(asyncio.to_thread(worker.reap))
        self._reaping.add(reaping)
        reaping.add_done_callback(self._reaping.discard)

    def _replace(self, worker: Worker) -> None:
        """Drop ``worker`` and start another in its place, in the background (once, however
        many of its pictures report it)."""
        if worker not in self._all:
            return
        self._drop(worker)
        if self._closed:
            return
        task = asyncio.ensure_future(self._respawn())
        self._spawning.add(task)
        task.add_done_callback(self._spawning.discard)

    async def _respawn(self) -> None:
        pause = 0.5
        while not self._closed:
            try:
                worker = await self._launch()
            except Exception:
                log.exception("a picture worker could not be started; trying again in %g s",
                              pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, 60.0)
                continue
            if self._closed:
                self._drop(worker)
                return
            self.replaced += 1
            await self._arrived(worker)
            return

    async def close(self) -> None:
        self._closed = True
        for task in list(self._spawning):
            task.cancel()
        # a fork under way ends within a fraction of a second and hands its worker to the
        # pool (``_forked``): wait for it, and for the cancelled starts, so that every
        # worker is in ``_all`` or already dropped before it is emptied
        await asyncio.gather(*list(self._spawning), *list(self._forking),
                             return_exceptions=True)
        workers = list(self._all)
        self._all.clear()
        for worker in workers:
            worker.hang_up()
        # the reaps of workers dropped before are waited for, never cancelled: one cancelled
        # before its first step never ran, and left its killed process unreaped
        await asyncio.gather(*(asyncio.to_thread(w.reap) for w in workers),
                             *list(self._reaping), return_exceptions=True)
