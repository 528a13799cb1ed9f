"""Wherever There's Trouble (Waypoint Waylay): the Device and Snap Out Of It! (HS-SCEN-TROUBLE3-*).

The Device is the Glyph of Brandar, power side up at the start (HS-SCEN-TROUBLE3-ALL-02). The
scenario file gives each side of the Device the cards each side's player controls while it lies
that side up, as ``control``: ``{"power": {"Player 1": ["Destro", "Storm Shadow"], ...},
"symbol": {...}}`` (power side: HS-SCEN-TROUBLE3-VET-04; symbol side, the mirror: DEC-11).

- ``device_shut_off`` (Seasoned): at a round's end, if a figure stands on the Device, it shuts
  off and leaves the battlefield, and the cards go back as the ``symbol`` entry says: Duke and Snake
  Eyes to Player 1, Destro and Storm Shadow to Player 2 (HS-SCEN-TROUBLE3-SEAS-02, -03).
- ``device_flip`` (Veteran): at each round's end, a player who controls a figure standing on the
  Device may turn it over; the cards then go as the new side says (HS-SCEN-TROUBLE3-VET-02..04).

A card changing hands loses the Order Markers on it (HS-SCEN-TROUBLE3-SEAS-04, -VET-03), as with
Mind Shackle (:meth:`~bot.rules.context.RulesContext.take_control`). A card is found by its id or
name (a stand-in card keeps the named figure's id, ``duke``, and is named ``Duke (played by ...)``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules.events import hx
from bot.rules.hexes import Hex
from bot.rules.scenarios.registry import active, params, special_rule
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

DEVICE = "brandar"
SHUT_OFF = special_rule(
    "device_shut_off", "Snap Out Of It! (Seasoned)",
    "At the end of a round, if any figure stands on the Device (the Glyph of Brandar), the Device shuts off and leaves "
    "the battlefield: Player 1 takes control of Duke and Snake Eyes, Player 2 of Destro and Storm Shadow. The Order "
    "Markers on those cards are removed.",
    "HS-SCEN-TROUBLE3-SEAS-02", "HS-SCEN-TROUBLE3-SEAS-03", "HS-SCEN-TROUBLE3-SEAS-04",
)
FLIP = special_rule(
    "device_flip", "Snap Out Of It! (Veteran)",
    "At the end of each round, a player who controls a figure standing on the Device (the Glyph of Brandar) may turn "
    "it over. Power side up, Player 1 controls Destro and Storm Shadow and Player 2 controls Duke and Snake Eyes; "
    "symbol side up, the other way round. Cards changing hands lose their Order Markers.",
    "HS-SCEN-TROUBLE3-VET-02", "HS-SCEN-TROUBLE3-VET-03", "HS-SCEN-TROUBLE3-VET-04", "DEC-11",
)


def _squash(text: str) -> str:
    return "".join(ch for ch in text.lower().split(" (played by")[0] if ch.isalnum())


def device(state: MatchState) -> tuple[Hex, str] | None:
    """The Device's space and the side up, if it is on the battlefield."""
    return next(((h, side) for h, (name, side) in state.glyphs.items() if name == DEVICE), None)


def on_device(state: MatchState) -> Figure | None:
    """The figure standing on the Device, if any."""
    found = device(state)
    if found is None:
        return None
    return next((f for f in state.figures.values() if f.on_battlefield and found[0] in f.hexes), None)


def card_named(state: MatchState, name: str) -> str | None:
    """The key of the card in play the scenario calls ``name`` (by id or name, stand-ins included)."""
    want = _squash(name)
    return next((k for k, c in state.cards.items() if want in (_squash(c.card.id), _squash(c.card.name))), None)


def hand_over(engine: RulesContext, control: dict[str, Any], side_up: str, cause: str) -> None:
    """Give each card named in ``control[side_up]`` to the player of that side (take_control removes
    its Order Markers and says so)."""
    st = engine.state
    for side, names in dict(control.get(side_up, {})).items():
        player = next((p.id for p in st.players if p.role == side), None)
        if player is None:
            continue
        for name in names:
            key = card_named(st, str(name))
            if key is not None and st.cards[key].controller != player:
                engine.take_control(key, player, cause)


@register
class DeviceShutOff(Effect):
    """Seasoned: a figure on the Device at a round's end shuts it off (HS-SCEN-TROUBLE3-SEAS-02..04)."""

    name = "device_shut_off"
    window = Window.END_OF_ROUND
    source = Source.OTHER
    rule = "HS-SCEN-TROUBLE3-SEAS-02"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        fig = on_device(st)
        if not active(st.scenario, self.name) or fig is None:
            return []
        return [Trigger(self.name, fig.controller, fig.id)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        found = device(st)
        if found is None:
            return
        st.glyphs.pop(found[0], None)
        engine.emit("scenario_rule", rule=self.name, title=SHUT_OFF.title, player=trigger.controller, at=hx(found[0]),
                    result=f"{trigger.subject} stands on the Device at the end of the round: it shuts off and leaves "
                           "the battlefield; the mind-controlled heroes go back to their own side")
        hand_over(engine, params(st.scenario, self.name).get("control", {}), "symbol", "the Device shut off")


@register
class DeviceFlip(Effect):
    """Veteran: the controller of a figure on the Device may turn it over (HS-SCEN-TROUBLE3-VET-02..04, DEC-11)."""

    name = "device_flip"
    window = Window.END_OF_ROUND
    source = Source.OTHER
    optional = True
    rule = "HS-SCEN-TROUBLE3-VET-02"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        fig = on_device(st)
        if not active(st.scenario, self.name) or fig is None:
            return []
        return [Trigger(self.name, fig.controller, fig.id)]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        found = device(engine.state)
        side = found[1] if found else "power"
        other = "symbol" if side == "power" else "power"
        return (f"Snap Out Of It!: {trigger.subject} stands on the Device ({side} side up). Turn it over to the {other} "
                "side, so that Duke, Snake Eyes, Destro and Storm Shadow change sides?")

    def labels(self, engine: RulesContext, trigger: Trigger, options: list[str]) -> list[str]:
        return ["turn the Device over" if o == "yes" else "leave it" for o in options]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        found = device(st)
        if choice != "yes" or found is None:
            return
        h, side = found
        new = "symbol" if side == "power" else "power"
        st.glyphs[h] = (DEVICE, new)
        engine.emit("scenario_rule", rule=self.name, title=FLIP.title, player=trigger.controller, at=hx(h),
                    result=f"the Device is turned {new} side up: Duke, Snake Eyes, Destro and Storm Shadow change sides")
        hand_over(engine, params(st.scenario, self.name).get("control", {}), new, "the Device turned over")
