"""The sandbox page: ``/`` serves ``static/index.html``, ``/static/{name}`` its script and style sheet.

The files ship inside the package (no build step); the page itself only calls the fake Discord's
user-side routes (:mod:`bot.fakediscord.userapi`).
"""

from __future__ import annotations

from importlib import resources

from aiohttp import web

#: The files the page is made of, with their content types.
FILES = {
    "index.html": "text/html",
    "app.js": "text/javascript",
    "markdown.js": "text/javascript",
    "style.css": "text/css",
}


def _read(name: str) -> bytes:
    return resources.files("bot.sandbox").joinpath("static", name).read_bytes()


async def _index(request: web.Request) -> web.Response:
    return web.Response(body=_read("index.html"), content_type="text/html", headers={"Cache-Control": "no-store"})


async def _static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if name not in FILES:
        raise web.HTTPNotFound(text=f"no file {name!r}; the page has {', '.join(FILES)}")
    return web.Response(body=_read(name), content_type=FILES[name], headers={"Cache-Control": "no-store"})


def install_page(app: web.Application) -> None:
    """Add the page's routes to ``app`` (a plugin for :meth:`FakeDiscord.start`)."""
    app.router.add_get("/", _index)
    app.router.add_get("/static/{name}", _static)
