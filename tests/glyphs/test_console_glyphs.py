"""A match in the console on a map with glyphs: a glyph is turned over and acts, narrated; ``glyph
NAME`` explains one; the map image draws the glyph key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.rules.hexes import Hex
from bot.rules.state import Phase
from tests.conftest import AddMaps
from tests.test_console import console

#: Eight by four grass spaces, start zones at the short ends, Gerda face down next to red's zone.
GLYPH_FIELD: dict[str, Any] = {
    "format": "heroscape-map/1", "id": "glyph-field", "name": "Glyph Field",
    "fill": [{"q": [0, 7], "r": [0, 3], "level": 1, "terrain": "grass"}], "hexes": [], "obstacles": [],
    "glyphs": [{"name": "gerda", "at": [2, 1], "side": "symbol"}, {"name": "astrid", "at": [5, 3], "side": "power"}],
    "start_zones": {"red": [{"q": [0, 1], "r": [0, 3]}], "blue": [{"q": [6, 7], "r": [0, 3]}]}}


def test_console_match_turns_a_glyph_over_and_it_works(tmp_path: Path, extra_maps: AddMaps) -> None:
    # rule: HS-GLYPH-02
    # rule: HS-GLYPH-10
    extra_maps(GLYPH_FIELD)
    con, script = console(tmp_path, "Alice", "Bob", map_id="glyph-field")
    assert con.seat_players(False)
    for line in ("army Finn", "Bob: army Syvarris", "start", "place-rest", "Bob: place-rest",
                 "orders 1=finn 2=finn 3=finn X=finn", "Bob: orders 1=syvarris 2=syvarris 3=syvarris X=syvarris",
                 "initiative"):
        assert con.handle(line)
    st = con.state
    assert st.phase is Phase.TURNS
    while st.turn is not None and st.turn.player != "alice":
        assert con.handle("Bob: end-turn")
        st = con.state
    label = st.battlefield.label(Hex(2, 1))
    assert con.handle(f"move finn {label}")
    text = script.text
    assert f"turns over the glyph at {label}: it is the Glyph of Gerda" in text
    assert "✦ Glyph of Gerda: Defense +1 works for Alice's army" in text
    assert con.state.glyphs[Hex(2, 1)] == ("gerda", "power")
    assert con.handle("glyph gerda")
    assert "Glyph of Gerda (Defense +1) — permanent power glyph, map letter G" in script.text
    assert con.handle("glyph gerdda")
    assert "error: no glyph is called 'gerdda': did you mean gerda" in script.text
    assert con.handle("map")
    assert list(tmp_path.rglob("*.png"))
