"""Putting a picture together: cached static map, then zones, glyphs, ghosts and attack arcs,
token shapes, movement paths, token labels, ghost labels, result markers; and the panel (round,
the turn's results under the markers' numbers, players, legend).

:func:`render_map` is the whole picture as a Pillow image; :func:`render_png` its bytes, ready to
post; :func:`write_turn_png` keeps a turn's picture on disk; :func:`overlay_plan` is where the
marks of a turn go (result markers included), for checking a layout. The renderer only reads the
state and the events.

The terrain drawn is the terrain the rules play (:func:`bot.rules.movement.field_of`): a
scenario's terrain variants (ice made slippery, wood tiles made road...) show, and have their own
cached static layer, since :meth:`~bot.rules.battlefield.Battlefield.with_variants` gives them
their own battlefield.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from bot.render import figures as fg
from bot.render import overlays as ov
from bot.render import palette as pal
from bot.render import panel as pn
from bot.render import pieces
from bot.render.captions import caption
from bot.render.glyph_key import glyph_block
from bot.render.layout import PANEL_W, MapLayout
from bot.render.legend import legend_height
from bot.render.results import results_block
from bot.render.static import StaticLayer, static_layer
from bot.render.summary import last_turn
from bot.rules.events import Event
from bot.rules.hexes import Hex
from bot.rules.movement import field_of
from bot.rules.state import MatchState, Phase

#: Phases in which start zones are shown unless the caller says otherwise.
ZONE_PHASES = frozenset({Phase.SETUP, Phase.PLACEMENT})
#: Narrowest legend beside the player blocks under a wide map, in final pixels.
LEGEND_BESIDE = 360
#: Widest panel drawn under a wide map, in final pixels: a wider one is drawn this wide and
#: enlarged (its words stay as large against the picture's width as under a 1200-pixel map).
PANEL_DRAWN = 1200
#: A legend beside the player blocks may be at most this many times as tall as the tallest block
#: (else it goes under them, where it spreads over more columns).
LEGEND_TALLER = 1.6


def _plan(state: MatchState, st: StaticLayer, events: Sequence[Event], names: Mapping[str, str],
          colours: Mapping[str, pal.RGB]) -> ov.Plan:
    lay = st.layout
    bf = field_of(state)
    on_map = fg.order(state.on_battlefield())
    places = fg.placements(on_map)
    occupied = {h for f in on_map for h in f.hexes}
    tokens = {f.id: fg.blob(lay, f, places.get(f.id, fg.FULL)) for f in on_map}
    bodies = [fg.blob(lay, f, places.get(f.id, fg.FULL), fg.TOKEN) for f in on_map]
    avoid = [fg.glyph_box(lay, h) for h in state.glyphs if h in bf and h not in occupied]
    return ov.plan(lay, state, events, names, colours, tokens, bodies, avoid)


@dataclass(frozen=True, slots=True)
class _Enlarged:
    """A panel part enlarged: ``image`` at its final size, ``width`` and ``height`` what it
    takes on the canvas scale (for :func:`~bot.render.panel.arrange`)."""

    image: Image.Image
    width: int
    height: int


def _enlarge(im: Image.Image, k: float, ss: int) -> _Enlarged:
    """A panel part drawn on the canvas scale, ``k`` times larger, resized once to its final size."""
    w, h = round(im.width * k), round(im.height * k)
    return _Enlarged(im.resize((round(w / ss), round(h / ss)), Image.Resampling.BILINEAR), w, h)


def _life(state: MatchState, card_key: str) -> int:
    card = state.cards.get(card_key)
    return (card.card.life or 1) if card else 1


def overlay_plan(state: MatchState, events: Sequence[Event]) -> tuple[MapLayout, ov.Plan]:
    """Where :func:`render_map` puts the marks of ``events``: the layout and the plan (move
    paths, attack arcs, result boxes, token discs) on the canvas scale."""
    bf = field_of(state)
    zones = state.phase in ZONE_PHASES
    st = static_layer(bf, zones=zones)
    names, _prefixes = fg.labels(state)
    return st.layout, _plan(state, st, [e for e in events if e.to is None], names, fg.player_colours(state))


def render_map(
    state: MatchState,
    *,
    events: Sequence[Event] = (),
    reach: Mapping[Hex, int] | None = None,
    targets: Sequence[str] | None = None,
    focus: str | None = None,
    all_labels: bool = False,
    show_zones: bool | None = None,
) -> Image.Image:
    """The battlefield picture of ``state`` (RGB).

    :param events: what happened this turn (public events; others are ignored).
    :param reach: spaces a figure can reach this turn, with their movement cost, to highlight;
        the panel's title then says it is ``focus``'s reach.
    :param targets: figure ids a figure can attack: ringed, with sight lines from ``focus``;
        given (even empty), the panel's title says it is ``focus``'s targets, and when there is
        none, why (out of range, no line of sight...). ``None``: not a targets picture.
    :param focus: the chosen figure (ringed white).
    :param all_labels: print every space's label, not only along the edges.
    :param show_zones: draw start zones; ``None``: during setup and placement only.
    """
    bf = field_of(state)  # the terrain the rules play: the scenario's variants applied
    zones = state.phase in ZONE_PHASES if show_zones is None else show_zones
    st = static_layer(bf, zones=zones, all_labels=all_labels)
    lay = st.layout
    ss = lay.ss
    public = [e for e in events if e.to is None]
    colours = fg.player_colours(state)
    names, prefixes = fg.labels(state)

    # The marks of the turn first: the results they number go into the panel.
    marks = _plan(state, st, public, names, colours)

    # Panel parts next: they decide the picture's size. Under a wide map the legend goes beside
    # the player blocks when they leave room for it. Under a very wide map the panel is drawn
    # for PANEL_DRAWN pixels and enlarged to the map's width, so that its words keep a size
    # that reads when a phone shows the whole picture about 400 pixels wide.
    small: dict[int, Image.Image] = {}
    beside: Image.Image | None = None
    foot: Image.Image | None = None
    grow = 1.0
    if lay.panel == "right":
        head_w = block_w = PANEL_W
        foot, small_legend = st.legend_for()
        small[id(foot)] = small_legend
    else:
        full_w = max(lay.map_w, PANEL_W)
        head_w = min(full_w, PANEL_DRAWN)
        grow = full_w / head_w
        ncols = max(1, head_w // PANEL_W)
        # The glyph key is a column of its own beside the player blocks: the legend must not cover it.
        columns = len(state.players) + (1 if state.glyphs else 0)
        left = head_w - columns * PANEL_W
        # A long legend in a narrow column would tower over the blocks: it goes under them.
        if (columns < ncols and left >= LEGEND_BESIDE
                and legend_height(bf, left) <= pn.block_height_estimate(state) * LEGEND_TALLER):
            beside, small_legend = st.legend_for(left)
            small[id(beside)] = small_legend
    if lay.panel == "bottom":
        block_w = PANEL_W if beside is not None else head_w // max(1, head_w // PANEL_W)
        if beside is None:
            # Under the blocks the legend (a reference, not news) keeps its own size: drawn as
            # wide as the picture, it needs fewer rows.
            foot, small_legend = st.legend_for(full_w)
            small[id(foot)] = small_legend
    parts = pn.blocks(state, colours, prefixes, block_w, ss, names)
    key = glyph_block(state, block_w, ss)  # one entry per glyph in play (HS-GLYPH-*)
    if key is not None:
        parts.append(key)
    # A narrow side panel has room for a longer account of the last turn.
    about = caption(state, names, focus=focus, reach=reach, targets=targets)
    last = last_turn(state, public, names) or (about.note if about else None)
    head = pn.header(state, head_w, ss, last, max_lines=6 if lay.panel == "right" else 3,
                     caption=(about.title, about.sub) if about else None)
    told = results_block(marks.results, head_w, ss) if marks.results else None
    placed: Sequence[tuple[Image.Image | _Enlarged, tuple[int, int]]]
    if grow > 1.0:
        big = [_enlarge(im, grow, ss) if im is not None else None for im in (head, told)]
        big.append(None if foot is None else _Enlarged(small[id(foot)], foot.width, foot.height))
        if beside is not None:
            # The legend depends only on the battlefield: enlarged once, kept with the static layer.
            w = beside.width // ss
            ready = st.legend_enlarged(w, round(w * grow))
            big.append(_Enlarged(ready, ready.width * ss, ready.height * ss))
        else:
            big.append(None)
        assert big[0] is not None
        size, placed = pn.arrange(lay, big[0], [_enlarge(im, grow, ss) for im in parts], big[2], PANEL_W * grow,
                                  beside=big[3], results=big[1])
    else:
        size, placed = pn.arrange(lay, head, parts, foot, PANEL_W, beside=beside, results=told)

    # The map is drawn on a copy of the cached supersampled layer; panel parts are reduced on
    # their own, so that only the map area goes through the big canvas.
    canvas = st.image.copy()
    on_map = fg.order(state.on_battlefield())
    occupied = {h for f in on_map for h in f.hexes}
    st.hide_levels(canvas, occupied)
    draw = ImageDraw.Draw(canvas, "RGBA")

    for h, (name, side) in sorted(state.glyphs.items()):
        if h in bf and h not in occupied:
            fg.draw_glyph(draw, lay, h, name, side, occupied=False)
    pieces.draw_objects(draw, lay, state)  # destructible objects' Life left (HS-DESTRUCT-01)
    pieces.draw_changed_terrain(draw, lay, state)  # spaces a power changed (Create Water)
    if reach:
        ov.draw_reach(draw, lay, reach)
    chosen = state.figures.get(focus) if focus else None
    aimed = [state.figures[t] for t in targets or () if t in state.figures and state.figures[t].on_battlefield]
    places = fg.placements(on_map)
    if chosen is not None and chosen.on_battlefield and aimed:
        ov.draw_sight(draw, lay, fg.token_points(lay, chosen, places.get(chosen.id, fg.FULL))[0],
                      [fg.token_points(lay, t, places.get(t.id, fg.FULL))[0] for t in aimed])
    ov.under_tokens(draw, lay, marks)

    # Rings: the chosen figure white, its targets red, the acting card's figures yellow.
    rings: dict[str, pal.RGB] = {}
    acting = state.turn.card_key if state.turn is not None else None
    if acting is not None:
        rings.update({f.id: pal.HIGHLIGHT for f in on_map if f.card_key == acting})
    rings.update({t.id: pal.TARGET for t in aimed})
    if chosen is not None:
        rings[chosen.id] = (255, 255, 255)
    tokens = [fg.Token(fig, names.get(fig.id, "?"), fg.colour_of(colours, fig.controller), _life(state, fig.card_key),
                       rings.get(fig.id), places.get(fig.id, fg.FULL)) for fig in on_map]
    # Token shapes, then the paths over them, then every label over both: a neighbour's token or
    # a passing path never hides a figure's label.
    fg.draw_tokens(draw, lay, tokens)
    ov.paths(draw, lay, marks)
    fg.draw_labels(draw, lay, tokens)
    for h, (name, side) in sorted(state.glyphs.items()):
        if h in occupied:
            fg.draw_glyph(draw, lay, h, name, side, occupied=True)
    ov.over_tokens(draw, lay, marks)
    out = Image.new("RGB", (size[0] // ss, size[1] // ss), pal.PANEL)
    out.paste(canvas.reduce(ss), (0, 0))
    for im, (x, y) in placed:
        final = im.image if isinstance(im, _Enlarged) else small.get(id(im)) or im.reduce(ss)
        out.paste(final, (x // ss, y // ss))
    return out


#: Every how many pixels (across and down) the palette of :func:`encode_png` takes a sample.
PALETTE_SAMPLE = 3


def encode_png(img: Image.Image) -> bytes:
    """``img`` as a compact PNG.

    The map is flat colour with anti-aliased edges, so a 256-colour palette (fast octree, no
    dithering) looks the same on a phone and makes the file about a third of the RGB size;
    zlib level 3 takes about half the time of level 6 for a file about 15% larger (a 1170x887 map:
    ~78 KB, far under Discord's 25 MiB per file), which matters more now that every turn's picture
    is drawn while players wait for it (issue 21).

    The palette is chosen from every :data:`PALETTE_SAMPLE`-th pixel across and down (exact
    colours, not blends), then every pixel takes its nearest palette colour: about a quarter of
    the time of the octree over the whole picture, and no pixel further from its true colour
    (the octree gives each pixel its bucket's mean; measured on a turn's map: largest channel error
    23 against 32, the same mean).
    """
    step = PALETTE_SAMPLE
    sample = img.resize((max(1, img.width // step), max(1, img.height // step)), Image.Resampling.NEAREST)
    palette = sample.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    q = img.quantize(palette=palette, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    q.save(buf, format="PNG", compress_level=3)
    return buf.getvalue()


def render_png(
    state: MatchState,
    *,
    events: Sequence[Event] = (),
    reach: Mapping[Hex, int] | None = None,
    targets: Sequence[str] | None = None,
    focus: str | None = None,
    all_labels: bool = False,
    show_zones: bool | None = None,
) -> bytes:
    """:func:`render_map` as PNG bytes."""
    return encode_png(render_map(state, events=events, reach=reach, targets=targets, focus=focus,
                                 all_labels=all_labels, show_zones=show_zones))


def write_turn_png(state: MatchState, events: Sequence[Event], out_dir: Path, turn_number: int) -> Path:
    """Write the picture of a turn to ``out_dir/turn-<NNN>.png`` and return its path."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"turn-{turn_number:03d}.png"
    path.write_bytes(render_png(state, events=events))
    return path
