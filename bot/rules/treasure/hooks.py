"""What carried glyphs change in the numbers: dice, Move, ways of moving, targeting, the wound count.

Registered with :mod:`bot.rules.modifiers`, so every attack, preview and odds the engine works out
counts them. Each hook answers ``None`` at once for a figure that carries nothing and has no glyph
effect under way (the common case; the computer asks these questions very often). A glyph works
only for its carrier (HS-TREASURE-04) and while it is carried (HS-TREASURE-15).

- Attack dice: Heroic Rune +1 (HS-TREASURE-27), Holy Symbol of Pelor +2 against Undead
  (HS-TREASURE-28), Giant Hunter Stone +1 against Large or Huge (HS-TREASURE-25), Belt of Giant
  Strength +2 for the rest of the turn once used (HS-TREASURE-32).
- Defense dice: Talisman of Defense +1 (HS-TREASURE-30), Giant Hunter Stone +1 against Large or Huge
  attackers (HS-TREASURE-25), Ring of Protection +3 against the attack it was used in (HS-TREASURE-38).
- The count: Bloodcursed Blade 1 more skull in a normal attack on an adjacent figure
  (HS-TREASURE-16), Nanite Shielding 1 more shield (HS-TECH-05), Scarab of Invulnerability wounds
  taken away (HS-TREASURE-39).
- Moving: Brooch of Shielding and Cloak of Invisibility take no leaving-engagement attacks
  (HS-TREASURE-22, -35), a Jump Pack flies (HS-TECH-04), Elixir of Speed Move +4 (HS-TREASURE-36).
- Targeting: under the Cloak of Invisibility only a figure engaged with the carrier may attack it
  (no line of sight reaches it, HS-TREASURE-35).
"""

from __future__ import annotations

from bot.rules import modifiers
from bot.rules.engagement import adjacent, engaged
from bot.rules.modifiers import AttackContext, MoveAnswer, MoveRules, Tally, Verdict
from bot.rules.powers._common import is_a
from bot.rules.state import Figure, MatchState
from bot.rules.treasure import lasting

BIG = ("large", "huge")


def _big(state: MatchState, fig: Figure) -> bool:
    return (state.card_of(fig).size or "") in BIG


def _any_effect(state: MatchState) -> bool:
    return any(k.startswith(lasting.PREFIX) for k in state.effects) if state.effects else False


def _said(found: list[tuple[str, int]]) -> tuple[str, int] | None:
    total = sum(n for _, n in found)
    return (" + ".join(name for name, _ in found), total) if total else None


