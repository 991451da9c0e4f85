import contextlib
import sys
from collections.abc import AsyncIterator, Iterator
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


@pytest.fixture(autouse=True)
async def close_every_service() -> AsyncIterator[None]:
    """Close the services a test opened with ``make_service`` and left open (a failing
    test, or one that hands its service on), in every test module: an open store holds
    its connection (and, on SQLite, a thread) until it is closed.
    ``bot_support`` may be imported under two names (``tests.bot_support`` and
    ``bot_support``), each with its own list."""
    yield
    for name in ("tests.bot_support", "bot_support"):
        module = sys.modules.get(name)
        while module is not None and module._OPEN:
            svc = module._OPEN.pop()
            with contextlib.suppress(Exception):   # closed already: fine
                await svc.close()


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # noqa: ANN001, ANN201
    """The loopback Discord's timings (tests/test_loopback.py), whether or not -s is on."""
    from tests.loopback import people

    if not people.REPORTS:
        return
    terminalreporter.write_sep("-", "loopback Discord: first callback of every interaction")
    for line in people.REPORTS:
        terminalreporter.write_line(line)
    terminalreporter.write_line(f"all: {people.summary(people.LATENCIES)}")


@pytest.fixture
def toys() -> Iterator[None]:
    """The toy games registered (Nim; High card with secret hands, declared or not)."""
    from tests import toy_game, toy_secret

    toy_game.install()
    toy_secret.install()
    yield
    toy_game.uninstall()
    toy_secret.uninstall()
