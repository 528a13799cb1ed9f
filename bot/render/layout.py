"""Where things go in the picture: hex size, map area, side panel, and hex-to-pixel mapping.

The picture is drawn at ``SS`` times its final size (``canvas`` coordinates) and reduced once at
the end, which anti-aliases every edge without per-pixel Python work. Public coordinates
(:meth:`MapLayout.center`, :func:`hex_to_pixel`) are those of the final image.

The map sits at the top-left of the image. Wide maps put the panel under the map, others to its
right; the hex size is chosen so that the long side comes to about :data:`TARGET_LONG` pixels
(within :data:`R_MIN`..:data:`R_MAX` pixels of hex radius, so tiny maps stay small pictures).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from bot.rules.battlefield import Battlefield
from bot.rules.hexes import SQRT3, Hex, offset_of

#: Supersampling factor of the drawing canvas.
SS = 2
#: Target length of the picture's long side, in pixels.
TARGET_LONG = 1600
#: Width of the side panel (and of each panel column when it sits under the map), in pixels.
PANEL_W = 400
#: Hex circumradius limits, in pixels.
R_MIN, R_MAX = 14.0, 46.0
#: Gutter around the hexes for edge labels, in hex radii (at least; wider when a row's edge
#: label such as ``AB12`` needs it, see :func:`gutter_for`).
GUTTER = 1.0
#: Edge label text size, in hex radii, and its least size in final pixels.
EDGE_TEXT = 0.46
EDGE_TEXT_MIN = 11.0
#: Width of the bold face's characters per pixel of text size (DejaVu Sans Bold: digits and
#: capitals are at most 0.78 of the size wide).
EDGE_CHAR = 0.78
#: Maps at least this much wider than tall get the panel underneath.
WIDE = 1.2

#: Unit offsets of a pointy-top hex's corners (same order as :meth:`Hex.corners`).
UNIT_CORNERS: tuple[tuple[float, float], ...] = tuple(
    (math.cos(math.radians(60 * i - 30)), math.sin(math.radians(60 * i - 30))) for i in range(6)
)

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class MapLayout:
    """Geometry of one battlefield's picture.

    ``radius`` is the hex circumradius in final pixels; a plane point ``(x, y)`` (see
    :meth:`Hex.center`) is at ``(x * radius + ox, y * radius + oy)`` in the final image.
    """

    radius: float
    ox: float
    oy: float
    map_w: int
    map_h: int
    panel: Literal["right", "bottom"]
    cols: tuple[int, int]
    rows: tuple[int, int]
    ss: int = SS

    # --- final-image coordinates ---------------------------------------------------------------

    def center(self, h: Hex) -> Point:
        """Centre of ``h`` in the final image, in pixels."""
        x, y = h.center()
        return (x * self.radius + self.ox, y * self.radius + self.oy)

    # --- canvas (supersampled) coordinates -----------------------------------------------------

    @property
    def r(self) -> float:
        """Hex circumradius on the canvas."""
        return self.radius * self.ss

    def c(self, v: float) -> float:
        """A length in final pixels, on the canvas."""
        return v * self.ss

    def plane(self, p: Point) -> Point:
        """A plane point on the canvas."""
        return ((p[0] * self.radius + self.ox) * self.ss, (p[1] * self.radius + self.oy) * self.ss)

    def xy(self, h: Hex) -> Point:
        """Centre of ``h`` on the canvas."""
        return self.plane(h.center())

    def corners(self, h: Hex, k: float = 1.0) -> list[Point]:
        """Corners of ``h`` on the canvas, scaled by ``k`` around its centre."""
        cx, cy = self.xy(h)
        rr = self.r * k
        return [(cx + ux * rr, cy + uy * rr) for ux, uy in UNIT_CORNERS]

    @property
    def canvas_map_size(self) -> tuple[int, int]:
        """Size of the map area on the canvas."""
        return (self.map_w * self.ss, self.map_h * self.ss)

    # --- edge labels ---------------------------------------------------------------------------

    def column_x(self, col: int, row: int) -> float:
        """Canvas x of the centre of odd-r offset column ``col`` in row ``row``."""
        return (SQRT3 * (col + (row & 1) / 2.0) * self.radius + self.ox) * self.ss

    def row_y(self, row: int) -> float:
        """Canvas y of the centres of row ``row``."""
        return (1.5 * row * self.radius + self.oy) * self.ss


def edge_text_size(radius: float) -> float:
    """Size of the edge labels in final pixels, for hexes of circumradius ``radius``."""
    return max(EDGE_TEXT_MIN, radius * EDGE_TEXT)


def gutter_for(bf: Battlefield, radius: float) -> float:
    """Width of the side gutters in hex radii: room for the longest row-edge label (``AB12``)
    beside its space, at least :data:`GUTTER`."""
    longest = max((len(bf.label(h)) for h in bf.hexes()), default=2)
    need = longest * EDGE_CHAR * edge_text_size(radius) / radius + 0.3
    return max(GUTTER, need)


def layout_for(bf: Battlefield) -> MapLayout:
    """The layout of ``bf``'s picture (depends only on the battlefield)."""
    hexes = list(bf.hexes()) or [Hex(0, 0)]
    xs = [h.center()[0] for h in hexes]
    ys = [h.center()[1] for h in hexes]
    half_w = SQRT3 / 2
    radius = R_MAX
    side = GUTTER
    # The side gutters hold each row's edge labels, whose width depends on the radius: twice
    # round is enough (the second gutter changes the radius by far less than a pixel's worth).
    for _ in range(2):
        side = gutter_for(bf, radius)
        x0, x1 = min(xs) - half_w - side, max(xs) + half_w + side
        y0, y1 = min(ys) - 1.0 - GUTTER, max(ys) + 1.0 + GUTTER
        w_units, h_units = x1 - x0, y1 - y0
        panel: Literal["right", "bottom"]
        if w_units / h_units >= WIDE:
            panel = "bottom"
            radius = TARGET_LONG / w_units
        else:
            panel = "right"
            radius = min((TARGET_LONG - PANEL_W) / w_units, TARGET_LONG / h_units)
        radius = max(R_MIN, min(R_MAX, radius))
    offsets = [offset_of(h) for h in hexes]
    cols = (min(c for c, _ in offsets), max(c for c, _ in offsets))
    rows = (min(r for _, r in offsets), max(r for _, r in offsets))
    return MapLayout(
        radius=radius,
        ox=-x0 * radius,
        oy=-y0 * radius,
        map_w=math.ceil(w_units * radius),
        map_h=math.ceil(h_units * radius),
        panel=panel,
        cols=cols,
        rows=rows,
    )


def hex_to_pixel(bf: Battlefield, h: Hex) -> tuple[int, int]:
    """Pixel (column, row) of ``h``'s centre in any picture of ``bf``, rounded."""
    x, y = layout_for(bf).center(h)
    return (round(x), round(y))
