"""The board picture, drawn in a worker thread so a big board never stalls the event loop.

Each game's picture comes from ``render.registry``; a game without one (or a picture that
fails) gives a reply without an image, and the game goes on.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from render.registry import renderer_for

log = logging.getLogger(__name__)


def draw(game: str, view: Any, names: list[str], colours: list[str] | None = None,
         since: Any = None) -> bytes | None:
    """Draw synchronously (for scripts); None when the game has no picture or it fails."""
    fn = renderer_for(game)
    if fn is None:
        return None
    try:
        return fn(view, names, colours, since)
    except Exception:   # a broken picture must never lose a move
        log.exception("rendering the %s board failed", game)
        return None


async def render_picture(game: str, view: Any, names: list[str],
                         colours: list[str] | None = None, since: Any = None) -> bytes | None:
    if renderer_for(game) is None:
        return None
    return await asyncio.to_thread(draw, game, view, names, colours, since)
