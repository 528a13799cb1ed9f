"""Rate limits as Discord answers them: ``X-RateLimit-*`` headers on every limited route, and ``429``
with ``retry_after`` once a bucket is empty.

Nothing is limited until a test asks (``fake.rate_limit(...)`` or ``fake.rate_limit_next(...)``):
Discord's real budgets (5 messages per 5 s per channel) would make every test wait. A limited route
answers like Discord:

- every response carries ``X-RateLimit-Limit``, ``-Remaining``, ``-Reset`` (epoch seconds),
  ``-Reset-After`` (seconds) and ``-Bucket`` (a hash naming the bucket); discord.py reads them and
  waits by itself before the bucket is empty;
- a request to an empty bucket gets ``429 {"message": "You are being rate limited.", "retry_after":
  seconds, "global": bool, "code": 0}`` with ``Retry-After``, ``X-RateLimit-Scope`` and ``Via``
  (discord.py takes a 429 without ``Via`` for a Cloudflare ban and gives up).

Buckets are per route pattern and per major parameter (the channel, guild or webhook in the path),
as on Discord. ``fake.rate_limited`` lists every 429 answered, so a test sees that the bot was slowed
and still delivered everything once.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import time
from collections import deque
from dataclasses import dataclass, field

from aiohttp import web

_MAJOR = re.compile(r"/(?:channels|guilds)/(\d+)|/webhooks/\d+/([^/]+)|/interactions/(\d+)")


@dataclass
class _Rule:
    method: str
    pattern: re.Pattern[str]
    limit: int
    per: float
    hits: dict[str, deque[float]] = field(default_factory=dict)

    def bucket(self) -> str:
        return hashlib.sha1(f"{self.method} {self.pattern.pattern}".encode()).hexdigest()[:16]


@dataclass
class _Forced:
    method: str
    pattern: re.Pattern[str]
    retry_after: float
    is_global: bool
    times: int


@dataclass(frozen=True)
class RateLimitHit:
    """One ``429`` the fake answered: method, path, ``retry_after`` seconds and whether it was global."""

    method: str
    path: str
    retry_after: float
    is_global: bool


def _major(path: str) -> str:
    found = _MAJOR.search(path)
    return next((g for g in found.groups() if g), "") if found else ""


def too_many(retry_after: float, *, is_global: bool, headers: dict[str, str]) -> web.Response:
    """The ``429`` answer: Discord's body and headers (``Via`` included, see the module docstring)."""
    body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global, "code": 0}
    return web.Response(
        body=json.dumps(body).encode(),
        status=429,
        headers={
            "Content-Type": "application/json",
            "Retry-After": str(max(1, math.ceil(retry_after))),
            "X-RateLimit-Scope": "global" if is_global else "user",
            "Via": "1.1 google",
            **({"X-RateLimit-Global": "true"} if is_global else {}),
            **headers,
        },
    )


class RateLimits:
    """The rate limits a test configured, and the 429s answered so far (:attr:`hits`)."""

    def __init__(self) -> None:
        self._rules: list[_Rule] = []
        self._forced: list[_Forced] = []
        self.hits: list[RateLimitHit] = []

    def limit(self, method: str, path_pattern: str, *, limit: int, per: float) -> None:
        """Allow ``limit`` requests per ``per`` seconds on matching routes, per major parameter."""
        self._rules.append(_Rule(method.upper(), re.compile(path_pattern), limit, per))

    def next(self, method: str, path_pattern: str, *, retry_after: float, is_global: bool = False,
             times: int = 1) -> None:
        """Answer the next ``times`` matching requests with ``429`` and this ``retry_after`` (seconds)."""
        self._forced.append(_Forced(method.upper(), re.compile(path_pattern), retry_after, is_global, times))

    def check(self, method: str, path: str) -> tuple[web.Response | None, dict[str, str]]:
        """Before serving a request: a ``429`` to answer instead (or ``None``), and the headers to add
        to whatever is answered."""
        for forced in self._forced:
            if forced.method in (method, "*") and forced.pattern.search(path):
                forced.times -= 1
                if forced.times <= 0:
                    self._forced.remove(forced)
                self.hits.append(RateLimitHit(method, path, forced.retry_after, forced.is_global))
                headers = {"X-RateLimit-Limit": "1", "X-RateLimit-Remaining": "0",
                           "X-RateLimit-Reset-After": f"{forced.retry_after:.3f}",
                           "X-RateLimit-Reset": f"{time.time() + forced.retry_after:.3f}",
                           "X-RateLimit-Bucket": "forced"}
                return too_many(forced.retry_after, is_global=forced.is_global, headers=headers), {}
        for rule in self._rules:
            if rule.method not in (method, "*") or not rule.pattern.search(path):
                continue
            now = time.monotonic()
            window = rule.hits.setdefault(_major(path), deque())
            while window and now - window[0] >= rule.per:
                window.popleft()
            reset_after = rule.per - (now - window[0]) if window else rule.per
            headers = {"X-RateLimit-Limit": str(rule.limit), "X-RateLimit-Bucket": rule.bucket(),
                       "X-RateLimit-Reset-After": f"{reset_after:.3f}",
                       "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}"}
            if len(window) >= rule.limit:
                self.hits.append(RateLimitHit(method, path, reset_after, False))
                return too_many(reset_after, is_global=False, headers={**headers, "X-RateLimit-Remaining": "0"}), {}
            window.append(now)
            headers["X-RateLimit-Remaining"] = str(rule.limit - len(window))
            return None, headers
        return None, {}
