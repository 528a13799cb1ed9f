"""The handlers of Onslaught commands: what each verb checks and does (DDO-ACTION-*, attacks,
abilities, loot, items, doors, reactions, level-ups, decisions).

Every check comes before any change, so a refused command changes nothing but the message.
"""

from __future__ import annotations

from typing import Any, Protocol

from bot.onslaught.aim import effect_target, shape_targets
from bot.onslaught.board import best_route, can_end, range_to, reach, sight
from bot.onslaught.combat import (
    apply_effects,
    attack_damage,
    bonus_xp,
    damage,
    dice_count,
    gain_xp,
    heal,
    roll_attack,
)
from bot.onslaught.commands import Command
from bot.onslaught.content import Ability
from bot.onslaught.dice import Dice
from bot.onslaught.events import Event, RulesError
from bot.onslaught.grid import Square, SquareError, distance, name, parse_square
from bot.onslaught.state import EXHAUSTED, MONSTERS, READY, Decision, GameState, Mini


class Game(Protocol):
    """What the handlers need of :class:`bot.onslaught.engine.Game` (named here so that this module
    does not import the engine, which imports it)."""

    st: GameState
    dice: Dice
    events: list[Event]

    def begin_actions(self) -> None: ...
    def start_activation(self, mini: Mini) -> None: ...
    def end_activation(self) -> None: ...
    def run_group(self, choice: str | None) -> None: ...
    def spawn(self, group: int, sq: Square) -> Mini: ...

#: Which slot pays for an action kind, in order of preference: the standard action may stand in for
#: any action, and the move action for a bonus action (DDO-ACTION-03).
PAYS = {"standard": ("standard",), "move": ("move", "standard"), "bonus": ("bonus", "move", "standard")}
#: Draw stops at this many item tokens (DDO-LOOT-03).
ITEMS_PER_LOOT = 3


def _mini(st: GameState, word: str) -> Mini:
    for m in st.minis.values():
        if m.name.lower() == word.lower():
            return m
    raise RulesError(f"there is no mini called {word!r}; minis: {', '.join(st.minis)}")


def _square(word: str) -> Square:
    try:
        return parse_square(word)
    except SquareError as exc:
        raise RulesError(str(exc)) from None


def _acting(g: Game, player: str, word: str) -> Mini:
    """The activating character, checked to be the player's and the one named."""
    st = g.st
    m = _mini(st, word)
    act = st.activation
    if act is None:
        raise RulesError("no character is activating now" + (f"; {st.awaiting} is next: 'activate {st.awaiting}'" if st.awaiting else ""))
    if m.name != act.mini:
        raise RulesError(f"{m.name} is not activating; {act.mini} is")
    if m.side != player:
        raise RulesError(f"{m.name} is not yours")
    if m.defeated:
        raise RulesError(f"{m.name} is defeated; 'end' the activation")
    return m


def plan_cost(st: GameState, m: Mini, kinds: tuple[str, ...]) -> dict[str, int]:
    """Which slots would pay for ``kinds`` (DDO-ACTION-02/03/07), or raise why not. Stunned minis take
    no actions (DDO-COND-06), Dazed no standard action (DDO-COND-03), Rooted no move action (DDO-COND-07)."""
    assert st.activation is not None
    if m.has("stunned"):
        raise RulesError(f"{m.name} is Stunned and cannot take any actions")
    left = dict(st.activation.left)
    spent: dict[str, int] = {}
    order = sorted(kinds, key=lambda k: ("standard", "move", "bonus", "free").index(k))
    for k in order:
        if k == "free":
            continue
        if k == "move" and m.has("rooted"):
            raise RulesError(f"{m.name} is Rooted and cannot take move actions")
        for slot in PAYS[k]:
            if slot == "standard" and m.has("dazed"):
                continue
            if left.get(slot, 0) > 0:
                left[slot] -= 1
                spent[slot] = spent.get(slot, 0) + 1
                break
        else:
            why = " (Dazed: no standard action)" if m.has("dazed") else ""
            raise RulesError(f"{m.name} has no {k} action left this activation{why}")
    return spent


