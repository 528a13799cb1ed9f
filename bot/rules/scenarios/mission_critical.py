"""Mission Critical (Toxic Pool): the Nanite Vial and the two trackers (HS-SCEN-CRIT2-*).

The Nanite Vial is the Glyph of Brandar, which the scenario file gives the ``picked_up`` rule: a
figure ending its move on it puts it on its Army Card (We Have It!, HS-SCEN-CRIT2-SEAS-02,
-VET-02; done by :func:`bot.rules.glyphs.arrival.brandar`). The trackers (COBRA's Activation and
G.I. JOE's Deactivation, spaces 0-4) are ``MatchState.trackers``, started on 0 when a player takes
a side that has one (HS-SCEN-CRIT2-ALL-03); the victory rule ``tracker`` ends the match the moment
one reaches 4 (HS-SCEN-CRIT2-ALL-04: the book names no other time, so the win is checked as the
tracker moves, before the Order Marker is revealed, and again at every Player Turn's end).

- ``download_or_delete``: before an Order Marker is revealed on the card of a figure holding the
  Vial, the revealing player's tracker moves 1 space (HS-SCEN-CRIT2-SEAS-03, -VET-03).
- ``oops`` with ``{"level": "seasoned"}``: when the holder takes 1 or more wounds, the opposing
  player puts the Vial on an empty space within 1 space of it (HS-SCEN-CRIT2-SEAS-04). Wounds are
  seen after each attack, and those from anything else (leaving-engagement attacks, falls, powers)
  as the moving part of the turn ends and as the Player Turn ends.
- ``oops`` with ``{"level": "veteran"}``: the holder's controller rolls the d20 less 5 per wound
  the holder has (at most 20 less); on 5 or less the Vial drops, and the opposing player puts it on
  a space within 1 space, a figure there picking it up at once (HS-SCEN-CRIT2-VET-04..07).

A holder destroyed drops the Vial: it took wounds (Seasoned) or it is destroyed (Veteran,
HS-SCEN-CRIT2-VET-05), so the opposing player puts it on a space within 1 space of where the
holder stood (an empty one at Seasoned), as with any Oops! (:class:`OopsDestroyed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from bot.rules.events import hx
from bot.rules.flow import endgame
from bot.rules.hexes import Hex
from bot.rules.move_basics import field_of
from bot.rules.powers._effects import window_args
from bot.rules.scenarios.registry import active, params, special_rule
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import Referee, RulesContext

VIAL = "brandar"
TRACK_END = 4
DOWNLOAD = special_rule(
    "download_or_delete", "Download or Delete",
    "Before an Order Marker is revealed on the Army Card of a figure holding the Nanite Vial, the revealing player "
    "moves their tracker (COBRA: Activation, G.I. JOE: Deactivation) 1 space. A tracker on space 4 wins.",
    "HS-SCEN-CRIT2-SEAS-03", "HS-SCEN-CRIT2-VET-03", "HS-SCEN-CRIT2-ALL-03", "HS-SCEN-CRIT2-ALL-04",
)
WE_HAVE_IT = special_rule(
    "we_have_it", "We Have It!",
    "A figure that ends its move on the Nanite Vial (the Glyph of Brandar) picks it up: the Vial goes on its Army Card.",
    "HS-SCEN-CRIT2-SEAS-02", "HS-SCEN-CRIT2-VET-02",
)
OOPS = special_rule(
    "oops", "Oops!",
    "Seasoned: when the Vial's holder takes 1 or more wounds, the opposing player puts the Vial on an empty space "
    "within 1 space of it. Veteran: the holder's controller rolls the d20 less 5 for each wound on the holder "
    "(at most 20 less); on 5 or less, or if the holder is destroyed, the Vial drops and the opposing player puts it "
    "on a space within 1 space; a figure on that space picks it up at once.",
    "HS-SCEN-CRIT2-SEAS-04", "HS-SCEN-CRIT2-VET-04", "HS-SCEN-CRIT2-VET-05", "HS-SCEN-CRIT2-VET-06",
    "HS-SCEN-CRIT2-VET-07",
    variants={
        "seasoned": "When the Vial's holder takes 1 or more wounds, the opposing player puts the Vial on an empty space "
                    "within 1 space of it.",
        "veteran": "When the Vial's holder takes 1 or more wounds, its controller rolls the d20 less 5 for each wound on "
                   "it (at most 20 less); on 5 or less, or if the holder is destroyed, the Vial drops and the opposing "
                   "player puts it on a space within 1 space; a figure on that space picks it up at once.",
    },
)


def holders(state: MatchState) -> list[Figure]:
    """Figures on the battlefield holding the Vial (on their Army Card)."""
    return [f for f in state.figures.values() if f.on_battlefield and VIAL in f.carries]


def advance(engine: RulesContext, player: str, why: str) -> None:
    """Move ``player``'s tracker 1 space (never past the last), and say so to everyone."""
    st = engine.state
    now = min(TRACK_END, st.trackers.get(player, 0) + 1)
    st.trackers[player] = now
    name = st.scenario.trackers.get(st.player(player).role, "tracker")
    engine.emit("tracker", player=player, tracker=name, value=now, end=TRACK_END, why=why, rule=DOWNLOAD.ledger[0])
    if now >= TRACK_END:
        # The tracker's last space wins at once (HS-SCEN-CRIT2-ALL-04), before the marker is revealed.
        endgame.check_victory(cast("Referee", engine), end_of_round=False)


