"""Whom a figure can attack, in words: one line per attack (normal, then each special attack), for
the console's ``targets`` and Discord's ``/map targets:``, and the odds of one attack on a target;
the destructible objects a figure could attack (:func:`object_targets`).

The rules decide (:func:`bot.rules.legal.figure_attack_options`, :func:`~bot.rules.legal.figure_reach`):
in the Player Turn of the figure's own Army Card, legal's own lists (a figure that has attacked has
none, HS-ATTACK-12); at any other time, what the figure could reach and hit from where it stands,
to plan ahead. The odds are :func:`bot.rules.odds.attack_odds`; why a normal attack has no target
is the picture's own reason (:func:`bot.render.captions.why_no_target`). This module only words the
answer. It also words the question an interface asks before an attack on a figure of the
attacker's own side (:func:`friendly_fire_question`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from bot.render.captions import why_no_target
from bot.rules import object_attacks, objects
from bot.rules.actions import cannon as cannon_rules
from bot.rules.combat import check_target, friendly_target
from bot.rules.commands import Command
from bot.rules.errors import InvalidCommand, RulesError
from bot.rules.hexes import Hex
from bot.rules.legal import figure_attack_options, figure_reach
from bot.rules.objects import PlacedObject
from bot.rules.odds import AttackOdds, dice_odds
from bot.rules.special import AttackOption
from bot.rules.state import Figure, MatchState


def _names(ids: Sequence[str]) -> str:
    return ", ".join(ids)


@dataclass(frozen=True, slots=True)
class FigureAttacks:
    """What :func:`figure_attacks` found: the ``options`` (normal attack first, then each special
    attack), ``refused`` why the figure may not attack at all in the turn under way (``""`` when it
    may), and ``why_none`` why its normal attack has no target (``""`` when it has one)."""

    options: list[AttackOption]
    refused: str = ""
    why_none: str = ""


def figure_attacks(state: MatchState, fig: Figure, names: Mapping[str, str] | None = None) -> FigureAttacks:
    """The attacks ``fig`` can make, for the console's ``targets`` (see the module docstring).

    In its own card's turn the answer is :mod:`bot.rules.legal`'s: a figure that has attacked (or
    may not attack any more, HS-ATTACK-03, -12, HS-SPECIAL-01) has no options and ``refused`` says
    why; the normal attack's targets are those legal lists; a special attack legal refuses says
    why. ``names`` are display names for the reasons (figure ids by default).
    """
    options, refused = figure_attack_options(state, fig)
    if refused:
        return FigureAttacks([], refused)
    normal = next((o for o in options if not o.special), None)
    why = why_no_target(state, fig, names or {}) if normal is not None and not normal.aims else ""
    return FigureAttacks(options, why_none=why)


def object_line(state: MatchState, obj: PlacedObject) -> str:
    """A destructible object in words: ``"fort1 (fortified wall at D2, 2 of 3 Life left)"``."""
    where = " and ".join(state.battlefield.label(h) for h in obj.hexes)
    return f"{obj.id} ({obj.obstacle.name or obj.obstacle.kind.value.replace('_', ' ')} at {where}, " \
           f"{obj.life - obj.wounds} of {obj.life} Life left)"


def object_targets(state: MatchState, fig: Figure) -> str:
    """The destructible objects ``fig``'s normal attack could target from where it stands, in words
    (``"destructible objects: fort1 (fortified wall at D2, 3 of 3 Life left)"``); ``""`` when none
    (HS-DESTRUCT-01)."""
    found = [object_line(state, o) for o in object_attacks.targets(state, fig)] if fig.on_battlefield else []
    return ("destructible objects: " + ", ".join(found)) if found else ""


def cannon_targets(state: MatchState, fig: Figure) -> str:
    """The Cannon Fire ``fig`` could make from where it stands, in words (``"cannon c1 (at B1): t, fort1"``
    per cannon next to it); ``""`` when it stands next to none it may fire (HS-OBSTACLE-04..07)."""
    if not fig.on_battlefield:
        return ""
    parts = []
    for piece in cannon_rules.cannons(state):
        try:
            cannon_rules.may_fire(state, fig, piece)
        except RulesError:
            continue
        names = [f.id for f in state.on_battlefield()] + [o.id for o in objects.standing(state)]
        hits = []
        for name in names:
            try:
                cannon_rules.check_target(state, piece, name, fig)
            except RulesError:
                continue
            hits.append(name)
        where = state.battlefield.label(piece.hexes[0])
        parts.append(f"cannon {cannon_rules.cannon_label(state, piece)} (at {where}): {', '.join(hits) or 'nothing in reach'}")
    return "; ".join(parts)


def object_preview(state: MatchState, attacker: Figure, obj: PlacedObject) -> str:
    """The dice of a normal attack on a destructible object and the exact chance of each number of
    wounds (no power changes those dice, HS-DESTRUCT-02..05), for ``/attack``'s preview."""
    n, reasons = object_attacks.attack_dice(state, attacker, obj)
    dn, dreasons = object_attacks.defense_dice_of(attacker, obj)
    odds = dice_odds(n, dn, obj.life - obj.wounds)
    def why(rs: list[tuple[str, int]]) -> str:
        return " + ".join(f"{k} {name}" for name, k in rs)

    return "\n".join([
        f"🎯 **{attacker.id}** attacks the destructible object **{object_line(state, obj)}**",
        f"Attack: {n} dice ({why(reasons)}) — Defense: {dn} dice ({why(dreasons)})",
        "Chance of wounds: " + ", ".join(f"{w}: {p:.1%}" for w, p in enumerate(odds.wounds) if p >= 0.0005),
        f"Chance to destroy: {odds.destroy:.1%}. Press **Roll** to attack."])


