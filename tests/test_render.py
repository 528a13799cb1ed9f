"""The battlefield picture (bot.render): golden images, token placement, hidden Order Markers,
double-space figures, reach highlights, size and speed of a 600-space map.

Regenerate the golden images after an intended change of the picture with::

    UPDATE_GOLDEN=1 pytest tests/test_render.py

and look at the new ``tests/golden/*.png`` before committing them.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.render import hex_to_pixel, layout_for, render_map, render_png, write_turn_png
from bot.render import palette as pal
from bot.render.bench import sample_events, sample_state
from bot.render.figures import card_prefix, labels, player_colours
from bot.render.static import static_layer
from bot.rules.battlefield import Battlefield, Cell, GlyphSpot, Obstacle
from bot.rules.cards import ArmyCard
from bot.rules.events import Event
from bot.rules.hexes import Hex, from_offset
from bot.rules.movement import field_of
from bot.rules.scenario import SANDBOX
from bot.rules.state import CardInPlay, Figure, MatchState, Phase, Player, TurnState
from bot.rules.terrain import ObstacleKind, Terrain

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"


# --- a small battlefield and match -----------------------------------------------------------

def at(col: int, row: int) -> Hex:
    return from_offset(col, row)


def small_battlefield() -> Battlefield:
    """8 x 6 spaces: grass, a rock hill with cliffs, water and toxic water, sand, a bridge."""
    columns: dict[Hex, list[Cell]] = {}
    for row in range(6):
        for col in range(8):
            terrain, level = Terrain.GRASS, 1 + (col + row) % 2
            if col >= 5 and row <= 2:
                terrain, level = Terrain.ROCK, 4 + col - 5 + (2 - row)
            if col <= 1 and row >= 3:
                terrain, level = (Terrain.WATER if col == 0 else Terrain.TOXIC_WATER), 0
            if col == 3 and row == 5:
                terrain, level = Terrain.SAND, 1
            columns[at(col, row)] = [Cell(top=level, terrain=terrain)]
    columns[at(3, 3)] = [Cell(top=1, terrain=Terrain.GRASS), Cell(bottom=4, top=5, terrain=Terrain.WOOD)]
    obstacles = [
        Obstacle(ObstacleKind.TREE, height=6, level=2, hexes=(at(2, 1),)),
        Obstacle(ObstacleKind.RUIN, height=3, level=2, between=(at(4, 4), at(5, 4))),
    ]
    zones = {"red": [at(c, 0) for c in range(0, 4)], "blue": [at(c, 5) for c in range(4, 8)]}
    return Battlefield.build("golden", columns, obstacles, zones, [GlyphSpot("astrid", at(4, 2))])


def card(name: str, short: str, kind: str, figures: int, life: int, base: int = 1) -> ArmyCard:
    return ArmyCard.model_validate({
        "name": name, "short": short, "kind": kind, "rarity": "unique" if kind == "hero" else "common",
        "figures": figures, "life": life, "base": base, "move": 5, "range": 1, "attack": 3, "defense": 3,
        "height": 5, "size": "large" if base == 2 else "medium", "points": 50,
    })


def small_state(phase: Phase = Phase.TURNS) -> MatchState:
    bf = small_battlefield()
    state = MatchState(battlefield=bf, scenario=SANDBOX, phase=phase, round=1)
    state.players = [Player("p1", "Alice", 0, zone="red"), Player("p2", "Bob", 1, zone="blue")]
    armies = {
        "p1": [("finn", card("Finn the Viking Champion", "Finn", "hero", 1, 4), [(at(2, 2),)]),
               ("tarn", card("Tarn Viking Warriors", "Tarn Vikings", "squad", 4, 1), [(at(1, 1),), (at(3, 1),)])],
        "p2": [("grimnak", card("Grimnak", "Grimnak", "hero", 1, 5, base=2), [(at(5, 3), at(6, 3))]),
               ("syvarris", card("Syvarris", "Syvarris", "hero", 1, 4), [(at(6, 1),)]),
               ("izumi", card("Izumi Samurai", "Izumi Samurai", "squad", 3, 1), [(at(3, 3),)])],
    }
    for pid, army in armies.items():
        for key, c, places in army:
            ck = f"{pid}/{key}"
            cip = CardInPlay(key=ck, card=c, owner=pid, controller=pid)
            for i, hexes in enumerate(places):
                fid = f"{key}{i + 1}" if c.kind == "squad" else key
                level = bf.surfaces(hexes[0])[0].top  # under the bridge, if any
                state.figures[fid] = Figure(fid, ck, pid, pid, hexes=hexes, level=level)
                cip.figure_ids.append(fid)
            state.cards[ck] = cip
    state.figures["grimnak"].wounds = 2
    # One Tarn Viking on the bridge, an Izumi Samurai under it.
    state.figures["tarn3"] = Figure("tarn3", "p1/tarn", "p1", "p1", hexes=(at(3, 3),), level=5)
    state.cards["p1/tarn"].figure_ids.append("tarn3")
    state.orders = {"p1": {"1": "p1/finn", "2": "p1/tarn", "3": "p1/finn", "X": "p1/tarn"},
                    "p2": {"1": "p2/grimnak", "2": "p2/syvarris", "3": "p2/grimnak", "X": "p2/syvarris"}}
    state.revealed = {"p1": ["1"], "p2": []}
    state.initiative = ["p1", "p2"]
    state.turn = TurnState(player="p1", card_key="p1/finn", marker="1")
    state.glyphs = {g.at: (g.name, g.side) for g in bf.glyphs}
    return state


def turn_events() -> list[Event]:
    path = [at(0, 2), at(1, 2), at(2, 2)]
    return [
        Event("turn_started", {"player": "p1", "marker": "1", "card": "p1/finn"}),
        Event("moved", {"figure": "finn", "path": [[h.q, h.r] for h in path], "levels": [1, 2, 1], "cost": 2,
                        "flew": False}),
        Event("attack", {"attacker": "finn", "target": "syvarris", "special": None, "attack_dice": [],
                         "defense_dice": [], "skulls": 3, "shields": 1, "wounds": 2}),
        Event("attack", {"attacker": "tarn2", "target": "tarn9", "skulls": 0, "shields": 0, "wounds": 0}),
        Event("orders", {"player": "p1", "markers": {"1": "p1/finn"}}, to="p1"),
    ]


# --- helpers ---------------------------------------------------------------------------------

def check_golden(name: str, img: Image.Image) -> None:
    """Compare ``img`` with ``tests/golden/<name>.png`` (or rewrite it when UPDATE_GOLDEN=1).

    Anti-aliasing may differ by a few levels between Pillow/FreeType builds, so a pixel counts as
    different only beyond 48 levels on a channel, and up to 0.1 % of the pixels may differ.
    """
    path = GOLDEN / f"{name}.png"
    if UPDATE or not path.exists():
        if not UPDATE:
            pytest.fail(f"{path} is missing: run UPDATE_GOLDEN=1 pytest tests/test_render.py")
        GOLDEN.mkdir(exist_ok=True)
        img.save(path, format="PNG", optimize=True)
        return
    ref = Image.open(path).convert("RGB")
    assert ref.size == img.size, f"{name}: size {img.size}, golden {ref.size}"
    diff = ImageChops.difference(ref, img.convert("RGB")).convert("L").point(lambda v: 255 if v > 48 else 0)
    bad = diff.histogram()[255]
    assert bad <= img.width * img.height * 0.001, f"{name}: {bad} pixels differ from the golden image"


def pixel(img: Image.Image, xy: tuple[int, int]) -> tuple[int, int, int]:
    value = img.convert("RGB").getpixel(xy)
    assert isinstance(value, tuple)
    return (int(value[0]), int(value[1]), int(value[2]))


def close(a: tuple[int, int, int], b: tuple[int, int, int], tol: int = 3) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


# --- golden images ---------------------------------------------------------------------------

def test_golden_turn() -> None:
    state = small_state()
    check_golden("turn", render_map(state, events=turn_events()))


def test_golden_placement_with_zones_and_labels() -> None:
    state = small_state(Phase.PLACEMENT)
    state.turn = None
    state.orders, state.revealed = {}, {}
    check_golden("placement", render_map(state, all_labels=True))


def test_golden_reach_and_targets() -> None:
    state = small_state()
    reach = {at(2, 3): 1, at(3, 2): 1, at(4, 3): 2, at(3, 4): 3}
    check_golden("reach", render_map(state, reach=reach, targets=["syvarris", "grimnak"], focus="finn"))


# --- what is where ---------------------------------------------------------------------------

def body_point(state: MatchState, fig: Figure, h: Hex) -> tuple[int, int]:
    """A point of ``fig``'s token body on ``h`` clear of its marks: the hex's centre, or above
    it on a double-space figure's tail hex (whose centre carries the level pill)."""
    x, y = hex_to_pixel(state.battlefield, h)
    if len(fig.hexes) > 1 and h == fig.hexes[-1]:
        y -= round(layout_for(state.battlefield).radius * 0.35)
    return x, y


