"""Building block ``stat_bonus`` with a price the player chooses to pay (Run 3 of Knight Irene and
the Frostclaw Paladins, Tracking of Brave Arrow): as a figure's card turn begins, before it moves,
its controller may raise one of its statistics for this turn by paying the ``cost``.

``values``: ``stat`` (``move``, ``range``, ``attack`` or ``defense``), ``amount`` (a whole number),
``optional`` true, ``cost`` ``{"stat": ..., "amount": -2}`` (another statistic lowered for the
same turn: Attack for normal attacks) or "no attack this turn" (the figure gives up its attacks).
Asked per figure of the card whose turn begins (a pending decision ``run``/``skip`` of its
controller), once per card turn, in the start-of-turn window (HS-TURN-02: "about to move").
A ``stat_bonus`` without ``cost`` is :mod:`block_dice`'s; this module only checks and carries out
the ones with a cost (``block_dice.check_stat_bonus`` asks :func:`check_paid_bonus`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from bot.rules import modifiers
from bot.rules.cards import Power
from bot.rules.modifiers import AttackContext
from bot.rules.state import Figure, MatchState
from bot.rules.timing import Effect, Source, Trigger, Window, register

if TYPE_CHECKING:
    from bot.rules.context import RulesContext

#: No kind of its own: these effects carry out the ``stat_bonus`` powers with a ``cost``.
KINDS: frozenset[str] = frozenset()

#: ``turn.data`` keys: figure id -> [power name, {stat: change}] paid this turn; figures asked.
PAID = "stat_paid"
ASKED = "stat_paid_asked"
_STATS = ("attack", "defense", "range", "move")
USE, SKIP = "use", "skip"


def _int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def paid_changes(values: dict[str, Any]) -> tuple[dict[str, int], bool] | None:
    """``({stat: change}, gives up attacks)`` of a ``stat_bonus`` with a cost, or ``None`` when not
    understood. ``{"stat": "move", "amount": 3, "cost": {"stat": "attack", "amount": -2}}`` ->
    ``({"move": 3, "attack": -2}, False)``."""
    stat, amount, cost = values.get("stat"), values.get("amount"), values.get("cost")
    if stat not in _STATS or not _int(amount) or values.get("optional") is not True:
        return None
    if set(values) - {"stat", "amount", "cost", "optional"}:
        return None
    if isinstance(cost, dict) and cost.get("stat") in _STATS and cost.get("stat") != stat and _int(cost.get("amount")) \
            and set(cost) == {"stat", "amount"}:
        return {str(stat): int(amount), str(cost["stat"]): int(cost["amount"])}, False  # type: ignore[arg-type]
    if isinstance(cost, str) and cost.strip().lower() == "no attack this turn":
        return {str(stat): int(amount)}, True  # type: ignore[arg-type]
    return None


def check_paid_bonus(values: dict[str, Any]) -> str | None:
    """Why a ``stat_bonus`` with a ``cost`` cannot be enforced, or ``None``."""
    if paid_changes(values) is None:
        return f"paying the cost '{values.get('cost')}' for the bonus is not understood"
    return None


def _paid_power(state: MatchState, fig: Figure) -> Power | None:
    for p in state.card_of(fig).powers:
        if p.kind == "stat_bonus" and "cost" in p.values and paid_changes(dict(p.values)) is not None:
            return p
    return None


def _phrase(changes: dict[str, int], forgo: bool) -> str:
    parts = [f"{'+' if n > 0 else ''}{n} {s.title()}" for s, n in changes.items()]
    return ", ".join(parts) + (", no attack" if forgo else "")


@register
class PaidStatBonus(Effect):
    """As a card turn begins: each figure of the card with a priced ``stat_bonus`` (Run 3) may pay
    it for this turn; the answer is ``use`` or ``skip`` (HS-TURN-02)."""

    name = "stat_bonus_paid"
    window = Window.START_OF_TURN
    source = Source.UNIT
    optional = True

    def _waiting(self, engine: RulesContext) -> list[tuple[Figure, Power]]:
        st = engine.state
        turn = st.turn
        if turn is None or turn.card_key is None or turn.card_key not in st.cards:
            return []
        asked = turn.data.get(ASKED, {})
        out = []
        for f in sorted(st.figures_of(turn.card_key), key=lambda f: f.id):
            p = _paid_power(st, f) if f.on_battlefield and f.id not in asked and f.id not in turn.moved else None
            if p is not None:
                out.append((f, p))
        return out

    def triggers(self, engine: RulesContext) -> list[Trigger]:
        return [Trigger(self.name, f.controller, f.id, source=f.id) for f, _ in self._waiting(engine)]

    def options(self, engine: RulesContext, trigger: Trigger) -> list[str]:
        return [USE, SKIP]

    def title(self, engine: RulesContext, trigger: Trigger) -> str:
        p = _paid_power(engine.state, engine.state.figures[trigger.subject])
        return p.name if p else self.name

    def prompt(self, engine: RulesContext, trigger: Trigger) -> str:
        st = engine.state
        p = _paid_power(st, st.figures[trigger.subject])
        read = paid_changes(dict(p.values)) if p else None
        if p is None or read is None:
            return f"{trigger.subject}: no power to use"
        return f"{p.name}: {trigger.subject} this turn gets {_phrase(*read)}? Answer use or skip."

    def resolve(self, engine: RulesContext, trigger: Trigger, choice: str | None) -> None:
        st = engine.state
        turn = st.turn
        fig = st.figures[trigger.subject]
        p = _paid_power(st, fig)
        read = paid_changes(dict(p.values)) if p else None
        if turn is None or p is None or read is None:
            return
        turn.data.setdefault(ASKED, {})[fig.id] = True
        if choice != USE:
            return
        changes, forgo = read
        turn.data.setdefault(PAID, {})[fig.id] = [p.name, changes]
        # read by conditions "Run not used this turn" (Knight Irene's second attack)
        base = re.sub(r"\s+\d+$", "", p.name.lower())
        for name in {p.name.lower(), base}:
            turn.data[f"used:{name}:{fig.card_key}"] = True
        if forgo:
            engine.forgo_attacks([fig.id])
        engine.emit("power", power=p.name, figure=fig.id, player=fig.controller, success=True,
                    result=f"{_phrase(changes, forgo)} this turn")


def _change(state: MatchState, fig: Figure, stat: str) -> tuple[str, int] | None:
    turn = state.turn
    got = turn.data.get(PAID, {}).get(fig.id) if turn is not None else None
    if got is None or not got[1].get(stat):
        return None
    return str(got[0]), int(got[1][stat])


@modifiers.on_move_value
def paid_move(state: MatchState, fig: Figure, value: int) -> int:
    """A paid Move change, this turn."""
    got = _change(state, fig, "move")
    return value + got[1] if got else value


@modifiers.on_range_value
def paid_range(state: MatchState, fig: Figure, value: int) -> int:
    """A paid Range change, this turn."""
    got = _change(state, fig, "range")
    return value + got[1] if got else value


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def paid_attack(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """A paid Attack change (Run 3: 2 dice fewer), for the figure's normal attacks this turn."""
    return _change(state, ctx.attacker, "attack") if ctx.special is None else None


@modifiers.on_defense_dice
@modifiers.whatever_the_target
def paid_defense(state: MatchState, ctx: AttackContext) -> modifiers.Reason | None:
    """A paid Defense change, this turn."""
    return _change(state, ctx.target, "defense")


#: No check of its own: ``block_dice.check_stat_bonus`` calls :func:`check_paid_bonus` for a cost.
CHECKS: dict[str, Callable[[dict[str, Any]], str | None]] = {}
