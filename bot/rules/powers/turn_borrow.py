"""Part of building block ``d20_trigger``: "after this figure's turn", "take one turn with it under
your control" at a "Unique Hero within N clear sight spaces (not a WORD)" (Mind Exchange 17 of
Doctor Doom, Enslave 17 of the Mind Flayer Mastermind: Mind Flayers are spared).

As the holder's Army Card turn ends (HS-TURN-05's "after this card's turn"), its controller may
pick an opponent's Unique Hero the holder sees within N spaces and roll the d20; on the
``threshold`` or more they control that Hero's card for one Army Card turn, taken at once in the
Player Turn under way; then it goes back to its owner, its Order Markers left as they were (unlike
Mind Shackle's lasting control, HS-ARMY-10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.rules.cards import Power
from bot.rules.los import clear_sight
from bot.rules.powers import _terms as terms
from bot.rules.powers._common import spaces_between
from bot.rules.powers._effects import SKIP, PowerEffect
from bot.rules.powers.block_d20 import _mine, _try
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: it carries out ``d20_trigger`` powers of this shape.
KINDS: frozenset[str] = frozenset()

#: ``turn.data`` key: borrowed card key -> [its owner, the power that borrowed it].
BORROWED = "borrowed_cards"


def _power(st: MatchState, holder: Figure) -> tuple[Power, tuple[int, str]] | None:
    found = _mine(st, holder, "borrow")
    return found[0] if found else None


def candidates(st: MatchState, holder: Figure, reach: int, spared: str) -> list[Figure]:
    """The opponents' Unique Heroes ``holder`` sees within ``reach`` (not of ``spared`` cards)."""
    out = []
    for f in st.on_battlefield():
        card = st.card_of(f)
        if not st.is_enemy(holder, f) or card.kind != "hero" or card.rarity != "unique":
            continue
        if spared and all(terms.singular(w) in terms.card_words(card) for w in spared.split()):
            continue
        if spaces_between(holder, f) <= reach and clear_sight(st, holder, f):
            out.append(f)
    return sorted(out, key=lambda f: f.id)


def _control(engine: RulesContext, card_key: str, player: str, cause: str) -> None:
    """``player`` controls the card and its figures (no Order Marker moves)."""
    st = engine.state
    cip = st.cards[card_key]
    before = cip.controller
    cip.controller = player
    for fid in cip.figure_ids:
        st.figures[fid].controller = player
    engine.emit("control", card=card_key, player=player, previous=before, figures=list(cip.figure_ids),
                markers_removed=0, cause=cause)


@register
class BorrowATurn(PowerEffect):
    """As the holder's card turn ends: pick a Unique Hero (or ``skip``), roll, and take a turn with it."""

    name = "d20_borrow"
    kind = "d20_trigger"
    window = Window.AFTER_CARD_TURN
    per_figure = True
    optional = True
    leaves_window = True  # the borrowed turn comes after every other "after this card's turn" effect
    rule = "HS-TURN-05"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key not in st.cards or turn.card_key in turn.data.get(BORROWED, {}):
            return []
        out = []
        for holder in st.figures_of(turn.card_key):
            found = _power(st, holder) if holder.on_battlefield else None
            if found is not None and not turn.data.get(f"{self.name}:{holder.id}") \
                    and candidates(st, holder, *found[1]):
                out.append(Trigger(self.name, holder.controller, holder.id, source=holder.id))
        return out

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        st = engine.state
        holder = st.figures[trigger.subject]
        found = _power(st, holder)
        return [f.id for f in candidates(st, holder, *found[1])] + [SKIP] if found else [SKIP]

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        found = _power(engine.state, engine.state.figures[trigger.subject])
        name = found[0].name if found else "the power"
        return (f"{name}: pick a Unique Hero {trigger.subject} sees to roll the d20 at (on a success you take one "
                f"turn with it), or {SKIP}?")

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        holder = st.figures[trigger.subject]
        found = _power(st, holder)
        if st.turn is None or found is None:
            return
        st.turn.data[f"{self.name}:{holder.id}"] = True
        victim = st.figures.get(str(choice))
        if victim is None or victim not in candidates(st, holder, *found[1]):
            return
        if not _try(engine, holder, found[0], victim, f"{holder.controller} takes one turn with {victim.id}"):
            return
        key = victim.card_key
        st.turn.data.setdefault(BORROWED, {})[key] = [st.cards[key].controller, found[0].name]
        _control(engine, key, holder.controller, found[0].name)
        engine.add_card_turn(key)


@register
class GiveBack(PowerEffect):
    """As a borrowed card's turn ends: it goes back to its owner."""

    name = "d20_borrow_back"
    kind = "d20_trigger"
    window = Window.AFTER_CARD_TURN
    rule = "HS-TURN-05"

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        turn = engine.state.turn
        if turn is None or turn.card_key not in turn.data.get(BORROWED, {}):
            return []
        return [Trigger(self.name, "", str(turn.card_key))]

    def card_key(self, engine: RulesContext, trigger: Trigger) -> str:
        return trigger.subject

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        turn = engine.state.turn
        if turn is None:
            return
        owner, power = turn.data.get(BORROWED, {}).pop(trigger.subject, [None, ""])
        if owner is not None and trigger.subject in engine.state.cards:
            _control(engine, trigger.subject, str(owner), f"{power}: the turn is over")