def test_figures_sit_on_their_hex_in_their_players_colour() -> None:
    state = small_state()
    img = render_map(state)
    colours = player_colours(state)
    assert colours == {"p1": pal.NAMED["red"], "p2": pal.NAMED["blue"]}
    for fig in state.on_battlefield():
        if fig.id in ("tarn3", "izumi1"):
            continue  # sharing the bridge's hex: see the next test
        for h in fig.hexes:
            assert close(pixel(img, body_point(state, fig, h)), colours[fig.controller]), (fig.id, h)


def test_figures_under_and_on_a_bridge_both_show() -> None:
    from bot.render.figures import placements, token_points

    state = small_state()
    img = render_map(state)
    lay = layout_for(state.battlefield)
    places = placements(state.on_battlefield())
    assert set(places) == {"tarn3", "izumi1"}
    colours = player_colours(state)
    for fid in ("tarn3", "izumi1"):
        fig = state.figures[fid]
        x, y = token_points(lay, fig, places[fid])[0]
        assert close(pixel(img, (round(x / lay.ss), round(y / lay.ss))), colours[fig.controller]), fid


def test_hex_to_pixel_matches_the_layout() -> None:
    bf = small_battlefield()
    lay = layout_for(bf)
    a, b = hex_to_pixel(bf, at(0, 0)), hex_to_pixel(bf, at(1, 0))
    assert b[0] - a[0] == pytest.approx(lay.radius * 3 ** 0.5, abs=1)
    assert b[1] == a[1]


