"""The computer player's move generation: every place a figure could end its move (walking, flying or
by a power's own way of moving), valued by the attack it could make from there less what leaving
engagement costs, checked lazily best estimate first (:func:`best_move`).
"""

from __future__ import annotations

import copy
import dataclasses
import heapq
import shlex

from bot.game.ai.attacks import (
    ATTACK_BONUS,
    attack_score,
    attack_value,
    line_spaces,
    power_word,
    signed_wounds,
    special_powers,
    special_value,
    swipe_cost,
)
from bot.game.ai.common import enemies_of, figure_distance
from bot.game.ai.glyphs import glyph_value
from bot.rules import modifiers
from bot.rules.cards import Power
from bot.rules.combat import attack_dice, check_target, defense_dice
from bot.rules.commands import MOVE_POWERS
from bot.rules.engagement import engaged_enemies, height_advantage_dice
from bot.rules.errors import RulesError
from bot.rules.hexes import DIRECTIONS, Hex
from bot.rules.legal import LegalCommands
from bot.rules.movement import leaving, plan, reachable
from bot.rules.odds import life_left
from bot.rules.special import legacy_values, special_attack
from bot.rules.state import Figure, MatchState


def _end_level(st: MatchState, fig: Figure, body: tuple[Hex, ...], path: list[Hex], power: str | None = None) -> int:
    bf = st.battlefield
    if len(bf.surfaces(body[0])) > 1:
        return plan(st, fig, path, check_allowance=False, power=power).end_level
    cell = bf.top_cell(body[0])
    return cell.top if cell is not None else fig.level


def move_powers(st: MatchState, fig: Figure) -> list[str]:
    """Special moves ``fig`` may ask for by name (``grapple``)."""
    out = []
    for word in MOVE_POWERS:
        try:
            if modifiers.move_rules(st, fig, word).special_move is not None:
                out.append(word)
        except RulesError:
            continue
    return out


@dataclasses.dataclass(slots=True)
class _End:
    """A place a figure could end its move: body, level, cost, path and special move (or none);
    for a move :mod:`bot.rules.legal` lists, its ``command`` and exact leaving-engagement attacks."""

    body: tuple[Hex, ...]
    level: int
    cost: int
    path: list[Hex]
    power: str | None = None
    command: str = ""
    swipes: int | None = None


