"""Board pictures: turn a game's public *view* into PNG bytes.

``render_board(view, names)`` is the one entry point; it dispatches on ``view.game``.
It is pure (same view and names -> same bytes) and thread-safe: the static layer of each
game is built once per process and only copied, never drawn on, afterwards.
"""

from __future__ import annotations

from typing import Any

__all__ = ["render_board"]


def render_board(view: Any, names: list[str] | None = None,
                 colours: list[str] | None = None, since: Any = None) -> bytes:
    """PNG bytes of the board seen in ``view`` (a game's public view, never its state).

    ``names``: display names per seat (default "Seat 1".."Seat n"); ``colours``: optional
    "#rrggbb" or a ``render.palette`` colour name per seat (default: the game's default
    seat colours from that palette); ``since``: the public view as it was just before the
    last human decision, so the picture shows every turn played since (default: only the
    latest turn). Raises ValueError for a game without a picture.
    """
    game = getattr(view, "game", None)
    if game == "navegador":
        from render.navegador import render_navegador

        return render_navegador(view, names, colours, since)
    raise ValueError(f"no board picture for game {game!r}")