def test_double_space_figure_covers_both_hexes() -> None:
    state = small_state()
    img = render_map(state)
    blue = pal.NAMED["blue"]
    grimnak = state.figures["grimnak"]
    lead, tail = grimnak.hexes
    for h in (lead, tail):
        assert close(pixel(img, body_point(state, grimnak, h)), blue)
    (ax, ay), (bx, by) = hex_to_pixel(state.battlefield, lead), hex_to_pixel(state.battlefield, tail)
    # The token is continuous between the two centres (its label and pips sit on the lead disc,
    # above and under the line between the centres; its level pill on the tail's centre).
    for t in (0.2, 0.3, 0.7, 0.8):
        assert close(pixel(img, (round(ax + (bx - ax) * t), round(ay + (by - ay) * t))), blue), t
    # Without the figure, the tail hex shows terrain.
    state.figures["grimnak"].hexes = ()
    assert not close(pixel(render_map(state), hex_to_pixel(state.battlefield, tail)), blue)


def test_reach_highlights_exactly_the_given_spaces() -> None:
    state = small_state()
    bf = state.battlefield
    reach = {at(2, 3): 1, at(3, 2): 1, at(4, 3): 2, at(3, 4): 3, at(0, 5): 4}
    plain = render_map(state)
    lit = render_map(state, reach=reach)
    changed = {h for h in bf.hexes() if pixel(plain, hex_to_pixel(bf, h)) != pixel(lit, hex_to_pixel(bf, h))}
    assert changed == set(reach)
    # Nothing outside the reachable hexes changes.
    r = layout_for(bf).radius
    box = ImageChops.difference(plain, lit).getbbox()
    assert box is not None
    xs = [hex_to_pixel(bf, h)[0] for h in reach]
    ys = [hex_to_pixel(bf, h)[1] for h in reach]
    assert box[0] >= min(xs) - r and box[2] <= max(xs) + r + 1
    assert box[1] >= min(ys) - r and box[3] <= max(ys) + r + 1


def test_targets_are_ringed_and_sighted() -> None:
    state = small_state()
    plain = render_map(state)
    aimed = render_map(state, targets=["syvarris"], focus="finn")
    assert ImageChops.difference(plain, aimed).getbbox() is not None


# --- Order Markers: only what the table shows ------------------------------------------------

def _orders_state(markers: dict[str, str], revealed: list[str] | None = None) -> MatchState:
    state = small_state(Phase.ORDERS)
    state.turn = None
    state.orders = {"p1": markers, "p2": {"1": "p2/grimnak", "2": "p2/syvarris", "3": "p2/grimnak", "X": "p2/syvarris"}}
    state.revealed = {"p1": revealed or [], "p2": []}
    return state


def test_unrevealed_markers_show_nothing_but_their_count() -> None:
    a = render_map(_orders_state({"1": "p1/finn", "2": "p1/tarn", "3": "p1/finn", "X": "p1/tarn"}))
    b = render_map(_orders_state({"1": "p1/tarn", "2": "p1/finn", "3": "p1/tarn", "X": "p1/finn"}))
    c = render_map(_orders_state({"X": "p1/finn", "3": "p1/finn", "1": "p1/tarn", "2": "p1/tarn"}))
    assert a.tobytes() == b.tobytes() == c.tobytes()
    # A different count per card is public, and shows.
    d = render_map(_orders_state({"1": "p1/finn", "2": "p1/finn", "3": "p1/finn", "X": "p1/tarn"}))
    assert a.tobytes() != d.tobytes()