def best_move(st: MatchState, fig: Figure) -> str | None:
    """The move command that puts ``fig`` where it attacks best, or ``None`` to stay put.

    The candidates are the moves :mod:`bot.rules.legal` lists (the way the engine takes to each
    destination, with its cost and leaving-engagement attacks) and the special moves a power
    offers by name (Grapple Gun: the engine checks those when they are sent). Spaces from which
    an attack (normal or special) is possible beat the rest, by expected wounds minus what
    leaving engagement costs (:func:`swipe_cost`); otherwise the space nearest an enemy (in Range
    for a ranged figure), then the higher level, then the cheaper move. Stays when that is no
    better. Candidates are checked lazily, best estimate first.
    """
    enemies = enemies_of(st, fig)
    if not enemies:
        return None
    ends = [_End(fig.hexes, fig.level, 0, [])]
    seen = {(fig.hexes, fig.level)}
    bf = st.battlefield
    listed = [(tuple(bf.parse_space(x) for x in m.spaces), m) for m in LegalCommands(st, fig.controller).moves(fig.id)]
    for body, m in sorted(listed, key=lambda bm: (bm[1].cost, bm[0])):
        if (body, m.level) not in seen:
            seen.add((body, m.level))
            ends.append(_End(body, m.level, m.cost, [], None, m.command, m.swipes))
    for move_power in move_powers(st, fig):
        try:
            options = reachable(st, fig, power=move_power)
        except RulesError:
            continue
        for body in sorted(options, key=lambda b: (options[b][0], b)):
            cost, path = options[body]
            level = _end_level(st, fig, body, path, move_power)
            if (body, level) not in seen:
                seen.add((body, level))
                ends.append(_End(body, level, cost, path, move_power))
    if len(ends) == 1:
        return None
    card = st.card_of(fig)
    rng = modifiers.range_value(st, fig)
    rules = modifiers.move_rules(st, fig)
    life = life_left(st, fig)
    # A shallow copy in which only this figure is a separate object that can be put anywhere.
    sim = copy.copy(st)
    sim.figures = dict(st.figures)
    me = sim.figures[fig.id] = dataclasses.replace(fig)
    engaged_now = engaged_enemies(st, fig) if rules.takes_swipes else []

    def est_swipes(i: int) -> int:
        """Leaving-engagement attacks expected for ending at ``ends[i]``, judged from the end space only
        (0 for staying put; every engaged enemy when taking off to fly, none with Stealth)."""
        e = ends[i]
        if e.swipes is not None:
            return e.swipes  # legal's count for the way the engine takes
        if not engaged_now or i == 0:
            return 0
        if rules.can_fly and e.power is None:  # taking off: every engaged enemy swipes
            return 0 if rules.stealth else len(engaged_now)
        return len(leaving(st, fig, fig.hexes, fig.level, e.body, e.level))

    exact: dict[int, int] = {}

    def exact_swipes(i: int) -> int:
        """Leaving-engagement attacks along the path itself (a walker may pass enemies): legal's
        count for a listed move, the special move's own path step by step otherwise."""
        if i in exact:
            return exact[i]
        e = ends[i]
        n = est_swipes(i)
        if e.swipes is None and i and rules.takes_swipes and any(figure_distance(fig, foe) <= e.cost + 1
                                                                 for foe in enemies):
            n = max(n, _path_swipes(st, fig, e.path, e.power))
        exact[i] = n
        return n

    def place(i: int) -> None:
        """Put the simulated figure on ``ends[i]``'s spaces and level."""
        me.hexes, me.level = ends[i].body, ends[i].level

    # Heap entries: (-value, end index, kind rank, item); kind 0 attack, 1 special, 2 approach.
    heap: list[tuple[float, int, int, int]] = []
    items: list[tuple[int, Figure | None, Power | None, str]] = []

    def push(value: float, i: int, rank: int, foe: Figure | None = None, sp: Power | None = None,
             aim: str = "") -> None:
        """Add a candidate worth ``value`` at end ``i`` (rank 0 attack, 1 special, 2 approach) to the
        max-heap, with its foe, special power and aim."""
        items.append((i, foe, sp, aim))
        heap.append((-value, i, rank, len(items) - 1))

    specials = special_powers(card)
    signed: dict[str, dict[str, float]] = {}
    others = [f for f in st.on_battlefield() if f.id != fig.id]
    at: dict[Hex, list[Figure]] = {}
    for f in others:
        for h in f.hexes:
            at.setdefault(h, []).append(f)
    for sp in specials:
        signed[sp.name] = {f.id: signed_wounds(st, fig, f, sp) for f in [*others, fig]}
    bf = st.battlefield
    # Explosion: the wounds around each possible target, the attacker itself left out.
    blasts: dict[str, dict[str, float]] = {}
    for sp in specials:
        x = legacy_values(sp).get("explosion", 0)
        sv = signed[sp.name]
        blasts[sp.name] = {foe.id: sv[foe.id] + (sum(sv[f.id] for f in others if f is not foe
                                                        and figure_distance(f, foe) <= x) if x else 0.0)
                              for foe in enemies}
    d_base: dict[str, int] = {}  # each target's defense dice without height advantage, when needed
    foe_life = {foe.id: life_left(st, foe) for foe in enemies}
    # What the glyphs under each end are worth (moves onto Astrid and Gerda, keeps off Mitonsoul).
    worth = [glyph_value(st, fig, e.body) for e in ends]
    for i, e in enumerate(ends):
        place(i)
        penalty = swipe_cost(est_swipes(i), life) - worth[i]
        dists = [figure_distance(me, foe) for foe in enemies]
        cell = bf.top_cell(e.body[0])
        height = cell.top if cell else 0
        push(-max(0, min(dists) - rng) - penalty + 0.01 * height - 0.001 * e.cost, i, 2)
        a_base: int | None = None
        for foe, dist in zip(enemies, dists, strict=True):
            if dist <= max(rng, 1):
                # Estimated dice: the powers' bonuses at this space (computed once, against the
                # first target) and each target's own defense, with the height advantages here.
                if a_base is None:
                    a_base = attack_dice(sim, me, foe)[0] - height_advantage_dice(sim, me, foe)
                a = max(0, a_base + height_advantage_dice(sim, me, foe))
                if foe.id not in d_base:
                    d_base[foe.id] = defense_dice(st, fig, foe)[0] - height_advantage_dice(st, foe, fig)
                d = max(0, d_base[foe.id] + height_advantage_dice(sim, foe, me))
                push(ATTACK_BONUS + attack_score(a, d, foe_life[foe.id]) - penalty, i, 0, foe)
        for sp in specials:
            sv = signed[sp.name]
            v = legacy_values(sp)
            if "line" in v:
                for start in e.body:
                    for dirn in DIRECTIONS:
                        spaces = line_spaces(start, dirn, v["line"])
                        if spaces[0] in e.body or spaces[0] not in bf:
                            continue
                        hit = {f.id for h in spaces for f in at.get(h, ())}
                        est = sum(sv[f] for f in hit)
                        if est > 0:
                            push(ATTACK_BONUS + est - penalty, i, 1, None, sp, bf.label(spaces[0]))
                continue
            x = v.get("explosion", 0)
            blast = blasts[sp.name]
            for foe, dist in zip(enemies, dists, strict=True):
                if dist > v["range"]:
                    continue
                est = blast[foe.id] + (sv[fig.id] if x and dist <= x else 0.0)
                if est > 0:
                    push(ATTACK_BONUS + est - penalty, i, 1, foe, sp, foe.id)
    heapq.heapify(heap)
    checked: set[int] = set()
    choice = 0
    while heap:
        neg, i, rank, k = heapq.heappop(heap)
        if k in checked:
            choice = i
            break
        checked.add(k)
        end_i, target, sp_, aim = items[k]
        place(end_i)
        got: float | None
        if rank == 0:
            assert target is not None
            got = attack_value(sim, me, target) + ATTACK_BONUS if check_target(sim, me, target) else None
        elif rank == 1:
            assert sp_ is not None
            try:
                plan_ = special_attack(sim, me, shlex.split(power_word(card, sp_))[0], aim)
                got = ATTACK_BONUS + special_value(sim, me, sp_, plan_)
            except RulesError:
                got = None
        else:
            got = -neg + swipe_cost(est_swipes(end_i), life)  # the estimate without its swipes
        if got is None:
            continue
        if rank != 2:
            got += worth[end_i]  # the approach's estimate has it already
        got -= swipe_cost(exact_swipes(end_i), life)
        if got < -neg - 1e-9:
            heapq.heappush(heap, (-got, i, rank, k))
            continue
        choice = i
        break
    if choice == 0:
        return None
    # A special move in the path form: the engine checks this exact path instead of searching
    # again. A flight may pass beyond the edge of the battlefield, where spaces have no labels.
    e = ends[choice]
    if e.command:
        return e.command  # the destination alone: the engine takes the way legal listed
    tail = f" {e.power}" if e.power else ""
    if all(h in bf for h in e.path):
        return f"move {fig.id} path " + " ".join(bf.label(h) for h in e.path) + tail
    return f"move {fig.id} {bf.label(e.body[0])}{tail}"


def _path_swipes(st: MatchState, fig: Figure, path: list[Hex], power: str | None) -> int:
    """Leaving-engagement attacks a walk along ``path`` would draw, step by step."""
    try:
        steps = plan(st, fig, path, check_allowance=False, power=power).steps
    except RulesError:
        return 0
    body, level, n = fig.hexes, fig.level, 0
    for step in steps:
        n += len(leaving(st, fig, body, level, step.hexes, step.level))
        body, level = step.hexes, step.level
    return n

