"""What the computer player thinks a glyph is worth to the figure that would stop on it, in the
units of its move scores (expected wounds; an attack adds :data:`~bot.game.ai.attacks.ATTACK_BONUS`).

It reads only what the table shows: a glyph lying symbol side up is worth nothing (the computer
does not peek at what it is). Power side up: the army bonuses (Astrid, Gerda...) are worth taking
and keeping, healing is worth the wounds it takes off, Mitonsoul (every figure risks a 1 in 20,
its own included) and a Brandar that sweeps figures away are avoided.
"""

from __future__ import annotations

from bot.rules.glyphs.board import POWER
from bot.rules.hexes import Hex
from bot.rules.state import Figure, MatchState

#: Worth of standing on each power glyph, power side up, for a figure of the army it helps.
WORTH: dict[str, float] = {
    # An army bonus lasts as long as the figure stays: worth a few spaces of approach.
    "astrid": 4.0, "gerda": 4.0, "jalgard": 5.0, "crevcor": 2.0, "ulaniva": 2.0, "ivor": 1.5, "valda": 1.5,
    "dagmar": 1.5, "lodin": 0.5, "thorian": 2.0, "wannok": 0.5, "rannveig": 0.0, "proftaka": -1.0,
    "brandar": 0.0, "erland": 0.5, "felaron": 0.2, "nilrend": 1.5, "oreld": 1.0, "quillivon": 0.5,
    "sturla": 0.5, "haukeland": 0.0, "kelda": 0.0, "mitonsoul": -8.0,
}
#: Worth of each Wound Marker a healing glyph takes off.
HEAL = 1.0


def glyph_value(st: MatchState, fig: Figure, body: tuple[Hex, ...]) -> float:
    """The worth of ``fig`` ending a move on ``body`` for the glyphs there (0 with none)."""
    if not st.glyphs:
        return 0.0
    total = 0.0
    for h in body:
        spot = st.glyphs.get(h)
        if spot is None or spot[1] != POWER:
            continue
        name = spot[0]
        if name == "brandar" and st.scenario.brandar == "swept_away":
            total -= 1000.0  # swept away to another world
        elif name == "brandar" and st.scenario.brandar == "picked_up":
            total += 25.0  # the scenario's prize (the Nanite Vial): worth a long way round
        elif name == "kelda":
            total += HEAL * fig.wounds
        elif name == "haukeland":
            hurt = sum(f.wounds for f in st.figures.values() if f.on_battlefield and f.controller == fig.controller)
            total += HEAL * min(3, hurt)
        else:
            total += WORTH.get(name, 0.0)
    return total
