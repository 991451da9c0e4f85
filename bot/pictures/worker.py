"""A picture worker: a process of its own that draws one board picture at a time, so the
bot's pictures use every core instead of queueing behind one interpreter lock.

It starts warm: every registered game's picture has been drawn once at every player
count (``warm``), which builds the static layers — the map, the tracks, the labels, a few
hundred milliseconds each — that every later picture only copies. The pool warms the
fork server its workers are forked from (``bot.pictures.preload``), so the layers are
built once for all workers and shared between them, page for page, until written.

The conversation with the bot process is a pipe: the worker says ``ready``, then for each
job it receives it answers ``OK`` + PNG or ``NO`` + the reason. An answer is written in one
piece, its length and all (``Answers``), into a pipe with room for all of it, so the bot's
event loop wakes once per picture to read it. A worker that has grown
past its memory limit (checked after its first picture and every ``MEMORY_EVERY``-th)
says so in that answer and exits; the pool starts a fresh one.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import socket
import struct
from collections.abc import Callable
from multiprocessing.connection import Connection

from bot.pictures.job import Job, PictureFailed, paint
from render.registry import renderer_for
from rules import game_names, get_game

log = logging.getLogger(__name__)

READY = b"ready"
OK = b"+"           # an answer: OK or NO, then RETIRING or STAYING, then the PNG / reason
NO = b"-"
STAYING = b"."
RETIRING = b"!"     # this worker outgrew its memory limit and exits after this answer
Painter = Callable[[Job], bytes]
PIPE_ROOM = 1 << 20  # bytes a picture pipe may hold in flight (asked of the kernel, which
                    # may give less: Linux gives up to twice its net.core.wmem_max, by
                    # default 416 kB) — a whole board PNG (~150–275 kB), so that it arrives
                    # in one piece. Through the default 208 kB the bot read a picture in
                    # ~5 pieces (5.2 socket reads a picture, now 3.0; 15.0 event-loop
                    # iterations a command, now 12.7). Capacity in alternating runs: 80–84
                    # -> 89–92 commands/s (room alone, 3 pairs), 86.5–93.6 -> 89.8–100.1
                    # (room and one write, 4 pairs); the bot's CPU a command within noise
MEMORY_EVERY = 16   # pictures between two memory checks: reading smaps_rollup walks every
                    # page of the process, ~4 ms of CPU (a fifth of a picture) at this size


def warm() -> None:
    """Draw every game's picture once per player count: the static layers and the text
    caches are then built. Idempotent (a second call only hits the caches)."""
    for name in game_names():
        fn = renderer_for(name)
        if fn is None:
            continue
        game = get_game(name)
        low, high = game.player_range(None)
        for players in range(low, high + 1):
            try:
                view = game.view(game.setup(players, 0, {}), None)
                fn(view, [f"Seat {i + 1}" for i in range(players)], None, None)
            except Exception:      # a broken picture only costs its own warm-up
                log.exception("warming the %s picture (%d players) failed", name, players)
    gc.collect()
    gc.freeze()     # what warming built stays out of the collector's way, and so shared


def private_mb() -> float:
    """This process's own memory (not the pages it shares with its fork server), MB."""
    try:
        with open("/proc/self/smaps_rollup") as f:
            kb = sum(int(line.split()[1]) for line in f
                     if line.startswith(("Private_Clean:", "Private_Dirty:")))
        return kb / 1024
    except (OSError, ValueError, IndexError):
        return 0.0


def framed(message: bytes) -> bytes:
    """``message`` behind its length, as ``Connection.send_bytes`` frames it (and
    ``recv_bytes`` reads it), in one piece to write at once."""
    size = len(message)
    head = struct.pack("!i", size) if size <= 0x7FFFFFFF else struct.pack("!iQ", -1, size)
    return head + message


def roomy(sock: socket.socket) -> None:
    """Ask for ``PIPE_ROOM`` of send buffer on ``sock`` (whatever the kernel allows)."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, PIPE_ROOM)
    except OSError:         # only the wake-ups it saves are lost
        log.debug("no larger send buffer for the picture pipe", exc_info=True)


class Answers:
    """The worker's end of the pipe, for writing: each message in one write — the length
    ``Connection.send_bytes`` would put first, then the message — where ``send_bytes``
    writes a long message's length and its body apart (two wake-ups for the reader)."""

    def __init__(self, conn: Connection) -> None:
        self.sock = socket.socket(fileno=os.dup(conn.fileno()))
        self.sock.setblocking(True)
        roomy(self.sock)

    def send(self, message: bytes) -> None:
        self.sock.sendall(framed(message))

    def close(self) -> None:
        self.sock.close()


def serve(conn: Connection, painter: Painter = paint, memory_mb: float = 0.0,
          nice: int = 0) -> None:
    """The worker's life: warm, say ready, answer jobs until the pipe closes (the bot
    stopped) or this process has outgrown ``memory_mb`` (0: no limit). ``painter`` draws
    a job (tests pass one that stalls). ``nice``: how much lower this process's CPU
    priority is than the bot's, so that a core the bot needs for a turn is never busy
    drawing (the pictures get every cycle the turns leave)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is for the bot to handle
    warm()
    if nice:
        os.nice(nice)
    answers = Answers(conn)
    try:
        _serve(conn, answers, painter, memory_mb)
    finally:
        answers.close()


def _serve(conn: Connection, answers: Answers, painter: Painter, memory_mb: float) -> None:
    try:
        answers.send(READY)
    except OSError:         # the pool closed while this worker was starting
        return
    drawn = 0
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        try:
            status, payload = OK, painter(Job.decode(data))
        except PictureFailed as exc:
            status, payload = NO, str(exc).encode()
        except Exception as exc:   # anything else is still only this picture's failure
            status, payload = NO, repr(exc).encode()
        drawn += 1
        # checked after a worker's first picture and every MEMORY_EVERY-th after it
        retiring = (bool(memory_mb) and drawn % MEMORY_EVERY == 1
                    and private_mb() > memory_mb)
        try:
            answers.send(status + (RETIRING if retiring else STAYING) + payload)
        except OSError:
            return
        if retiring:
            return