def _pay(st: GameState, spent: dict[str, int]) -> None:
    assert st.activation is not None
    for slot, n in spent.items():
        st.activation.left[slot] -= n


def dispatch(g: Game, player: str, cmd: Command) -> None:
    """Run a command outside any pending decision."""
    handler = HANDLERS.get(cmd.verb)
    if handler is None:
        raise RulesError(f"'{cmd.verb}' answers a question, and none is asked now")
    handler(g, player, cmd.words)


def _assign(g: Game, player: str, words: tuple[str, ...]) -> None:
    """Secret initiative assignment (DDO-INIT-05/06, DEC-21)."""
    st = g.st
    if st.phase != "initiative":
        raise RulesError("initiative cards are assigned in the Initiative Phase only")
    if any(n for n in st.assigned if st.minis[n].side == player):
        raise RulesError("you have already assigned your initiative cards this round")
    hand = list(st.hands[player])
    pairs = [w.partition("=") for w in words]
    given: dict[str, int] = {}
    for nm, _, card in pairs:
        m = _mini(st, nm)
        if m.side != player:
            raise RulesError(f"{m.name} is not in your party")
        if m.name in given:
            raise RulesError(f"{m.name} has two cards; give each character one card")
        c = int(card)
        if c not in hand:
            raise RulesError(f"you do not hold initiative card {c}; your cards are {sorted(st.hands[player])}")
        hand.remove(c)
        given[m.name] = c
    party = st.held[player]
    missing = [n for n in party if n not in given]
    if missing:
        raise RulesError(f"every character gets one card, defeated ones too (DDO-INIT-04); missing: {', '.join(missing)}")
    if 1 in st.hands[player] and 1 not in given.values():
        raise RulesError("as the active player, put Initiative 1 face up on one of your characters")
    st.assigned.update(given)
    st.set_aside[player] = hand
    g.events.append(Event("assigned", {"side": player, "cards": given, "set aside": hand}, secret_to=player))
    first = next((n for n, c in given.items() if c == 1), None)
    if first:
        g.events.append(Event("initiative 1", {"mini": first}))
    if all(any(st.minis[n].side == s for n in st.assigned) for s in ("A", "B")):
        g.begin_actions()


def _activate(g: Game, player: str, words: tuple[str, ...]) -> None:
    st = g.st
    if st.phase != "action" or not st.awaiting:
        raise RulesError("no character is waiting to activate now")
    m = st.minis[st.awaiting]
    if words and _mini(st, words[0]) is not m:
        raise RulesError(f"the next initiative card is on {m.name}, not {words[0]}")
    if m.side != player:
        raise RulesError(f"{m.name} is party {m.side}'s character")
    g.start_activation(m)


def _move(g: Game, player: str, words: tuple[str, ...]) -> None:
    """Basic move: speed in move points, orthogonal, extra for hindering and climbing (DDO-MOVE-02..07)."""
    st = g.st
    m = _acting(g, player, words[0])
    dest = _square(words[1])
    spent = plan_cost(st, m, ("move",))
    points = st.speed(m)
    costs = reach(st, m, points)
    if dest == m.square:
        raise RulesError(f"{m.name} is already on {name(dest)}")
    if dest not in costs:
        raise RulesError(f"{m.name} cannot reach {name(dest)} with {points} move points")
    if not can_end(st, m, dest):
        raise RulesError(f"{m.name} cannot end a move on {name(dest)}: another miniature or blocking terrain is there")
    _pay(st, spent)
    start = m.square
    m.squares = [dest]
    g.events.append(Event("moved", {"mini": m.name, "from": start, "to": dest, "cost": costs[dest], "points": points, "how": "move"}))
    _adjacent_reactions(g, m)


