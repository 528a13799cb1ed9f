"""Glyph marks on pictures: every glyph family draws (no crash on Treasure/Tech/Artifact glyphs) and
treasure marks never read like a power glyph's letter (qa1 findings 1 and 13)."""

from __future__ import annotations

from bot.render import layout_for, render_map
from bot.render import palette as pal
from bot.render.glyph_key import glyph_block, glyph_lines
from bot.render.glyph_marks import glyph_mark
from bot.rules.battlefield import Battlefield, Cell
from bot.rules.glyphs import POWER_GLYPHS
from bot.rules.terrain import Terrain
from bot.rules.treasure.catalogue import CATALOGUE
from tests.test_render import at, small_state
from tests.test_render_issue10 import _ink_box


def test_the_glyph_key_names_treasure_tech_and_artifact_glyphs() -> None:
    # rule: HS-TREASURE-01, HS-TECH-01
    state = small_state()
    bf = state.battlefield
    spots = sorted((h for h in bf.hexes() if state.occupant(h) is None), key=lambda h: (h.r, h.q))[:4]
    for h, name in zip(spots, ("heroic_rune", "jump_pack", "bolt_of_the_witherwood", "astrid"), strict=True):
        state.glyphs[h] = (name, "power")
    lines = glyph_lines(state)
    texts = {words.split(" ", 1)[1]: letter for letter, _, words in lines}
    assert texts["Heroic Rune (treasure)"] == "HR"
    assert texts["Jump Pack (tech)"] == "JP"
    assert texts["Bolt of the Witherwood (artifact)"] == "BW"
    assert texts["Glyph of Astrid (Attack +1)"] == "A"
    block = glyph_block(state, 400, 1)
    assert block is not None and block.height > 0


def test_treasure_marks_differ_from_power_glyph_letters_and_each_other() -> None:
    power = {glyph_mark(n, "power")[0] for n in POWER_GLYPHS}
    treasure = [glyph_mark(n, "power") for n in CATALOGUE]
    letters = [t[0] for t in treasure]
    assert len(set(letters)) == len(letters)
    assert not power & set(letters)
    assert {t[1] for t in treasure} == {glyph_mark("heroic_rune", "power")[1]}
    assert glyph_mark("heroic_rune", "power")[1] != glyph_mark("haukeland", "power")[1]
    assert glyph_mark("heroic_rune", "symbol")[0] == "?"


def test_the_glyph_key_is_not_covered_by_the_legend_on_a_wide_map() -> None:
    # A wide map puts the panel under it; the legend went beside the two player blocks, over the
    # glyph key's column (qa1 finding 5). rule: HS-GLYPH-01
    state = small_state()
    columns = {at(c, r): [Cell(top=1, terrain=Terrain.GRASS)] for c in range(40) for r in range(8)}
    state.battlefield = Battlefield.build("wide", columns)
    free = at(30, 6)
    state.glyphs = {free: ("astrid", "symbol")}
    lay = layout_for(state.battlefield)
    assert lay.panel == "bottom"
    img = render_map(state).convert("RGB")
    found = _ink_box(img, (0, lay.map_h + 1, img.width, img.height), pal.GLYPH_SYMBOL, tol=12)
    assert found is not None  # the key's violet "?" disc is drawn in the panel
    assert found[2] - found[0] >= 10


def test_cannon_fire_is_drawn_from_the_cannon() -> None:
    # qa1 finding 22: the shot counts from the cannon (HS-OBSTACLE-07), so its arc starts there
    from bot.render.layout import layout_for as lay_for
    from bot.render.overlays import plan
    from bot.rules.events import Event

    state = small_state()
    lay = lay_for(state.battlefield)
    finn, target = state.figures["finn"], state.figures["syvarris"]
    cannon = at(4, 0)
    events = [Event("cannon_fire", {"figure": "finn", "cannon": "c1", "target": "syvarris", "at": [[cannon.q, cannon.r]]}),
              Event("attack", {"attacker": "finn", "target": "syvarris", "special": "Cannon Fire", "wounds": 0,
                               "skulls": 1, "shields": 1})]
    tokens = {f.id: (lay.xy(f.hexes[0]), lay.xy(f.hexes[-1]), lay.r * 0.8) for f in (finn, target)}
    shots = plan(lay, state, events, {}, {}, tokens, list(tokens.values())).shots
    assert len(shots) == 1
    start = shots[0].pts[0]
    cx, cy = lay.xy(cannon)
    fx, fy = lay.xy(finn.hexes[0])
    assert abs(start[0] - cx) + abs(start[1] - cy) < abs(start[0] - fx) + abs(start[1] - fy)
