"""Attacks, damage, defeat, healing, experience and the effect blocks of abilities.

An attack (DDO-ATTACK-05) runs: declare, set the dial (done by the caller), choose targets, check
cover, roll 2d20 keep the higher or 1 die with cover (DDO-ATTACK-08), add modifiers and compare with
armor class (DDO-ATTACK-09), critical on a natural 20 (or the widened range) and failure on a natural 1
(DDO-CRIT-*), deal damage, apply the extra effect last (DDO-ATTACK-12).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.onslaught.board import can_end, footprint, range_to
from bot.onslaught.conditions import (
    CONDITIONS,
    CURSED_HEAL,
    INSPIRING_DAMAGE,
    INSPIRING_RANGE,
    INSPIRING_ROLL,
)
from bot.onslaught.content import Ability, Effect
from bot.onslaught.dice import Dice
from bot.onslaught.events import Event
from bot.onslaught.grid import Square, distance, orthogonal
from bot.onslaught.state import EXHAUSTED, MONSTERS, READY, Condition, Decision, GameState, Mini, other

#: Experience needed to level up (DDO-XP-06).
LEVEL_XP = 5
#: A natural roll of at least this is a critical success unless a card widens it (DDO-CRIT-01/06).
CRITICAL = 20


@dataclass
class Roll:
    """An attack roll: the faces, the kept face after die modifiers, the total and the outcome."""

    faces: list[int]
    kept: int
    total: int
    critical: bool
    failure: bool


def clamp(face: int) -> int:
    """Dice are never modified above 20 or below 1 (DDO-CRIT-05)."""
    return max(1, min(20, face))


def inspired(st: GameState, mini: Mini) -> bool:
    """A friendly character within range 5 of a mini bearing Inspiring (DDO-COND-15)."""
    return mini.side != MONSTERS and any(
        m.has("inspiring") and m.side == mini.side and range_to(st, m, mini) <= INSPIRING_RANGE for m in st.living())


def dice_count(st: GameState, attacker: Mini, target: Mini | None, cover: bool) -> int:
    """2 dice, or 1 when the target has cover (DDO-ATTACK-08, DDO-COVER-02) or when a Taunted attacker
    attacks anyone but the taunter (DDO-COND-14)."""
    t = attacker.condition("taunted")
    if cover or t is not None and (target is None or target.name != t.source):
        return 1
    return 2


def roll_attack(st: GameState, dice: Dice, attacker: Mini, ability: Ability, n: int, basic: bool) -> Roll:
    """Roll ``n`` d20, apply die-roll modifiers to the highest (DDO-CRIT-04), keep the highest and add
    to-hit modifiers, attack modifiers first (DDO-ATTACK-09); a to-hit modifier never changes the face
    (DDO-CRIT-03)."""
    faces = [dice.d20() for _ in range(n)]
    kept = max(faces)
    if inspired(st, attacker):
        kept = clamp(kept + INSPIRING_ROLL)
    to_hit = ability.to_hit + st.bonus(attacker, "to_hit")
    if attacker.has("magic weapon") and basic and ability.attack == "melee":
        to_hit += 1  # DDO-COND-11
    if attacker.has("reckless"):
        to_hit += 3  # DDO-COND-13
    crit_from = CRITICAL
    if attacker.side != MONSTERS:
        crit_from = min([CRITICAL] + [i.bonuses["crit_from"] for i in st.items_of(attacker) if "crit_from" in i.bonuses])
    critical = kept >= crit_from
    failure = not critical and kept == 1  # DDO-CRIT-02 (no 20 on another die, or it would be kept)
    return Roll(faces, kept, kept + to_hit, critical, failure)


def base_damage(ability: Ability) -> int:
    """The damage of an ability: the sum of its ``damage`` effect blocks on the target."""
    return sum(e.amount for e in ability.effects if e.kind == "damage" and e.on == "target")


def attack_damage(st: GameState, attacker: Mini, target: Mini, ability: Ability, basic: bool) -> int:
    """Damage of a hit: base (halved, rounded down, when Weakened, DDO-COND-08, DDO-GOLD-03) plus
    items, Cursed/Marked by their source, Magic Weapon, Enraged, Inspiring; Enraged targets take 1 less."""
    dmg = base_damage(ability)
    if attacker.has("weakened"):
        dmg //= 2
    if dmg == 0 and base_damage(ability) == 0:
        return 0
    dmg += st.bonus(attacker, "damage")
    for cname in ("cursed", "marked"):  # DDO-COND-09/10
        c = target.condition(cname)
        if c is not None and c.source == attacker.name:
            dmg += 1
    if attacker.has("magic weapon") and basic and ability.attack == "melee":
        dmg += 1
    if attacker.has("enraged"):
        dmg += 1  # DDO-COND-12
    if basic and inspired(st, attacker):
        dmg += INSPIRING_DAMAGE
    if target.has("enraged"):
        dmg -= 1
    return max(0, dmg)


def gain_xp(st: GameState, mini: Mini, amount: int, why: str, events: list[Event]) -> None:
    """Add experience to the dial (DDO-XP-01); on reaching 5 the first time, ask for a level-up card
    (DDO-XP-06, once per scenario DDO-XP-07)."""
    if mini.side == MONSTERS or mini.defeated or amount <= 0:
        return
    before = mini.xp
    mini.xp += amount
    events.append(Event("xp", {"mini": mini.name, "gained": amount, "total": mini.xp, "why": why}))
    if before < LEVEL_XP <= mini.xp and not mini.level_up and not any(
            d.kind == "levelup" and d.mini == mini.name for d in st.pending):
        card = st.character_card(mini)
        st.pending.append(Decision("levelup", mini.side, mini.name, [a.name for a in card.level_ups]))


def bonus_xp(st: GameState, mini: Mini, when: str, events: list[Event]) -> None:
    """The card's bonus experience when its condition is met (DDO-XP-05)."""
    if mini.side != MONSTERS and st.character_card(mini).bonus_xp[0] == when:
        gain_xp(st, mini, st.character_card(mini).bonus_xp[1], f"bonus: {when}", events)


