"""The picture as a new player reads it (issue 10, "The picture"): row labels that follow the
half-hex offset, results off the board, a Fire Line drawn as its spaces, Life said one way,
reach and targets pictures that say whose they are (and why there is no target), bonuses in
effect on a card's line, asphalt and shadow apart from the background, sizes that survive a
phone's 400-pixel width, and a double-space figure labelled on the space ``status`` names.
"""

from __future__ import annotations

import math

from PIL import Image, ImageChops

from bot.content.maps import MapLibrary
from bot.render import hex_to_pixel, layout_for, render_map
from bot.render import palette as pal
from bot.render import text as tx
from bot.render.figures import labels
from bot.rules.state import MatchState
from bot.rules.terrain import Terrain
from bot.rules.timing import Expiry, Lasting
from tests.powers.test_special_attacks import fire_line
from tests.rules.conftest import BLANK, SKULL, roll
from tests.test_render import _only, at, close, pixel, small_state, turn_events

PHONE = 400  # pixels: the width a phone shows a whole picture at in a Discord channel


def _ink_box(img: Image.Image, box: tuple[int, int, int, int], ink: tuple[int, int, int],
             tol: int = 40) -> tuple[int, int, int, int] | None:
    """The bounding box (image coordinates) of the pixels near colour ``ink`` inside ``box``."""
    part = img.convert("RGB").crop(box)
    bands = ImageChops.difference(part, Image.new("RGB", part.size, ink)).split()
    near = [b.point(lambda v: 255 if v <= tol else 0) for b in bands]
    found = ImageChops.multiply(ImageChops.multiply(near[0], near[1]), near[2]).getbbox()
    if found is None:
        return None
    return (box[0] + found[0], box[1] + found[1], box[0] + found[2], box[1] + found[3])


# --- labels follow the offset ---------------------------------------------------------------

def test_every_row_is_labelled_beside_its_first_and_last_space() -> None:
    """Rows are offset by half a hex, so the column letters alone put ``B2`` between the B and
    C letters: each row carries the full label of its first space just left of it and of its
    last space just right of it, read from the picture alone."""
    state = _only(small_state(), {})
    bf = state.battlefield
    lay = layout_for(bf)
    img = render_map(state)
    r = lay.radius
    rows: dict[int, list] = {}
    for h in bf.hexes():
        rows.setdefault(h.r, []).append(h)
    for spaces in rows.values():
        first = min(spaces, key=lambda h: h.center()[0])
        last = max(spaces, key=lambda h: h.center()[0])
        for h, side in ((first, -1), (last, 1)):
            x, y = hex_to_pixel(bf, h)
            edge = x + side * r * 0.866
            strip = (round(edge - 1.9 * r), round(y - 0.3 * r), round(edge), round(y + 0.3 * r)) if side < 0 else \
                (round(edge), round(y - 0.3 * r), round(edge + 1.9 * r), round(y + 0.3 * r))
            found = _ink_box(img, strip, pal.EDGE_LABEL, tol=30)
            assert found is not None, bf.label(h)
            words = bf.label(h)
            want = tx.width(words, lay.c(max(11.0, r * 0.46)), "bold") / lay.ss
            assert found[2] - found[0] >= want * 0.75, (words, found, want)  # the whole label, not a row number
            near = edge - found[2] if side < 0 else found[0] - edge
            assert 0 <= near <= 0.35 * r, (words, near)  # right beside its space, wherever the row starts


# --- results off the board --------------------------------------------------------------------

def test_results_go_to_the_panel_and_the_map_keeps_a_short_marker_at_the_target() -> None:
    from bot.render.compose import overlay_plan
    from bot.render.geometry import point_rect

    state = small_state()
    events = turn_events()
    lay, plan = overlay_plan(state, events)
    assert [res.target for res in plan.results] == ["syvarris"]
    res = plan.results[0]
    w, h = res.rect[2] - res.rect[0], res.rect[3] - res.rect[1]
    # A marker, not a box of words: at most two thirds of a hex across, and beside its target.
    assert w <= lay.r * 0.7 and h <= lay.r * 0.7, (w, h, lay.r)
    assert res.number == 1
    assert point_rect(res.centre, res.rect) <= res.rad + lay.r * 0.3
    assert not res.leader
    # The words are in the panel: the picture grows by the results block, the map does not change size.
    from bot.render.results import block_height

    plain = render_map(state)
    told = render_map(state, events=events)
    assert told.height - plain.height >= block_height(plan.results, 400) - 2
    assert told.width == plain.width


