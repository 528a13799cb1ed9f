"""The ``d20_trigger`` building block at another player's Order Markers: Maddening Chitter (Thyraxis
Dragoon). Once each round, as the holder's card turn begins (before it moves), its controller may
pick an enemy figure within ``N`` clear sight spaces (HS-LOS-03) whose Army Card still carries an
unrevealed Order Marker, and roll the d20; on ``threshold`` (14) or more they look at one of those
markers (only they are told its number: a private event) and may move it onto another Army Card of
the same player with a figure on the battlefield (HS-ORDER-05: markers stay secret).

``values``: ``window`` "once per round, before this figure's turn", ``target`` "enemy figure
within N clear sight spaces", ``effect`` "peek at and relocate one unrevealed Order Marker",
``threshold``. The markers of a card are offered in the order their owner placed them (their
places on the card), never by number, so the choice tells nothing.

Also Stab in the Back (Sir Hawthorne): after the Player Turn in which his card took its turn, a
mandatory d20; on exactly 1 an opponent takes control of his card for good.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.rules.cards import Power
from bot.rules.powers import _terms as terms
from bot.rules.powers._common import card_labels
from bot.rules.powers._effects import SKIP
from bot.rules.powers.block_d20 import TRIGGER, _read, _threshold
from bot.rules.state import CardInPlay, Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``block_d20``'s ``d20_trigger`` read as "chitter".
KINDS: frozenset[str] = frozenset()

#: ``CardInPlay.data`` key: the round the power was last used in.
ROUND = "chitter_round"
LEAVE = "leave"


def _power(st: MatchState, cip: CardInPlay) -> tuple[Power, int] | None:
    for p in cip.card.powers:
        read = _read(p) if p.kind == TRIGGER else None
        if read is not None and read[0] == "chitter":
            return p, int(read[1])
    return None


def hidden_markers(st: MatchState, card_key: str) -> list[str]:
    """The unrevealed Order Markers on ``card_key``, in the order they were placed."""
    owner = st.cards[card_key].controller
    shown = st.revealed.get(owner, [])
    return [mk for mk, key in st.orders.get(owner, {}).items() if key == card_key and mk not in shown]


def _targets(st: MatchState, holder: Figure, spaces: int) -> list[Figure]:
    reach = terms.Reach(spaces=spaces)
    return sorted((f for f in st.on_battlefield() if st.is_enemy(holder, f) and reach.reaches(st, holder, f)
                   and hidden_markers(st, f.card_key)), key=lambda f: f.id)


@register
class MaddeningChitter(Effect):
    """Maddening Chitter (see the module): step 1 the figure picked (or ``skip``), then on a
    success which marker (when several) and where it goes (a card key, or ``leave``)."""

    name = "d20_orders"
    window = Window.START_OF_TURN
    source = Source.UNIT
    optional = True
    rule = "HS-ORDER-05"

    def _holders(self, engine: RulesContext) -> list[tuple[Figure, Power, int]]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key is None or turn.card_key not in st.cards:
            return []
        cip = st.cards[turn.card_key]
        found = _power(st, cip)
        if found is None or cip.data.get(ROUND) == st.round or turn.moved or turn.attacked:
            return []
        return [(f, found[0], found[1]) for f in sorted(st.figures_of(cip.key), key=lambda f: f.id)
                if f.on_battlefield and _targets(st, f, found[1])]

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        return [Trigger(self.name, f.controller, f.id, (("power", p.name),), source=f.id)
                for f, p, _ in self._holders(engine)[:1]]

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        found = _power(st, st.cards[st.figures[trigger.subject].card_key])
        return [f.id for f in _targets(st, st.figures[trigger.subject], found[1] if found else 0)] + [SKIP]

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        return str(trigger.get("power", self.name))

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        return (f"{trigger.get('power')}: {trigger.subject} may pick an enemy figure and roll the d20; on "
                f"{self._need(engine, trigger)} or more you look at one of its unrevealed Order Markers and may "
                "move it onto another card of that player. Which figure?")

    def _need(self, engine: RulesContext, trigger: Trigger) -> int:
        st = engine.state
        found = _power(st, st.cards[st.figures[trigger.subject].card_key])
        need = _threshold(found[0].values.get("threshold")) if found else None
        return need if need is not None else 21

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        step = trigger.get("step")
        if step == "marker":
            self._peek(engine, trigger, int(choice or "1") - 1)
        elif step == "move":
            self._move(engine, trigger, choice or LEAVE)
        else:
            self._pick(engine, trigger, choice)

    def _pick(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        holder = st.figures[trigger.subject]
        st.cards[holder.card_key].data[ROUND] = st.round  # asked once per round, used or declined
        if choice is None or choice == SKIP or choice not in st.figures:
            return
        victim = st.figures[choice]
        need = self._need(engine, trigger)
        roll = engine.roll_d20()
        ok = roll >= need
        engine.emit("power", power=str(trigger.get("power")), figure=holder.id, target=victim.id,
                    player=holder.controller, d20=roll, needed=need, success=ok,
                    result=f"looks at an Order Marker on {st.card_of(victim).short}" if ok else "no effect")
        if not ok:
            return
        hidden = hidden_markers(st, victim.card_key)
        follow = trigger.with_data(card=victim.card_key)
        if len(hidden) == 1:
            self._peek(engine, follow, 0)
            return
        options = [str(i + 1) for i in range(len(hidden))]
        engine.ask(follow.with_data(step="marker"),
                   f"{trigger.get('power')}: which unrevealed Order Marker on {st.card_of(victim).short} do you look "
                   f"at (by its place on the card, 1 to {len(hidden)})?", options, self.rule,
                   labels=[f"marker in place {o}" for o in options])

    def _peek(self, engine: RulesContext, trigger: Trigger, index: int) -> None:
        st = engine.state
        key = str(trigger.get("card"))
        hidden = hidden_markers(st, key)
        if not hidden:
            return
        index = min(max(index, 0), len(hidden) - 1)
        marker = hidden[index]
        owner = st.cards[key].controller
        engine.emit("order_marker_seen", to=trigger.controller, player=trigger.controller, owner=owner, card=key,
                    marker=marker, power=str(trigger.get("power")))
        others = [c for c in st.cards.values() if c.controller == owner and c.key != key
                  and any(f.on_battlefield for f in st.figures_of(c.key))]
        others.sort(key=lambda c: c.key)
        if not others:
            return
        options = [c.key for c in others] + [LEAVE]
        engine.ask(trigger.with_data(step="move", index=index),
                   f"{trigger.get('power')}: move the Order Marker you looked at onto another card of {owner}, or leave "
                   "it where it is?", options, self.rule,
                   labels=[*card_labels(st, trigger.controller, others), LEAVE])

    def _move(self, engine: RulesContext, trigger: Trigger, choice: str) -> None:
        st = engine.state
        key = str(trigger.get("card"))
        hidden = hidden_markers(st, key)
        index: Any = trigger.get("index", 0)
        if choice == LEAVE or choice not in st.cards or not hidden or not isinstance(index, int) or index >= len(hidden):
            return
        owner = st.cards[key].controller
        st.orders[owner][hidden[index]] = choice
        engine.emit("power", power=str(trigger.get("power")), player=trigger.controller, success=True,
                    result=f"an Order Marker moves from {st.cards[key].card.short} to {st.cards[choice].card.short}")
        # The owner sees their own markers (HS-ORDER-05): told in secret where they now are.
        engine.emit("orders", to=owner, player=owner, markers=dict(st.orders[owner]))



# ---- Stab in the Back --------------------------------------------------------------------------------


def _betrayers(st: MatchState) -> list[tuple[Figure, Power]]:
    """Figures whose card's turn this Player Turn was and that carry Stab in the Back."""
    turn = st.turn
    if turn is None:
        return []
    out = []
    for cip in sorted(st.cards.values(), key=lambda c: c.key):
        if cip.controller != turn.player:
            continue
        for p in cip.card.powers:
            read = _read(p) if p.kind == TRIGGER else None
            if read is None or read[0] != "betray":
                continue
            for f in st.figures_of(cip.key):
                if f.on_battlefield and (cip.key == turn.card_key or f.id in turn.activated) \
                        and not turn.data.get(f"betray:{f.id}"):
                    out.append((f, p))
    return out


