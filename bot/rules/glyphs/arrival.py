"""A figure moving onto a power glyph: it stops there (movement), the glyph is turned power side up
and acts (HS-GLYPH-01..05).

:func:`arrive` is called by the move as soon as the figure stands on its last space: a glyph lying
symbol side up is turned over at once (HS-GLYPH-02) and said; the glyph then acts in the "end of
move" window through :class:`GlyphActs` (a Glyph effect, after terrain at the same moment,
HS-TIMING-05): a permanent glyph starts working for the army of the figure on it (its hooks read
the battlefield, :mod:`bot.rules.glyphs.permanent`; HS-GLYPH-04), Brandar does what the scenario
says (HS-GLYPH-07), and a temporary glyph leaves the game and carries out its rule once
(HS-GLYPH-05; :mod:`bot.rules.glyphs.temporary`), asking its player with the engine's decisions
where the rule lets them choose.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules.events import hx
from bot.rules.glyphs import temporary
from bot.rules.glyphs.board import POWER, SYMBOL, power_glyph, under
from bot.rules.glyphs.catalogue import NO_EFFECT, UNKNOWN
from bot.rules.hexes import Hex
from bot.rules.state import Figure
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

GLYPH_EFFECT = "glyph"


def arrive(eng: RulesContext, fig: Figure) -> dict[str, Any]:
    """``fig`` has just ended a move: turn a symbol-side-up power glyph under it power side up
    (HS-GLYPH-02) and return the arguments that let the "end of move" window make it act
    (``{"glyph": [q, r]}``), or ``{}`` when it stands on no power glyph."""
    st = eng.state
    if not fig.on_battlefield:
        return {}
    for h, name, side in under(st, fig):
        info = power_glyph(st, h)
        if info is None:
            continue
        if side == SYMBOL:
            st.glyphs[h] = (name, POWER)
            eng.emit("glyph_turned", glyph=name, title=info.title, at=hx(h), figure=fig.id, player=fig.controller,
                     rule="HS-GLYPH-02")
        return {"glyph": hx(h)}
    return {}


@register
class GlyphActs(Effect):
    """The glyph under the figure that just moved acts (HS-GLYPH-02, -03): see the module doc.

    Its follow-up decisions (which figure Erland summons, which glyph Felaron removes...) come
    back here with ``step`` in the trigger's data and go to the glyph's handler.
    """

    name = GLYPH_EFFECT
    window = Window.END_OF_MOVE
    source = Source.GLYPH
    rule = "HS-GLYPH-03"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        args = engine.open_windows[-1].args if engine.open_windows else {}
        at, fid = args.get("glyph"), args.get("figure")
        st = engine.state
        if at is None or fid not in st.figures:
            return []
        spot = st.glyphs.get(Hex(*at))
        if spot is None:
            return []
        fig = st.figures[fid]
        return [Trigger(self.name, fig.controller, fig.id, (("at", list(at)), ("name", spot[0])))]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        st = engine.state
        fig = st.figures.get(trigger.subject)
        at = Hex(*trigger.get("at"))
        return fig is not None and fig.on_battlefield and at in fig.hexes and at in st.glyphs

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return f"Glyph of {str(trigger.get('name', '')).capitalize()}"

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        return temporary.accept(engine, trigger, answer)

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        if trigger.get("step") is not None:
            temporary.step(engine, trigger, choice)
            return
        st = engine.state
        name = str(trigger.get("name"))
        at = Hex(*trigger.get("at"))
        fig = st.figures[trigger.subject]
        info = power_glyph(st, at)
        if info is None:
            return
        who = st.player(fig.controller).name if any(p.id == fig.controller for p in st.players) else fig.controller
        if name == "brandar":
            brandar(engine, fig, at)
            return
        if name in NO_EFFECT:  # unnamed by the map, or a card's Vines: stopped on, no effect (said)
            result = ("the map did not say which glyph this is, so it has no effect" if name == UNKNOWN.name
                      else f"{fig.id} is caught and stops here")
            engine.emit("glyph", glyph=name, title=info.title, figure=fig.id, player=fig.controller, at=hx(at),
                        rule=info.rule, result=result)
            return
        if info.permanent:
            engine.emit("glyph", glyph=name, title=info.title, figure=fig.id, player=fig.controller,
                        at=hx(at), rule=info.rule, result=f"{info.power} works for {who}'s army while {fig.id} stands on it")
            return
        temporary.remove_glyph(engine, at, "used")  # a temporary glyph works once (HS-GLYPH-05)
        temporary.start(engine, trigger, fig)


def brandar(eng: RulesContext, fig: Figure, at: Hex) -> None:
    """The Glyph of Brandar: what the scenario says (HS-GLYPH-07). ``swept_away`` (The Rift, Rumble
    at the Rift Veteran) removes the figure from the battlefield; with no scenario rule the figure
    has only stopped on it."""
    rule = eng.state.scenario.brandar
    if rule == "picked_up":  # the glyph goes on the figure's Army Card (HS-SCEN-CRIT2-SEAS-02)
        eng.state.glyphs.pop(at, None)
        fig.carries.append("brandar")
        eng.emit("glyph", glyph="brandar", title="Glyph of Brandar", figure=fig.id, player=fig.controller,
                 at=hx(at), rule="HS-GLYPH-07", result=f"{fig.id} picks it up: it goes on {fig.id}'s Army Card")
        return
    if rule == "swept_away":
        eng.emit("glyph", glyph="brandar", title="Glyph of Brandar", figure=fig.id, player=fig.controller,
                 at=hx(at), rule="HS-GLYPH-07", result=f"{fig.id} is swept away to another world")
        eng.destroy(fig, "swept away by the Glyph of Brandar")
        return
    eng.emit("glyph", glyph="brandar", title="Glyph of Brandar", figure=fig.id, player=fig.controller, at=hx(at),
             rule="HS-GLYPH-07", result="this scenario gives it no rule: the figure only stops on it")
