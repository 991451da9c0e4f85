"""Board pictures by game name.

A game's picture lives in ``render/<game>/`` and exposes ``render(view, names, colours,
since)``; it is found by that convention the first time it is needed, so adding a game
needs no line here. Tests register toy renderers with ``register``.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from collections.abc import Callable
from typing import Any, Protocol


class Renderer(Protocol):
    def __call__(self, view: Any, names: list[str] | None = None,
                 colours: list[str] | None = None, since: Any = None) -> bytes: ...


_RENDERERS: dict[str, Renderer] = {}
_REGISTERED: set[str] = set()      # by ``register``, in this process only


def register(game: str, renderer: Renderer) -> None:
    _RENDERERS[game] = renderer
    _REGISTERED.add(game)


def unregister(game: str) -> None:
    _RENDERERS.pop(game, None)
    _REGISTERED.discard(game)


def has_renderer(game: str) -> bool:
    """Whether ``game`` may have a picture, without importing it: the bot process asks
    this and leaves the drawing (Pillow, the static layers) to its picture workers."""
    return game in _RENDERERS or _found(game)


@functools.cache
def _found(game: str) -> bool:
    """Is there a ``render/<game>/``? Asked once per game: the bot asks before every
    picture, and looking costs a few file-system calls each time."""
    try:
        return importlib.util.find_spec(f"render.{game}") is not None
    except (ImportError, ValueError):
        return False


def registered_here(game: str) -> bool:
    """Whether ``game``'s picture was registered in this process with ``register`` (a test's
    toy renderer) rather than found as ``render/<game>/``: only the latter can be drawn
    by another process, which finds it by the same convention."""
    return game in _REGISTERED


def renderer_for(game: str) -> Renderer | None:
    """The picture function of ``game``; None when the game has no picture."""
    if game not in _RENDERERS:
        try:
            module = importlib.import_module(f"render.{game}")
        except ModuleNotFoundError as exc:
            if exc.name not in (f"render.{game}",):
                raise
            return None
        fn: Callable[..., bytes] | None = getattr(module, "render", None)
        if fn is None:
            return None
        _RENDERERS[game] = fn
    return _RENDERERS[game]


def render_board(view: Any, names: list[str] | None = None, colours: list[str] | None = None,
                 since: Any = None) -> bytes:
    """PNG bytes of the board seen in ``view`` (a game's public view, never its state).

    ``names``: display names per seat; ``colours``: "#rrggbb" per seat; ``since``: the
    public view before the last human decision, so the picture can show every move
    after it. Raises ValueError for a game without a picture."""
    game = getattr(view, "game", None)
    fn = renderer_for(str(game)) if game else None
    if fn is None:
        raise ValueError(f"no board picture for game {game!r}")
    return fn(view, names, colours, since)
