"""The board picture, drawn in a worker thread so a big board never stalls the event loop.

``render`` is optional: until it is importable (or if drawing fails) replies carry no
image and the game goes on.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

_renderer: Callable[..., bytes] | None = None
_takes_colours = False


def renderer() -> Callable[..., bytes] | None:
    """``render.render_board`` if the render package is available, else None."""
    global _renderer, _takes_colours
    if _renderer is None:
        try:
            from render import render_board  # type: ignore[attr-defined]
        except ImportError:
            return None
        _renderer = render_board
        try:
            _takes_colours = "colours" in inspect.signature(render_board).parameters
        except (TypeError, ValueError):
            _takes_colours = False
    return _renderer


def draw(view: Any, names: list[str], colours: list[str] | None = None) -> bytes | None:
    """Draw synchronously (for scripts); None when render is unavailable or fails."""
    fn = renderer()
    if fn is None:
        return None
    try:
        if _takes_colours and colours is not None:
            return fn(view, names, colours=colours)
        return fn(view, names)
    except Exception:   # a broken picture must never lose a move
        log.exception("rendering the board failed")
        return None


async def render_picture(view: Any, names: list[str],
                         colours: list[str] | None = None) -> bytes | None:
    if renderer() is None:
        return None
    return await asyncio.to_thread(draw, view, names, colours)
