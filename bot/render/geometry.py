"""Plane geometry for laying out marks: rectangles, capsules (a token is a disc or a capsule),
segments and gentle curves. Everything works on canvas coordinates and plain tuples.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]
#: ``(x0, y0, x1, y1)``, ``x0 <= x1`` and ``y0 <= y1``.
Rect = tuple[float, float, float, float]
#: A capsule: the points within ``radius`` of the segment ``a``-``b`` (a disc when ``a == b``).
Blob = tuple[Point, Point, float]


def grow(rect: Rect, by: float) -> Rect:
    """``rect`` grown by ``by`` on every side."""
    return (rect[0] - by, rect[1] - by, rect[2] + by, rect[3] + by)


def rects_meet(a: Rect, b: Rect) -> bool:
    """True when ``a`` and ``b`` overlap (touching edges do not count)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(a: Rect, outer: Rect) -> bool:
    """True when ``a`` lies within ``outer``."""
    return a[0] >= outer[0] and a[1] >= outer[1] and a[2] <= outer[2] and a[3] <= outer[3]


def point_segment(p: Point, a: Point, b: Point) -> float:
    """Distance from ``p`` to the segment ``a``-``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln2 = dx * dx + dy * dy
    t = 0.0 if ln2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ln2))
    return math.hypot(p[0] - (a[0] + dx * t), p[1] - (a[1] + dy * t))


def point_rect(p: Point, r: Rect) -> float:
    """Distance from ``p`` to ``r`` (0 inside)."""
    dx = max(r[0] - p[0], 0.0, p[0] - r[2])
    dy = max(r[1] - p[1], 0.0, p[1] - r[3])
    return math.hypot(dx, dy)


def segment_crosses_rect(a: Point, b: Point, r: Rect) -> bool:
    """True when the segment ``a``-``b`` has a point inside ``r`` (Liang-Barsky clipping)."""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - r[0]), (dx, r[2] - a[0]), (-dy, a[1] - r[1]), (dy, r[3] - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            if t > t1:
                return False
            t0 = max(t0, t)
        else:
            if t < t0:
                return False
            t1 = min(t1, t)
    return t0 <= t1


def segment_rect(a: Point, b: Point, r: Rect) -> float:
    """Distance between the segment ``a``-``b`` and the rectangle ``r`` (0 when they meet)."""
    if segment_crosses_rect(a, b, r):
        return 0.0
    corners = ((r[0], r[1]), (r[2], r[1]), (r[2], r[3]), (r[0], r[3]))
    return min(point_rect(a, r), point_rect(b, r), *(point_segment(c, a, b) for c in corners))


def blob_meets_rect(blob: Blob, r: Rect) -> bool:
    """True when the capsule ``blob`` and the rectangle ``r`` overlap."""
    a, b, rad = blob
    if (min(a[0], b[0]) - rad >= r[2] or max(a[0], b[0]) + rad <= r[0]
            or min(a[1], b[1]) - rad >= r[3] or max(a[1], b[1]) + rad <= r[1]):
        return False
    return segment_rect(a, b, r) < rad


def blob_point(blob: Blob, p: Point) -> float:
    """Distance from ``p`` to the capsule's surface (negative inside)."""
    return point_segment(p, blob[0], blob[1]) - blob[2]


def polyline_meets_rect(pts: Sequence[Point], r: Rect) -> bool:
    """True when some segment of ``pts`` passes through ``r``."""
    if not pts:
        return False
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    if min(xs) > r[2] or max(xs) < r[0] or min(ys) > r[3] or max(ys) < r[1]:
        return False
    return any(segment_crosses_rect(a, b, r) for a, b in zip(pts, pts[1:], strict=False))


def curve(a: Point, b: Point, bend: float, n: int = 24) -> list[Point]:
    """A quadratic Bezier from ``a`` to ``b`` that bows ``bend`` to the left of ``a``->``b`` at its
    middle (negative: to the right), as ``n + 1`` points."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(dx, dy) or 1.0
    nx, ny = dy / ln, -dx / ln  # left of the direction, y pointing down
    c = ((a[0] + b[0]) / 2 + nx * bend * 2, (a[1] + b[1]) / 2 + ny * bend * 2)
    out = []
    for i in range(n + 1):
        t = i / n
        u = 1 - t
        out.append((u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]))
    return out


def trim(pts: Sequence[Point], start: Blob | None, end: Blob | None) -> list[Point]:
    """``pts`` without its points inside ``start`` (at the beginning) and ``end`` (at the end);
    the cut ends are moved onto the capsules' surfaces. At least two points stay."""
    out = list(pts)
    if end is not None:
        i = len(out) - 1
        while i > 1 and blob_point(end, out[i - 1]) < 0:
            i -= 1
        out = out[:i] + [_edge(out[i - 1], out[i], end)]
    if start is not None:
        i = 0
        while i < len(out) - 2 and blob_point(start, out[i + 1]) < 0:
            i += 1
        out = [_edge(out[i + 1], out[i], start)] + out[i + 1:]
    return out


def _edge(outside: Point, inner: Point, blob: Blob) -> Point:
    """The point between ``outside`` and ``inner`` on ``blob``'s surface (bisection)."""
    if blob_point(blob, outside) < 0 or blob_point(blob, inner) >= 0:
        return inner
    lo, hi = 0.0, 1.0  # 0: outside, 1: inner
    for _ in range(14):
        mid = (lo + hi) / 2
        p = (outside[0] + (inner[0] - outside[0]) * mid, outside[1] + (inner[1] - outside[1]) * mid)
        if blob_point(blob, p) < 0:
            hi = mid
        else:
            lo = mid
    return (outside[0] + (inner[0] - outside[0]) * lo, outside[1] + (inner[1] - outside[1]) * lo)


def midpoint(pts: Sequence[Point]) -> Point:
    """The point halfway along the polyline ``pts`` (by length)."""
    if len(pts) == 1:
        return pts[0]
    lengths = [math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:], strict=False)]
    half = sum(lengths) / 2
    for (a, b), ln in zip(zip(pts, pts[1:], strict=False), lengths, strict=True):
        if half <= ln and ln > 0:
            t = half / ln
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        half -= ln
    return pts[-1]
