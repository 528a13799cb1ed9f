"""Map pictures drawn in worker processes, off the event loop's interpreter.

Drawing a map holds the GIL for tens of milliseconds; in a thread of the bot's process every
interaction waits behind it (issue 21: the handler's p99 went from ~16 ms to seconds with pictures
on). A :class:`PicturePool` draws in a small pool of worker processes instead:

- sized from the CPU count (:func:`default_workers`), at a lower CPU priority than the bot, so
  the event loop always comes first;
- each worker keeps the battlefields it was sent, keyed by their content (:func:`_key`), so its
  cached static layer (:mod:`bot.render.static`, keyed by the battlefield object) is drawn once per
  map per worker, not once per picture;
- what crosses to a worker is the public view pickled with each battlefield replaced by its key
  and its own pickled bytes (kept per battlefield in this process, pickled once);
- the PNG is :func:`bot.render.compose.encode_png`'s (palette, fast compression).

A pool is also a plain renderer: calling it draws in this process (``render_png``'s signature), for
callers that want the picture in a thread as before.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hashlib
import io
import multiprocessing
import os
import pickle
import weakref
from collections import OrderedDict
from typing import Any

from bot.render.compose import render_png
from bot.rules.battlefield import Battlefield

#: Battlefields a worker keeps (each with its static layers); the oldest goes first.
WORKER_MAPS = 16


#: How much lower the workers' CPU priority is than the bot's (``os.nice``): a picture uses the CPU
#: the event loop leaves idle and never delays an interaction.
WORKER_NICE = 3


def default_workers(cpus: int | None = None) -> int:
    """Worker processes for ``cpus`` cores (default: this machine's): one per core, at most four.
    The workers run at a lower priority (:data:`WORKER_NICE`), so the event loop keeps its core
    whenever it has work; when it has none, pictures use every core."""
    n = cpus if cpus is not None else (os.cpu_count() or 1)
    return max(1, min(4, n))


class _Sender(pickle.Pickler):
    """Pickles a view with each :class:`Battlefield` as ``(key, bytes)`` (see the module docstring)."""

    def __init__(self, buf: io.BytesIO, blobs: _Blobs) -> None:
        super().__init__(buf, protocol=pickle.HIGHEST_PROTOCOL)
        self.blobs = blobs

    def persistent_id(self, obj: Any) -> Any:
        if type(obj) is Battlefield:
            return self.blobs.get(obj)
        return None


class _Blobs:
    """Each live battlefield's ``(key, pickled bytes)``, computed once per battlefield object."""

    def __init__(self) -> None:
        self._by_id: dict[int, tuple[weakref.ref[Battlefield], tuple[str, bytes]]] = {}

    def get(self, bf: Battlefield) -> tuple[str, bytes]:
        hit = self._by_id.get(id(bf))
        if hit is not None and hit[0]() is bf:
            return hit[1]
        blob = pickle.dumps(bf, protocol=pickle.HIGHEST_PROTOCOL)
        entry = (_key(blob), blob)
        key = id(bf)

        def forget(_ref: weakref.ref[Battlefield]) -> None:
            self._by_id.pop(key, None)

        self._by_id[key] = (weakref.ref(bf, forget), entry)
        return entry


def _key(blob: bytes) -> str:
    """A battlefield's key: the digest of its pickled bytes (equal maps share a key)."""
    return hashlib.blake2b(blob, digest_size=16).hexdigest()


# ---- the worker's side ------------------------------------------------------------------------

_fields: OrderedDict[str, Battlefield] = OrderedDict()


class _Receiver(pickle.Unpickler):
    def persistent_load(self, pid: Any) -> Battlefield:
        key, blob = pid
        bf = _fields.get(key)
        if bf is None:
            bf = pickle.loads(blob)
            _fields[key] = bf
            while len(_fields) > WORKER_MAPS:
                _fields.popitem(last=False)
        else:
            _fields.move_to_end(key)
        return bf


def _draw(payload: bytes) -> bytes:
    """In a worker: unpickle ``(view, kwargs)`` and draw it as PNG bytes."""
    view, kw = _Receiver(io.BytesIO(payload)).load()
    return render_png(view, **kw)


def _kept() -> int:
    """In a worker: how many battlefields it keeps (each with its cached static layers)."""
    return len(_fields)


def _lower_priority() -> None:
    """In a new worker: run below the bot's priority (where the system allows it)."""
    with contextlib.suppress(OSError):  # not allowed here: the worker runs at the usual priority
        os.nice(WORKER_NICE)


def _warm() -> int:
    """In a worker: nothing but being started (imports done); returns its process id."""
    return os.getpid()


# ---- the bot's side ---------------------------------------------------------------------------


class PicturePool:
    """Draws map pictures in ``workers`` processes (default :func:`default_workers`); started on
    first use or by :meth:`start`, stopped by :meth:`close`.

    ``await pool.draw(view, events=..., **kw)`` -> PNG bytes (the keywords of
    :func:`bot.render.compose.render_png`); ``pool(view, **kw)`` draws in the calling process.
    """

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or default_workers()
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._blobs = _Blobs()

    def __call__(self, view: Any, **kw: Any) -> bytes:
        """Draw in this process (as :func:`bot.render.compose.render_png`)."""
        return render_png(view, **kw)

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fresh interpreter, never a fork of a process running an event loop and threads.
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_lower_priority)
        return self._pool

    async def start(self) -> None:
        """Start every worker now (each imports the renderer once), so the first picture does not wait."""
        pool = self._executor()
        await asyncio.gather(*(asyncio.wrap_future(pool.submit(_warm)) for _ in range(self.workers)))

    async def draw(self, view: Any, **kw: Any) -> bytes:
        """The PNG of ``view`` drawn in a worker process.

        :raises concurrent.futures.process.BrokenProcessPool: a worker died (the pool is replaced
            for the next picture).
        """
        buf = io.BytesIO()
        _Sender(buf, self._blobs).dump((view, kw))
        pool = self._executor()
        try:
            return await asyncio.wrap_future(pool.submit(_draw, buf.getvalue()))
        except concurrent.futures.process.BrokenProcessPool:
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        """Stop the workers (pictures still queued are dropped)."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            pool.shutdown(wait=False, cancel_futures=True)
