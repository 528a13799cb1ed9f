"""The console and carried glyphs: ``use``, ``move ... drop``, ``status`` and ``help``."""

from __future__ import annotations

from pathlib import Path

from bot.console.local import HELP
from tests.test_console import started


def test_use_drop_and_status_in_the_console(tmp_path: Path) -> None:
    # rule: HS-TREASURE-31, HS-TREASURE-36, HS-TREASURE-07
    con, script = started(tmp_path)
    st = con.state
    turn = st.turn
    assert turn is not None
    finn = next(f for f in st.figures.values() if f.card_key.endswith("finn-the-viking-champion"))
    grimnak = next(f for f in st.figures.values() if f is not finn)
    mover = finn if turn.player == finn.controller else grimnak
    who = "" if mover is finn else "Bob: "
    mover.carries[:] = ["elixir_of_speed", "heroic_rune"]
    con.session.match.changed_outside()  # (set by hand: a refusal must not undo it)
    script.out.clear()
    assert con.handle(f"{who}status")
    assert any(f"{mover.id}@" in line and "carrying Elixir of Speed, Heroic Rune" in line for line in script.out)
    script.out.clear()
    con.handle(f"{who}use {mover.id} potion_of_healing")
    assert any("does not carry Potion of Healing" in line and "HS-TREASURE-31" in line for line in script.out)
    assert con.handle(f"{who}use {mover.id} elixir_of_speed")
    assert any("uses Elixir of Speed" in line for line in script.out)
    st = con.state  # a refused command puts back a copy of the state: look the figure up again
    mover = st.figures[mover.id]
    assert mover.carries == ["heroic_rune"]
    start = mover.hexes[0]
    nxt = next(h for h in start.neighbours() if h in st.battlefield and st.occupant(h) is None)
    lab = st.battlefield.label
    assert con.handle(f"{who}move {mover.id} path {lab(nxt)} drop heroic_rune@{lab(start)}")
    assert mover.carries == [] and st.glyphs[start] == ("heroic_rune", "power")


def test_help_lists_use_and_drop() -> None:
    assert "use FIG GLYPH [TARGET]" in HELP and "drop GLYPH@SPACE" in HELP
