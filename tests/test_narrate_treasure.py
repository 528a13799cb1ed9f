"""Narration of Treasure and Tech Glyph events: every line says what the glyph did, in words."""

from __future__ import annotations

from typing import cast

from bot.game.narrate import Narrator
from bot.game.session import GameSession
from bot.rules.hexes import Hex
from tests.rules.conftest import BLANK, SKULL, card, fig, roll, sandbox
from tests.rules.helpers_geo import attack, move
from tests.rules.treasure_helpers import answer, carrying, lay
from tests.test_narrate import Table

OGRE = card(name="Ogre", attack=6)


def _lines(eng, events) -> list[str]:  # type: ignore[no-untyped-def]
    n = Narrator(cast("GameSession", Table(eng)))
    return [line for e in events if (line := n.line(e))]


def test_picking_up_dropping_and_falling_are_told() -> None:
    # rule: HS-TREASURE-03, HS-TREASURE-07, HS-TREASURE-09
    eng = sandbox(fig("hero", "p1", (0, 2)), fig("ogre", "p2", (4, 2), OGRE))
    lab = eng.state.battlefield.label
    lay(eng, 2, 2, "heroic_rune")
    move(eng, "hero", [(1, 2), (2, 2)])
    got = _lines(eng, answer(eng, "yes"))
    assert f"💎 hero picks up Heroic Rune at {lab(Hex(2, 2))}." in got
    carrying(eng, "hero", "heroic_rune", "elixir_of_speed")
    eng.execute("p1", "end-turn")
    got = _lines(eng, eng.execute("p1", "move hero path 3,2 drop elixir_of_speed@2,2"))
    assert f"💎 hero drops Elixir of Speed on its way, at {lab(Hex(2, 2))} (power side up)." in got
    roll(eng, [SKULL] * 6 + [BLANK] * 3)
    got = _lines(eng, attack(eng, "ogre", "hero"))
    assert f"💎 hero drops Heroic Rune where it fell, at {lab(Hex(3, 2))} (power side up)." in got


def test_traps_uses_and_tech_glyphs_are_told() -> None:
    # rule: HS-TREASURE-12, HS-TREASURE-42, HS-TECH-03
    from bot.rules.treasure import carry

    eng = sandbox(fig("hero", "p1", (0, 2)), fig("foe", "p2", (0, 6)))
    carry.set_traps(eng.state)
    lay(eng, 1, 2, "heroic_rune", "symbol")
    move(eng, "hero", [(1, 2)])
    roll(eng, d20=[3])
    assert ("💥 hero tries to pick up the face-down glyph: d20 3 — the trap goes off; the glyph stays."
            in _lines(eng, answer(eng, "yes")))
    eng.execute("p1", "end-turn")
    carrying(eng, "hero", "bolt_of_the_witherwood", "jump_pack", flipped=("jump_pack",))
    roll(eng, d20=[17])
    got = _lines(eng, eng.execute("p1", "use hero bolt_of_the_witherwood foe"))
    assert "💎 hero uses Bolt of the Witherwood on foe: d20 17 — destroyed." in got
    eng.setup_figure("p2", card(name="Other"), "other", [Hex(7, 7)])
    got = _lines(eng, eng.execute("p1", "end-round"))
    assert "⚙ hero's Jump Pack turned power side up: ready again." in got


def test_a_teleport_is_told_without_a_count_of_spaces() -> None:
    # rule: HS-TREASURE-33
    eng = sandbox(fig("hero", "p1", (0, 2)), fig("foe", "p2", (7, 7)))
    carrying(eng, "hero", "bracers_of_teleportation")
    lab = eng.state.battlefield.label
    got = _lines(eng, eng.execute("p1", "use hero bracers_of_teleportation 5,2"))
    assert got == ["💎 hero uses Bracers of Teleportation.", f"hero teleports {lab(Hex(0, 2))} → {lab(Hex(5, 2))}."]