def test_the_public_view_gives_the_same_picture() -> None:
    from bot.rules.views import public_view

    state = _orders_state({"1": "p1/finn", "2": "p1/tarn", "3": "p1/finn", "X": "p1/tarn"}, ["1"])
    assert render_map(state).tobytes() == render_map(public_view(state)).tobytes()


def test_a_revealed_marker_shows() -> None:
    hidden = render_map(_orders_state({"1": "p1/finn", "2": "p1/tarn", "3": "p1/finn", "X": "p1/tarn"}))
    shown = render_map(_orders_state({"1": "p1/finn", "2": "p1/tarn", "3": "p1/finn", "X": "p1/tarn"}, ["1"]))
    assert hidden.tobytes() != shown.tobytes()
    # Which card the revealed 1 lies on shows too.
    other = render_map(_orders_state({"1": "p1/tarn", "2": "p1/finn", "3": "p1/finn", "X": "p1/tarn"}, ["1"]))
    assert shown.tobytes() != other.tobytes()


# --- labels, zones, purity, caching ----------------------------------------------------------

def test_token_labels() -> None:
    assert card_prefix("Tarn Vikings", squad=True) == "TV"
    assert card_prefix("Finn", squad=False) == "FIN"
    assert card_prefix("Syvarris", squad=False) == "SYV"
    assert card_prefix("Ne-Gok-Sa", squad=False) == "NGS"
    assert card_prefix("Drake (AoA)", squad=False) == "DRA"
    state = small_state()
    names, prefixes = labels(state)
    assert names["tarn2"] == "TV2" and names["finn"] == "FIN" and names["grimnak"] == "GRI"
    # Two players with the same squad still get labels unique in the picture.
    twin = state.cards["p1/tarn"]
    state.cards["p2/tarn"] = CardInPlay("p2/tarn", twin.card, "p2", "p2", ["p2/tarn1"])
    state.figures["p2/tarn1"] = Figure("p2/tarn1", "p2/tarn", "p2", "p2", hexes=(at(7, 4),), level=1)
    names, prefixes = labels(state)
    assert len(set(names.values())) == len(names)
    assert names["tarn1"] == "TV1" and names["p2/tarn1"] != "TV1"


def test_zones_show_during_placement_only_unless_asked() -> None:
    state = small_state(Phase.PLACEMENT)
    bf = state.battlefield
    r = round(layout_for(bf).radius * 0.7)
    x, y = hex_to_pixel(bf, at(0, 0))  # a red start-zone space, nobody on it
    box = (x - r, y - r, x + r, y + r)
    placing = render_map(state).crop(box)
    state.phase = Phase.TURNS
    playing = render_map(state).crop(box)
    asked = render_map(state, show_zones=True).crop(box)
    assert ImageChops.difference(placing, playing).getbbox() is not None
    assert ImageChops.difference(placing, asked).getbbox() is None


def test_render_reads_but_never_changes_the_state() -> None:
    state = small_state()
    before = state.clone()
    render_map(state, events=turn_events(), reach={at(2, 3): 1}, targets=["syvarris"], focus="finn")
    assert state == before


def test_static_layer_is_cached_per_battlefield() -> None:
    bf = small_battlefield()
    assert static_layer(bf) is static_layer(bf)
    assert static_layer(bf) is not static_layer(small_battlefield())
    assert static_layer(bf, zones=True) is not static_layer(bf)


def _road_scenario_state() -> MatchState:
    """The small match under a scenario that makes wood tiles road (the bridge deck), with
    nobody on the bridge so that its deck shows."""
    state = small_state()
    state.scenario = SANDBOX.model_copy(update={"terrain_variants": {Terrain.WOOD: Terrain.ROAD}})
    for fid in ("tarn3", "izumi1"):
        state.figures[fid].hexes = ()
    return state


def test_the_picture_shows_the_scenarios_terrain_variants() -> None:
    # rule: HS-TERRAIN-25 (the scenario decides whether wood tiles are road)
    from bot.rules.views import public_view

    state = _road_scenario_state()
    played = field_of(state)
    assert played is not state.battlefield and played.cells(at(3, 3))[-1].terrain is Terrain.ROAD
    img = render_map(state)
    # Exactly the picture of a battlefield whose deck is road, and not the base battlefield's.
    as_road = state.clone()
    as_road.battlefield, as_road.scenario = played, SANDBOX
    assert img.tobytes() == render_map(as_road).tobytes()
    base = state.clone()
    base.scenario = SANDBOX
    plain = render_map(base)
    assert img.tobytes() != plain.tobytes()
    x, y = hex_to_pixel(state.battlefield, at(3, 3))
    deck = pal.terrain_colour(Terrain.ROAD, 5, static_layer(played).max_level)
    wood = pal.terrain_colour(Terrain.WOOD, 5, static_layer(played).max_level)
    r = round(layout_for(state.battlefield).radius * 0.45)
    near = [pixel(img, (x + dx, y + dy)) for dx in (-r, 0, r) for dy in (-r, r)]
    assert any(close(p, deck, 8) for p in near) and not any(close(p, wood, 8) for p in near)
    assert any(close(pixel(plain, (x + dx, y + dy)), wood, 8) for dx in (-r, 0, r) for dy in (-r, r))
    # What Discord posts (the public view) shows it too.
    assert render_map(public_view(state)).tobytes() == img.tobytes()