# --- Fire Line --------------------------------------------------------------------------------

def test_a_fire_line_is_drawn_as_the_spaces_it_covers_from_where_it_starts() -> None:
    # rule: HS-LINE-01
    from bot.render.compose import overlay_plan

    eng = fire_line()  # Mimring on (1, 2) and (0, 2): the line starts beside (1, 2), going east
    roll(eng, [SKULL, SKULL, SKULL, BLANK])
    events = eng.execute("p1", "special mimring fire tower")
    course = next(e.data["line"] for e in events if e.kind == "special_roll")
    assert course == [[1, 2]] + [[q, 2] for q in range(2, 10)]
    state = eng.state
    lay, plan = overlay_plan(state, events)
    assert len(plan.burns) == 1
    burn = plan.burns[0]
    assert (burn.origin.q, burn.origin.r) == (1, 2)
    assert [(h.q, h.r) for h in burn.spaces] == [(q, 2) for q in range(2, 10) if (q, 2) in
                                                  {(h.q, h.r) for h in state.battlefield.hexes()}]
    assert plan.shots == []  # no curved arrows from the dragon's ends
    # The empty spaces on the line are tinted; the spaces beside the line are not.
    plain = render_map(state)
    lit = render_map(state, events=events)
    bf = state.battlefield
    on = next(h for h in burn.spaces if not any(h in f.hexes for f in state.on_battlefield()))
    off = next(h for h in bf.hexes() if h.r == 3 and not any(h in f.hexes for f in state.on_battlefield()))
    probe = (0, -round(lay.radius * 0.5))
    px = lambda img, h: pixel(img, (hex_to_pixel(bf, h)[0] + probe[0], hex_to_pixel(bf, h)[1] + probe[1]))  # noqa: E731
    assert not close(px(plain, on), px(lit, on), 20)
    assert close(px(plain, off), px(lit, off))


# --- Life one way -------------------------------------------------------------------------------

def test_life_is_said_one_way() -> None:
    from bot.render.panel import _card_stat

    state = small_state()
    assert _card_stat(state, "p1/finn") == ("life 4/4", False)
    assert _card_stat(state, "p2/grimnak") == ("life 3/5", False)  # 2 wounds on a Life-5 hero
    state.figures["finn"].wounds = 3
    assert _card_stat(state, "p1/finn") == ("life 1/4", False)


# --- reach and targets pictures ------------------------------------------------------------------

def test_the_reach_picture_says_whose_reach_and_shows_costs_unlike_levels() -> None:
    from bot.render.captions import caption

    state = small_state()
    names, _ = labels(state)
    reach = {at(2, 3): 1, at(3, 2): 1, at(4, 3): 2}
    about = caption(state, names, focus="finn", reach=reach, targets=None)
    assert about is not None and about.title == "Reach of FIN (Alice's Finn)"
    assert "◆" in about.sub
    # The cost sits on a cyan diamond, not on a white disc like an obstacle's height.
    lay = layout_for(state.battlefield)
    img = render_map(state, reach=reach, focus="finn")
    x, y = hex_to_pixel(state.battlefield, at(4, 3))
    assert close(pixel(img, (x, round(y - lay.radius * (0.12 + 0.3)))), pal.REACH, 12)
    # The panel's title changed: the plain map's header is not the reach picture's.
    plain = render_map(state, focus="finn")
    head = (0, lay.map_h, img.width, lay.map_h + 60)
    assert ImageChops.difference(img.crop(head), plain.crop(head)).getbbox() is not None


def test_an_empty_targets_picture_says_why() -> None:
    from bot.render.captions import caption

    state = small_state()
    names, _ = labels(state)
    about = caption(state, names, focus="syvarris", reach=None, targets=[])
    assert about is not None and about.title == "Targets of SYV (Bob's Syvarris)"
    assert about.note == ("Why: every enemy is out of range (not adjacent, Range 1; nearest TV2, 3 spaces away).")
    with_reason = render_map(state, focus="syvarris", targets=[])
    plain = render_map(state, focus="syvarris")
    assert with_reason.height > plain.height  # the reason takes its lines in the panel


# --- bonuses in effect ----------------------------------------------------------------------------

def _spirit(state: MatchState) -> None:
    state.effects["warriors_attack_spirit:p1/finn"] = Lasting(
        "warriors_attack_spirit:p1/finn", "p1", Expiry.END_OF_GAME, source="finn",
        data={"card": "p1/tarn", "stat": "attack", "amount": 1, "power": "Warrior's Attack Spirit"})


