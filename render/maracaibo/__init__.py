"""The Maracaibo board picture, drawn from the public view only: the route with every
ship, assistant, ownership marker, quest and delivery; the explorer track; the three
influence tracks with their stocks and noble bands; the card display, decks and combat
piles; the prestige buildings; a log of the last round of turns; a panel per player.

The static layer (``static.py``) is drawn once per process and table shape; every call
copies it and draws the pieces straight into its 256-colour palette (``ink.py``), so the
PNG encode is the only heavy step.
"""

from __future__ import annotations

from PIL import Image

from render.maracaibo.board import (
    draw_explorer,
    draw_influence,
    draw_quest_legend,
    draw_route,
)
from render.maracaibo.ink import Canvas
from render.maracaibo.layout import frame
from render.maracaibo.panels import draw_cards, draw_header, draw_log, draw_players
from render.maracaibo.seats import seat_styles
from render.maracaibo.static import static_for
from render.png import encode_png
from rules.maracaibo.view import MaracaiboView

Moves = list[tuple[int, list[str]]]


def moved_since(view: MaracaiboView, since: MaracaiboView | None) -> tuple[int, Moves]:
    """(first turn to highlight, [(seat, path)]) for the turns since ``since``."""
    first = since.turn if since is not None else view.turn
    paths = [(r.seat, r.path) for r in view.records if r.turn >= first and r.path]
    return first, paths


def draw_maracaibo(view: MaracaiboView, names: list[str] | None = None,
                   colours: list[str] | None = None,
                   since: MaracaiboView | None = None) -> Image.Image:
    if not isinstance(view, MaracaiboView):
        raise TypeError(f"expected a MaracaiboView (the public view), got {type(view).__name__}")
    if since is not None and not isinstance(since, MaracaiboView):
        raise TypeError(f"since must be a MaracaiboView, got {type(since).__name__}")
    if view.viewer is not None:
        raise ValueError("the picture is drawn from the public view only (view(state, None))")
    f = frame(view.players)
    seats = seat_styles(view.players, names, colours)
    image = static_for(view).copy()
    cv = Canvas(image)
    first, paths = moved_since(view, since)
    draw_header(cv, f, view, seats)
    draw_log(cv, f, view, seats, first)
    draw_route(cv, f, view, seats, paths)
    draw_quest_legend(cv, f, view)
    draw_explorer(cv, f, view, seats)
    draw_influence(cv, f, view, seats, view.multipliers)
    draw_cards(cv, f, view, seats)
    draw_players(cv, f, view, seats, view.ranks, view.provisional)
    return image


def render(view: MaracaiboView, names: list[str] | None = None,
           colours: list[str] | None = None, since: MaracaiboView | None = None) -> bytes:
    """The registry's entry point (see ``render.registry``): PNG bytes of the board."""
    return encode_png(draw_maracaibo(view, names, colours, since))