def test_static_layer_is_cached_per_terrain_variant() -> None:
    state = _road_scenario_state()
    played = field_of(state)
    assert static_layer(played) is static_layer(field_of(state))  # one variant, one layer
    assert static_layer(played) is not static_layer(state.battlefield)
    assert static_layer(played).fills[at(3, 3)] != static_layer(state.battlefield).fills[at(3, 3)]
    # The same battlefield under a plain scenario draws the same before and after the variant's.
    base = state.clone()  # shares the battlefield object
    base.scenario = SANDBOX
    before = render_map(base).tobytes()
    render_map(state)
    assert render_map(base).tobytes() == before


def test_same_state_same_picture() -> None:
    assert render_png(small_state(), events=turn_events()) == render_png(small_state(), events=turn_events())


def test_write_turn_png(tmp_path: Path) -> None:
    path = write_turn_png(small_state(), turn_events(), tmp_path / "match", 7)
    assert path == tmp_path / "match" / "turn-007.png"
    with Image.open(path) as img:
        assert img.format == "PNG"


# --- a full-size battlefield -----------------------------------------------------------------

def test_600_space_map_png_is_small_and_phone_sized() -> None:
    state = sample_state()
    assert len(state.battlefield) == 600
    assert max(c.top for h in state.battlefield.hexes() for c in state.battlefield.cells(h)) >= 20
    assert len(state.on_battlefield()) >= 19
    data = render_png(state, events=sample_events(state))
    assert len(data) < 2 * 1024 * 1024
    with Image.open(io.BytesIO(data)) as img:
        assert 1400 <= max(img.size) <= 1800


# --- what happened: result boxes, the last-turn line -------------------------------------------

def _attack(attacker: str, target: str, wounds: int, skulls: int = 2, shields: int = 1) -> Event:
    return Event("attack", {"attacker": attacker, "target": target, "special": None, "attack_dice": [],
                            "defense_dice": [], "skulls": skulls, "shields": shields, "wounds": wounds})


def _assert_boxes_clear(state: MatchState, events: list[Event]) -> int:
    """Every result box of ``events`` is clear of every token disc and of the other boxes;
    returns how many boxes there are."""
    from bot.render.compose import overlay_plan
    from bot.render.geometry import blob_meets_rect, inside, rects_meet

    lay, plan = overlay_plan(state, events)
    assert len(plan.tokens) == len(state.on_battlefield())
    canvas = (0.0, 0.0, float(lay.canvas_map_size[0]), float(lay.canvas_map_size[1]))
    for i, res in enumerate(plan.results):
        assert inside(res.rect, canvas), res.target
        for disc in plan.tokens:
            assert not blob_meets_rect(disc, res.rect), (res.target, res.rows[0].who, disc)
        for other in plan.results[i + 1:]:
            assert not rects_meet(res.rect, other.rect), (res.target, other.target)
    return len(plan.results)


def test_result_boxes_never_cover_a_token() -> None:
    state = small_state()
    assert _assert_boxes_clear(state, turn_events()) == 1
    # Everyone attacks everyone next to them, on a crowded corner of the map.
    busy = [_attack("finn", "tarn3", 1), _attack("tarn1", "izumi1", 0), _attack("tarn2", "syvarris", 2),
            _attack("grimnak", "tarn2", 0), _attack("syvarris", "finn", 1), _attack("izumi1", "tarn1", 0)]
    assert _assert_boxes_clear(state, busy) == 6
    # The 600-space sample turn.
    big = sample_state()
    assert _assert_boxes_clear(big, sample_events(big)) >= 2


def test_result_boxes_stay_clear_on_random_crowded_turns() -> None:
    import random

    rng = random.Random(11)
    for _ in range(12):
        state = small_state()
        free = [h for h in state.battlefield.hexes() if not state.battlefield.obstacles_on(h)]
        rng.shuffle(free)
        figs = [f for f in state.on_battlefield() if len(f.hexes) == 1 and f.id not in ("tarn3", "izumi1")]
        for fig, h in zip(figs, free, strict=False):
            fig.hexes, fig.level = (h,), state.battlefield.surfaces(h)[-1].top
        ids = [f.id for f in state.on_battlefield()]
        events = [_attack(rng.choice(ids), rng.choice(ids), rng.randint(0, 2)) for _ in range(rng.randint(2, 7))]
        _assert_boxes_clear(state, events)
        render_map(state, events=events)


