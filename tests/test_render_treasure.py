"""Carried glyphs on the map picture: a line under their carrier's Army Card in the side panel."""

from __future__ import annotations

from bot.render.carried import carried_lines
from bot.render.figures import labels, player_colours
from bot.render.panel import BONUS_ROW, player_block
from tests.test_render_issue10 import small_state


def test_carried_glyphs_show_under_their_carriers_card() -> None:
    # rule: HS-TREASURE-06, HS-TECH-03
    state = small_state()
    names, prefixes = labels(state)
    before = player_block(state, "p1", player_colours(state)["p1"], prefixes, 400, 2, names)
    finn = next(f for f in state.figures.values() if f.card_key == "p1/finn")
    finn.carries[:] = ["talisman_of_defense", "jump_pack"]
    finn.flipped[:] = ["jump_pack"]
    assert carried_lines(state, "p1/finn", names) == ["carries Talisman of Defense, Jump Pack (used)"]
    assert carried_lines(state, "p1/tarn", names) == []
    after = player_block(state, "p1", player_colours(state)["p1"], prefixes, 400, 2, names)
    # lines for the glyphs, and one for the Talisman's Defense +1 the bonuses line now shows
    grown = after.height - before.height
    assert grown >= BONUS_ROW * 2 * 2 and grown % (BONUS_ROW * 2) == 0


def test_a_squad_figures_glyphs_name_the_figure() -> None:
    state = small_state()
    names, _ = labels(state)
    tv = next(f for f in state.figures.values() if f.card_key == "p1/tarn")
    tv.carries[:] = ["heroic_rune"]
    assert carried_lines(state, "p1/tarn", names) == [f"{names[tv.id]} carries Heroic Rune"]