def damage(st: GameState, source: Mini | None, target: Mini, amount: int, events: list[Event]) -> None:
    """Subtract damage from hit points and turn the wheel (DDO-DAMAGE-01); report bloodied
    (DDO-DAMAGE-02, DDO-CHAMPION-02) and defeat at 0 (DDO-DAMAGE-03)."""
    if amount <= 0 or target.defeated:
        return
    was = st.bloodied(target)
    target.hp = max(0, target.hp - amount)
    events.append(Event("damage", {"mini": target.name, "amount": amount, "hp": target.hp}))
    if target.hp == 0:
        defeat(st, source, target, events)
    elif st.bloodied(target) and not was:
        events.append(Event("bloodied", {"mini": target.name, "speed": st.speed(target), "ac": st.ac(target)}))


def defeat(st: GameState, source: Mini | None, target: Mini, events: list[Event]) -> None:
    """Defeat a mini: a monster leaves the map; a character becomes a defeated token, drops its loot
    face down and its items' tokens face up (DDO-ATTACK-11, DDO-DAMAGE-04/05); victory points, Cursed."""
    target.defeated = True
    sq = target.square
    events.append(Event("defeated", {"mini": target.name, "square": sq}))
    if target.side != MONSTERS:
        dropped = [(t, False) for t in target.loot] + [(t, True) for t in target.equipped]
        if dropped:  # no empty pile: a square without tokens has no entry
            st.map_loot.setdefault(sq, []).extend(dropped)
        target.loot, target.equipped = [], []
        st.vp[other(target.side)] += st.scenario.vp_defeat
    curse = target.condition("cursed")
    if curse is not None and curse.source in st.minis:
        heal(st, st.minis[curse.source], st.minis[curse.source], CURSED_HEAL, events, xp=False)
    target.conditions = []
    if source is not None and source.side != MONSTERS:
        bonus_xp(st, source, "defeat", events)
        if target.side == MONSTERS:
            gain_xp(st, source, st.monster_card(target).xp, "defeated a monster", events)


