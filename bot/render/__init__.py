"""The battlefield picture: a Pillow hex map of a match, the table players on Discord look at.

A pure adapter: it reads the rules core's :class:`~bot.rules.battlefield.Battlefield`,
:class:`~bot.rules.state.MatchState` and :class:`~bot.rules.events.Event` list and never changes
them; the rules core never imports it.

- :func:`render_map` -> ``PIL.Image.Image``; :func:`render_png` -> PNG bytes;
  :func:`write_turn_png` -> ``out_dir/turn-<NNN>.png``.
- :func:`hex_to_pixel` / :func:`layout_for` say where a space is drawn.

Modules: :mod:`~bot.render.layout` (geometry), :mod:`~bot.render.palette` (colours),
:mod:`~bot.render.text` (bundled fonts), :mod:`~bot.render.symbols` (textures, obstacles),
:mod:`~bot.render.static` (cached terrain layer), :mod:`~bot.render.legend`,
:mod:`~bot.render.figures` (tokens), :mod:`~bot.render.overlays` (events, reach, targets),
:mod:`~bot.render.results` (numbered result markers and the panel's results),
:mod:`~bot.render.captions` (whose reach or targets a picture shows, why no target),
:mod:`~bot.render.bonuses` (bonuses in effect on a card, from the rules' modifier hooks),
:mod:`~bot.render.panel` (round, armies, Order Markers), :mod:`~bot.render.compose`,
:mod:`~bot.render.bench`.
"""

from bot.render.compose import render_map, render_png, write_turn_png
from bot.render.layout import MapLayout, hex_to_pixel, layout_for

__all__ = ["MapLayout", "hex_to_pixel", "layout_for", "render_map", "render_png", "write_turn_png"]
