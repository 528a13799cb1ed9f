"""Initiative bonuses from glyphs and from powers together: the Glyph of Dagmar (+8, HS-GLYPH-09)
and Mogrimm Forgehammer's Combat Leader (+3 with an Order Marker on his card) both add to the roll,
and the narration names each part."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from bot.game.narrate import Narrator
from bot.rules.state import Phase
from tests.glyphs.test_permanent import field
from tests.powers.shared_cards import shared_card
from tests.rules.conftest import begin_round, card, fig, markers, sandbox
from tests.test_narrate import Table

if TYPE_CHECKING:
    from bot.game.session import GameSession


def test_dagmar_and_combat_leader_both_add_to_the_initiative_roll() -> None:
    # rule: HS-GLYPH-09
    mogrimm, blue = shared_card("Mogrimm Forgehammer"), card(name="Blue Knight")
    eng = sandbox(fig("m", "p1", (7, 7), mogrimm), fig("b", "p2", (0, 0), blue),
                  battlefield=field(("dagmar", (7, 7), "power")))
    eng.state.phase = Phase.ORDERS
    eng.state.round = 1
    eng.state.revealed = {"p1": [], "p2": []}
    begin_round(eng, [2, 12], p1=markers(mogrimm.name), p2=markers("Blue Knight"))
    init = next(e for e in eng.events if e.kind == "initiative")
    assert init.data["rolls"] == {"p1": [2 + 8 + 3], "p2": [12]} and init.data["first"] == "p1"
    assert init.data["bonuses"] == {"p1": 8}
    assert init.data["bonus"] == {"p1": {"power": "Combat Leader", "amount": 3}}
    line = Narrator(cast("GameSession", Table(eng))).line(init)
    assert line == "Initiative: p1 13 (+8 from glyphs, +3 from Combat Leader); p2 12. p1 goes first."
