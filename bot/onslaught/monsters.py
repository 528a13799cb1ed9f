"""Monster and champion activations (DDO-MONSTER-*, DDO-CHAMPION-*).

A group activates on its decimal initiative; its monsters go one at a time, nearest the map's
north-western corner first (DDO-MONSTER-04), each once (DDO-MONSTER-11). A monster moves by its
behaviour toward the character it takes the fewest move points to reach (DDO-MONSTER-05), ties going
to the active player's characters and then to the non-active player's choice (DDO-MONSTER-06), then
attacks a target in range chosen the same way (DDO-MONSTER-07). Invisible characters are ignored
(DDO-COND-05). Monsters hit automatically unless their card gives a to-hit (DDO-MONSTER-08, DEC-23).

Behaviours: ``closest`` (move toward and attack the closest), ``hold`` (stay, attack the closest in
range), ``weakest`` (move toward the closest, attack the one with fewest hit points in range).
"""

from __future__ import annotations

import heapq

from bot.onslaught.board import best_route, can_end, footprint, portal_links, step_cost
from bot.onslaught.combat import base_damage, damage, dice_count, roll_attack
from bot.onslaught.dice import Dice
from bot.onslaught.events import Event
from bot.onslaught.grid import Square, distance, name, orthogonal
from bot.onslaught.state import MONSTERS, Decision, GameState, Mini, other


def northwest_order(minis: list[Mini]) -> list[Mini]:
    """Monsters ordered nearest the north-western corner first (DDO-MONSTER-04)."""
    return sorted(minis, key=lambda m: (distance(m.square, (0, 0)), m.square[1], m.square[0], m.name))


def behaviour(st: GameState, m: Mini) -> str:
    """The monster's behaviour now: a bloodied champion uses its bloodied behaviour (DDO-CHAMPION-02)."""
    card = st.monster_card(m)
    return card.bloodied_behaviour if card.bloodied_behaviour and st.bloodied(m) else card.behaviour


def _paths(st: GameState, m: Mini) -> tuple[dict[Square, int], dict[Square, Square]]:
    best: dict[Square, int] = {m.square: 0}
    prev: dict[Square, Square] = {}
    todo = [(0, m.square)]
    while todo:
        cost, sq = heapq.heappop(todo)
        if cost > best[sq]:
            continue
        for n, portal in [(x, False) for x in orthogonal(sq)] + [(x, True) for x in portal_links(st, sq)]:
            c = step_cost(st, m, sq, n, portal)
            if c is not None and cost + c < best.get(n, 1 << 30):
                best[n], prev[n] = cost + c, sq
                heapq.heappush(todo, (cost + c, n))
    return best, prev


def _in_reach(st: GameState, m: Mini, anchor: Square, t: Mini) -> bool:
    lo, hi = st.monster_card(m).attack.reach
    d = min(distance(a, b) for a in footprint(anchor, 2 if len(m.squares) == 4 else 1) for b in t.squares)
    return lo <= d <= hi


def candidates(st: GameState) -> list[Mini]:
    """Characters a monster may pick: on the map and not Invisible (DDO-COND-05)."""
    return [c for c in st.living() if c.side != MONSTERS and not c.has("invisible")]


def closest(st: GameState, m: Mini) -> tuple[list[Mini], dict[Square, int], dict[Square, Square], dict[str, Square]]:
    """The characters that take the fewest move points to reach (to a square from which the monster can
    attack them), after the active-party tie-break; with the path data to get there."""
    cost, prev = _paths(st, m)
    goal: dict[str, tuple[int, Square]] = {}
    for c in candidates(st):
        for sq, k in cost.items():
            if (sq == m.square or can_end(st, m, sq)) and _in_reach(st, m, sq, c) and (c.name not in goal or k < goal[c.name][0]):
                goal[c.name] = (k, sq)
    if not goal:
        return [], cost, prev, {}
    low = min(k for k, _ in goal.values())
    tied = [st.minis[n] for n, (k, _) in goal.items() if k == low]
    mine = [c for c in tied if c.side == st.active]
    return sorted(mine or tied, key=lambda c: c.name), cost, prev, {n: sq for n, (_, sq) in goal.items()}