def _adjacent_reactions(g: Game, mover: Mini) -> None:
    """Offer ``enemy_adjacent`` reactions to characters next to a mini that ended a basic move."""
    st = g.st
    for c in st.living():
        if c.side in (MONSTERS, mover.side) or distance(c.square, mover.square) != 1:
            continue
        r = st.character_card(c).reaction
        if r.trigger == "enemy_adjacent" and can_react(c, r):
            st.pending.append(Decision("react", c.side, c.name, [c.name, "pass"], {"trigger": "enemy_adjacent", "mover": mover.name}))


def can_react(c: Mini, r: Ability) -> bool:
    """A reaction needs its dial at ready and a mini neither Dazed nor Stunned (DDO-REACT-02, DDO-COND-03/06)."""
    return c.dials.get(r.name) == READY and not c.has("dazed") and not c.has("stunned") and not c.defeated


def basic_attack(st: GameState, m: Mini, kind: str | None, target: Mini) -> Ability:
    """The basic attack ``m`` makes on ``target``: ``kind`` ``melee``/``ranged``, or (``None``) melee when
    adjacent and the character has one, else ranged (DDO-ATTACK-03/04).

    :raises RulesError: the character has no such basic attack, or cannot use it (Wolf form)."""
    card = st.character_card(m)
    if kind == "melee" or kind is None and card.melee is not None and distance(m.square, target.square) <= 1:
        if card.melee is None:
            raise RulesError(f"{m.name} has no melee basic attack")
        return card.melee
    if card.ranged is None:
        raise RulesError(f"{m.name} has no ranged basic attack")
    if m.has("wolf"):
        raise RulesError(f"{m.name} is in Wolf form and cannot use the ranged basic attack")
    return card.ranged


def check_target(st: GameState, m: Mini, target: Mini, ab: Ability) -> bool:
    """Check range, line of sight and who may be targeted; return whether the target has cover
    (DDO-ATTACK-07, DDO-RANGE-*, DDO-LOS-*, DDO-COND-05/17, DDO-DAMAGE-04)."""
    if target.defeated:
        raise RulesError(f"{target.name} is defeated and cannot be targeted")
    if ab.attack and not st.enemies(m, target):
        raise RulesError(f"{target.name} is not an enemy; attacks target enemy characters or monsters")
    if ab.attack and target.has("invisible"):
        raise RulesError(f"{target.name} is Invisible: only area of effect or cone attacks reach them")
    lo, hi = ab.reach
    if target is m:
        if lo > 0:
            raise RulesError(f"{ab.name} cannot be used on {m.name} itself (its minimum range is {lo})")
        return False
    if not ab.attack:  # healing and other effects need range only (DDO-HEAL-01)
        d = range_to(st, m, target)
        if not lo <= d <= hi:
            raise RulesError(f"{target.name} is at range {d}; {ab.name} reaches {lo}-{hi}")
        return False
    r = best_route(st, m, target.squares)
    if r is None:
        raise RulesError(f"{m.name} has no line of sight to {target.name}")
    if not lo <= r[0] <= hi:
        raise RulesError(f"{target.name} is at range {r[0]}; {ab.name} reaches {lo}-{hi}")
    if r[2] and target.has("stealth") and ab.attack:
        raise RulesError(f"{target.name} has Stealth and cover, so cannot be targeted")
    return r[2]


def _attack(g: Game, player: str, words: tuple[str, ...]) -> None:
    st = g.st
    m = _acting(g, player, words[0])
    target = _mini(st, words[1])
    ab = basic_attack(st, m, words[2].lower() if len(words) > 2 else None, target)
    spent = plan_cost(st, m, ab.actions)
    cover = check_target(st, m, target, ab)
    _pay(st, spent)
    declare(g, m, ab, [target], {target.name: cover}, None, basic=True)


