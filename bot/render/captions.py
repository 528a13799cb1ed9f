"""What a reach or targets picture is about, for its panel title: whose reach or targets it
shows, how to read it, and, when a figure has nothing to attack, why (out of range, no line of
sight, engaged elsewhere).

The reasons are the rules core's own (:func:`bot.rules.combat.check_target`), asked for each
enemy figure; nothing here decides what is legal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.render.summary import card_short, player_name
from bot.rules.combat import attack_range, check_target
from bot.rules.hexes import Hex
from bot.rules.modifiers import range_value
from bot.rules.state import Figure, MatchState


@dataclass(frozen=True, slots=True)
class Caption:
    """A picture's panel title and subtitle, and a longer ``note`` (wrapped under them)."""

    title: str
    sub: str
    note: str | None = None


def _who(state: MatchState, fig: Figure, names: Mapping[str, str]) -> str:
    """``FIN (Alice's Finn)``: the figure's token label, its controller and its card."""
    return f"{names.get(fig.id, fig.id)} ({player_name(state, fig.controller)}'s {card_short(state, fig.card_key)})"


def caption(state: MatchState, names: Mapping[str, str], *, focus: str | None, reach: Mapping[Hex, int] | None,
            targets: Sequence[str] | None) -> Caption | None:
    """The caption of a reach picture (``reach`` given) or a targets picture (``targets`` given,
    even empty) of figure ``focus``; ``None`` for a plain map."""
    fig = state.figures.get(focus) if focus else None
    if fig is None or not fig.on_battlefield:
        return None
    who = _who(state, fig, names)
    if reach is not None:
        sub = (f"{len(reach)} spaces in cyan; ◆ = Move it costs" if reach
               else "no space it can move to now")
        return Caption(f"Reach of {who}", sub)
    if targets is None:
        return None
    shown = [t for t in targets if t in state.figures]
    if shown:
        return Caption(f"Targets of {who}", f"{len(shown)} in red rings, sight lines dashed")
    return Caption(f"Targets of {who}", "no figure it can attack now", "Why: " + why_no_target(state, fig, names))


def why_no_target(state: MatchState, fig: Figure, names: Mapping[str, str]) -> str:
    """Why ``fig`` has no enemy it could make a normal attack on, in words: engaged with a
    figure it cannot attack, the enemies out of range (the nearest named, with its distance and
    the attacker's Range), or out of line of sight, or refused by a power (its reason)."""
    enemies = sorted((f for f in state.on_battlefield() if state.is_enemy(fig, f)),
                     key=lambda f: (attack_range(state, fig, f), f.id))
    if not enemies:
        return "there is no enemy figure on the battlefield."
    rng = range_value(state, fig)
    far: list[Figure] = []
    hidden: list[Figure] = []
    other: list[str] = []
    for foe in enemies:
        check = check_target(state, fig, foe)
        if check.ok:
            continue
        if check.rule == "HS-ENGAGE-07":
            return f"{check.reason}."
        if check.rule == "HS-ATTACK-07" or attack_range(state, fig, foe) > rng:
            far.append(foe)
        elif check.rule == "HS-LOS-01":
            hidden.append(foe)
        else:
            other.append(check.reason)
    label = names.get(fig.id, fig.id)
    parts: list[str] = []
    if far:
        near = far[0]
        limit = "not adjacent, Range 1" if rng <= 1 else f"Range {rng}"
        count = "every enemy is" if len(far) == len(enemies) else f"{len(far)} {'enemy is' if len(far) == 1 else 'enemies are'}"
        parts.append(f"{count} out of range ({limit}; nearest {names.get(near.id, near.id)}, "
                     f"{attack_range(state, fig, near)} spaces away)")
    if hidden:
        parts.append("no line of sight from " + label + " to " + ", ".join(names.get(f.id, f.id) for f in hidden))
    parts += other[:2]
    return "; ".join(parts) + "." if parts else "no enemy can be attacked from here."
