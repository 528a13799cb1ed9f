"""The picture shows rope ladders and destructible objects with the Life they have left (issue 12)."""

from __future__ import annotations

from PIL import Image

from bot.render.compose import render_map
from bot.render.pieces import LADDER_COLOUR, OBJECT_BADGE
from bot.rules import objects
from tests.rules.conftest import build, fig, sandbox

FIELD = [{"q": [0, 7], "r": [0, 5], "level": 1, "terrain": "grass"}]
FORT = {"id": "fort1", "at": [[5, 3]], "height": 7, "life": 3, "defense": 3}


def near(img: Image.Image, colour: tuple[int, int, int], tolerance: int = 12) -> int:
    """How many pixels are within ``tolerance`` of ``colour`` on every channel."""
    raw = img.convert("RGB").tobytes()
    pixels = zip(raw[0::3], raw[1::3], raw[2::3], strict=True)
    return sum(1 for p in pixels if all(abs(a - b) <= tolerance for a, b in zip(p, colour, strict=True)))


def test_a_rope_ladder_is_drawn() -> None:
    # rule: HS-LADDER-01
    ladder = build(FIELD, hexes=[{"at": [2, 1], "level": 9, "terrain": "rock"}],
                   ladders=[{"top": [2, 1], "bottom": [3, 1], "bottom_level": 5}])
    plain = build(FIELD, hexes=[{"at": [2, 1], "level": 9, "terrain": "rock"}])
    with_it = near(render_map(sandbox(fig("a", "p1", (6, 4)), battlefield=ladder).state), LADDER_COLOUR)
    without = near(render_map(sandbox(fig("a", "p1", (6, 4)), battlefield=plain).state), LADDER_COLOUR)
    assert with_it > without + 20


def test_an_object_shows_its_life_left_and_leaves_the_picture_when_destroyed() -> None:
    # rule: HS-DESTRUCT-01
    eng = sandbox(fig("a", "p1", (1, 1)), battlefield=build(FIELD, objects=[FORT]))
    objects.wound(eng.state, "fort1", 1)
    standing = near(render_map(eng.state), OBJECT_BADGE)  # the red player's token has a little of it
    objects.wound(eng.state, "fort1", 2)
    gone = near(render_map(eng.state), OBJECT_BADGE)
    assert standing > gone + 100


def test_the_last_turn_summary_tells_attacks_on_objects() -> None:
    # rule: HS-DESTRUCT-01
    from bot.render.summary import actions
    from bot.rules.dice import BLANK, SKULL

    eng = sandbox(fig("a", "p1", (2, 2)), battlefield=build(objects=[{**FORT, "at": [[3, 2]], "life": 1, "defense": 0}]),
                  combat=[SKULL, BLANK, BLANK])
    events = eng.execute("p1", "attack a fort1")
    assert actions(eng.state, events, {}) == ["a attacked fort1: 1 wound", "fort1 destroyed"]


def test_a_cannon_shows_its_id() -> None:
    # rule: HS-OBSTACLE-04
    named = build(FIELD, obstacles=[{"kind": "cannon", "id": "c1", "at": [[4, 4]]}])
    plain = build(FIELD, obstacles=[{"kind": "cannon", "at": [[4, 4]]}])
    a = render_map(sandbox(fig("a", "p1", (1, 1)), battlefield=named).state)
    b = render_map(sandbox(fig("a", "p1", (1, 1)), battlefield=plain).state)
    assert a.size == b.size and a.tobytes() != b.tobytes()


def test_the_legend_names_destructible_objects() -> None:
    # rule: HS-DESTRUCT-01
    from bot.render.legend import _name

    assert _name("object") == "destructible object" and _name("jungle_tree") == "jungle tree"