def declare(g: Game, m: Mini, ab: Ability, targets: list[Mini], cover: dict[str, bool], square: Square | None,
            basic: bool, area: bool = False) -> None:
    """An attack is declared: offer ``targeted`` reactions, then roll (DDO-ATTACK-05, DDO-REACT-*)."""
    st = g.st
    g.events.append(Event("attack declared", {"attacker": m.name, "ability": ab.name, "targets": [t.name for t in targets]}))
    plan = {"attacker": m.name, "ability": ab.name, "targets": [t.name for t in targets], "cover": cover,
            "square": square, "basic": basic, "area": area, "bonus_ac": {}}
    for t in targets:
        if t.side == MONSTERS:
            continue
        r = st.character_card(t).reaction
        if r.trigger == "targeted" and can_react(t, r):
            st.pending.append(Decision("react", t.side, t.name, [t.name, "pass"], {"trigger": "targeted", "plan": plan}))
    if not st.pending:
        resolve(g, plan)


def resolve(g: Game, plan: dict[str, Any]) -> None:
    """Roll, compare, damage and extra effects of a declared attack (DDO-ATTACK-08..12, DDO-CRIT-*)."""
    st = g.st
    m = st.minis[plan["attacker"]]
    ab = st.ability(m, plan["ability"])
    assert ab is not None
    targets = [st.minis[n] for n in plan["targets"] if not st.minis[n].defeated]
    if m.defeated or not targets:
        return
    single = targets[0] if len(targets) == 1 and not plan["area"] else None
    cover = any(plan["cover"].get(t.name, False) for t in targets) and not plan["area"]
    roll = roll_attack(st, g.dice, m, ab, dice_count(st, m, single, cover), plan["basic"])
    hits = []
    for t in targets:
        ac = st.ac(t) + plan["bonus_ac"].get(t.name, 0)
        hit = roll.critical or (not roll.failure and roll.total >= ac)
        g.events.append(Event("attack", {"attacker": m.name, "target": t.name, "from": m.square, "at": t.square,
                                         "ability": ab.name, "faces": roll.faces,
                                         "kept": roll.kept, "total": roll.total, "ac": ac, "cover": cover,
                                         "hit": hit, "critical": roll.critical and hit, "failure": roll.failure}))
        if hit:
            hits.append(t)
    for t in hits:
        damage(st, m, t, attack_damage(st, m, t, ab, plan["basic"]), g.events)
    for t in hits:
        extra = tuple(e for e in ab.effects if not (e.kind == "damage" and e.on == "target"))
        apply_effects(st, m, extra, t, plan["square"], g.events)
        if roll.critical and m.side != MONSTERS:
            apply_effects(st, m, st.character_card(m).critical, t, plan["square"], g.events)
    if hits:
        gain_xp(st, m, 1, "hit with an attack", g.events)
        if roll.critical:
            bonus_xp(st, m, "critical", g.events)