def _opponent(state: MatchState, player: str) -> str:
    side = state.player(player).side
    return next((p.id for p in state.players if p.side != side and not p.conceded), player)


def place_spaces(state: MatchState, around: Sequence[Hex], empty: bool, holder: Figure | None = None) -> list[Hex]:
    """Spaces within 1 space of ``around`` (the holder's spaces, or where a destroyed holder stood)
    where the Vial may go: on the battlefield, not under an obstacle, no glyph on it, not the
    ``holder`` itself, and when ``empty`` no figure on it (HS-SCEN-CRIT2-SEAS-04, -VET-06)."""
    bf = field_of(state)
    taken = {h for f in state.figures.values() if f.on_battlefield and f is not holder for h in f.hexes}
    mine = set(holder.hexes) if holder is not None else set()
    out: list[Hex] = []
    for h in sorted({n for c in around for n in (c, *c.neighbours())}, key=lambda x: (x.r, x.q)):
        top = bf.top_cell(h)
        if top is None or bf.blocked(h, top.top) or h in state.glyphs:
            continue
        if h in mine or (empty and h in taken):
            continue
        out.append(h)
    return out


def put_vial(engine: RulesContext, fig: Figure, h: Hex, placer: str) -> None:
    """Take the Vial off ``fig``'s card and put it power side up on ``h``; a figure standing there
    picks it up at once (HS-SCEN-CRIT2-VET-07)."""
    st = engine.state
    if VIAL in fig.carries:
        fig.carries.remove(VIAL)
    there = st.occupant(h)
    if there is not None:
        there.carries.append(VIAL)
        _seen(st)[there.id] = there.wounds
        engine.emit("vial_placed", player=placer, figure=fig.id, at=hx(h), holder=there.id, rule=OOPS.ledger[-1])
        return
    st.glyphs[h] = (VIAL, "power")
    engine.emit("vial_placed", player=placer, figure=fig.id, at=hx(h), holder=None, rule=OOPS.ledger[0])


def _seen(state: MatchState) -> dict[str, int]:
    """Wounds on each holder before the attack under way (the Oops! check compares with them)."""
    data: dict[str, Any] = state.scenario_data.setdefault("oops", {})
    seen: dict[str, int] = data.setdefault("wounds", {})
    return seen