def test_bonuses_in_effect_show_on_the_cards_line() -> None:
    from bot.render.bonuses import card_bonuses
    from bot.render.figures import player_colours
    from bot.render.panel import BONUS_ROW, player_block

    state = small_state()
    names, prefixes = labels(state)
    before = player_block(state, "p1", player_colours(state)["p1"], prefixes, 400, 2, names)
    _spirit(state)  # Finn's Warrior's Attack Spirit on the Tarn Vikings
    assert card_bonuses(state, "p1/tarn", names) == ["Attack +1 (Warrior's Attack Spirit)"]
    assert card_bonuses(state, "p1/finn", names) == []
    after = player_block(state, "p1", player_colours(state)["p1"], prefixes, 400, 2, names)
    assert after.height - before.height == BONUS_ROW * 2  # one more line, canvas scale


def test_a_defensive_aura_names_the_figures_it_covers() -> None:
    from bot.content.cards import CardLibrary
    from bot.render.bonuses import card_bonuses

    state = small_state()
    lib = CardLibrary.default()
    state.cards["p1/finn"].card = lib.get("Thorgrim")  # Defensive Aura 1: adjacent friendly figures
    names, _ = labels(state)
    # Thorgrim on C3 (2, 2): TV1 (1, 1) is adjacent, TV2 (3, 1) too, TV3 on the bridge is not.
    said = card_bonuses(state, "p1/tarn", names)
    assert len(said) == 1 and said[0].startswith("Defense +1 (Thorgrim's Defensive Aura")
    covered = {n for n in ("TV1", "TV2", "TV3") if n in said[0]}
    assert covered and covered != {"TV1", "TV2", "TV3"}


# --- colours and phone sizes ----------------------------------------------------------------------

def test_asphalt_shadow_and_background_stay_apart_at_every_level() -> None:
    def dist(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
        return math.dist(a, b)

    for level in range(0, 7):
        asphalt = pal.terrain_colour(Terrain.ASPHALT, level, 6)
        shadow = pal.terrain_colour(Terrain.SHADOW, level, 6)
        assert dist(asphalt, shadow) >= 45, level
        assert dist(asphalt, pal.BACKGROUND) >= 100, level
        assert dist(shadow, pal.BACKGROUND) >= 80, level
        assert pal.luminance(asphalt) - pal.luminance(pal.BACKGROUND) >= 55, level


def test_practice_field_levels_and_pips_survive_a_phone_width() -> None:
    """The practice field is 22 columns wide: at a phone's 400 pixels a level number's digit
    must keep at least 4 pixels of height and a life pip 2 pixels across."""
    from bot.rules.scenario import SANDBOX

    bf = MapLibrary.default().get("practice-field")
    state = MatchState(battlefield=bf, scenario=SANDBOX)
    img = render_map(state)
    lay = layout_for(bf)
    scale = PHONE / img.width
    h = next(h for h in bf.hexes() if bf.cells(h)[-1].top == 1 and bf.cells(h)[-1].terrain is Terrain.GRASS
             and not bf.obstacles_on(h) and h.r > 2)
    x, y = hex_to_pixel(bf, h)
    r = lay.radius
    digit = _ink_box(img, (round(x - 0.3 * r), round(y + 0.2 * r), round(x + 0.3 * r), round(y + 0.95 * r)),
                     (255, 255, 255), tol=30)
    assert digit is not None
    assert (digit[3] - digit[1]) * scale >= 4.0, (digit, scale)
    from bot.render.figures import PIP

    assert 2 * PIP * r * scale >= 2.0


# --- a double-space figure -----------------------------------------------------------------------

def test_a_double_space_figures_label_sits_on_the_space_status_names() -> None:
    state = small_state()
    bf = state.battlefield
    grim = state.figures["grimnak"]
    lead, tail = grim.hex, grim.hexes[1]  # status names ``grimnak@<label of grim.hex>``
    renamed = state.clone()
    renamed.cards["p2/grimnak"].card = renamed.cards["p2/grimnak"].card.model_copy(update={"short": "Wxyz"})
    a, b = render_map(state), render_map(renamed)
    lay = layout_for(bf)
    diff = ImageChops.difference(a.crop((0, 0, lay.map_w, lay.map_h)), b.crop((0, 0, lay.map_w, lay.map_h)))
    box = diff.getbbox()
    assert box is not None
    mid = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    to_lead = math.dist(mid, hex_to_pixel(bf, lead))
    to_tail = math.dist(mid, hex_to_pixel(bf, tail))
    assert to_lead < lay.radius * 0.5 < to_tail, (mid, to_lead, to_tail)