def _use(g: Game, player: str, words: tuple[str, ...]) -> None:
    """Use an ability: cost, ready dial, set the dial on declaring (DDO-COOL-02/03/04, DDO-ACTION-07/08),
    then its shape: single target, area (DDO-AOE-*), cone (DDO-CONE-*) or effects."""
    st = g.st
    m = _acting(g, player, words[0])
    ab = st.ability(m, words[1].replace("-", " ").replace("_", " "))
    if ab is None:
        raise RulesError(f"{m.name} has no ability {words[1]!r}; abilities: {', '.join(a.name for a in st.abilities(m))}")
    card = st.character_card(m)
    if ab is card.reaction:
        raise RulesError(f"{ab.name} is a reaction: it is used when its trigger happens, not as an action")
    is_item = any(i.ability is ab for i in st.items_of(m))
    if m.has("wolf") and (ab.cooldown is not None or is_item):
        raise RulesError(f"{m.name} is in Wolf form: no cooldown abilities or item cards")
    if ab.name == m.level_up and ab.once and m.level_used:
        raise RulesError(f"{ab.name} has been used; it is face down")
    dial = m.dials.get(ab.name, READY)
    if ab.cooldown is not None and dial != READY:
        raise RulesError(f"{ab.name}'s cooldown dial is at {dial}, not ready")
    spent = plan_cost(st, m, ab.actions)
    arg = words[2] if len(words) > 2 else None
    target: Mini | None = None
    square: Square | None = None
    if arg is not None:
        try:
            square = parse_square(arg) if arg[0].isalpha() and arg[1:].isdigit() else None
        except SquareError:
            square = None
        if square is None:
            target = _mini(st, arg)
    targets: list[Mini] = []
    cover: dict[str, bool] = {}
    kinds = {e.kind for e in ab.effects}
    if ab.attack and (ab.area or ab.cone):
        targets = shape_targets(st, m, ab, square)
    elif ab.attack:
        if target is None:
            raise RulesError(f"{ab.name} is an attack: name its target")
        cover[target.name] = check_target(st, m, target, ab)
        targets = [target]
    else:
        target = effect_target(st, m, ab, target, square, arg)
        if target is not None:
            check_target(st, m, target, ab)
        if kinds & {"teleport", "move"}:
            if square is None:
                raise RulesError(f"{ab.name} moves {m.name}: name the square to go to")
            amount = max(e.amount for e in ab.effects if e.kind in ("teleport", "move"))
            if "teleport" in kinds:
                if distance(m.square, square) > amount or st.blocking(square) or st.at(square) is not None:
                    raise RulesError(f"teleport goes up to {amount} squares to a square free of minis and blocking terrain")
            elif square not in reach(st, m, amount) or not can_end(st, m, square):
                raise RulesError(f"{m.name} cannot move to {name(square)} with {amount} move points")
        if kinds & {"exchange", "push", "pull"} and target is None:
            raise RulesError(f"{ab.name} needs a target mini")
    _pay(st, spent)
    if ab.cooldown is not None:
        m.dials[ab.name] = EXHAUSTED if ab.cooldown == 0 else ab.cooldown
    if ab.name == m.level_up and ab.once:
        m.level_used = True  # DDO-XP-08
    g.events.append(Event("ability", {"mini": m.name, "ability": ab.name, "dial": m.dials.get(ab.name)}))
    if ab.attack:
        declare(g, m, ab, targets, cover, square, basic=False, area=bool(ab.area or ab.cone))
    else:
        apply_effects(st, m, ab.effects, target, square, g.events)


def _loot(g: Game, player: str, words: tuple[str, ...]) -> None:
    """Loot a chest (DDO-LOOT-02..06, DEC-24): draw until an event, 3 items, or an empty pool."""
    st = g.st
    m = _acting(g, player, words[0])
    near = [c for c in st.chests if distance(c, m.square) <= 1]
    if len(words) > 1:
        near = [c for c in near if c == _square(words[1])]
    if not near:
        raise RulesError(f"{m.name} is not adjacent to or on a chest")
    spent = plan_cost(st, m, ("bonus",))
    _pay(st, spent)
    st.chests.remove(near[0])
    g.dice.shuffle(st.pool)
    drawn: list[str] = []
    event = ""
    while st.pool and sum(1 for t in drawn) < ITEMS_PER_LOOT:
        t = st.pool.pop(0)
        if t.startswith("event:"):
            event = t
            break
        drawn.append(t)
    g.events.append(Event("looted", {"mini": m.name, "chest": near[0]}))
    g.events.append(Event("drawn", {"mini": m.name, "tokens": drawn}, secret_to=m.side))
    gain_xp(st, m, 1, "looted a chest", g.events)
    bonus_xp(st, m, "loot", g.events)
    if event:
        st.pool += drawn
        _event(g, m, event[6:])
    elif len(drawn) == 1:
        m.loot.append(drawn[0])
    elif drawn:
        st.pending.append(Decision("keep", m.side, m.name, sorted(set(drawn)), {"drawn": drawn}))


def _event(g: Game, m: Mini, ev: str) -> None:
    """A revealed event token and the scenario's instruction for it (DDO-LOOT-04)."""
    st = g.st
    rule = st.scenario.events.get(ev, {})
    g.events.append(Event("event", {"mini": m.name, "event": ev, "text": rule.get("text", "")}))
    if "damage" in rule:
        damage(st, None, m, int(rule["damage"]), g.events)
    if "heal" in rule:
        heal(st, m, m, int(rule["heal"]), g.events, xp=False)
    if "vp" in rule:
        st.vp[m.side] += int(rule["vp"])


