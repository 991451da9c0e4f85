"""Board pictures: turn a game's public *view* into PNG bytes.

``render_board(view, names, colours, since)`` is the one entry point; it finds the game's
picture through ``render.registry`` (``render/<game>/`` exposes ``render``). Pictures are
pure (same view and names -> same bytes) and thread-safe: each game's static layer is
built once per process and only copied, never drawn on, afterwards.
"""

from __future__ import annotations

from render.registry import render_board, renderer_for

__all__ = ["render_board", "renderer_for"]
