"""``place-rest`` puts a double-space figure on two start-zone spaces of one level whatever their
terrains (a Virtualscape map's zone mixes grass and rock at one level)."""

from __future__ import annotations

from bot.rules.state import Phase
from tests.rules.conftest import build, card, full_match


def test_place_rest_pairs_spaces_of_one_level_with_different_terrains() -> None:
    # rule: HS-DOUBLE-01 (both spaces on the same level); HS-ARMY-02
    bf = build([{"q": [0, 9], "r": [0, 9], "level": 1, "terrain": "grass"}],
               hexes=[{"at": [1, 0], "level": 1, "terrain": "rock"}],
               start_zones={"1-north": [[0, 0], [1, 0]], "2-south": [{"q": [0, 9], "r": [8, 9]}]})
    dragon = card(name="Red Dragon", base=2, size="huge", height=9, points=150)
    m = full_match({"p1": [dragon]}, battlefield=bf)
    assert m.state.phase is Phase.ORDERS
    placed = m.state.figures[next(f for f in m.state.figures if f.startswith("red"))]
    assert sorted(placed.hexes) == [(0, 0), (1, 0)]
