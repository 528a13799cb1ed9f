"""``FakeDiscord``: a small Discord (REST + gateway) on 127.0.0.1 that real discord.py talks to.

Build the world (guilds, channels, users), ``await start()``, point discord.py at it with
``patch_discord()`` (``Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY``; both are process-wide,
so run one fake at a time), run a bot, then drive it as users (``slash``, ``click``, ``select``,
``submit_modal``, ``autocomplete``) and inspect what it sent (``messages``, ``sent``).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import discord
import yarl
from aiohttp import web

from .driver import InteractionDriver
from .records import FakeDiscordTimeout
from .rest import Rest, middleware
from .rest_interactions import InteractionRoutes
from .state import FakeState, InjectedFailure
from .util import API_PREFIX, error_response


class FakeDiscord(InteractionDriver):
    """The fake server: state and world building (:class:`~.state.FakeState`), the user-side driver
    (:class:`~.driver.InteractionDriver`) and the aiohttp server itself.

    ``async with FakeDiscord() as fake:`` starts it and patches discord.py; or call ``start()``,
    ``patch_discord()`` and ``stop()`` yourself. Constructor arguments are those of ``FakeState``.
    """

    _runner: web.AppRunner | None = None
    _saved: tuple[str, yarl.URL] | None = None

    async def start(
        self, *, port: int = 0, plugins: Sequence[Callable[[web.Application], None]] = ()
    ) -> FakeDiscord:
        """Bind ``self.host`` (127.0.0.1) on ``port`` (0: a free one) and serve REST under ``/api/v10`` and
        the gateway; each of ``plugins`` may add routes first (the sandbox's user-side API and page)."""
        app = web.Application(middlewares=[middleware(self)], client_max_size=100 * 1024 * 1024)
        rest = Rest(self)
        by_path: dict[str, list[tuple[str, Any]]] = {}
        for method, path, handler in rest.routes() + InteractionRoutes(self).routes():
            by_path.setdefault(API_PREFIX + path, []).append((method, handler))
        for path, handlers in by_path.items():
            resource = app.router.add_resource(path)
            for method, handler in handlers:
                resource.add_route(method, handler)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_get("/attachments/{attachment_id}/{filename}", self._serve_attachment)
        for plugin in plugins:
            plugin(app)
        app.router.add_route("*", "/{tail:.*}", rest.unknown)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        """Close every gateway socket, stop serving and undo ``patch_discord``."""
        for task in list(self._background):
            with contextlib.suppress(BaseException):
                await task
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        self.unpatch_discord()

    def patch_discord(self) -> contextlib.AbstractContextManager[FakeDiscord]:
        """Point discord.py at this fake now; the returned context manager restores it on exit."""
        if self._saved is None:
            self._saved = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
        discord.http.Route.BASE = self.api_url
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

        @contextlib.contextmanager
        def restore() -> Iterator[FakeDiscord]:
            """Yield the fake, then undo the patch on exit."""
            try:
                yield self
            finally:
                self.unpatch_discord()

        return restore()

    def unpatch_discord(self) -> None:
        """Restore what ``patch_discord`` replaced (no-op if not patched)."""
        if self._saved is not None:
            discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        self.patch_discord()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def _serve_attachment(self, request: web.Request) -> web.Response:
        raw = request.match_info["attachment_id"]
        attachment = self.attachments.get(int(raw)) if raw.isdigit() else None
        if attachment is None or (attachment.size and not attachment.data):
            return error_response(404, 0, "404: Not Found")
        return web.Response(body=attachment.data, content_type=attachment.content_type)


__all__ = ["FakeDiscord", "FakeDiscordTimeout", "FakeState", "InjectedFailure"]
