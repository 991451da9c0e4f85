"""What the table service asks for a picture: ``Pictures.draw`` — bounded, and never in the
way of a move.

* **Bounded**: at most ``queue`` pictures are waiting for a worker or being drawn; a
  picture asked for beyond that is not drawn at all (the reply says so, and ``/board``
  draws it later). Memory for pictures therefore never grows with the load.
* **Never in the way**: a reply waits at most ``wait`` seconds for its picture. A picture
  not ready by then *follows*: the reply goes out without it and carries the drawing
  (``Drawn.later``), which the adapter attaches when it is done. A picture that fails or
  takes longer than ``timeout`` is dropped; the move is committed whatever becomes of its
  picture (which is drawn meanwhile), so nothing is ever lost.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from bot.pictures.job import PictureFailed, make_job
from bot.pictures.pool import Painter, ProcessPainter, ThreadPainter, machine_cores
from render.registry import has_renderer, registered_here

if TYPE_CHECKING:
    from bot.config import Config

log = logging.getLogger(__name__)

WAIT = 1.0          # seconds a reply waits for its picture before it goes without it
TIMEOUT = 30.0      # seconds after which a picture is given up (its worker replaced)
QUEUE = 64          # pictures waiting or being drawn, at most
NICE = 10           # the picture processes' CPU priority below the bot's: a turn is
                    # answered first, the pictures drawn with every cycle left. With
                    # equal priority, two workers drawing held the bot off a core and
                    # p99 at 40 commands/s was 173 ms; at 10 below, 109 ms


@dataclass(frozen=True)
class Drawn:
    """A picture as the reply gets it: ``image`` when it was ready in time; ``later`` when
    it is still being drawn (it gives the PNG, or None if it failed); neither when there
    is none — no picture for this game, it failed, or ``busy``: too many being drawn."""

    image: bytes | None = None
    later: asyncio.Future[bytes | None] | None = None
    busy: bool = False

    async def finished(self) -> bytes | None:
        """The picture, waiting for it if it follows."""
        return self.image if self.later is None else await self.later


class Drawing:
    """A picture on its way (``Pictures.submit``)."""

    def __init__(self, task: asyncio.Task[bytes | None] | None = None,
                 wait: float | None = None, *, busy: bool = False,
                 counts: Counter[str] | None = None) -> None:
        self.task = task
        self.busy = busy
        self._deadline = None if wait is None else time.monotonic() + wait
        self._counts = counts

    async def settle(self) -> Drawn:
        """The picture if it is ready by the deadline, else the drawing to follow."""
        if self.task is None:
            return Drawn(busy=self.busy)
        left = None if self._deadline is None else max(0.0, self._deadline - time.monotonic())
        done, _ = await asyncio.wait({self.task}, timeout=left)
        if done:
            return Drawn(image=self.task.result())
        if self._counts is not None:
            self._counts["followed"] += 1
        return Drawn(later=self.task)


class Pictures:
    """Draws pictures through ``painter`` (processes or threads), with the limits above.
    ``wait`` None: a reply waits for its picture however long it takes (the tests)."""

    def __init__(self, painter: Painter | None = None, *, wait: float | None = WAIT,
                 timeout: float | None = TIMEOUT, queue: int = QUEUE) -> None:
        self.painter = painter or ThreadPainter()
        self.wait = wait
        self.timeout = timeout
        self.queue = max(1, queue)
        self.pending = 0
        self.counts: Counter[str] = Counter()   # drawn, followed, failed, busy
        self._local: ThreadPainter | None = None
        self._tasks: set[asyncio.Task[bytes | None]] = set()

    @classmethod
    async def start(cls, workers: int | None = None, *, memory_mb: float = 0.0,
                    nice: int = NICE, **limits: Any) -> Pictures:
        """Pictures drawn by ``workers`` processes (None: one per core; 0: threads of
        this process) at ``nice`` below the bot's CPU priority, warmed before this
        returns. Where processes cannot be started, threads of this process draw them
        instead (and a warning says why)."""
        count = machine_cores() if workers is None else workers
        painter: Painter
        if count <= 0:
            painter = ThreadPainter(machine_cores())
        else:
            pool = ProcessPainter(count, memory_mb=memory_mb, nice=nice)
            try:
                await pool.start()
                painter = pool
            except Exception as exc:
                log.warning("picture worker processes could not be started (%r); drawing "
                            "pictures in threads of the bot process instead", exc)
                painter = ThreadPainter(count)
        return cls(painter, **limits)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        await self.painter.close()
        if self._local is not None:
            await self._local.close()

    async def draw(self, game: str, view: BaseModel, names: list[str],
                   colours: list[str] | None = None, since: BaseModel | None = None) -> Drawn:
        """The public ``view``'s picture (``since``: the view before the last human
        decision), as ready as ``wait`` allows."""
        return await self.submit(game, view, names, colours, since).settle()

    def submit(self, game: str, view: BaseModel, names: list[str],
               colours: list[str] | None = None, since: BaseModel | None = None) -> Drawing:
        """Start drawing now; ``settle()`` the result later (the caller works meanwhile)."""
        if not has_renderer(game):
            return Drawing()
        if self.pending >= self.queue:
            self.counts["busy"] += 1
            if self.counts["busy"] % 100 == 1:       # a storm says so once, not per board
                log.warning("%d pictures are already waiting or being drawn: boards go "
                            "without a picture (%d so far)", self.pending,
                            self.counts["busy"])
            return Drawing(busy=True)
        try:
            job = make_job(game, view, names, colours, since).encode()
        except Exception:       # a view that cannot be sent is still only a picture
            log.exception("the %s board could not be sent to be drawn", game)
            self.counts["failed"] += 1
            return Drawing()
        # a test's toy renderer exists only in this process: draw it here
        painter = self._here() if registered_here(game) else self.painter
        self.pending += 1
        task = asyncio.ensure_future(self._paint(painter, job, game))
        self._tasks.add(task)                   # held until done: the loop holds tasks weakly
        task.add_done_callback(self._tasks.discard)
        return Drawing(task, self.wait, counts=self.counts)

    async def _paint(self, painter: Painter, job: bytes, game: str) -> bytes | None:
        try:
            png = await painter.paint(job, self.timeout)
        except PictureFailed as exc:
            self.counts["failed"] += 1
            log.error("the %s board picture was not drawn: %s", game, exc)
            return None
        except Exception:
            self.counts["failed"] += 1
            log.exception("the %s board picture was not drawn", game)
            return None
        finally:
            self.pending -= 1
        self.counts["drawn"] += 1
        return png

    def _here(self) -> ThreadPainter:
        if isinstance(self.painter, ThreadPainter):
            return self.painter
        if self._local is None:
            self._local = ThreadPainter(1)
        return self._local

    def describe(self) -> str:
        return self.painter.describe()

    def pids(self) -> list[int]:
        """The worker processes' ids (none when drawing in threads)."""
        return self.painter.pids() if isinstance(self.painter, ProcessPainter) else []


async def start_pictures(config: Config) -> Pictures:
    """The pictures as configured (``SAILBOT_RENDER_WORKERS`` and the limits), started."""
    return await Pictures.start(config.render_workers, memory_mb=config.render_worker_mb,
                                nice=config.picture_nice, wait=config.picture_wait,
                                timeout=config.picture_timeout, queue=config.picture_queue)
