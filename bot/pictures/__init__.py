"""Board pictures for the table service: drawn in worker processes on every core (or in
threads where processes cannot start), bounded, and never in the way of a move.

``front.py`` (``Pictures``: limits, waiting, pictures that follow), ``pool.py`` (worker
processes and the thread fallback), ``worker.py`` (a worker's life), ``job.py`` (one
picture as bytes: the public view, never the state), ``preload.py`` (warms the workers'
fork server)."""

from bot.pictures.front import Drawing, Drawn, Pictures, start_pictures
from bot.pictures.job import PictureFailed

__all__ = ["Drawing", "Drawn", "PictureFailed", "Pictures", "start_pictures"]