def move_monster(st: GameState, m: Mini, toward: str | None, events: list[Event]) -> Decision | None:
    """Move the monster toward its closest character, stopping as soon as it can attack it; a tie the
    rules leave open returns a decision for the non-active player (DDO-MONSTER-05/06)."""
    if behaviour(st, m) == "hold":
        return None
    tied, cost, prev, goals = closest(st, m)
    if not tied:
        return None
    if toward is None and len(tied) > 1:
        return Decision("approach", other(st.active), m.name, [c.name for c in tied])
    target = toward if toward in goals else tied[0].name
    path = [goals[target]]
    while path[-1] != m.square:
        path.append(prev[path[-1]])
    path.reverse()
    speed = st.speed(m)
    stop = m.square
    for sq in path:
        if cost[sq] <= speed and (sq == m.square or can_end(st, m, sq)):
            stop = sq
    if stop != m.square:
        start = m.square
        m.squares = footprint(stop, 2 if len(m.squares) == 4 else 1)
        events.append(Event("moved", {"mini": m.name, "from": start, "to": stop, "how": "monster", "toward": target}))
    return None


def attack_targets(st: GameState, m: Mini) -> list[Mini]:
    """Targets in range and line of sight of the monster's attack, picked by behaviour, with the
    active-party tie-break (DDO-MONSTER-07)."""
    lo, hi = st.monster_card(m).attack.reach
    found: list[tuple[int, Mini]] = []
    for c in candidates(st):
        r = best_route(st, m, c.squares)
        if r is not None and lo <= r[0] <= hi:
            found.append((r[0], c))
    if not found:
        return []
    weakest = behaviour(st, m) == "weakest"

    def key(fc: tuple[int, Mini]) -> int:
        return fc[1].hp if weakest else fc[0]

    low = min(key(f) for f in found)
    tied = [f[1] for f in found if key(f) == low]
    mine = [c for c in tied if c.side == st.active]
    return sorted(mine or tied, key=lambda c: c.name)


def monster_attack(st: GameState, dice: Dice, m: Mini, target: Mini, events: list[Event]) -> None:
    """Resolve a monster's attack: automatic hit, or a roll by the player whose character is not
    attacked (DDO-MONSTER-08/09, DEC-23); a hit deals the attack's value (DDO-MONSTER-10)."""
    card = st.monster_card(m)
    hit = True
    data: dict[str, object] = {"attacker": m.name, "target": target.name, "ability": card.attack.name,
                               "from": m.square, "at": target.square}
    if card.to_hit is not None:
        r = best_route(st, m, target.squares)
        cover = bool(r and r[2])
        roll = roll_attack(st, dice, m, card.attack, dice_count(st, m, target, cover), basic=True)
        total = roll.kept + card.to_hit
        hit = roll.critical or (not roll.failure and total >= st.ac(target))
        data.update(faces=roll.faces, total=total, cover=cover, roller=other(target.side))
    else:
        data.update(automatic=True)
    data["hit"] = hit
    events.append(Event("attack", data))
    if hit:
        damage(st, m, target, base_damage(card.attack), events)


def activate_one(st: GameState, dice: Dice, m: Mini, choice: str | None, stage: str,
                 events: list[Event]) -> Decision | None:
    """Activate one monster from ``stage`` (``move`` or ``attack``); a returned decision pauses it."""
    if stage == "move":
        d = move_monster(st, m, choice, events)
        if d is not None:
            d.data = {"stage": "move"}
            return d
        choice = None
    targets = attack_targets(st, m)
    if not targets:
        return None
    if choice is None and len(targets) > 1:
        return Decision("target", other(st.active), m.name, [c.name for c in targets], {"stage": "attack"})
    chosen = next((c for c in targets if c.name == choice), targets[0])
    monster_attack(st, dice, m, chosen, events)
    return None


__all__ = ["activate_one", "attack_targets", "behaviour", "closest", "monster_attack", "name", "northwest_order"]