def _free_item(g: Game, player: str, words: tuple[str, ...], verb: str) -> None:
    st = g.st
    m = _acting(g, player, words[0])
    plan_cost(st, m, ("free",))
    sym = words[1]
    if verb == "equip":  # DDO-ITEM-01/02
        if sym not in m.loot:
            raise RulesError(f"{m.name} carries no face-down loot token {sym!r}; carried: {m.loot}")
        if m.has("wolf"):
            raise RulesError(f"{m.name} is in Wolf form and cannot use item cards")
        item = st.library.items[sym]
        if any(i.type == item.type for i in st.items_of(m)):
            raise RulesError(f"{m.name} already has a {item.type} equipped")
        m.loot.remove(sym)
        m.equipped.append(sym)
        g.events.append(Event("equipped", {"mini": m.name, "item": item.name, "symbol": sym}))
    elif verb == "unequip":  # DDO-ITEM-03
        if sym not in m.equipped:
            raise RulesError(f"{m.name} has no item {sym!r} equipped")
        m.equipped.remove(sym)
        m.loot.append(sym)
        g.events.append(Event("unequipped", {"mini": m.name, "symbol": sym}))
    elif verb == "give":  # DDO-LOOT-07
        friend = _mini(st, words[2])
        if sym not in m.loot:
            raise RulesError(f"{m.name} has no face-down loot token {sym!r} to give")
        if friend.side != m.side or friend is m or friend.defeated or distance(friend.square, m.square) > 1:
            raise RulesError(f"{friend.name} is not an adjacent friendly character")
        m.loot.remove(sym)
        friend.loot.append(sym)
        g.events.append(Event("traded", {"mini": m.name, "to": friend.name}))
        g.events.append(Event("traded token", {"symbol": sym}, secret_to=m.side))


def _pickup(g: Game, player: str, words: tuple[str, ...]) -> None:
    """Pick up one loot token adjacent or overlapped, as a free action (DDO-LOOT-08)."""
    st = g.st
    m = _acting(g, player, words[0])
    sq = _square(words[1])
    if distance(sq, m.square) > 1 or not st.map_loot.get(sq):
        raise RulesError(f"there is no loot token on {name(sq)} adjacent to or under {m.name}")
    tok, _ = st.map_loot[sq].pop(0)
    if not st.map_loot[sq]:
        del st.map_loot[sq]
    m.loot.append(tok)
    g.events.append(Event("picked up", {"mini": m.name, "square": sq}))


def _door(g: Game, player: str, words: tuple[str, ...]) -> None:
    """Open or close an adjacent door as a free action (DDO-DOOR-01/02)."""
    st = g.st
    m = _acting(g, player, words[0])
    door = words[1]
    if door not in st.map.doors:
        raise RulesError(f"there is no door {door!r}; doors: {', '.join(st.map.doors) or 'none'}")
    if m.square not in st.map.doors[door]:
        raise RulesError(f"{m.name} is not adjacent to door {door}")
    want = words[2].lower() == "open"
    if (door in st.open_doors) == want:
        raise RulesError(f"door {door} is already {'open' if want else 'closed'}")
    (st.open_doors.add if want else st.open_doors.discard)(door)
    g.events.append(Event("door", {"mini": m.name, "door": door, "open": want}))


def _end(g: Game, player: str, words: tuple[str, ...]) -> None:
    st = g.st
    if st.activation is None or st.minis[st.activation.mini].side != player:
        raise RulesError("you have no activation to end")
    g.end_activation()


