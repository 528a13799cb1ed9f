"""The Onslaught picture: real pixels where the map, the minis, the moves and the panel should be, and
the initiative order as each viewer may know it."""

from __future__ import annotations

import io

from PIL import Image

from bot.games.onslaught.picture import (
    BLOCK,
    CELL,
    HIT,
    MARGIN,
    PANEL,
    SIDE_COLOUR,
    initiative_lines,
    panel_lines,
    picture,
    picture_png,
)
from bot.onslaught.events import Event
from bot.onslaught.files import load
from bot.onslaught.legal import assignments
from bot.onslaught.match import Match

LIB = load()
PARTIES = {"A": LIB.parties["Lantern Company (invented)"], "B": LIB.parties["Thorn Circle (invented)"]}


def centre(col: int, row: int) -> tuple[int, int]:
    return MARGIN + col * CELL + CELL // 2, MARGIN + row * CELL + CELL // 2


def near(px: tuple[int, ...], colour: tuple[int, int, int], slack: int = 12) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(px[:3], colour, strict=True))


def pixels(img: Image.Image) -> list[tuple[int, int, int]]:
    raw = img.convert("RGB").tobytes()
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]


def started(scenario: str = "skirmish") -> Match:
    m = Match(LIB, scenario, PARTIES, seed=7)
    for side in ("A", "B"):
        m.apply(side, next(assignments(m.state, side)))
    return m


def test_size_is_the_map_plus_the_panel() -> None:
    m = started()
    img = picture(m.state)
    assert img.size[0] == 2 * MARGIN + 12 * CELL + PANEL
    assert img.size[1] >= 2 * MARGIN + 9 * CELL
    png = picture_png(m.state)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert Image.open(io.BytesIO(png)).size == img.size


def test_tokens_terrain_and_panel_have_their_pixels() -> None:
    m = started()
    img = picture(m.state).convert("RGB")
    # Brask on B1 is party A's blue token (the ring of the activating mini is around it, not over it).
    x, y = centre(1, 0)
    assert near(img.getpixel((x - 14, y + 14)), SIDE_COLOUR["A"])
    # Grell on B9 is party B's red token.
    x, y = centre(1, 8)
    assert near(img.getpixel((x - 14, y + 14)), SIDE_COLOUR["B"])
    # The crossroads' blocking squares E3:F4 are dark.
    x, y = centre(4, 2)
    assert near(img.getpixel((x - 2, y - 25)), BLOCK, slack=30)
    # The panel has text: dark pixels right of the map.
    panel = img.crop((2 * MARGIN + 12 * CELL + 4, 0, img.size[0], 120))
    assert sum(1 for p in pixels(panel) if sum(p) < 200) > 200


def test_a_move_and_a_hit_are_drawn() -> None:
    m = started()
    events = m.apply("A", "activate Brask") + m.apply("A", "move Brask B4")
    img = picture(m.state, "", events).convert("RGB")
    plain = picture(m.state).convert("RGB")
    x0, y0 = centre(1, 0)
    x1, y1 = centre(1, 3)
    between = [(x0, y) for y in range(y0 + 30, y1 - 30, 4)]
    assert any(img.getpixel(p) != plain.getpixel(p) for p in between), "no arrow between B1 and B4"
    hit = Event("attack", {"attacker": "Brask", "target": "Gloomrat1", "from": (1, 3), "at": (0, 4), "hit": True,
                           "ability": "Mace"})
    img = picture(m.state, "", [hit, Event("damage", {"mini": "Gloomrat1", "amount": 2, "hp": 1})]).convert("RGB")
    reds = sum(1 for p in pixels(img.crop((MARGIN, MARGIN + 3 * CELL, MARGIN + 2 * CELL, MARGIN + 5 * CELL)))
               if near(p, HIT, slack=30))
    assert reds > 40


def test_the_panel_shows_initiative_as_each_viewer_may_know_it() -> None:
    # rule: DDO-INIT-06, DDO-INIT-05
    m = started()
    public = "\n".join(t for t, _ in initiative_lines(m.state, ""))
    mine = "\n".join(t for t, _ in initiative_lines(m.state, "A"))
    assert "1  Brask" in public  # Initiative 1 is face up
    assert "3  Ysolde" not in public and "face down (party A): Ysolde, Merrin, Tobbit, Kestra" in public
    assert "3  Ysolde" in mine and "2  Grell" not in mine
    assert "3.5" not in public and "5.5  Gloomrat (monsters)" in public
    lines = [t for _, t, _ in panel_lines(m.state, "")]
    assert "Round 1 of 8 · Action Phase · Initiative 1: party A" in lines
    assert "Victory points   A 0  ·  B 0" in lines
    assert any(t.startswith("Brask  HP 16/16  AC 15  Spd 4  XP 0") for t in lines)
    assert "dials: Hold the Line ready · Shield Bash ready · Brace ready" in lines


def test_the_vault_draws_doors_portals_and_a_large_champion() -> None:
    m = started("vault")
    img = picture(m.state).convert("RGB")
    assert img.size[0] == 2 * MARGIN + 10 * CELL + PANEL
    # Door D1 between D3 and D4 (closed): brown across the side.
    x = MARGIN + 3 * CELL + CELL // 2 - 20
    assert near(img.getpixel((x, MARGIN + 3 * CELL)), (128, 74, 30), slack=20)
    # The Cinder Wyrmling covers E5:F6: the token's green at the corner of the four squares.
    assert near(img.getpixel((MARGIN + 5 * CELL + 30, MARGIN + 5 * CELL + 30)), SIDE_COLOUR["monsters"], slack=20)


def test_cooldown_dials_show_under_each_character() -> None:
    # rule: DDO-COOL-02, DDO-COOL-04
    m = started()
    st = m.state
    brask = st.minis["Brask"]
    x, y = centre(1, 0)
    top = y + int(CELL * 0.38) - 6 + 5
    ready = picture(st).convert("RGB")
    assert near(ready.getpixel((x - 12, top)), (60, 160, 70))  # the first of three dials, ready
    brask.dials["Hold the Line"] = 2
    brask.dials["Brace"] = "exhausted"
    img = picture(st).convert("RGB")
    assert near(img.getpixel((x - 12 - 3, top)), (226, 150, 30), slack=20)  # amber, beside its number
    assert near(img.getpixel((x + 12, top)), (60, 56, 52))
