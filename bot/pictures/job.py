"""One picture to draw, as bytes that can cross to a worker process and back.

A job carries the game's name, its *public* view and the view before the last human
decision (``since``) as JSON, with the view's class so the worker can read them back, and
the seats' names and colours. The state never goes into a job: whatever draws a picture
can only ever see what the channel may see. Reading the JSON back gives a view equal to
the one sent, so the same view gives the same bytes in any process.
"""

from __future__ import annotations

import importlib
import pickle
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from render.registry import renderer_for


class PictureFailed(Exception):
    """A picture could not be drawn (the renderer raised, its worker died or took too
    long). The move it belongs to is never affected."""


@dataclass(frozen=True)
class Job:
    game: str
    view_class: str                     # "module:QualName" of the view model
    view: str                           # the public view, as JSON
    since: str | None                   # the public view before the last human decision
    names: list[str]
    colours: list[str] | None

    def encode(self) -> bytes:
        return pickle.dumps((self.game, self.view_class, self.view, self.since, self.names,
                             self.colours), protocol=pickle.HIGHEST_PROTOCOL)

    @classmethod
    def decode(cls, data: bytes) -> Job:
        return cls(*pickle.loads(data))     # noqa: S301 — our own bot process wrote it


def make_job(game: str, view: BaseModel, names: list[str], colours: list[str] | None,
             since: BaseModel | None) -> Job:
    kind = type(view)
    if since is not None and type(since) is not kind:
        raise TypeError(f"since must be a {kind.__name__}, like the view")
    return Job(game, f"{kind.__module__}:{kind.__qualname__}", view.model_dump_json(),
               since.model_dump_json() if since is not None else None, list(names),
               list(colours) if colours is not None else None)


def _view_class(path: str) -> type[BaseModel]:
    module, _, name = path.partition(":")
    kind: Any = importlib.import_module(module)
    for part in name.split("."):
        kind = getattr(kind, part)
    if not (isinstance(kind, type) and issubclass(kind, BaseModel)):
        raise PictureFailed(f"{path} is not a view model")
    return kind


def paint(job: Job) -> bytes:
    """Draw ``job`` in this process: PNG bytes, or PictureFailed."""
    fn = renderer_for(job.game)
    if fn is None:
        raise PictureFailed(f"{job.game} has no picture")
    kind = _view_class(job.view_class)
    view = kind.model_validate_json(job.view)
    since = kind.model_validate_json(job.since) if job.since is not None else None
    try:
        return fn(view, job.names, job.colours, since)
    except Exception as exc:   # the renderer's own bug: reported, never raised further
        raise PictureFailed(f"drawing the {job.game} board failed: {exc!r}") from exc