def _opponents(st: MatchState, fig: Figure) -> list[str]:
    me = st.player(fig.controller)
    return [p.id for p in st.players if p.id != me.id and not p.conceded and p.side != me.side]


@register
class StabInTheBack(Effect):
    """After the Player Turn in which the holder's card took its turn (mandatory): a d20; on a 1
    an opponent (the controller names one when there are several) takes control of the card for
    good (HS-ARMY-10)."""

    name = "d20_betray"
    window = Window.END_OF_TURN
    source = Source.UNIT
    rule = "HS-ARMY-10"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        return [Trigger(self.name, f.controller, f.id, (("power", p.name),), source=f.id)
                for f, p in _betrayers(engine.state)]

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        fig = st.figures[trigger.subject]
        if trigger.get("step") == "who":
            if choice in _opponents(st, fig):
                self._betray(engine, fig, str(trigger.get("power")), choice)
            return
        if st.turn is not None:
            st.turn.data[f"betray:{fig.id}"] = True
        roll = engine.roll_d20()
        ok = roll == 1
        engine.emit("power", power=str(trigger.get("power")), figure=fig.id, player=fig.controller, d20=roll,
                    needed=1, success=ok, result="an opponent takes control of him" if ok else "no effect")
        foes = _opponents(st, fig)
        if not ok or not foes:
            return
        if len(foes) == 1:
            self._betray(engine, fig, str(trigger.get("power")), foes[0])
            return
        engine.ask(trigger.with_data(step="who"), f"{trigger.get('power')}: which opponent takes control of "
                   f"{st.card_of(fig).name}?", foes, self.rule, labels=[st.player(p).name for p in foes])

    @staticmethod
    def _betray(engine: RulesContext, fig: Figure, power: str, player: str) -> None:
        engine.take_control(fig.card_key, player, power)


#: Checks of this shape are ``block_d20``'s ``d20_trigger`` check.
CHECKS: dict[str, Any] = {}
