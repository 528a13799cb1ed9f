"""Powers switched on by revealing the X Order Marker on their card (HS-ORDER-05: the X marker is
a decoy, never a turn): when its controller reveals an Order Marker, they may also reveal the X
marker on such a card.

- ``targeting_restriction`` with ``activation`` "reveal X Order Marker" (Hanwi's Darkness,
  Glinerva): ``normal_and_special_only_from`` "adjacent figures", ``who`` "<holder> and all
  Small/Medium/Large figures within N spaces (both ways)", ``duration`` "until your next Order
  Marker reveal": until then the holder and every figure of those sizes within N spaces of it
  (wherever they move) can neither target nor be targeted by a figure not adjacent to them.
- Conditions "X Order Marker revealed this round" (Frost Rage, Crag of Steel) are read by
  :mod:`bot.rules.powers._terms`; this module asks the question for their cards too.

The question (``reveal``/``skip``, the turn's player) comes as the revealed marker's Army Card turn
begins, right after the reveal, so that an effect "until your next reveal" outlives this one.
``block_targeting`` asks :func:`check_x_restriction` for a restriction with an ``activation``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.cards import ArmyCard, Power
from bot.rules.engagement import adjacent
from bot.rules.modifiers import AttackContext, Verdict
from bot.rules.moments import Expiry, Lasting
from bot.rules.powers import _terms as terms
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: ``targeting_restriction`` and conditions of other blocks.
KINDS: frozenset[str] = frozenset()

X = "X"
BLOCK = "x_darkness"
REVEAL, SKIP = "reveal", "skip"
_SIZES = ("small", "medium", "large", "huge")


def _read(values: dict[str, Any]) -> tuple[int, tuple[str, ...]] | None:
    """``(spaces, sizes)`` of an X-switched restriction, or ``None`` when not understood."""
    if set(values) != {"normal_and_special_only_from", "who", "activation", "duration"}:
        return None
    if terms.norm(values["normal_and_special_only_from"]) != "adjacent figures" \
            or terms.norm(values["activation"]) != "reveal x order marker" \
            or terms.norm(values["duration"]) != "until your next order marker reveal":
        return None
    m = re.fullmatch(r"[a-z' -]+ and all ([a-z/]+) figures within (\d+) spaces \(both ways\)", terms.norm(values["who"]))
    if not m:
        return None
    sizes = tuple(s for s in _SIZES if s in m.group(1).split("/"))
    return (int(m.group(2)), sizes) if sizes else None


def check_x_restriction(values: dict[str, Any]) -> str | None:
    """Why a ``targeting_restriction`` switched on by the X marker cannot be enforced, or ``None``."""
    return None if _read(values) is not None else "this restriction switched on by the X Order Marker is not understood"


def _x_powers(card: ArmyCard) -> list[Power]:
    """The card's powers that revealing its X marker serves."""
    def serves(p: Power) -> bool:
        if p.kind == "targeting_restriction" and "activation" in p.values:
            return _read(dict(p.values)) is not None
        return terms.norm(str(p.values.get("condition", ""))) == "x order marker revealed this round"

    return [p for p in card.powers if serves(p)]


@register
class RevealX(Effect):
    """As a revealed marker's card turn begins: the player may also reveal their X marker when it
    lies on a card with a power it switches on (answer ``reveal`` or ``skip``), once per turn."""

    name = "x_reveal"
    window = Window.START_OF_TURN
    source = Source.UNIT
    optional = True
    rule = "HS-ORDER-05"

    def _card(self, engine: RulesContext) -> str | None:
        st = engine.state
        turn = st.turn
        if turn is None or turn.data.get(self.name):
            return None
        key = st.orders.get(turn.player, {}).get(X)
        cip = st.cards.get(key or "")
        if cip is None or X in st.revealed.get(turn.player, []) or cip.controller != turn.player:
            return None
        if not _x_powers(cip.card) or not any(f.on_battlefield for f in st.figures_of(cip.key)):
            return None
        return cip.key

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        key = self._card(engine)
        return [Trigger(self.name, engine.state.cards[key].controller, key)] if key else []

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [REVEAL, SKIP]

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return "X Order Marker"

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        cip = engine.state.cards[trigger.subject]
        names = ", ".join(p.name for p in _x_powers(cip.card))
        return f"Reveal your X Order Marker on {cip.card.name} too ({names})? Answer reveal or skip."

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        still = self._card(engine) == trigger.subject
        if st.turn is not None:
            st.turn.data[self.name] = True
        if choice != REVEAL or not still:
            return
        cip = st.cards[trigger.subject]
        st.revealed.setdefault(cip.controller, []).append(X)
        engine.emit("x_revealed", player=cip.controller, card=cip.key, powers=[p.name for p in _x_powers(cip.card)])
        holder = next((f for f in st.figures_of(cip.key) if f.on_battlefield), None)
        for p in _x_powers(cip.card):
            read = _read(dict(p.values)) if p.kind == "targeting_restriction" else None
            if read is None or holder is None:
                continue
            engine.add_lasting(f"{BLOCK}:{cip.key}:{p.name}", cip.controller, Expiry.NEXT_REVEAL, holder.id,
                               block=BLOCK, figure=holder.id, spaces=read[0], sizes=list(read[1]), power=p.name)


def _covered(state: MatchState, centre: Figure, fig: Figure, spaces: int, sizes: list[str]) -> bool:
    return fig is centre or ((state.card_of(fig).size or "") in sizes and terms.spaces(centre, fig) <= spaces)


@modifiers.on_target_check
def darkness(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """Hanwi's Darkness: no target between a covered figure and a figure not adjacent to it."""
    if not state.effects or adjacent(state, ctx.attacker, ctx.target):
        return None
    for e in state.effects.values():
        if not isinstance(e, Lasting) or e.data.get("block") != BLOCK:
            continue
        centre = state.figures.get(str(e.data.get("figure")))
        if centre is None or not centre.on_battlefield:
            continue
        n, sizes = int(e.data["spaces"]), list(e.data["sizes"])
        if _covered(state, centre, ctx.target, n, sizes) or _covered(state, centre, ctx.attacker, n, sizes):
            return Verdict(False, f"{e.data['power']}: figures within {n} spaces of {centre.id} can target and be "
                                  "targeted only by adjacent figures until its controller's next Order Marker reveal")
    return None


#: ``block_targeting``'s check calls :func:`check_x_restriction` for a restriction with an ``activation``.
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {}
