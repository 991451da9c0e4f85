"""Helpers for the picture tests: painters that stall (run in a picture worker process, so
they are picklable module-level objects talking through files; the thinking processes'
tests use one too) and a painter of this process that finishes when a test says so."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from bot.pictures.job import Job, paint
from bot.pictures.pool import ProcessPainter
from rules import get_game
from rules.fuzz import random_game


class StallOnce:
    """Does ``then`` with each job like the bot (draws it; for a thinking process:
    ``bot.table.thinkers.think``), except that the very first job (of all the workers
    using it) stalls for ``seconds`` first, after writing the worker's pid to
    ``folder/stalled``."""

    def __init__(self, folder: Path, seconds: float = 60.0,
                 then: Callable[[Any], Any] = paint) -> None:
        self.marker = folder / "stalled"
        self.seconds = seconds
        self.then = then

    def __call__(self, job: Any) -> Any:
        try:
            fd = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return self.then(job)
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        time.sleep(self.seconds)
        return self.then(job)


async def stalled_pid(folder: Path, seconds: float = 30.0) -> int:
    """The pid of the worker stalling on its picture (once it has begun)."""
    marker = folder / "stalled"
    for _ in range(int(seconds / 0.02)):
        if marker.exists() and marker.read_text():
            return int(marker.read_text())
        await asyncio.sleep(0.02)
    raise AssertionError("no picture worker began the stalling picture")


async def replaced(painter: ProcessPainter, seconds: float = 30.0) -> None:
    """Wait until the workers ``painter`` is starting in place of others are up. A
    replacement starts in the background and no picture waits for it: a picture drawn
    again by a live worker (~30 ms) is back before its dead worker's replacement has said
    ready (~150 ms), and now and then before it has even been forked."""
    async def started() -> None:
        while painter._spawning:
            await asyncio.gather(*list(painter._spawning), return_exceptions=True)

    await asyncio.wait_for(started(), seconds)


class HeldPainter:
    """A painter of this process whose pictures are finished when ``release`` is called
    (in the order asked for): a picture that is slow for as long as a test wants."""

    workers = 1

    def __init__(self) -> None:
        self.asked: list[bytes] = []
        self.go = asyncio.Event()

    async def paint(self, job: bytes, timeout: float | None) -> bytes:
        self.asked.append(job)
        await self.go.wait()
        return paint(Job.decode(job))

    def release(self) -> None:
        self.go.set()

    async def close(self) -> None:
        self.go.set()

    def describe(self) -> str:
        return "held"


def scene(name: str, steps: int = 60, seed: int = 3) -> tuple[BaseModel, BaseModel, int]:
    """A public view some way into a random game of ``name``, the view a few moves
    earlier (``since``), and the player count."""
    game = get_game(name)
    players = min(game.max_players, game.min_players + 1)
    states: list[Any] = []
    for i, (state, *_) in enumerate(random_game(game, players, seed, policy="explorer")):
        states.append(state)
        if i >= steps:
            break
    return game.view(states[-1], None), game.view(states[max(0, len(states) - 6)], None), players