def test_attacks_on_one_target_share_one_box() -> None:
    from bot.render.compose import overlay_plan

    state = small_state()
    events = [_attack("finn", "syvarris", 0, 2, 4), _attack("tarn2", "syvarris", 1, 3, 2),
              _attack("tarn1", "grimnak", 2)]
    _lay, plan = overlay_plan(state, events)
    assert [r.target for r in plan.results] == ["syvarris", "grimnak"]
    merged = plan.results[0]
    assert [row.who + row.what for row in merged.rows] == ["FIN → SYV: blocked", "TV2 → SYV: 1 wound"]
    assert [row.small for row in merged.rows] == ["2 skulls vs 4 shields", "3 skulls vs 2 shields"]
    assert merged.accent == pal.TARGET  # a wound among them
    assert len(plan.shots) == 3  # every attack keeps its own line
    # A figure destroyed by the attack says so in its row.
    events.append(Event("destroyed", {"figure": "syvarris", "at": [[at(6, 1).q, at(6, 1).r]], "cause": "attack"}))
    _lay, plan = overlay_plan(state, events)
    assert plan.results[0].rows[-1].what == "1 wound, destroyed"
    # A fall joins the box of the figure that fell.
    fall = Event("fell", {"figure": "grimnak", "drop": 3, "d20": 4, "wounds": 1})
    _lay, plan = overlay_plan(state, [_attack("tarn1", "grimnak", 0), fall])
    assert [row.who + row.what for row in plan.results[0].rows] == ["TV1 → GRI: blocked", "GRI fell 3 levels: 1 wound"]


def _turn_with_secrets() -> list[Event]:
    path = [at(0, 2), at(1, 2), at(2, 2)]
    return [
        Event("turn_started", {"player": "p1", "marker": "1", "card": "p1/finn"}),
        Event("orders", {"player": "p1", "markers": {"2": "p1/tarn", "3": "p1/finn"}}, to="p1"),
        Event("moved", {"figure": "finn", "path": [[h.q, h.r] for h in path], "levels": [1, 2, 1], "cost": 2,
                        "flew": False}),
        Event("power", {"power": "Secret Scheme", "player": "p1", "figure": "finn", "result": "marker 3 on Finn"},
              to="p1"),
        Event("moved", {"figure": "tarn1", "path": [[0, 0], [1, 0]], "levels": [1, 1], "cost": 1, "flew": False},
              to="p2"),
        _attack("finn", "syvarris", 1, 3, 2),
        Event("destroyed", {"figure": "syvarris", "at": [[at(6, 1).q, at(6, 1).r]], "cause": "attack"}),
        Event("turn_ended", {"player": "p1"}),
        Event("turn_started", {"player": "p2", "marker": "1", "card": "p2/grimnak"}),
    ]


def test_last_turn_line_says_what_the_picture_shows() -> None:
    from bot.render.summary import last_turn

    state = small_state()
    names, _ = labels(state)
    line = last_turn(state, _turn_with_secrets(), names)
    assert line == "Last turn: Alice (Finn) — FIN moved A3→C3, attacked SYV: 1 wound, SYV destroyed"
    # Without a finished turn: the one under way.
    line = last_turn(state, turn_events()[:3], names)
    assert line is not None and line.startswith("This turn: Alice (Finn) — FIN moved A3→C3, attacked SYV")
    assert last_turn(state, [], names) is None
    # A turn whose marker was lost.
    lost = [Event("turn_lost", {"player": "p2", "marker": "2", "card": "p2/grimnak", "reason": "no figures left"}),
            Event("turn_ended", {"player": "p2"})]
    assert last_turn(state, lost, names) == "Last turn: Bob (Grimnak) — marker 2 lost (no figures left)"
    # Only the end of a turn seen: nothing is claimed about it.
    assert last_turn(state, [Event("turn_ended", {"player": "p1"}), turn_events()[0]], names) is None
    assert last_turn(state, [Event("turn_started", {"player": "p1", "marker": "1", "card": "p1/finn"}),
                             Event("turn_ended", {"player": "p1"})], names) == "Last turn: Alice (Finn) — no action"


def test_last_turn_line_never_shows_private_events() -> None:
    from bot.render.summary import last_turn

    state = small_state()
    names, _ = labels(state)
    events = _turn_with_secrets()
    line = last_turn(state, events, names) or ""
    assert "Secret" not in line and "marker 3" not in line and "TV1" not in line
    # The picture is the same with or without the private events.
    public = [e for e in events if e.to is None]
    assert render_map(state, events=events).tobytes() == render_map(state, events=public).tobytes()
    # The line is in the header: the picture grows by it.
    assert render_map(state, events=public).height > render_map(state).height