def answer(g: Game, player: str, cmd: Command, d: Decision) -> None:
    """Answer the first pending decision: ``levelup``, ``keep``, ``react``/``pass``, ``choose``."""
    st = g.st
    w = cmd.words
    if d.kind == "levelup":
        if cmd.verb != "levelup" or _mini(st, w[0]).name != d.mini or w[1].replace("-", " ").lower() not in [o.lower() for o in d.options]:
            raise RulesError(f"{d.mini} levels up: write 'levelup {d.mini} CARD' with one of {d.options}")
        st.minis[d.mini].level_up = next(o for o in d.options if o.lower() == w[1].replace("-", " ").lower())
        st.pending.pop(0)
        g.events.append(Event("levelled up", {"mini": d.mini, "card": st.minis[d.mini].level_up}))
    elif d.kind == "keep":
        if cmd.verb != "keep" or w[0] not in d.options:
            raise RulesError(f"keep one of the drawn item tokens: 'keep SYMBOL' with one of {d.options}")
        drawn = list(d.data["drawn"])
        drawn.remove(w[0])
        st.minis[d.mini].loot.append(w[0])
        st.pool += drawn  # DDO-LOOT-05
        st.pending.pop(0)
        g.events.append(Event("kept", {"mini": d.mini, "symbol": w[0]}, secret_to=player))
    elif d.kind == "react":
        if cmd.verb not in ("react", "pass"):
            raise RulesError(f"{d.mini} may react: write 'react {d.mini}' or 'pass'")
        st.pending.pop(0)
        if cmd.verb == "react":
            _react(g, st.minis[d.mini], d)
        plan = d.data.get("plan")
        if plan is not None and not any(p.kind == "react" and p.data.get("plan") is plan for p in st.pending):
            resolve(g, plan)
    elif d.kind == "place":  # DDO-MONSTER-03
        if cmd.verb != "choose" or w[0].upper() not in d.options:
            raise RulesError(f"choose where a {d.mini} spawns: 'choose SQUARE' with one of {d.options}")
        sq = parse_square(w[0])
        if st.at(sq) is not None:
            raise RulesError(f"{w[0].upper()} is taken; choose another of {d.options}")
        g.spawn(d.data["group"], sq)
        d.options.remove(w[0].upper())
        d.data["left"] -= 1
        if d.data["left"] == 0:
            st.pending.pop(0)
    else:  # approach / target: monster ties the non-active player decides (DDO-MONSTER-06/07)
        if cmd.verb != "choose" or w[0] not in d.options:
            raise RulesError(f"choose which character {d.mini} goes for: 'choose NAME' with one of {d.options}")
        st.pending.pop(0)
        # Said before the monster acts, so a move or an attack on another can be read against it.
        g.events.append(Event("monster choice", {"side": d.player, "mini": d.mini, "target": w[0], "kind": d.kind}))
        g.run_group(w[0])


def _react(g: Game, c: Mini, d: Decision) -> None:
    """Take a reaction: set its dial, then its effects (``ac`` adds to armor class against this attack)."""
    st = g.st
    r = st.character_card(c).reaction
    c.dials[r.name] = EXHAUSTED if r.cooldown == 0 else r.cooldown
    g.events.append(Event("reaction", {"mini": c.name, "ability": r.name}))
    foe = st.minis[d.data["plan"]["attacker"]] if "plan" in d.data else st.minis[d.data["mover"]]
    for e in r.effects:
        if e.kind == "ac" and "plan" in d.data:
            d.data["plan"]["bonus_ac"][c.name] = d.data["plan"]["bonus_ac"].get(c.name, 0) + e.amount
        else:
            apply_effects(st, c, (e,), foe, None, g.events)


HANDLERS = {
    "assign": _assign, "activate": _activate, "move": _move, "attack": _attack, "use": _use, "loot": _loot,
    "equip": lambda g, p, w: _free_item(g, p, w, "equip"), "unequip": lambda g, p, w: _free_item(g, p, w, "unequip"),
    "give": lambda g, p, w: _free_item(g, p, w, "give"), "pickup": _pickup, "door": _door, "end": _end,
}
__all__ = ["HANDLERS", "answer", "dispatch", "sight"]
