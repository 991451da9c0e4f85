import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)

from databases import KINDS, Databases  # noqa: E402


@pytest.fixture(params=KINDS)
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Databases]:
    """The test runs once on SQLite and once on PostgreSQL: ``db / "name"`` is a store's
    place (see tests/databases.py)."""
    where = Databases(request.param, tmp_path)
    yield where
    await where.drop()