@register
class DownloadOrDelete(Effect):
    """Before a marker is revealed on the holder's card, its player's tracker moves 1 (HS-SCEN-CRIT2-SEAS-03)."""

    name = "download_or_delete"
    window = Window.BEFORE_REVEAL
    source = Source.OTHER
    rule = "HS-SCEN-CRIT2-SEAS-03"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        if not active(st.scenario, self.name):
            return []
        args = window_args(engine)
        player, marker = str(args.get("player", "")), str(args.get("marker", ""))
        card = st.orders.get(player, {}).get(marker)
        if card is None or card not in st.cards:
            return []
        if not any(VIAL in f.carries for f in st.figures_of(card) if f.on_battlefield):
            return []
        return [Trigger(self.name, player, card)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        card = engine.state.cards[trigger.subject].card.name
        advance(engine, trigger.controller, f"an Order Marker is about to be revealed on {card}, which holds the Vial")


@register
class OopsWatch(Effect):
    """Before an attack: remember the holders' wounds, so Oops! knows who took wounds."""

    name = "oops_watch"
    window = Window.BEFORE_ATTACK
    source = Source.OTHER

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        if not active(st.scenario, "oops") or not holders(st):
            return []
        for f in holders(st):
            _seen(st)[f.id] = f.wounds
        return []

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        return None


@register
class Oops(Effect):
    """After an attack that wounded the holder: Oops! at the scenario's level (HS-SCEN-CRIT2-SEAS-04, -VET-04..07)."""

    name = "oops"
    window = Window.AFTER_ATTACK
    source = Source.OTHER
    rule = "HS-SCEN-CRIT2-SEAS-04"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        if not active(st.scenario, OOPS.id):
            return []
        seen = _seen(st)
        out = []
        for f in holders(st):
            if f.wounds > seen.get(f.id, f.wounds):
                veteran = params(st.scenario, self.name).get("level") == "veteran"
                who = f.controller if veteran else _opponent(st, f.controller)
                out.append(Trigger(self.name, who, f.id, (("step", "roll" if veteran else "place"),)))
            seen[f.id] = f.wounds
        return out

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return VIAL in engine.state.figures[trigger.subject].carries

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        step = trigger.get("step")
        if step == "roll":
            d20 = engine.roll_d20()
            less = min(20, 5 * fig.wounds)
            result = d20 - less
            dropped = result <= 5
            engine.emit("oops_roll", player=fig.controller, figure=fig.id, d20=d20, less=less, result=result,
                        dropped=dropped, rule="HS-SCEN-CRIT2-VET-05")
            if dropped:
                self._ask_place(engine, trigger.with_data(step="place_any"), fig, _opponent(st, fig.controller))
            return
        if choice is None:  # the first time: ask where
            self._ask_place(engine, trigger.with_data(step="place" if step == "place" else "place_any",
                                                      asked=True), fig, trigger.controller)
            return
        q, r = map(int, choice.split(","))
        put_vial(engine, fig, Hex(q, r), trigger.controller)

    def _ask_place(self, engine: RulesContext, trigger: Trigger, fig: Figure, placer: str) -> None:
        st = engine.state
        empty = trigger.get("step") == "place"
        spaces = place_spaces(st, fig.hexes, empty, fig)
        if not spaces:
            engine.emit("scenario_rule", rule=self.name, title=OOPS.title, player=placer,
                        result=f"no space within 1 space of {fig.id} can take the Vial: {fig.id} keeps it")
            return
        trig = trigger.with_data(asked=True)
        trig = type(trig)(trig.effect, placer, trig.subject, trig.data, trig.source)
        engine.ask(trig, f"Oops! {fig.id} was wounded: put the Nanite Vial on a space within 1 space of it",
                   [f"{h.q},{h.r}" for h in spaces], self.rule, [st.battlefield.label(h) for h in spaces])


@register
class OopsAfterMoving(Oops):
    """Oops! for wounds a holder took outside an attack of its own window: leaving-engagement
    attacks and falls while moving (seen as the moving part of the turn ends)."""

    name = "oops_after_moving"
    window = Window.AFTER_MOVING


@register
class OopsEndOfTurn(Oops):
    """Oops! for any other wounds a holder took during the Player Turn (seen as it ends)."""

    name = "oops_end_of_turn"
    window = Window.END_OF_TURN


@register
class OopsDestroyed(Effect):
    """The Vial's holder destroyed: the opposing player puts the Vial within 1 space of where it
    stood (Seasoned: it took wounds, on an empty space, HS-SCEN-CRIT2-SEAS-04; Veteran: a destroyed
    holder drops it and a figure it lands on picks it up, HS-SCEN-CRIT2-VET-05..07). Resolves before
    the carried-glyph rule (HS-TREASURE-09) would leave it on the holder's own space; with no space
    to take it, that rule does."""

    name = "oops_destroyed"
    window = Window.DESTROYED
    source = Source.GLYPH
    immediate = True
    refers_to_destroyed = True
    rule = "HS-SCEN-CRIT2-VET-05"

    def _spaces(self, engine: RulesContext, trigger: Trigger) -> list[Hex]:
        st = engine.state
        empty = params(st.scenario, "oops").get("level") != "veteran"
        return place_spaces(st, [Hex(q, r) for q, r in trigger.get("at", ())], empty)

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        fig = st.figures.get(str(window_args(engine).get("figure", "")))
        if not active(st.scenario, "oops") or fig is None or VIAL not in fig.carries:
            return []
        at = tuple((int(q), int(r)) for q, r in window_args(engine).get("at", []))
        trig = Trigger(self.name, _opponent(st, fig.controller), fig.id, (("at", at),))
        return [trig] if self._spaces(engine, trig) else []

    def applies(self, engine: RulesContext, trigger: Trigger) -> bool:
        return VIAL in engine.state.figures[trigger.subject].carries

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        if choice is None:
            spaces = self._spaces(engine, trigger)
            engine.emit("scenario_rule", rule=self.rule, title=OOPS.title, player=fig.controller,
                        result=f"{fig.id} is destroyed and drops the Nanite Vial")
            engine.ask(trigger, f"Oops! {fig.id} was destroyed: put the Nanite Vial on a space within 1 space of "
                                "where it stood", [f"{h.q},{h.r}" for h in spaces], "HS-SCEN-CRIT2-VET-06",
                       [st.battlefield.label(h) for h in spaces])
            return
        q, r = map(int, choice.split(","))
        put_vial(engine, fig, Hex(q, r), trigger.controller)
