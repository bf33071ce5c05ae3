"""PostgreSQL for the tests: a server named by ``REFEREE_TEST_PG`` (a ``postgresql://`` URL of a database the
tests may create databases from, e.g. ``postgresql://postgres@/postgres?host=/tmp/pg``; ``.ci/run`` starts one).

Each test gets a fresh database, created from a template migrated once per session (``CREATE DATABASE …
TEMPLATE`` copies it in milliseconds) and dropped after the test. Without ``REFEREE_TEST_PG`` the PostgreSQL
tests skip, except under ``CI=true``, where they fail: CI must run them.
"""
from __future__ import annotations

import asyncio
import itertools
import os
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

ENV = "REFEREE_TEST_PG"
T = TypeVar("T")
_names = itertools.count(1)


def server_url() -> str:
    """The test server's URL; skips the test (fails it under ``CI=true``) when none is configured."""
    url = os.environ.get(ENV, "").strip()
    if not url:
        message = f"{ENV} is not set: no PostgreSQL server for the PostgreSQL tests (.ci/run starts one)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)
    return url


def with_database(url: str, name: str) -> str:
    """``url`` naming another database on the same server."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


class Server:
    """The test server: a migrated template and fresh databases made from it."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.template = f"referee_test_tmpl_{os.getpid()}"

    async def _admin(self) -> asyncpg.Connection:
        return await asyncpg.connect(self.url)

    async def make_template(self) -> None:
        from bot.store.postgres import PgStore

        conn = await self._admin()
        try:
            await conn.execute(f"DROP DATABASE IF EXISTS {self.template} WITH (FORCE)")
            await conn.execute(f"CREATE DATABASE {self.template}")
        finally:
            await conn.close()
        store = await PgStore.open(with_database(self.url, self.template))
        await store.close()

    async def drop_template(self) -> None:
        conn = await self._admin()
        try:
            await conn.execute(f"DROP DATABASE IF EXISTS {self.template} WITH (FORCE)")
        finally:
            await conn.close()

    async def fresh(self, migrated: bool = True) -> str:
        """A new database (migrated, or empty); its URL."""
        name = f"referee_test_{os.getpid()}_{next(_names)}"
        conn = await self._admin()
        try:
            await conn.execute(f"CREATE DATABASE {name}" + (f" TEMPLATE {self.template}" if migrated else ""))
        finally:
            await conn.close()
        return with_database(self.url, name)

    async def drop(self, url: str) -> None:
        conn = await self._admin()
        try:
            await conn.execute(f"DROP DATABASE IF EXISTS {urlsplit(url).path.lstrip('/')} WITH (FORCE)")
        finally:
            await conn.close()


def blocking(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to its end on its own event loop in a worker thread (from sync code, also inside a running
    loop: fixtures)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def start_server() -> Server:
    """The session's server with its template made."""
    server = Server(server_url())
    blocking(server.make_template())
    return server