def heal(st: GameState, healer: Mini, target: Mini, amount: int, events: list[Event], xp: bool = True) -> None:
    """Heal (DDO-HEAL-01): never above the wheel's maximum (DDO-HEAL-03), never a defeated character
    (DDO-HEAL-05); leaving the bloodied state restores speed and AC (DDO-HEAL-04); the healer gains 1
    experience (DDO-XP-03) and its bonus for healing to the maximum (DDO-XP-05)."""
    if target.defeated:
        return
    was = st.bloodied(target)
    target.hp = min(st.max_hp(target), target.hp + amount)
    events.append(Event("healed", {"mini": target.name, "amount": amount, "hp": target.hp}))
    if was and not st.bloodied(target):
        events.append(Event("unbloodied", {"mini": target.name, "speed": st.speed(target), "ac": st.ac(target)}))
    if xp:
        gain_xp(st, healer, 1, "healed", events)
        if target.hp == st.max_hp(target):
            bonus_xp(st, healer, "heal_to_max", events)


def add_condition(st: GameState, source: Mini, target: Mini, name: str, events: list[Event]) -> None:
    """Apply a condition token; Taunted moves from its old bearer to the new one (DDO-COND-14)."""
    if name == "taunted":
        for m in st.minis.values():
            m.conditions = [c for c in m.conditions if c.name != "taunted"]
    target.conditions = [c for c in target.conditions if c.name != name]
    target.conditions.append(Condition(name, CONDITIONS[name], source.name, st.serial))
    events.append(Event("condition", {"mini": target.name, "condition": name, "fading": CONDITIONS[name]}))


def _slide(st: GameState, mini: Mini, toward: Square, steps: int, away: bool) -> None:
    for _ in range(steps):
        here = mini.square
        d0 = distance(here, toward)
        best = None
        for n in orthogonal(here):
            d = distance(n, toward)
            if (d > d0 if away else d < d0) and can_end(st, mini, n) and abs(st.elevation(n) - st.elevation(here)) <= 1:
                best = n
                break
        if best is None:
            return
        mini.squares = footprint(best, 1)


def apply_effects(st: GameState, actor: Mini, effects: tuple[Effect, ...], target: Mini | None,
                  square: Square | None, events: list[Event]) -> None:
    """Apply effect blocks in order (damage for non-attack effects, heal, move, teleport, push, pull,
    exchange, condition, refresh). ``target`` defaults to the actor for ``on: self`` blocks."""
    for e in effects:
        who = actor if e.on == "self" or target is None else target
        if e.kind == "damage":
            damage(st, actor, who, e.amount, events)
        elif e.kind == "heal":
            heal(st, actor, who, e.amount, events)
        elif e.kind == "condition":
            if e.condition == "spike growth" and square is not None:
                st.spikes[square] = (actor.name, st.serial)  # DDO-COND-16: a token on the map
                events.append(Event("token", {"square": square, "token": "spike growth"}))
            else:
                add_condition(st, actor, who, e.condition, events)
        elif e.kind in ("push", "pull") and target is not None and not target.defeated:
            start = target.square
            _slide(st, target, actor.square, e.amount, e.kind == "push")
            events.append(Event("moved", {"mini": target.name, "from": start, "to": target.square, "how": e.kind}))
        elif e.kind in ("move", "teleport") and square is not None:
            start = actor.square
            actor.squares = footprint(square, 1)  # DDO-MOVE-01, DDO-MOVE-09 (checked by the engine)
            events.append(Event("moved", {"mini": actor.name, "from": start, "to": square, "how": e.kind}))
        elif e.kind == "exchange" and target is not None:
            actor.squares, target.squares = target.squares, actor.squares  # DDO-MOVE-08
            events.append(Event("moved", {"mini": actor.name, "from": target.square, "to": actor.square, "how": "exchange",
                                          "other": target.name}))
        elif e.kind == "refresh":
            refresh(who, e.amount, events)


def refresh(mini: Mini, amount: int, events: list[Event]) -> None:
    """Lower numbered dials by ``amount``; exhausted dials are not touched (DDO-COOL-05). ``amount`` 0
    refreshes exhausted dials to ready, the only way back from exhausted (DEC-20)."""
    for k, v in mini.dials.items():
        if amount == 0 and v == EXHAUSTED:
            mini.dials[k] = READY
        elif isinstance(v, int):
            mini.dials[k] = READY if v - amount <= 0 else v - amount
    events.append(Event("dials", {"mini": mini.name, "dials": dict(mini.dials)}))
