"""Building block ``move_object``: the holder moves an object lying on the battlefield (Mage Hand
of Heirloom: ``object`` "Treasure Glyph", ``distance`` 4, ``window`` "after move, before attack").

After moving and before attacking (HS-TURN-06), once per turn for each figure of the card, its
controller may pick a Treasure Glyph lying on an unoccupied space within ``distance`` spaces of the
holder (its space's label, or ``skip``), then an empty space next to the holder on its level with
no glyph (a label): the glyph goes there as it lay (a face-down glyph is not revealed).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.hexes import Hex
from bot.rules.powers._effects import SKIP, PowerEffect
from bot.rules.powers._free import empty_next_to
from bot.rules.powers._turns import once_each
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register
from bot.rules.treasure.catalogue import describe

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (a power's ``kind``, the shared file's ``params.pattern``) this module enforces.
KINDS = frozenset({"move_object"})

KIND = "move_object"


def check_move_object(values: dict[str, Any]) -> str | None:
    """Why a ``move_object`` cannot be enforced, or ``None``."""
    if values.get("object") != "Treasure Glyph":
        return f"moving '{values.get('object')}' is not built yet"
    if not isinstance(values.get("distance"), int) or isinstance(values.get("distance"), bool):
        return f"the distance '{values.get('distance')}' is not understood"
    if values.get("window") != "after move, before attack":
        return f"the moment '{values.get('window')}' is not built yet"
    extra = sorted(set(values) - {"object", "distance", "window"})
    return f"the parameter '{extra[0]}' is not understood" if extra else None


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {KIND: check_move_object}


def glyphs_in_reach(st: MatchState, fig: Figure, reach: int) -> list[Hex]:
    """The spaces of Treasure Glyphs on unoccupied spaces within ``reach`` of ``fig``, in label order."""
    return sorted((h for h, (name, _) in st.glyphs.items() if describe(name) is not None and st.occupant(h) is None
                   and min(h.distance(x) for x in fig.hexes) <= reach), key=lambda h: (h.r, h.q))


def landing(st: MatchState, fig: Figure) -> list[Hex]:
    """The empty spaces next to ``fig`` on its level with no glyph, in label order."""
    return [h for h in empty_next_to(st, fig, fig.level) if h not in st.glyphs]


@register
class MageHand(PowerEffect):
    """After moving: which glyph comes (a space's label, or ``skip``), then where next to the holder."""

    name = KIND
    window = Window.AFTER_MOVING
    per_figure = True
    optional = True
    rule = "HS-TURN-06"

    def _ready(self, st: MatchState, fig: Figure) -> int | None:
        p = st.card_of(fig).power(KIND)
        if p is None or check_move_object(p.values) is not None or not fig.on_battlefield:
            return None
        return int(p.values["distance"])

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state

        def ready(fig: Figure) -> bool:
            reach = self._ready(st, fig)
            return reach is not None and bool(glyphs_in_reach(st, fig, reach)) and bool(landing(st, fig))

        return once_each(engine, self.name, ready)

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        fig = st.figures[trigger.subject]
        reach = self._ready(st, fig)
        return [st.battlefield.label(h) for h in glyphs_in_reach(st, fig, reach or 0)] + [SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return (f"{self.power_name(engine, trigger)}: which Treasure Glyph does {trigger.subject} move next to it "
                f"(its space), or {SKIP}?")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        reach = self._ready(st, fig)
        if st.turn is None or reach is None or choice in (None, SKIP):
            return
        st.turn.data[f"{self.name}:{fig.id}"] = True
        if trigger.get("step") != "to":
            src = next((h for h in glyphs_in_reach(st, fig, reach) if st.battlefield.label(h) == choice), None)
            ends = landing(st, fig)
            if src is not None and ends:
                engine.ask(trigger.with_data(step="to", src=(src.q, src.r)),
                           f"{self.power_name(engine, trigger)}: onto which space next to {fig.id}?",
                           [st.battlefield.label(h) for h in ends], self.rule)
            return
        src = Hex(*trigger.get("src"))
        dest = next((h for h in landing(st, fig) if st.battlefield.label(h) == choice), None)
        if dest is None or src not in st.glyphs:
            return
        st.glyphs[dest] = st.glyphs.pop(src)
        engine.emit("power", power=self.power_name(engine, trigger), figure=fig.id, player=trigger.controller,
                    success=True, result=f"the glyph at {st.battlefield.label(src)} moves to {st.battlefield.label(dest)}")
