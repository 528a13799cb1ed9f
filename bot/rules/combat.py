"""Attacks: who may attack whom, how many dice each side rolls, and what the dice do.

- Range counts spaces on the plane only, across gaps, to the nearer half of a double-space
  figure (HS-ATTACK-05, -06, HS-DOUBLE-06); Range 1 reaches only adjacent figures (HS-ATTACK-07).
- Any figure may be the target, friend or enemy: the rulebook asks only for Range and line of
  sight (HS-ATTACK-01); powers that say "enemy" or "opponent" limit themselves. The interfaces
  ask for a confirmation before a friendly attack (:func:`friendly_target`).
- An engaged figure attacks only figures it is engaged with, without needing line of sight
  (HS-ENGAGE-07); otherwise the target needs line of sight (HS-ATTACK-01, HS-LOS-01), a Range 1
  target too (it is then a friend: an adjacent enemy would be engaged).
- Attack dice: Attack value + height advantage + hooks (HS-ATTACK-09, HS-HEIGHT-02, -03); a
  special attack's dice are its own (HS-SPECIAL-02, HS-HEIGHT-04).
- Defense dice: Defense value + height advantage + terrain + hooks (HS-ATTACK-10).
- Each unblocked skull is a wound (HS-ATTACK-11); with the figures given, hooks may make a skull
  worth more hits or change the count (:func:`bot.rules.modifiers.resolve_wounds`).
- Powers have their say on targeting after the core checks (:func:`bot.rules.modifiers.on_target_check`):
  a power beats the core rules and "cannot" beats "can" (HS-SPECIAL-08, -09).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules import modifiers
from bot.rules.dice import SHIELD, SKULL
from bot.rules.engagement import (
    adjacent,
    engaged,
    engaged_enemies,
    height_advantage_dice,
    separating_obstacle,
)
from bot.rules.ladders import ends_adjacent
from bot.rules.los import line_of_sight
from bot.rules.modifiers import AttackContext
from bot.rules.state import Figure, MatchState


def attack_range(state: MatchState, a: Figure, b: Figure) -> int:
    """Spaces from ``a`` to the nearer half of ``b`` (HS-ATTACK-05, -06, HS-DOUBLE-06)."""
    return min(x.distance(y) for x in a.hexes for y in b.hexes)


@dataclass(frozen=True, slots=True)
class AttackCheck:
    """Whether an attack is legal, and if not, why (``reason`` in words, ``rule`` the ledger ID)."""

    ok: bool
    reason: str = ""
    rule: str = ""

    def __bool__(self) -> bool:
        return self.ok


def check_target(
    state: MatchState, attacker: Figure, target: Figure, *, reach: int | None = None, needs_sight: bool = True,
    special: str | None = None, engaged: list[Figure] | None = None,
) -> AttackCheck:
    """Whether ``attacker`` may target ``target`` with an attack of ``reach`` spaces (its Range by default).

    ``special`` names the special attack (``None``: a normal attack), for the powers that care
    (Thorian Speed: a normal attack only from an adjacent figure). Turn structure (whose turn,
    attacks left) is the engine's business; this is the geometry, then the powers' say.
    ``engaged``: the attacker's :func:`engaged_enemies`, when the caller has them already (they do
    not depend on the target: :func:`legal_targets` looks them up once for every target).
    """
    if attacker is target:
        return AttackCheck(False, f"{attacker.id} cannot attack itself", "HS-ATTACK-08")
    for fig in (attacker, target):
        if fig.destroyed:
            return AttackCheck(False, f"{fig.id} was destroyed and has left the battlefield; attacks are made by "
                                      "and against figures still on it", "HS-ATTACK-01")
    if not attacker.on_battlefield or not target.on_battlefield:
        return AttackCheck(False, "both figures must be on the battlefield", "HS-ATTACK-01")
    core = _core_check(state, attacker, target, reach, needs_sight, engaged)
    verdicts = modifiers.target_verdicts(state, AttackContext(attacker, target, special))
    if not verdicts:
        return core
    refusal = next((v for v in verdicts if not v.allowed), None)
    if refusal is not None:  # "cannot" beats "can" (HS-SPECIAL-09)
        return AttackCheck(False, refusal.reason, refusal.rule or "HS-SPECIAL-09")
    return AttackCheck(True)  # a power beats the core rules (HS-SPECIAL-08)


def _core_check(state: MatchState, attacker: Figure, target: Figure, reach: int | None, needs_sight: bool,
                engaged: list[Figure] | None = None) -> AttackCheck:
    foes = engaged_enemies(state, attacker) if engaged is None else engaged
    if foes:
        if target in foes:
            return AttackCheck(True)
        names = ", ".join(f.id for f in foes)
        return AttackCheck(
            False, f"{attacker.id} is engaged (with {names}) and may attack only a figure it is engaged with",
            "HS-ENGAGE-07",
        )
    rng = modifiers.range_value(state, attacker) if reach is None else reach
    distance = attack_range(state, attacker, target)
    if ends_adjacent(state, attacker, target):
        # The two ends of a rope ladder may count each other as adjacent for attacks (HS-LADDER-05):
        # an attack as between adjacent figures, over the cliff edge that hides them.
        return AttackCheck(True)
    if rng <= 1:
        if not adjacent(state, attacker, target):
            wall = separating_obstacle(state, attacker, target)
            if wall is not None:
                return AttackCheck(
                    False, f"{attacker.id} has Range 1 and {target.id} is not adjacent: the {wall.kind.value.replace('_', ' ')} between "
                           f"their spaces (top at level {wall.top}) is as tall as one of them", "HS-ENGAGE-03")
            return AttackCheck(False, f"{attacker.id} has Range 1 and {target.id} is not adjacent", "HS-ATTACK-07")
        # Not engaged with it (else the branch above answered), so sight is needed (HS-ATTACK-01).
        if needs_sight and not line_of_sight(state, attacker, target, marks=False):
            return AttackCheck(False, f"{attacker.id} has no line of sight to {target.id}", "HS-LOS-01")
        return AttackCheck(True)
    if distance > rng:
        return AttackCheck(False, f"{target.id} is {distance} spaces away; {attacker.id} has Range {rng}", "HS-ATTACK-01")
    if needs_sight and not line_of_sight(state, attacker, target):
        # Range was checked first (HS-ATTACK-01 orders them): say that it was met, so that the
        # refusal is not read as one about Range.
        return AttackCheck(False, f"{attacker.id} has no line of sight to {target.id} ({target.id} is within "
                                  f"Range: {distance} {'space' if distance == 1 else 'spaces'} away, Range {rng})",
                           "HS-LOS-01")
    return AttackCheck(True)


def legal_targets(state: MatchState, attacker: Figure, *, enemies_only: bool = False) -> list[Figure]:
    """Every figure ``attacker`` could make a normal attack against now (geometry and powers), in
    the order of ``state.on_battlefield()``; friends included (HS-ATTACK-01) unless ``enemies_only``
    (the computer players and the map's marks never aim at a friend, HS-ARMY-13).

    Special attacks reach by their own rules: :func:`bot.rules.special.attack_options` lists both.
    """
    foes = engaged_enemies(state, attacker) if attacker.on_battlefield else []
    return [t for t in state.on_battlefield() if t is not attacker
            and (not enemies_only or state.is_enemy(attacker, t)) and check_target(state, attacker, t, engaged=foes)]


def legal_enemy_targets(state: MatchState, attacker: Figure) -> list[Figure]:
    """The enemy figures among :func:`legal_targets` (HS-ARMY-13): whom a player means to attack."""
    return legal_targets(state, attacker, enemies_only=True)


def friendly_target(state: MatchState, attacker: Figure, target: Figure) -> bool:
    """True when ``target`` is a figure on ``attacker``'s side (HS-ARMY-12): an attack the rules allow
    (HS-ATTACK-01) but the interfaces confirm first, so that nobody makes it by mistake."""
    return attacker is not target and not state.is_enemy(attacker, target)


def attack_dice(state: MatchState, attacker: Figure, target: Figure, special: tuple[str, int] | None = None) -> tuple[int, list[tuple[str, int]]]:
    """Attack dice and the reasons behind the count.

    ``special`` is ``(name, dice)`` for a special attack, whose dice nothing else changes
    (HS-SPECIAL-02, HS-HEIGHT-04). Normal attack: Attack value, height advantage, hooks.
    """
    if special is not None:
        return special[1], [(special[0], special[1])]
    base = state.card_of(attacker).stat("attack")
    reasons: list[tuple[str, int]] = [("Attack", base)]
    ha = height_advantage_dice(state, attacker, target)
    if ha:
        reasons.append(("height advantage", ha))
    reasons.extend(modifiers.attack_reasons(state, AttackContext(attacker, target, None)))
    return max(0, sum(n for _, n in reasons)), reasons


def defense_dice(state: MatchState, attacker: Figure, target: Figure, special: str | None = None) -> tuple[int, list[tuple[str, int]]]:
    """Defense dice ``target`` rolls against ``attacker`` and the reasons (HS-ATTACK-10, HS-HEIGHT-02..04)."""
    base = state.card_of(target).stat("defense")
    reasons: list[tuple[str, int]] = [("Defense", base)]
    ha = height_advantage_dice(state, target, attacker)
    if ha:
        reasons.append(("height advantage", ha))
    ctx = AttackContext(attacker, target, special)
    reasons.extend(modifiers.defense_reasons(state, ctx))
    total = max(0, sum(n for _, n in reasons))
    cap = modifiers.defense_cap(state, ctx)
    if cap is not None and cap[1] < total:  # "rolls at most N defense dice" (Heart Finder Spear)
        reasons.append((cap[0], cap[1] - total))
        total = cap[1]
    return total, reasons


def wounds_from(
    attack: list[str], defense: list[str], *, state: MatchState | None = None, ctx: AttackContext | None = None
) -> tuple[int, int, int]:
    """``(skulls, shields, wounds)``: each skull beyond the shields is a wound (HS-ATTACK-11).

    Given the ``state`` and the attack (``ctx``), powers have their say (:func:`tally`).
    """
    if state is not None and ctx is not None:
        t = tally(state, ctx, attack, defense)
        return t.skulls, t.shields, t.wounds
    skulls = sum(1 for d in attack if d == SKULL)
    shields = sum(1 for d in defense if d == SHIELD)
    return skulls, shields, max(0, skulls - shields)


def tally(state: MatchState, ctx: AttackContext, attack: list[str], defense: list[str]) -> modifiers.Tally:
    """What the rolled dice of one attack come to, powers included (Deadly Shot, Stealth Dodge):
    skulls, shields, hits, wounds and the powers that changed the count."""
    skulls = sum(1 for d in attack if d == SKULL)
    shields = sum(1 for d in defense if d == SHIELD)
    return modifiers.resolve_wounds(state, ctx, skulls, shields)


def engaged_with(state: MatchState, a: Figure, b: Figure) -> bool:
    """Re-export of :func:`bot.rules.engagement.engaged` for callers that only import combat."""
    return engaged(state, a, b)