def test_level_number_hidden_under_a_figure() -> None:
    state = small_state()
    bf = state.battlefield
    st = static_layer(bf)
    h = state.figures["finn"].hexes[0]
    patch, (x, y) = st.patches[h]
    numbered = st.image.crop((x, y, x + patch.width, y + patch.height))
    assert ImageChops.difference(numbered, patch).getbbox() is not None  # the number is there
    canvas = st.image.copy()
    st.hide_levels(canvas, [h])
    assert ImageChops.difference(canvas.crop((x, y, x + patch.width, y + patch.height)), patch).getbbox() is None


# --- set-aside figures, neighbouring tokens, ghosts ------------------------------------------

def test_panel_counts_only_fielded_figures_hs_army_03() -> None:
    """HS-ARMY-03: figures set aside take no part in the battle, so the card panel counts only
    the fielded ones (``3/3 left``, not ``4/4``), and the picture is that of an army without them."""
    from bot.render.panel import _card_stat

    state = small_state()
    assert _card_stat(state, "p1/tarn") == ("3/3 left", False)
    without = render_map(state)
    state.figures["tarn4"] = Figure("tarn4", "p1/tarn", "p1", "p1", set_aside=True)
    state.cards["p1/tarn"].figure_ids.append("tarn4")
    assert _card_stat(state, "p1/tarn") == ("3/3 left", False)
    assert render_map(state).tobytes() == without.tobytes()
    state.figures["tarn1"].destroyed, state.figures["tarn1"].hexes = True, ()
    assert _card_stat(state, "p1/tarn") == ("2/3 left", False)
    # A fielded figure waiting off the battlefield (The Drop) still counts.
    state.figures["tarn4"].set_aside, state.figures["tarn4"].reserve = False, True
    assert _card_stat(state, "p1/tarn") == ("3/4 left", False)
    # A card whose only figure is set aside says so, greyed out.
    state.figures["finn"].set_aside, state.figures["finn"].hexes = True, ()
    assert _card_stat(state, "p1/finn") == ("set aside", True)


def _only(state: MatchState, placed: dict[str, tuple[Hex, ...]]) -> MatchState:
    """``state`` with exactly the figures of ``placed`` on the battlefield, where it says (no ring:
    nobody's turn)."""
    out = state.clone()
    out.turn = None
    for fid, fig in out.figures.items():
        fig.hexes = placed.get(fid, ())
        if fig.hexes:
            fig.level = out.battlefield.surfaces(fig.hexes[0])[-1].top
    return out


def _map_diff(a: Image.Image, b: Image.Image, lay_w: int, lay_h: int) -> list[tuple[int, int]]:
    diff = ImageChops.difference(a.crop((0, 0, lay_w, lay_h)), b.crop((0, 0, lay_w, lay_h))).convert("L")
    box = diff.getbbox()
    if box is None:
        return []
    return [(x, y) for y in range(box[1], box[3]) for x in range(box[0], box[2]) if diff.getpixel((x, y)) > 24]


#: Double-space placements: lead and tail next to each other in the three directions of a row.
_DOUBLES = {"row": (at(2, 2), at(3, 2)), "down-left": (at(2, 3), at(2, 4)), "down-right": (at(2, 3), at(3, 4))}


@pytest.mark.parametrize("where", sorted(_DOUBLES))
def test_double_space_token_stays_inside_its_two_hexes(where: str) -> None:
    state = small_state()
    bf = state.battlefield
    lay = layout_for(bf)
    hexes = _DOUBLES[where]
    assert hexes[0].distance(hexes[1]) == 1
    empty = render_map(_only(state, {}))
    alone = render_map(_only(state, {"grimnak": hexes}))
    changed = _map_diff(empty, alone, lay.map_w, lay.map_h)
    assert len(changed) > 1000  # the token is drawn
    mine = [hex_to_pixel(bf, h) for h in hexes]
    others = [hex_to_pixel(bf, h) for h in bf.hexes() if h not in hexes]
    r = lay.radius
    for x, y in changed:
        own = min((x - cx) ** 2 + (y - cy) ** 2 for cx, cy in mine) ** 0.5
        near = min((x - cx) ** 2 + (y - cy) ** 2 for cx, cy in others) ** 0.5
        # Nearer one of its own hexes' centres than any other (within anti-aliasing and shadow).
        assert own <= near + 0.1 * r, (where, (x, y), own, near)


