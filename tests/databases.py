"""The databases a test runs on: SQLite files in its tmp_path, or schemas of their own on
the test PostgreSQL server that ``scripts/pg_test_server.sh`` starts (``make test`` passes
its URL in ``SAILBOT_TEST_PG``; a test run without it starts the server itself).

``db / "name"`` is where a store lives: a file path, or a ``postgresql://`` URL whose
``search_path`` is a schema only this test uses (the store creates it; the fixture drops
it afterwards). The same name gives the same database within one test.
"""

from __future__ import annotations

import functools
import itertools
import os
import re
import subprocess
from pathlib import Path

import asyncpg
import pytest

ROOT = Path(__file__).resolve().parents[1]
SERVER = ROOT / "scripts" / "pg_test_server.sh"
KINDS = ["sqlite", "postgres"]
_serial = itertools.count()


@functools.cache
def pg_server() -> tuple[str | None, str]:
    """(URL of the test server, '') — or (None, why it could not be started)."""
    url = os.environ.get("SAILBOT_TEST_PG", "").strip()
    if url:
        return url, ""
    try:
        done = subprocess.run(["bash", str(SERVER), "start"], capture_output=True, text=True,
                              timeout=600)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, f"scripts/pg_test_server.sh could not run: {exc}"
    if done.returncode != 0:
        return None, ("scripts/pg_test_server.sh could not start PostgreSQL: "
                      + done.stderr.strip()[-600:])
    url = done.stdout.strip().splitlines()[-1]
    os.environ["SAILBOT_TEST_PG"] = url           # for the processes tests start
    return url, ""


def require_pg() -> str:
    """The test server's URL; skips the test (fails it under CI) when there is none."""
    url, why = pg_server()
    if url is None:
        if os.environ.get("CI") == "true" or os.environ.get("SAILBOT_REQUIRE_PG") == "1":
            pytest.fail(f"PostgreSQL is required here but could not be started: {why}")
        pytest.skip(f"no PostgreSQL server for this test: {why}")
    return url


def with_schema(url: str, schema: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}search_path={schema}"


class Databases:
    """Where one test's databases are (see the module docstring)."""

    def __init__(self, kind: str, tmp_path: Path) -> None:
        self.kind = kind
        self.tmp_path = tmp_path
        self.schemas: list[str] = []
        self._names: dict[str, str | Path] = {}
        self.server = require_pg() if kind == "postgres" else ""
        self._prefix = f"t{os.getpid()}_{next(_serial)}"

    @property
    def postgres(self) -> bool:
        return self.kind == "postgres"

    def __truediv__(self, name: str) -> str | Path:
        if name not in self._names:
            if self.postgres:
                stem = re.sub(r"\W", "_", name.split(".")[0])
                schema = f"{self._prefix}_{stem}"[:63]
                self.schemas.append(schema)
                self._names[name] = with_schema(self.server, schema)
            else:
                self._names[name] = self.tmp_path / name
        return self._names[name]

    async def drop(self) -> None:
        if not self.schemas:
            return
        con = await asyncpg.connect(self.server)
        try:
            for schema in self.schemas:
                await con.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        finally:
            await con.close()
