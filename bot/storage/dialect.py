"""SQLite's SQL as PostgreSQL reads it: the one place the two dialects meet.

The migrations (:mod:`bot.storage.migrations`) and every query are written once, for SQLite; the
PostgreSQL backend (:mod:`bot.storage.postgres`) passes each statement through :func:`ddl` (schema)
or :func:`query` (everything else) first, so a new migration or query needs no second copy as long
as it keeps to what is translated here:

- types: ``INTEGER`` is ``BIGINT`` (Discord ids are 64-bit), ``REAL`` is ``DOUBLE PRECISION``,
  ``BLOB`` is ``BYTEA``, ``INTEGER PRIMARY KEY AUTOINCREMENT`` is ``BIGSERIAL PRIMARY KEY``;
- ``COLLATE NOCASE`` in an index is ``lower(column)``, and ``column = ? COLLATE NOCASE`` in a
  query ``lower(column) = lower(?)``;
- placeholders ``?`` are ``$1, $2, ...``;
- ``INSERT OR IGNORE`` is ``INSERT ... ON CONFLICT DO NOTHING``; ``INSERT OR REPLACE`` is an upsert
  on the table's primary key (read from the migrations), every other column replaced;
- an ``INSERT`` into a table with an auto-numbered key returns that key (SQLite's ``lastrowid``).

``PRAGMA`` statements mean nothing to PostgreSQL (:func:`query` returns ``""`` for them).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, lru_cache

from bot.storage.migrations import ALL

_CREATE = re.compile(r"^\s*CREATE TABLE (\w+)\s*\((.*)\)\s*$", re.S | re.I)
_RENAME = re.compile(r"^\s*ALTER TABLE (\w+) RENAME TO (\w+)\s*$", re.I)
_ADD_COLUMN = re.compile(r"^\s*ALTER TABLE (\w+) ADD COLUMN (\w+)", re.I)
_RENAME_COLUMN = re.compile(r"^\s*ALTER TABLE (\w+) RENAME COLUMN (\w+) TO (\w+)\s*$", re.I)
_INSERT = re.compile(r"^\s*INSERT(?:\s+OR\s+(REPLACE|IGNORE))?\s+INTO\s+(\w+)\s*\(([^)]*)\)", re.I)


@dataclass(slots=True)
class Table:
    """What the translation needs of a table: its columns, primary key and auto-numbered column."""

    columns: list[str] = field(default_factory=list)
    key: list[str] = field(default_factory=list)
    serial: str | None = None


@cache
def tables() -> dict[str, Table]:
    """Every table the migrations create, by its current name (renames followed)."""
    out: dict[str, Table] = {}
    for n in sorted(ALL):
        for statement in ALL[n]:
            if m := _CREATE.match(statement):
                out[m.group(1)] = _table(m.group(2))
            elif m := _RENAME.match(statement):
                out[m.group(2)] = out.pop(m.group(1), Table())
            elif m := _ADD_COLUMN.match(statement):
                out.setdefault(m.group(1), Table()).columns.append(m.group(2))
            elif m := _RENAME_COLUMN.match(statement):
                table = out.setdefault(m.group(1), Table())
                table.columns = [m.group(3) if c == m.group(2) else c for c in table.columns]
                table.key = [m.group(3) if c == m.group(2) else c for c in table.key]
    return out


def _table(body: str) -> Table:
    t = Table()
    for part in _split_columns(body):
        words = part.split()
        if not words:
            continue
        if words[0].upper() == "PRIMARY" and (m := re.search(r"\(([^)]*)\)", part)):
            t.key = [c.strip() for c in m.group(1).split(",")]
        elif words[0].upper() not in {"UNIQUE", "CHECK", "FOREIGN", "CONSTRAINT"}:
            t.columns.append(words[0])
            upper = part.upper()
            if "PRIMARY KEY" in upper:
                t.key = [words[0]]
                if "AUTOINCREMENT" in upper:
                    t.serial = words[0]
    return t


def _split_columns(body: str) -> list[str]:
    """A CREATE TABLE body split at its top-level commas."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(body):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(body[start:i].strip())
            start = i + 1
    parts.append(body[start:].strip())
    return parts


def ddl(statement: str) -> str:
    """A migration statement in PostgreSQL's dialect (see the module docstring)."""
    out = re.sub(r"\bINTEGER PRIMARY KEY AUTOINCREMENT\b", "BIGSERIAL PRIMARY KEY", statement, flags=re.I)
    out = re.sub(r"\bINTEGER\b", "BIGINT", out, flags=re.I)
    out = re.sub(r"\bREAL\b", "DOUBLE PRECISION", out, flags=re.I)
    out = re.sub(r"\bBLOB\b", "BYTEA", out, flags=re.I)
    return re.sub(r"(\w+)\s+COLLATE\s+NOCASE", r"lower(\1)", out, flags=re.I)


@lru_cache(maxsize=1024)
def query(sql: str) -> str:
    """A query or write in PostgreSQL's dialect (see the module docstring); ``""`` for a PRAGMA.

    :raises ValueError: for ``INSERT OR REPLACE`` into a table the migrations do not create.
    """
    if sql.lstrip().upper().startswith("PRAGMA"):
        return ""
    out = sql.rstrip().rstrip(";")
    if m := _INSERT.match(out):
        verb, name = (m.group(1) or "").upper(), m.group(2)
        table = tables().get(name)
        if verb:
            out = re.sub(r"^\s*INSERT\s+OR\s+(?:REPLACE|IGNORE)\s+INTO", "INSERT INTO", out, flags=re.I)
        if verb == "IGNORE":
            out += " ON CONFLICT DO NOTHING"
        elif verb == "REPLACE":
            if table is None or not table.key:
                raise ValueError(f"INSERT OR REPLACE into {name}: no primary key known for it")
            columns = [c.strip() for c in m.group(3).split(",")]
            rest = [c for c in columns if c not in table.key]
            action = ("DO UPDATE SET " + ", ".join(f"{c} = EXCLUDED.{c}" for c in rest)) if rest else "DO NOTHING"
            out += f" ON CONFLICT ({', '.join(table.key)}) {action}"
        if table is not None and table.serial and "RETURNING" not in out.upper():
            out += f" RETURNING {table.serial}"
    out = re.sub(r"(\w+)\s*=\s*\?\s+COLLATE\s+NOCASE", r"lower(\1) = lower(?)", out, flags=re.I)
    return _placeholders(out)


def _placeholders(sql: str) -> str:
    """``?`` outside quoted text becomes ``$1``, ``$2``, ..."""
    out: list[str] = []
    n = 0
    quote = ""
    for ch in sql:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "?":
            n += 1
            out.append(f"${n}")
            continue
        out.append(ch)
    return "".join(out)
