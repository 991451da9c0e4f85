"""The sentences for a PostgreSQL database the bot cannot use say what to change, naming
what the admin wrote (docs/deploy.md)."""

from __future__ import annotations

import asyncpg

from bot.store.pg_connect import unusable

WHERE = "postgresql://sailbot@db-host:5432/games"


def test_a_missing_database_is_named_in_the_createdb_hint():
    said = str(unusable(WHERE, asyncpg.InvalidCatalogNameError('database "games" does not exist')))
    assert "`createdb games`" in said, said      # it suggested `createdb sailbot`


def test_tls_asked_of_a_server_without_it_says_so():
    # ?sslmode=require against a server without ssl: it was "Cannot connect … Is it
    # running, and are the host and port right?" — they were
    said = str(unusable(WHERE, ConnectionError(
        'PostgreSQL server at "db-host:5432" rejected SSL upgrade')))
    assert "does not offer TLS" in said and "sslmode" in said, said
    assert "Is it running" not in said, said
