"""The console plays the battlefield's pieces: ``cannon`` and attacks on destructible objects (issue 12)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from bot.console.local import Console
from bot.game.session import GameSession
from bot.rules import objects
from bot.rules.state import Phase

GUNLINE: dict[str, object] = {
    "format": "heroscape-map/1", "id": "gunline", "name": "Gunline",
    "fill": [{"q": [0, 11], "r": [0, 1], "level": 1, "terrain": "grass"}], "hexes": [],
    "obstacles": [{"kind": "cannon", "id": "c1", "at": [[1, 0]]}],
    "objects": [{"id": "fort1", "at": [[6, 1]], "height": 7, "life": 3, "defense": 3}],
    "glyphs": [], "start_zones": {"red": [[0, 0]], "blue": [[11, 0], [11, 1]]}}


def test_cannon_and_object_attacks_in_the_console(tmp_path: Path, extra_maps: Callable[..., None]) -> None:
    # rule: HS-OBSTACLE-04
    # rule: HS-DESTRUCT-01
    extra_maps(GUNLINE)
    out: list[str] = []
    session = GameSession.create("local", map_id="gunline", seed=3)
    names = iter(["Alice", "Bob"])
    con = Console(session, tmp_path, read=lambda _prompt: next(names), write=out.append, tty=False, screen=False)
    assert con.seat_players(False)
    for line in ("army Finn the Viking Champion", "Bob: army Grimnak", "start", "place-rest", "Bob: place-rest"):
        assert con.handle(line)
    st = session.state
    finn = next(f for f in st.figures.values() if f.owner == st.players[0].id)
    out.clear()
    con.cmd_targets(finn.id)
    assert not any("destructible objects" in line for line in out)  # Range 1: the object is far away
    for line in ("orders 1=Finn 2=Finn 3=Finn X=Finn", "Bob: orders 1=Grimnak 2=Grimnak 3=Grimnak X=Grimnak",
                 "initiative"):
        assert con.handle(line)
    st = session.state
    assert st.phase is Phase.TURNS
    if st.turn is not None and st.turn.player != st.players[0].id:
        assert con.handle("Bob: end-turn")
    out.clear()
    assert con.handle(f"cannon {finn.id} c1 fort1")
    fort = objects.find(session.state, "fort1")
    assert fort is not None and fort.defense == 3
    told = "\n".join(out)
    assert "fires at fort1" in told and "attacks the object fort1" in told, told
    out.clear()
    con.handle(f"cannon {finn.id} c1 fort1")  # again in the same turn: refused, in words
    assert any("HS-SPECIAL-01" in line or "never both" in line or "already attacked" in line for line in out), out


def test_targets_lists_the_cannons_a_figure_may_fire(tmp_path: Path, extra_maps: Callable[..., None]) -> None:
    # rule: HS-OBSTACLE-04
    # rule: HS-OBSTACLE-05
    extra_maps(GUNLINE)
    out: list[str] = []
    session = GameSession.create("local", map_id="gunline", seed=3)
    names = iter(["Alice", "Bob"])
    con = Console(session, tmp_path, read=lambda _prompt: next(names), write=out.append, tty=False, screen=False)
    assert con.seat_players(False)
    for line in ("army Finn the Viking Champion", "Bob: army Grimnak", "start", "place-rest", "Bob: place-rest"):
        assert con.handle(line)
    finn = next(f for f in session.state.figures.values() if f.owner == session.state.players[0].id)
    out.clear()
    con.cmd_targets(finn.id)
    line = next(x for x in out if "Cannon Fire" in x)
    # fort1 is 6 spaces from the cannon; Grimnak, at the far end, is 10: out of Range 8.
    assert "cannon c1 (at B1): fort1" in line and "grimnak" not in line, line