def _label_area(state: MatchState, fid: str) -> tuple[int, int, int, int]:
    """The final-image box holding ``fid``'s label and pips."""
    from bot.render.figures import label_spot

    lay = layout_for(state.battlefield)
    (cx, cy), max_w = label_spot(lay, state.figures[fid])
    ss, r = lay.ss, lay.r
    half = min(max_w / 2, 0.55 * r)  # the box's corners stay on the disc
    return (round((cx - half) / ss), round((cy - 0.52 * r) / ss), round((cx + half) / ss), round((cy + 0.4 * r) / ss))


@pytest.mark.parametrize(("first", "second"), [
    ({"grimnak": (at(1, 0), at(0, 1))}, {"tarn1": (at(1, 1),)}),  # Grimnak beside a figure below it
    ({"grimnak": (at(0, 2), at(1, 2))}, {"syvarris": (at(0, 3), at(1, 3))}),  # two doubles, rows
    ({"grimnak": (at(2, 3), at(2, 4))}, {"syvarris": (at(3, 3), at(3, 4))}),  # two doubles, slanted
])
def test_a_neighbour_never_hides_a_label(first: dict[str, tuple[Hex, ...]],
                                         second: dict[str, tuple[Hex, ...]]) -> None:
    state = small_state()
    state.cards["p2/syvarris"].card = state.cards["p2/grimnak"].card  # a second double-space figure
    both = render_map(_only(state, {**first, **second}))
    for mine, theirs in ((first, second), (second, first)):
        fid = next(iter(mine))
        alone = render_map(_only(state, mine))
        box = _label_area(_only(state, mine), fid)
        diff = ImageChops.difference(alone.crop(box), both.crop(box)).getbbox()
        assert diff is None, (fid, "label changed by", next(iter(theirs)), box, diff)


def _moved(fid: str, *path: Hex) -> Event:
    return Event("moved", {"figure": fid, "path": [[h.q, h.r] for h in path], "levels": [1] * len(path),
                           "cost": len(path) - 1, "flew": False})


def test_ghosts_are_one_per_space_with_every_label() -> None:
    from bot.render.compose import overlay_plan
    from bot.render.overlays import ghost_lines

    state = small_state()
    x = at(2, 4)
    # Three figures left the same space this turn (each drawn where it stands now).
    events = [_moved("tarn1", x, at(1, 1)), _moved("tarn2", x, at(3, 1)), _moved("finn", x, at(2, 2))]
    _lay, plan = overlay_plan(state, events[:2])
    assert [(g.labels, g.lines) for g in plan.ghosts] == [(["TV1", "TV2"], ["TV1", "TV2"])]
    _lay, plan = overlay_plan(state, events)
    assert len(plan.ghosts) == 1 and plan.ghosts[0].lines == ["TV1", "+2"]
    assert ghost_lines(["GRI"]) == ["GRI"]
    # The plate stays inside its hex.
    lay = layout_for(state.battlefield)
    g = plan.ghosts[0]
    assert g.rect[2] - g.rect[0] < lay.r * 3 ** 0.5 and g.rect[3] - g.rect[1] < lay.r
    # Figures of two players: a neutral colour.
    _lay, plan = overlay_plan(state, [_moved("tarn1", x, at(1, 1)), _moved("syvarris", x, at(6, 1))])
    assert plan.ghosts[0].colour == pal.NAMED["grey"]
    # A ghost on a space someone stands on now is hidden under that token: no label.
    _lay, plan = overlay_plan(state, [_moved("tarn1", at(2, 2), at(1, 1))])
    assert plan.ghosts[0].covered


def test_a_path_crossing_a_ghost_leaves_its_label_readable() -> None:
    from bot.render.compose import overlay_plan

    state = small_state()
    lay = layout_for(state.battlefield)
    # TV1 left C5; Finn then walked through C5 (A5 is water: start from B5).
    ghost = _moved("tarn1", at(2, 4), at(1, 1))
    through = _moved("finn", at(1, 4), at(2, 4), at(3, 4), at(2, 3), at(2, 2))
    _lay, plan = overlay_plan(state, [ghost, through])
    rect = next(g.rect for g in plan.ghosts if g.labels == ["TV1"])
    box = tuple(round(v / lay.ss) for v in rect)
    box = (box[0] + 1, box[1] + 1, box[2] - 1, box[3] - 1)
    plain = render_map(state, events=[ghost, _moved("finn", at(3, 3), at(2, 2))])
    crossed = render_map(state, events=[ghost, through])
    assert ImageChops.difference(plain.crop(box), crossed.crop(box)).getbbox() is None
    # And the label is there: white letters on a dark plate.
    crop = crossed.crop(box).convert("L")
    assert crop.getextrema()[0] < 40 and crop.getextrema()[1] > 200
