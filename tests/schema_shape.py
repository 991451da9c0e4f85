"""A database's schema in one normalised form, for comparing SQLite's with PostgreSQL's:
per table its columns (type family, NOT NULL, default, numbered by the database), primary
key, unique keys, foreign keys, checks, indexes and triggers. Type names fold into families
(INTEGER/BIGINT -> int, REAL/DOUBLE PRECISION -> real) and expressions into one spelling
(no casts, no parentheses, ``x = ANY (ARRAY[a, b])`` -> ``x in (a, b)``).
"""

from __future__ import annotations

import re
import sqlite3
from typing import Any

import asyncpg

FAMILIES = {"integer": "int", "bigint": "int", "smallint": "int", "real": "real",
            "double precision": "real", "text": "text"}


def expr(text: str | None) -> str | None:
    if text is None:
        return None
    out = text.lower()
    out = re.sub(r"::[a-z ]+(\[\])?", "", out)                        # casts
    out = re.sub(r"(\w+) = any \(array\[(.*?)\]\)", r"\1 in (\2)", out)
    out = out.replace("(", " ").replace(")", " ").replace(",", " , ")
    return " ".join(out.split())


def family(type_name: str) -> str:
    return FAMILIES[type_name.lower().split(" primary")[0].split(" generated")[0].strip()]


def _checks(create_sql: str) -> list[str]:
    """The CHECK expressions of a CREATE TABLE statement (balanced parentheses)."""
    found = []
    for match in re.finditer(r"CHECK\s*\(", create_sql, re.IGNORECASE):
        depth, start = 1, match.end()
        for i in range(start, len(create_sql)):
            depth += {"(": 1, ")": -1}.get(create_sql[i], 0)
            if depth == 0:
                found.append(expr(create_sql[start:i]))
                break
    return sorted(found)


def sqlite_shape(path: Any) -> dict[str, Any]:
    shape: dict[str, Any] = {}
    with sqlite3.connect(path) as db:
        tables = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND "
                            "name NOT LIKE 'sqlite_%' ORDER BY name").fetchall()
        for table, sql in tables:
            cols = db.execute(f"PRAGMA table_info({table})").fetchall()
            pk = [c[1] for c in sorted((c for c in cols if c[5]), key=lambda c: c[5])]
            auto = "AUTOINCREMENT" in sql.upper()
            columns = {c[1]: {"type": family(c[2]), "not_null": bool(c[3]) or c[1] in pk,
                              "default": expr(c[4]), "numbered": auto and c[1] in pk}
                       for c in cols}
            unique, indexes = [], {}
            for _, name, is_unique, origin, partial in db.execute(
                    f"PRAGMA index_list({table})").fetchall():
                idx_cols = [r[2] for r in db.execute(f"PRAGMA index_info({name})")]
                if origin == "u":
                    unique.append(idx_cols)
                elif origin == "c":
                    idx_sql = db.execute("SELECT sql FROM sqlite_master WHERE name = ?",
                                         (name,)).fetchone()[0]
                    where = (re.split(r"\bWHERE\b", idx_sql, flags=re.IGNORECASE)[1]
                             if partial else None)
                    indexes[name] = {"columns": idx_cols, "unique": bool(is_unique),
                                     "where": expr(where)}
            fks = sorted((r[3], r[2], r[4], r[6].upper()) for r in db.execute(
                f"PRAGMA foreign_key_list({table})"))
            triggers = sorted(
                (name, " ".join(re.search(r"\b(BEFORE|AFTER|INSTEAD OF)\s+(\w+)", tsql,
                                          re.IGNORECASE).groups()).upper())
                for name, tsql in db.execute("SELECT name, sql FROM sqlite_master WHERE "
                                             "type = 'trigger' AND tbl_name = ?", (table,)))
            shape[table] = {"columns": columns, "primary_key": pk, "unique": sorted(unique),
                            "foreign_keys": [list(f) for f in fks], "checks": _checks(sql),
                            "indexes": indexes, "triggers": [list(t) for t in triggers]}
    return shape


async def postgres_shape(con: asyncpg.Connection) -> dict[str, Any]:
    shape: dict[str, Any] = {}
    schema = await con.fetchval("SELECT current_schema()")
    tables = [r[0] for r in await con.fetch(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 "
        "ORDER BY table_name", schema)]
    for table in tables:
        oid = await con.fetchval("SELECT $1::regclass::oid", table)
        cols = await con.fetch(
            "SELECT column_name, data_type, is_nullable, column_default, is_identity "
            "FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2",
            schema, table)
        cons = await con.fetch(
            "SELECT contype::text, conkey, confrelid::regclass::text, confkey, confdeltype::text, "
            "pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid = $1", oid)

        async def ordered(attnums: list[int], rel: int = oid) -> list[str]:
            found = {r[0]: r[1] for r in await con.fetch(
                "SELECT attnum, attname FROM pg_attribute WHERE attrelid = $1 AND "
                "attnum = ANY($2::smallint[])", rel, attnums)}
            return [found[n] for n in attnums]

        pk: list[str] = []
        unique, fks, checks = [], [], []
        for kind, keys, ref, ref_keys, on_delete, definition in cons:
            if kind == "p":
                pk = await ordered(list(keys))
            elif kind == "u":
                unique.append(await ordered(list(keys)))
            elif kind == "f":
                ref_oid = await con.fetchval("SELECT $1::regclass::oid", ref)
                (local,), (remote,) = await ordered(list(keys)), await ordered(list(ref_keys),
                                                                               ref_oid)
                fks.append([local, ref, remote, {"c": "CASCADE", "a": "NO ACTION",
                                                 "r": "RESTRICT", "n": "SET NULL",
                                                 "d": "SET DEFAULT"}[on_delete]])
            elif kind == "c":
                checks.append(expr(re.match(r"CHECK \((.*)\)$", definition).group(1)))
        columns = {c[0]: {"type": family(c[1]), "not_null": c[2] == "NO",
                          "default": expr(c[3]), "numbered": c[4] == "YES"} for c in cols}
        index_rows = await con.fetch(
            "SELECT c.relname, i.indkey::int2[], i.indisunique, pg_get_expr(i.indpred, "
            "i.indrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid "
            "WHERE i.indrelid = $1 AND NOT EXISTS (SELECT 1 FROM pg_constraint k "
            "WHERE k.conindid = i.indexrelid)", oid)
        indexes = {name: {"columns": await ordered(list(keys)), "unique": is_unique,
                          "where": expr(where)} for name, keys, is_unique, where in index_rows}
        triggers = sorted([r[0], f"{r[1]} {r[2]}"] for r in await con.fetch(
            "SELECT trigger_name, action_timing, event_manipulation FROM "
            "information_schema.triggers WHERE event_object_schema = $1 AND "
            "event_object_table = $2", schema, table))
        shape[table] = {"columns": columns, "primary_key": pk, "unique": sorted(unique),
                        "foreign_keys": sorted(fks), "checks": sorted(checks),
                        "indexes": indexes, "triggers": triggers}
    return shape