def reach_of(state: MatchState, fig: Figure) -> dict[Hex, int]:
    """The spaces ``fig`` could end a move on, each with its Move cost (the console's ``reach``).

    When it may move now (:func:`bot.rules.checks.may_move`, HS-MOVE-01), the moves
    :mod:`bot.rules.legal` lists (the way the engine takes: fewest leaving-engagement attacks, then
    cost); at any other time (another card's turn, or it has moved), the spaces a move from where
    it stands would reach, to plan ahead.
    """
    return figure_reach(state, fig)


def option_line(option: AttackOption, why: str = "") -> str:
    """One attack and whom it can hit, e.g. ``"Explosion Special Attack: grimnak (also hits tarn1)"``.

    A figure-aimed attack lists its targets, each with the other figures it would hit; a Line
    attack lists the spaces to aim at with the figures on each line; an attack that cannot be
    made now says why. ``why`` (:attr:`FigureAttacks.why_none`) says why an attack with no
    target has none: ``"normal attack: no figure in reach (no line of sight from a to b)"``.
    """
    if option.refused:
        return f"{option.name}: not now ({option.refused})"
    if not option.aims:
        return f"{option.name}: no figure in reach" + (f" ({why.rstrip('.')})" if why else "")
    if not option.special:
        return f"{option.name}: {_names([a.aim for a in option.aims])}"
    parts = []
    for aim in option.aims:
        if aim.space:  # a Line X attack
            parts.append(f"aim at {aim.aim} (hits {_names(aim.affected)})")
        else:
            others = [f for f in aim.affected if f != aim.aim]
            parts.append(aim.aim + (f" (also hits {_names(others)})" if others else ""))
    return f"{option.name}: {', '.join(parts)}"


def marked(options: Sequence[AttackOption]) -> tuple[str, ...]:
    """Every enemy figure some attack can hit (the map's target marks), by id, each once."""
    seen: list[str] = []
    for option in options:
        seen.extend(t for t in option.targets if t not in seen)
    return tuple(seen)


def odds_text(odds: AttackOdds) -> str:
    """The exact odds of one attack (:func:`bot.rules.odds.attack_odds`), in words.

    Wounds beyond the target's Life left do nothing, so the expectation counts at most that many
    (a figure with 1 Life left can take at most 1 wound), and the chance to destroy is given as
    on Discord's attack preview: ``"0.47 wounds expected (1 Life left), 47% to destroy"``; the
    powers that change the count are named (``"(Stealth Dodge)"``) and Counter Strike's wounds
    back on the attacker are added (``", 0.79 wounds back by Counter Strike (25% to lose the attacker)"``).
    """
    text = (f"{odds.expected:.2f} wounds expected ({odds.life_left} Life left), "
            f"{_percent(odds.destroy)} to destroy")
    if odds.returned_ways is not None:
        text += (f", {odds.returned_expected:.2f} wounds back by Counter Strike "
                 f"({_percent(odds.attacker_destroyed)} to lose the attacker)")
    if odds.powers:
        text += f" ({', '.join(odds.powers)})"
    return text


def _percent(p: float) -> str:
    """A chance as a whole percentage, never rounded to a certainty it is not (``<1%``, ``>99%``)."""
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 <= p < 1:
        return ">99%"
    return f"{p:.0%}"


def friendly_fire_question(state: MatchState, text: str) -> str | None:
    """The question to ask before running ``text`` when it attacks a figure of the attacker's own
    side, e.g. ``"pal is your own figure, not an enemy: attack it anyway?"``; ``None`` for any
    other command.

    The rules allow such an attack (HS-ATTACK-01), so the interfaces confirm it first. A normal
    attack the rules would refuse anyway (out of Range, no line of sight) asks nothing: the
    refusal says why. A special attack (``special FIG POWER TARGET``) asks when its target is a
    friendly figure.
    """
    try:
        cmd = Command.parse(text)
    except InvalidCommand:
        return None
    if cmd.verb not in ("attack", "special"):
        return None
    attacker = state.figures.get(str(cmd.args["attacker"]).lower())
    target = state.figures.get(str(cmd.args["target"]).lower())
    if attacker is None or target is None or not friendly_target(state, attacker, target):
        return None
    if cmd.verb == "attack" and not check_target(state, attacker, target):
        return None
    whose = "your own figure" if target.controller == attacker.controller else "your teammate's figure"
    return f"{target.id} is {whose}, not an enemy: attack it anyway?"
