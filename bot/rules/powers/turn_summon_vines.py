"""Putting a glyph from the Army Card on the battlefield (pattern ``place_object``: Xenithrax the
Vineweaver's Summon Vines).

``values`` (the shared card file's ``params``): ``object`` ``"Xenithrax Vines Glyph"`` (the glyph
the card brings), ``count`` (how many start the game on the card: 3), ``distance`` (the glyph goes
on an empty space at most that many spaces from the figure: 4), ``limit`` ``"once per round"`` and
``window`` ``"after move, before attack"`` (HS-TURN-06).

After the figure's card has moved and before it attacks, its controller may put one glyph left on
the card on an empty space (no figure, no obstacle standing there, no glyph already lying there)
within ``distance`` spaces of the figure; clear sight is not needed (the sources differ, and the
card's own text as most sources give it does not ask for it). A pending decision lists those
spaces, the ones nearest an enemy figure first (where vines get in an enemy's way), then ``skip``.

What a Vines Glyph does is not in the card data: see
:data:`bot.rules.glyphs.catalogue.VINES` for the decision (a power glyph with no power of its own,
power side up, for the rest of the battle: a figure walking onto it stops, HS-GLYPH-03).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules.events import hx
from bot.rules.glyphs.board import POWER
from bot.rules.glyphs.catalogue import VINES, GlyphInfo
from bot.rules.hexes import Hex
from bot.rules.objects import field_now
from bot.rules.powers._effects import SKIP, AfterMovingPower
from bot.rules.powers._supply import left, take
from bot.rules.powers._turns import labels, parse_spaces, space_answer
from bot.rules.state import CardInPlay, Figure, MatchState, TurnState
from bot.rules.timing import Trigger, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: The power kinds (an Army Card power's ``kind`` in ``data/cards``) this module enforces.
KINDS = frozenset({"place_object"})
KIND = "place_object"

#: The glyphs a card may bring, as the card file names them.
OBJECTS: dict[str, GlyphInfo] = {"xenithrax vines glyph": VINES}
ONCE_PER_ROUND = "once per round"
WINDOW = "after move, before attack"


def check(values: dict[str, Any]) -> str | None:
    """Why a ``place_object`` power's ``values`` cannot be enforced, or ``None``."""
    if str(values.get("object", "")).lower() not in OBJECTS:
        return f"putting '{values.get('object')}' on the battlefield is not built yet"
    if str(values.get("window", "")).lower() != WINDOW:
        return f"the moment '{values.get('window')}' is not built yet"
    if values.get("limit") not in (None, ONCE_PER_ROUND):
        return f"the limit '{values.get('limit')}' is not understood"
    for key in ("count", "distance"):
        if not isinstance(values.get(key), int) or values[key] < 1:
            return f"the {key} '{values.get(key)}' is not understood"
    return None


CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {KIND: check}


def _round_key(power_name: str) -> str:
    return f"round:{power_name}"


def empty_spaces(state: MatchState, fig: Figure, distance: int) -> list[Hex]:
    """The empty spaces within ``distance`` spaces of ``fig`` (counted from its nearer half): no
    figure on them, no obstacle standing on their top, no glyph lying there; the ones nearest an
    enemy figure first, then in label order."""
    bf = field_now(state)
    busy = {h for f in state.on_battlefield() for h in f.hexes}
    enemies = [h for f in state.on_battlefield() if state.is_enemy(fig, f) for h in f.hexes]
    out = []
    for h in bf.hexes():
        top = bf.top_cell(h)
        if top is None or h in busy or h in state.glyphs or bf.blocked(h, top.top):
            continue
        if min(h.distance(x) for x in fig.hexes) <= distance:
            out.append(h)

    def order(h: Hex) -> tuple[int, int, int]:
        near = min((h.distance(e) for e in enemies), default=0)
        return (near, h.r, h.q)

    return sorted(out, key=order)


@register
class PlaceObject(AfterMovingPower):
    """Summon Vines: after moving, before attacking, once a round, one glyph from the card on an
    empty space in reach (see the module doc). A trigger's ``subject`` and ``source`` are the figure."""

    name = KIND
    per_figure = True
    rule = "HS-TURN-06"

    def _ready(self, state: MatchState, cip: CardInPlay) -> bool:
        power = cip.card.power(KIND)
        if power is None or check(power.values) is not None or left(cip, power) < 1:
            return False
        once = power.values.get("limit") == ONCE_PER_ROUND
        return not (once and cip.data.get(_round_key(power.name)) == state.round)

    def _spaces(self, state: MatchState, fig: Figure) -> list[Hex]:
        power = state.card_of(fig).power(KIND)
        return empty_spaces(state, fig, int(power.values["distance"])) if power is not None else []

    def offers(self, engine: RulesContext, turn: TurnState, cip: CardInPlay) -> list[Trigger]:
        st = engine.state
        if not self._ready(st, cip):
            return []
        return [Trigger(self.name, cip.controller, f.id, source=f.id) for f in st.figures_of(cip.key)
                if f.on_battlefield and self._spaces(st, f)]

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        st = engine.state
        fig = st.figures[trigger.subject]
        return self._ready(st, st.cards[fig.card_key]) and bool(self._spaces(st, fig))

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        return [*labels(st, self._spaces(st, st.figures[trigger.subject])), SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        st = engine.state
        fig = st.figures[trigger.subject]
        power = self.power(engine, trigger)
        n = left(st.cards[fig.card_key], power) if power else 0
        reach = power.values.get("distance") if power else "?"
        what = OBJECTS[str(power.values["object"]).lower()].title if power else "glyph"
        return (f"{self.power_name(engine, trigger)}: put a {what} ({n} left on the card) on an empty space "
                f"within {reach} spaces of {fig.id}? Name the space, or {SKIP}.")

    def accept(self, engine: RulesContext, trigger: Trigger, answer: str) -> str | None:
        # The list of spaces may be longer than a row of buttons: a typed space in it is good too.
        st = engine.state
        return space_answer(st, answer, self._spaces(st, st.figures[trigger.subject]))

    def use(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        power = self.power(engine, trigger)
        where = parse_spaces(st, choice) or []
        if power is None or len(where) != 1 or where[0] not in self._spaces(st, fig):
            return  # only a listed space is accepted by ``choose``
        cip = st.cards[fig.card_key]
        remaining = take(cip, power)
        cip.data[_round_key(power.name)] = st.round
        glyph = OBJECTS[str(power.values["object"]).lower()]
        st.glyphs[where[0]] = (glyph.name, POWER)
        engine.emit("glyph_placed", glyph=glyph.name, title=glyph.title, side=POWER, at=hx(where[0]),
                    figure=fig.id, player=trigger.controller, cause=power.name, left=remaining)
