"""Map pictures drawn in worker processes, off the event loop's interpreter.

Drawing a map holds the GIL for tens of milliseconds; in a thread of the bot's process every
interaction waits behind it (issue 21: the handler's p99 went from ~16 ms to seconds with pictures
on). A :class:`PicturePool` draws in a small pool of worker processes instead:

- sized from the CPU count (:func:`default_workers`), at a lower CPU priority than the bot, so
  the event loop always comes first;
- each worker keeps the battlefields it was sent, keyed by their content (:func:`_key`), so its
  cached static layer (:mod:`bot.render.static`, keyed by the battlefield object) is drawn once per
  map per worker, not once per picture;
- what crosses to a worker is the public view pickled with each battlefield replaced by its key,
  plus the battlefield's own pickled bytes (kept per battlefield in this process, pickled once)
  only until every worker has answered a picture of it: a map's bytes are ~12 times the rest of
  the view (83 KB against 7 KB on the practice field), and sending them with every picture cost
  the bot's process a pipe write of them each time. A worker asked for a map it does not hold
  (it cannot happen while the pool lives; a replaced pool starts over) says so and the picture is
  sent again with the bytes;
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
from collections.abc import Callable
from typing import Any

from PIL import _imaging as pil_core  # the C module: image memory settings (Image.core)

from bot.render.compose import render_png
from bot.rules.battlefield import Battlefield

#: Battlefields a worker keeps (each with its static layers); the oldest goes first.
WORKER_MAPS = 16


#: How much lower the workers' CPU priority is than the bot's (``os.nice``): a picture uses the CPU
#: the event loop leaves idle and never delays an interaction.
WORKER_NICE = 3


#: Freed image memory blocks (16 MB each) a worker keeps for its next picture (Pillow's
#: ``set_blocks_max``; Pillow's default is 0: every picture's canvas is given back to the system and
#: faulted in again, page by page, for the next). A turn's map uses about this much at its peak
#: anyway; kept, a picture takes about 30% less time (80 -> 57 ms measured on the practice field).
WORKER_BLOCKS = 6


def default_workers(cpus: int | None = None) -> int:
    """Worker processes for ``cpus`` cores (default: this machine's): one per core, at most four.
    The workers run at a lower priority (:data:`WORKER_NICE`), so the event loop keeps its core
    whenever it has work; when it has none, pictures use every core."""
    n = cpus if cpus is not None else (os.cpu_count() or 1)
    return max(1, min(4, n))


class _Sender(pickle.Pickler):
    """Pickles a view with each :class:`Battlefield` as ``(key, bytes)``, or ``(key, None)`` when
    ``held(key)`` says every worker holds it (see the module docstring). ``keys``: the keys sent."""

    def __init__(self, buf: io.BytesIO, blobs: _Blobs, held: Callable[[str], bool] = lambda key: False) -> None:
        super().__init__(buf, protocol=pickle.HIGHEST_PROTOCOL)
        self.blobs = blobs
        self.held = held
        self.keys: list[str] = []

    def persistent_id(self, obj: Any) -> Any:
        if type(obj) is Battlefield:
            key, blob = self.blobs.get(obj)
            self.keys.append(key)
            return (key, None if self.held(key) else blob)
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


class _Missing(LookupError):
    """A worker was sent a battlefield's key without its bytes and does not hold it."""


class _Receiver(pickle.Unpickler):
    def persistent_load(self, pid: Any) -> Battlefield:
        key, blob = pid
        bf = _fields.get(key)
        if bf is None:
            if blob is None:
                raise _Missing(key)
            bf = pickle.loads(blob)
            _fields[key] = bf
            while len(_fields) > WORKER_MAPS:
                _fields.popitem(last=False)
        else:
            _fields.move_to_end(key)
        return bf


def _draw(payload: bytes) -> tuple[int, bytes | None]:
    """In a worker: unpickle ``(view, kwargs)`` and draw it: ``(this worker's process id, PNG
    bytes)``, the bytes ``None`` when the view names a battlefield this worker does not hold."""
    try:
        view, kw = _Receiver(io.BytesIO(payload)).load()
    except _Missing:
        return os.getpid(), None
    return os.getpid(), render_png(view, **kw)


def _kept() -> int:
    """In a worker: how many battlefields it keeps (each with its cached static layers)."""
    return len(_fields)


def _start_worker() -> None:
    """In a new worker: run below the bot's priority (where the system allows it) and keep freed
    image memory for the next picture (:data:`WORKER_BLOCKS`)."""
    with contextlib.suppress(OSError):  # not allowed here: the worker runs at the usual priority
        os.nice(WORKER_NICE)
    pil_core.set_blocks_max(WORKER_BLOCKS)


def _blocks_max() -> int:
    """In a worker: how many freed image memory blocks it keeps."""
    return int(pil_core.get_blocks_max())


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
        #: Battlefield key -> the workers (process ids) known to hold it.
        self._held: dict[str, set[int]] = {}

    def __call__(self, view: Any, **kw: Any) -> bytes:
        """Draw in this process (as :func:`bot.render.compose.render_png`)."""
        return render_png(view, **kw)

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fresh interpreter, never a fork of a process running an event loop and threads.
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker)
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
        pool = self._executor()
        for held in (self._every_worker_holds, lambda key: False):
            buf = io.BytesIO()
            sender = _Sender(buf, self._blobs, held)
            sender.dump((view, kw))
            try:
                pid, png = await asyncio.wrap_future(pool.submit(_draw, buf.getvalue()))
            except concurrent.futures.process.BrokenProcessPool:
                self._pool = None
                self._held.clear()  # the new pool's workers hold nothing yet
                pool.shutdown(wait=False, cancel_futures=True)
                raise
            if png is not None:
                for key in sender.keys:
                    self._held.setdefault(key, set()).add(pid)
                return png
            for key in sender.keys:  # that worker lacked a map: send it with its bytes
                self._held.get(key, set()).discard(pid)
        raise AssertionError("a picture sent with its battlefield's bytes always comes back")

    def _every_worker_holds(self, key: str) -> bool:
        return len(self._held.get(key, ())) >= self.workers

    def close(self) -> None:
        """Stop the workers (pictures still queued are dropped)."""
        self._held.clear()
        if self._pool is not None:
            pool, self._pool = self._pool, None
            pool.shutdown(wait=False, cancel_futures=True)
