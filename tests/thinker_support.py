"""A thinker that stalls once (it runs in a thinking process, so it is a picklable
module-level object talking through a file), for the tests of ``bot.table.thinkers``."""

from __future__ import annotations

import os
import time
from pathlib import Path

from bot.table.computers import Step
from bot.table.thinkers import Request, think


class StallOnce:
    """Thinks like the bot, except that the very first request (of all the workers using
    it) stalls for ``seconds`` first, after writing the worker's pid to ``folder/stalled``."""

    def __init__(self, folder: Path, seconds: float = 60.0) -> None:
        self.marker = folder / "stalled"
        self.seconds = seconds

    def __call__(self, request: Request) -> list[Step]:
        try:
            fd = os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return think(request)
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        time.sleep(self.seconds)
        return think(request)