@modifiers.on_attack_dice
@modifiers.whatever_the_target
def attack_glyphs(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
    """Attack dice the attacker's carried glyphs add whatever it attacks: Heroic Rune, Belt of Giant
    Strength (part of its Attack, :func:`bot.rules.modifiers.stat_value`)."""
    a = ctx.attacker
    if not a.carries and not _any_effect(state):
        return None
    found = [("Heroic Rune", 1)] if "heroic_rune" in a.carries else []
    if lasting.get(state, "belt_of_giant_strength", a.id) is not None:
        found.append(("Belt of Giant Strength", 2))
    return _said(found)


@modifiers.on_attack_dice
def attack_glyphs_against(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
    """Attack dice the attacker's carried glyphs add against some targets: Holy Symbol of Pelor
    (Undead), Giant Hunter Stone (Large or Huge)."""
    a = ctx.attacker
    if not a.carries:
        return None
    found = []
    if "holy_symbol_of_pelor" in a.carries and is_a(state.card_of(ctx.target), species="Undead"):
        found.append(("Holy Symbol of Pelor", 2))
    if "giant_hunter_stone" in a.carries and _big(state, ctx.target):
        found.append(("Giant Hunter Stone", 1))
    return _said(found)


@modifiers.on_defense_dice
@modifiers.whatever_the_target
def defense_glyphs(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
    """Defense dice the target's carried glyphs add whoever attacks it: Talisman of Defense (part of
    its Defense, :func:`bot.rules.modifiers.stat_value`)."""
    return ("Talisman of Defense", 1) if "talisman_of_defense" in ctx.target.carries else None


@modifiers.on_defense_dice
def defense_glyphs_against(state: MatchState, ctx: AttackContext) -> tuple[str, int] | None:
    """Defense dice the target's carried glyphs add against some attacks: Giant Hunter Stone (Large
    or Huge attackers), Ring of Protection (the attack it was used in)."""
    t = ctx.target
    if not t.carries and not _any_effect(state):
        return None
    found = []
    if "giant_hunter_stone" in t.carries and _big(state, ctx.attacker):
        found.append(("Giant Hunter Stone", 1))
    if lasting.for_attack(state, "ring_of_protection", t.id, ctx.attacker.id, t.id) is not None:
        found.append(("Ring of Protection", 3))
    return _said(found)


def _recount(count: Tally, skulls: int = 0, shields: int = 0, wounds: int | None = None, why: str = "") -> Tally:
    hits = count.hits + skulls
    shields_now = count.shields + shields
    new_wounds = max(0, hits - shields_now) if wounds is None else wounds
    return modifiers.replace(count, skulls=count.skulls + skulls, shields=shields_now, hits=hits, wounds=new_wounds,
                             reasons=(*count.reasons, why))


@modifiers.on_wounds
def count_glyphs(state: MatchState, ctx: AttackContext, count: Tally) -> Tally | None:
    """Skulls, shields and wounds the carried glyphs change in a rolled attack (see module doc)."""
    a, t = ctx.attacker, ctx.target
    if not a.carries and not t.carries and not _any_effect(state):
        return None
    changed = count
    if "bloodcursed_blade" in a.carries and ctx.special is None and adjacent(state, a, t):
        changed = _recount(changed, skulls=1, why="Bloodcursed Blade")
    if lasting.for_attack(state, "nanite_shielding", t.id, a.id, t.id) is not None:
        changed = _recount(changed, shields=1, why="Nanite Shielding")
    scarab = lasting.for_attack(state, "scarab_of_invulnerability", t.id, a.id, t.id)
    if scarab is not None and changed.wounds:
        ignored = changed.wounds if scarab.data.get("all") else 1
        changed = _recount(changed, wounds=changed.wounds - ignored, why="Scarab of Invulnerability")
    return None if changed is count else changed


@modifiers.on_move_value
def move_glyphs(state: MatchState, fig: Figure, value: int) -> int:
    """Move +4 while an Elixir of Speed drunk this turn works (HS-TREASURE-36)."""
    if state.effects and lasting.get(state, "elixir_of_speed", fig.id) is not None:
        return value + 4
    return value


@modifiers.on_move_rules
def move_rule_glyphs(state: MatchState, fig: Figure, core: MoveRules) -> MoveAnswer | None:
    """Brooch of Shielding and Cloak of Invisibility: no leaving-engagement attacks; Jump Pack: Flying."""
    if not fig.carries and not _any_effect(state):
        return None
    no_swipes = "brooch_of_shielding" in fig.carries or lasting.get(state, "cloak_of_invisibility", fig.id) is not None
    flies = lasting.get(state, "jump_pack", fig.id) is not None
    if not no_swipes and not flies:
        return None
    return MoveAnswer(takes_swipes=False if no_swipes else None, can_fly=True if flies else None)


@modifiers.on_target_check
def cloak_check(state: MatchState, ctx: AttackContext) -> Verdict | None:
    """Cloak of Invisibility: no visible Hit Zones, so only a figure engaged with the carrier may attack it."""
    if not state.effects or lasting.get(state, "cloak_of_invisibility", ctx.target.id) is None:
        return None
    if engaged(state, ctx.attacker, ctx.target):
        return None
    return Verdict(False, f"{ctx.target.id} wears the Cloak of Invisibility: no line of sight reaches it, so only a "
                          "figure engaged with it may attack it", "HS-TREASURE-35")
