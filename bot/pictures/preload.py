"""Imported by the picture workers' fork server before it forks any of them: it warms
every game's picture there (``worker.warm``), so each worker starts with the static
layers already built and shares their memory with the others instead of building its
own copy. Never raises: a fork server that failed to import this only makes its workers
warm themselves."""

from __future__ import annotations

import logging

try:
    from bot.pictures.worker import warm

    warm()
except Exception:   # noqa: BLE001 — the workers warm themselves then
    logging.getLogger(__name__).exception("warming the picture fork server failed")
