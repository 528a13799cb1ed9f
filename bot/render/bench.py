"""Renderer benchmark on a generated 600-space battlefield (levels up to 20, two armies).

:func:`run` returns ``(name, value, unit)`` rows: the full render with a cold static cache, a
turn render with the static layer cached, PNG encoding time, and the PNG size of each. Goals on a
2-core machine: full render under 400 ms, turn render under 120 ms.

The generated battlefield and match (:func:`sample_state`) also serve as a sample picture.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from collections.abc import Callable

from bot.rules.battlefield import Battlefield, Cell, GlyphSpot, Obstacle
from bot.rules.cards import ArmyCard
from bot.rules.events import Event
from bot.rules.hexes import Hex, from_offset
from bot.rules.scenario import SANDBOX
from bot.rules.state import CardInPlay, Figure, MatchState, Phase, Player, TurnState
from bot.rules.terrain import ObstacleKind, Terrain


def sample_battlefield(cols: int = 30, rows: int = 20, max_level: int = 20, seed: int = 7) -> Battlefield:
    """A ``cols`` x ``rows`` battlefield with hills up to ``max_level``, water, lava, ice, a road
    under a bridge, and one obstacle of every kind."""
    rng = random.Random(seed)
    columns: dict[Hex, list[Cell]] = {}
    for row in range(rows):
        for col in range(cols):
            h = from_offset(col, row)
            x, y = col / cols, row / rows
            height = (0.5 + 0.5 * math.sin(x * 7.0 + 1.3) * math.cos(y * 5.0 - 0.4)) * max_level
            level = max(0, min(max_level, round(height + rng.uniform(-0.6, 0.6))))
            if level <= 2:
                terrain = [Terrain.WATER, Terrain.SWAMP_WATER, Terrain.TOXIC_WATER][(col // 6) % 3]
                if col % 11 == 3 and row % 3 == 0:
                    terrain = Terrain.WELLSPRING_WATER
            elif level >= max_level - 2:
                terrain = Terrain.SNOW if col % 2 else Terrain.ICE
            elif level >= max_level - 5:
                terrain = Terrain.ROCK
            elif level <= 4:
                terrain = Terrain.SAND
            elif row == rows // 2:
                terrain = Terrain.ROAD
            else:
                terrain = Terrain.GRASS if rng.random() < 0.75 else Terrain.DIRT
            if 22 <= col <= 25 and 13 <= row <= 16 and level > 2:
                terrain = [Terrain.LAVA_FIELD, Terrain.MOLTEN_LAVA, Terrain.COOLING_LAVA][(col + row) % 3]
            if 2 <= col <= 5 and 14 <= row <= 16 and level > 2:
                terrain = [Terrain.SWAMP, Terrain.TOXIC_LAND, Terrain.JUNGLE, Terrain.SHADOW][(col + row) % 4]
            if 8 <= col <= 10 and 2 <= row <= 3:
                terrain = [Terrain.ASPHALT, Terrain.CONCRETE, Terrain.HIVE, Terrain.DUNGEON][(col + row) % 4]
            if 12 <= col <= 14 and 1 <= row <= 2:
                terrain = [Terrain.SLIPPERY_ICE, Terrain.THIN_ICE, Terrain.HEAVY_SNOW][(col + row) % 3]
            cells = [Cell(top=level, terrain=terrain)]
            if row == rows // 2 and 14 <= col <= 16:
                cells = [Cell(top=level, terrain=Terrain.ROAD), Cell(bottom=level + 4, top=level + 5, terrain=Terrain.WOOD)]
            columns[h] = cells
    tops = {h: c[-1].top for h, c in columns.items()}

    def at(col: int, row: int) -> Hex:
        """The hex at offset column ``col``, row ``row``."""
        return from_offset(col, row)

    def on(kind: ObstacleKind, height: int, *hexes: Hex) -> Obstacle | None:
        """An obstacle of ``kind`` and ``height`` standing on ``hexes``, at the highest of their tops;
        ``None`` if any hex is off the map."""
        if not all(h in tops for h in hexes):
            return None
        return Obstacle(kind=kind, height=height, level=max(tops[h] for h in hexes), hexes=hexes)

    def between(kind: ObstacleKind, height: int, a: Hex, b: Hex) -> Obstacle | None:
        """An obstacle of ``kind`` and ``height`` on the edge between ``a`` and ``b``, at the higher of
        their tops; ``None`` if either is off the map."""
        if a not in tops or b not in tops:
            return None
        return Obstacle(kind=kind, height=height, level=max(tops[a], tops[b]), between=(a, b))

    obstacles = [
        on(ObstacleKind.TREE, 10, at(6, 6), at(7, 6), at(6, 7)),
        on(ObstacleKind.TREE, 6, at(19, 8)),
        on(ObstacleKind.JUNGLE_TREE, 8, at(4, 12)),
        on(ObstacleKind.UNDERBRUSH, 1, at(5, 12)),
        on(ObstacleKind.OUTCROP, 4, at(17, 4), at(18, 4)),
        on(ObstacleKind.GLACIER, 5, at(27, 5), at(27, 6)),
        on(ObstacleKind.FORTIFIED_WALL, 7, at(11, 15)),
        on(ObstacleKind.CANNON, 2, at(12, 16)),
        between(ObstacleKind.RUIN, 3, at(9, 9), at(10, 9)),
        between(ObstacleKind.RUIN, 3, at(9, 9), at(9, 10)),
        between(ObstacleKind.WALL, 4, at(20, 12), at(21, 12)),
        between(ObstacleKind.STONE_WALL, 2, at(24, 8), at(24, 9)),
    ]
    zones = {
        "red": [at(c, r) for r in range(0, 2) for c in range(0, min(8, cols))],
        "blue": [at(c, r) for r in range(rows - 2, rows) for c in range(max(0, cols - 8), cols)],
    }
    glyphs = [g for g in (GlyphSpot("astrid", at(15, 6)), GlyphSpot("brandar", at(8, 12), "symbol")) if g.at in tops]
    return Battlefield.build(f"bench-{cols}x{rows}", columns, [o for o in obstacles if o is not None], zones, glyphs)


def _card(name: str, short: str, kind: str, figures: int, life: int, base: int = 1) -> ArmyCard:
    return ArmyCard.model_validate({
        "name": name, "short": short, "kind": kind, "rarity": "unique" if kind == "hero" else "common",
        "figures": figures, "life": life, "base": base, "move": 5,
        "range": 1, "attack": 3, "defense": 3, "height": 5, "size": "large" if base == 2 else "medium", "points": 50,
    })


ARMIES: dict[str, list[tuple[str, ArmyCard]]] = {
    "p1": [
        ("finn", _card("Finn the Viking Champion", "Finn", "hero", 1, 4)),
        ("thorgrim", _card("Thorgrim the Viking Champion", "Thorgrim", "hero", 1, 4)),
        ("tarn", _card("Tarn Viking Warriors", "Tarn Vikings", "squad", 4, 1)),
        ("mimring", _card("Mimring", "Mimring", "hero", 1, 5, base=2)),
        ("krav", _card("Krav Maga Agents", "Krav Maga", "squad", 3, 1)),
    ],
    "p2": [
        ("syvarris", _card("Syvarris", "Syvarris", "hero", 1, 4)),
        ("raelin", _card("Raelin the Kyrie Warrior", "Raelin", "hero", 1, 5)),
        ("izumi", _card("Izumi Samurai", "Izumi Samurai", "squad", 3, 1)),
        ("grimnak", _card("Grimnak", "Grimnak", "hero", 1, 5, base=2)),
        ("airborne", _card("Airborne Elite", "Airborne Elite", "squad", 4, 1)),
    ],
}


def sample_state(bf: Battlefield | None = None) -> MatchState:
    """A match on ``bf`` (default :func:`sample_battlefield`) in round 2, two armies of 10 figures."""
    bf = bf or sample_battlefield()
    state = MatchState(battlefield=bf, scenario=SANDBOX, phase=Phase.TURNS, round=2)
    state.players = [Player("p1", "Astrid", 0, zone="red"), Player("p2", "Bertil", 1, zone="blue")]
    free = sorted((h for h in bf.hexes() if not bf.obstacles_on(h)), key=lambda h: (h.r, h.q))
    rng = random.Random(3)
    taken: set[Hex] = set()
    for pid, army in ARMIES.items():
        band = [h for h in free if (h.r < 10) == (pid == "p1")]
        for key, card in army:
            ck = f"{pid}/{key}"
            cip = CardInPlay(key=ck, card=card, owner=pid, controller=pid)
            n = card.figures or 1
            for i in range(n):
                fid = f"{pid}/{key}{i + 1}" if n > 1 else f"{pid}/{key}"
                while True:
                    h = rng.choice(band)
                    hexes: tuple[Hex, ...] = (h,)
                    if card.base == 2:
                        tail = h.neighbour(0)
                        if tail not in bf or tail in taken or bf.obstacles_on(tail):
                            continue
                        hexes = (h, tail)
                    if not taken.intersection(hexes) and bf.cells(hexes[-1])[-1].top == bf.cells(h)[-1].top:
                        break
                taken.update(hexes)
                state.figures[fid] = Figure(fid, ck, pid, pid, hexes=hexes, level=bf.cells(h)[-1].top,
                                            wounds=(2 if key in ("finn", "grimnak") else 0))
                cip.figure_ids.append(fid)
            state.cards[ck] = cip
    state.figures["p2/izumi2"].destroyed = True
    state.orders = {"p1": {"1": "p1/finn", "2": "p1/tarn", "3": "p1/finn", "X": "p1/krav"},
                    "p2": {"1": "p2/izumi", "2": "p2/grimnak", "3": "p2/grimnak", "X": "p2/raelin"}}
    state.revealed = {"p1": ["1"], "p2": []}
    state.initiative = ["p1", "p2"]
    state.turn = TurnState(player="p1", card_key="p1/finn", marker="1")
    state.glyphs = {g.at: (g.name, g.side) for g in bf.glyphs}
    return state


def sample_events(state: MatchState) -> list[Event]:
    """A turn: Finn moves three spaces and attacks twice; one Izumi Samurai is destroyed."""
    finn = state.figures["p1/finn"]
    izumi = state.figures["p2/izumi2"]
    end = finn.hexes[0]
    busy = {h for f in state.figures.values() if f.on_battlefield for h in f.hexes}
    path = [end]
    for d in (0, 5, 0, 1, 3, 2, 4):
        nxt = path[0].neighbour(d)
        if nxt in state.battlefield and nxt not in busy and nxt not in path and not state.battlefield.obstacles_on(nxt):
            path.insert(0, nxt)
        if len(path) == 4:
            break
    izumi_at = next(h for h in end.neighbours() if h in state.battlefield and h not in busy and h not in path)
    izumi.hexes = (izumi_at,)
    target = state.figures["p2/syvarris"]
    return [
        Event("turn_started", {"player": "p1", "marker": "1", "card": "p1/finn"}),
        Event("swipe", {"attacker": "p2/izumi2", "target": "p1/finn", "dice": [1], "wounds": 0}),
        Event("moved", {"figure": "p1/finn", "path": [[h.q, h.r] for h in path], "levels": [], "cost": 3, "flew": False}),
        Event("attack", {"attacker": "p1/finn", "target": "p2/izumi2", "special": None, "attack_dice": [], "defense_dice": [],
                         "skulls": 3, "shields": 1, "wounds": 2}),
        Event("destroyed", {"figure": "p2/izumi2", "at": [[izumi_at.q, izumi_at.r]], "cause": "attack"}),
        Event("attack", {"attacker": "p1/finn", "target": target.id, "special": None, "attack_dice": [], "defense_dice": [],
                         "skulls": 1, "shields": 2, "wounds": 0}),
    ]


def _time(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def _measure(state: MatchState, events: list[Event], repeat: int, prefix: str = "") -> list[tuple[str, float, str]]:
    """Full (cold) and cached renders of ``state``, PNG encoding and sizes, as rows named with ``prefix``."""
    from bot.render.compose import encode_png, render_map
    from bot.render.static import clear_cache

    def cold() -> object:
        """Render the map with the static layer cache cleared first (the full, cold cost)."""
        clear_cache()
        return render_map(state, events=events)

    full_ms = _time(cold, repeat)
    full = render_map(state, events=events)
    warm_events = events[2:4]
    render_map(state, events=warm_events)
    turn_ms = _time(lambda: render_map(state, events=warm_events), repeat)
    turn = render_map(state, events=warm_events)
    png_ms = _time(lambda: encode_png(turn), repeat)
    full_png = encode_png(full)
    turn_png = encode_png(turn)
    return [
        (f"{prefix}spaces", float(len(state.battlefield)), "spaces"),
        (f"{prefix}image_long_side", float(max(full.size)), "px"),
        (f"{prefix}render_full_cold", round(full_ms, 1), "ms"),
        (f"{prefix}render_turn_cached", round(turn_ms, 1), "ms"),
        (f"{prefix}png_encode", round(png_ms, 1), "ms"),
        (f"{prefix}png_full", round(len(full_png) / 1024, 1), "KB"),
        (f"{prefix}png_turn", round(len(turn_png) / 1024, 1), "KB"),
    ]


def largest_shared_map() -> tuple[str, Battlefield] | None:
    """The shared community map (``../shared/maps`` next to this checkout) with the most spaces, or
    ``None`` when the folder is not there."""
    from pathlib import Path

    from bot.content.importers import read_map_file
    from bot.content.importers.sidefile import with_proposed_zones
    from bot.content.importers.summary import spaces

    folder = Path(__file__).resolve().parents[3] / "shared" / "maps"
    best: tuple[int, str, Battlefield] | None = None
    for path in sorted(folder.glob("*/*")):
        if path.suffix.lower() not in (".hsc", ".json"):
            continue
        bf = read_map_file(path).battlefield
        n = len(spaces(bf))
        if best is None or n > best[0]:
            best = (n, path.name, bf)
    if best is None:
        return None
    return best[1], with_proposed_zones(best[2])[0]


def run(repeat: int = 5) -> list[tuple[str, float, str]]:
    """Measure; rows are ``(name, value, unit)``: the 600-space synthetic battlefield, then (when
    ``../shared/maps`` is there) the largest shared community map, prefixed ``shared_``, with the
    whole-map picture of ``maps show`` / ``/maps show`` (``shared_map_picture``)."""
    state = sample_state()
    rows = _measure(state, sample_events(state), repeat)
    shared = largest_shared_map()
    if shared is not None:
        from bot.render.compose import encode_png
        from bot.render.mapview import map_picture
        from bot.render.static import clear_cache

        name, bf = shared
        print(f"# shared map: {name}", file=sys.stderr)
        st = sample_state(bf)
        rows += _measure(st, sample_events(st), repeat, "shared_")

        def picture() -> object:
            clear_cache()
            return map_picture(bf)

        rows.append(("shared_map_picture_cold", round(_time(picture, repeat), 1), "ms"))
        rows.append(("shared_map_picture_png", round(len(encode_png(map_picture(bf))) / 1024, 1), "KB"))
    return rows


if __name__ == "__main__":
    for name, value, unit in run():
        print(f"{name}: {value} {unit}")
