"""The planner: the computer's Player Turns at levels ``normal`` and ``hard`` (:mod:`~bot.game.ai.levels`).

One command per call, recomputed from the state each time (no memory between calls, so a
reloaded match plays on the same way). It works on its player's view only
(:func:`bot.rules.views.player_view`): the opponents' unrevealed Order Markers are face down and
a face-down glyph is "a glyph", never its name; no die to come is known (chance is weighed with
the exact odds, never peeked at).

In the move stage every legal move of each figure still to move (:meth:`LegalCommands.moves
<bot.rules.legal.LegalCommands.moves>`, and staying put) is scored where it ends
(:func:`spot_score`): the best attack from there by its exact odds (:func:`bot.rules.odds.attack_odds`,
height advantage, auras and every power included), the danger of the enemy's next turn
(:func:`~bot.game.ai.value.danger`), leaving-engagement attacks, the glyph there, formation
(auras), the scenario's objectives, and coming nearer the enemy when nothing is in reach. The
figure with the most to gain moves first; a figure whose best is to stay stays. Then each figure
makes the attack worth most (normal, special or Cannon Fire, enemies only), counting the reply it
spares: the exact chance of destroying the target times what the target's next attack threatens.
At ``hard`` the best few moves are weighed again at their chance nodes: the attack from there
destroys its target (its exact probability) and the danger that follows is counted without that
target, or it does not and the danger stays.

Decisions are answered by the same evaluation (:func:`decide`): each option is tried on a copy of
the view with dice of the computer's own (a few samples when the option rolls), and the
position that follows is valued (:func:`evaluate`: the armies' worth, the attacks the active card
still has, the objectives). A decision with more options than the budget allows is answered by
the first options tried.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Iterable

from bot.game.ai import value
from bot.game.ai.attacks import cannon_options, special_options, special_powers, targets
from bot.game.ai.budget import Budget
from bot.game.ai.common import turn_figures
from bot.game.ai.glyphs import glyph_value
from bot.game.ai.levels import KNOBS, Knobs
from bot.game.ai.treasure import glyph_use
from bot.rules import special
from bot.rules.combat import check_target
from bot.rules.decisions import COMBAT_DIE_FACES
from bot.rules.engagement import height_advantage_dice
from bot.rules.engine import Engine
from bot.rules.errors import RulesError
from bot.rules.hexes import Hex
from bot.rules.legal import Legal, LegalCommands
from bot.rules.movement import reachable_hexes
from bot.rules.odds import attack_odds, dice_odds, life_left
from bot.rules.powers import turn_markers
from bot.rules.state import Figure, MatchState, Stage
from bot.rules.treasure import carry
from bot.rules.treasure.catalogue import describe

#: Points a unique hero sees in ending its move on a face-down glyph (it may be treasure: HS-TREASURE-02).
UNKNOWN_GLYPH = 6.0
#: Points a unique hero sees in a Treasure Glyph it may end its move on and pick up.
TREASURE = 10.0
#: Points per space nearer the nearest enemy, for a figure with nothing in reach.
APPROACH = 0.8
#: Points per level of height where a figure ends (height advantage to come).
HEIGHT = 0.3
#: A move must gain this many points over staying put to be made.
MOVE_MARGIN = 0.25
#: How many moves ``hard`` weighs again at their chance nodes.
CHANCE_MOVES = 6
#: Share of its worth a figure loses by ending in water it could not leave (stuck for good).
TRAPPED = 0.8
#: Enemies in reach whose attack from a spot gets its exact odds (the best by an estimate).
EXACT_TARGETS = 2
#: Points of a marker a card holds to spend on a power (so that none is spent for nothing).
MARKER_WORTH = 1.0
#: Dice samples per decision option that rolls.
SAMPLES = 4
#: Tries on a copy one decision may spend (each sample of an option one).
DECIDE_NODES = 40


# ---- scoring one figure on one spot ---------------------------------------------------------------


@dataclasses.dataclass(slots=True)
class Spot:
    """A place a figure may end its move: the move (``None``: stay), body and level, its score
    and, when an attack is possible from there, the target figure's id and the attack's worth."""

    move: Legal | None
    body: tuple[Hex, ...]
    level: int
    score: float = 0.0
    target: str = ""
    attack: float = 0.0


def _placed(st: MatchState, fig: Figure, body: tuple[Hex, ...], level: int) -> tuple[MatchState, Figure]:
    """A shallow copy of ``st`` in which only ``fig`` is a new object, standing on ``body`` at ``level``."""
    sim = copy.copy(st)
    sim.figures = dict(st.figures)
    me = sim.figures[fig.id] = dataclasses.replace(fig, hexes=body, level=level)
    return sim, me


def _swipe_loss(st: MatchState, fig: Figure, n: int) -> float:
    """Points ``n`` leaving-engagement attacks (one die each, nothing to block) may cost ``fig``."""
    if n <= 0:
        return 0.0
    odds = dice_odds(n, 0, life_left(st, fig))
    return odds.expected * value.life_worth(st, fig) + value.KILL_SHARE * odds.destroy * value.worth(st, fig) + 0.5


def _best_attack_from(sim: MatchState, me: Figure, enemies: list[Figure]) -> tuple[float, str]:
    """The worth and target of the best normal or special attack ``me`` could make where it stands in ``sim``.

    The enemies in reach are ranked by an estimate (Attack against Defense with height advantage,
    :func:`bot.rules.odds.dice_odds`); only the best :data:`EXACT_TARGETS` of them ``me`` may
    target (line of sight) get their exact odds (:func:`bot.rules.odds.attack_odds`: every power),
    which keeps a position's score cheap when a ranged squad sees many enemies."""
    best, aim = 0.0, ""
    card = sim.card_of(me)
    reach = max(1, card.range or 1)
    ranked = []
    for foe in enemies:
        dist = min(x.distance(y) for x in me.hexes for y in foe.hexes)
        if dist > reach:
            continue
        fcard = sim.card_of(foe)
        guess = dice_odds(max(0, (card.attack or 0) + height_advantage_dice(sim, me, foe)),
                          max(0, (fcard.defense or 0) + height_advantage_dice(sim, foe, me)), life_left(sim, foe))
        ranked.append((-value.attack_worth(sim, me, foe, guess), foe.id, foe))
    ranked.sort(key=lambda r: (r[0], r[1]))
    exact = 0
    for _guess, _fid, foe in ranked:
        if exact >= EXACT_TARGETS:
            break
        if not check_target(sim, me, foe):
            continue
        exact += 1
        v = value.attack_worth(sim, me, foe, attack_odds(sim, me, foe))
        if v > best:
            best, aim = v, foe.id
    for p in special_powers(card):
        rng = special.legacy_values(p).get("range", 0) or 1
        for foe in enemies:
            dist = min(x.distance(y) for x in me.hexes for y in foe.hexes)
            if dist > rng:
                continue
            dice = special.dice_against(p, sim.card_of(foe))
            odds = dice_odds(dice, sim.card_of(foe).defense or 0, life_left(sim, foe))
            v = 0.9 * value.attack_worth(sim, me, foe, odds)  # estimate: sight and shape checked when made
            if v > best:
                best, aim = v, foe.id
    return best, aim


def spot_score(st: MatchState, fig: Figure, spot: Spot, enemies: list[Figure], friends: list[Figure],
               knobs: Knobs, may_attack: bool) -> Spot:
    """Score ``spot`` for ``fig`` (see the module): fills ``spot.score``, ``target`` and ``attack``."""
    sim, me = _placed(st, fig, spot.body, spot.level)
    score = 0.0
    # The side time favours plays safe; the side that must win before the limit presses on.
    hurry = value.limit_side(st, fig.controller)
    caution = {1: 1.5, -1: 0.5}.get(hurry, 1.0)
    if may_attack:
        spot.attack, spot.target = _best_attack_from(sim, me, enemies)
        score += spot.attack
    if not spot.target and enemies:
        rng = max(1, st.card_of(fig).range or 1)
        near = min(min(x.distance(y) for x in spot.body for y in e.hexes) for e in enemies)
        score -= APPROACH / caution * max(0, near - rng)
    score -= caution * knobs.danger * value.danger(sim, me, enemies, friends if knobs.share else None)
    if spot.move is not None:
        score -= _swipe_loss(st, fig, spot.move.swipes)
        if spot.move.glyph == "a face-down glyph":
            score += UNKNOWN_GLYPH if carry.unique_hero(st, fig) else UNKNOWN_GLYPH / 3
        elif carry.unique_hero(st, fig) and any(describe(st.glyphs[h][0]) is not None
                                                 for h in spot.body if h in st.glyphs):
            score += TREASURE  # a Treasure Glyph a Unique Hero may pick up (HS-TREASURE-02, -03)
    if spot.move is not None and value.in_water(st, spot.body) and trapped(sim, me):
        score -= TRAPPED * value.worth(st, fig)
    score += glyph_value(st, fig, spot.body)
    score += value.objective(sim, me, spot.body)
    score += value.formation(sim, me, spot.body, friends, enemies)
    cell = st.battlefield.top_cell(spot.body[0])
    score += HEIGHT * (cell.top if cell is not None else 0)
    spot.score = score
    return spot


def trapped(sim: MatchState, me: Figure) -> bool:
    """Whether ``me``, where it stands in ``sim`` (in water), could reach no space out of the
    water with a move (:func:`bot.rules.movement.reachable_hexes`: cliffs too high to climb)."""
    try:
        reach = reachable_hexes(sim, me)
    except RulesError:
        return False
    return not any(not value.in_water(sim, (h,)) for h in reach)


def _chance_score(st: MatchState, fig: Figure, spot: Spot, enemies: list[Figure], knobs: Knobs) -> float:
    """``hard``: the spot's attack weighed outcome by outcome. For each number of wounds the attack
    on ``spot.target`` may do (its exact probability), the danger that follows is counted again
    without the target when it is destroyed; the score is the expectation."""
    if not spot.target:
        return spot.score
    sim, me = _placed(st, fig, spot.body, spot.level)
    friends = [f for f in sim.on_battlefield() if f.controller == fig.controller] if knobs.share else None
    foe = sim.figures[spot.target]
    if min(x.distance(y) for x in me.hexes for y in foe.hexes) > max(1, sim.card_of(me).range or 1):
        return spot.score  # a special attack's estimate: no chance nodes for it
    odds = attack_odds(sim, me, foe)
    base = value.danger(sim, me, enemies, friends)
    without = value.danger(sim, me, [e for e in enemies if e.id != foe.id], friends)
    # Destroyed (its exact chance): that foe's reply is gone, on this figure and on its friends.
    mine = [f for f in sim.on_battlefield() if not sim.is_enemy(me, f)]
    return spot.score + knobs.danger * odds.destroy * (base - without + value.threat(sim, foe, mine))


# ---- the Player Turn ------------------------------------------------------------------------------


def figure_spots(st: MatchState, fig: Figure, legal: LegalCommands, knobs: Knobs, budget: Budget,
                 may_attack: bool = True) -> list[Spot]:
    """Every spot ``fig`` may end its move on (staying put first), scored, best first, each one
    spent from ``budget``; once it is out the moves left unscored are dropped (staying put is
    always scored)."""
    enemies = [e for e in st.on_battlefield() if st.is_enemy(fig, e)]
    friends = [f for f in st.on_battlefield() if f.controller == fig.controller]
    bf = st.battlefield
    spots = [spot_score(st, fig, Spot(None, fig.hexes, fig.level), enemies, friends, knobs, may_attack)]
    moves = list(legal.moves(fig.id))
    if len(moves) > knobs.moves:
        # Too many to score in full: the nearest to an enemy (or to where the figure goes) first.
        def near(m: Legal) -> float:
            body = [bf.parse_space(x) for x in m.spaces]
            return min((min(h.distance(y) for h in body for y in e.hexes) for e in enemies), default=0) + 0.01 * m.cost
        rng = max(1, st.card_of(fig).range or 1)
        moves.sort(key=lambda m: (abs(near(m) - rng), m.command))
        keep = moves[: knobs.moves * 3 // 4]
        rest = moves[knobs.moves * 3 // 4:]
        step = max(1, len(rest) // max(1, knobs.moves // 4))
        moves = keep + rest[::step]
    for m in moves:
        if budget.out():
            break
        budget.spend()
        body = tuple(bf.parse_space(x) for x in m.spaces)
        spots.append(spot_score(st, fig, Spot(m, body, m.level), enemies, friends, knobs, may_attack))
    spots.sort(key=lambda s: -s.score)
    if knobs.chance:
        top = spots[:CHANCE_MOVES]
        for s in top:
            s.score = _chance_score(st, fig, s, enemies, knobs)
        spots = sorted(top, key=lambda s: -s.score) + spots[CHANCE_MOVES:]
    return spots


def plan_move(st: MatchState, player: str, figs: list[Figure], knobs: Knobs) -> str | None:
    """The move worth most among ``figs`` (the active card's figures still to move), or ``None``
    when every one of them does best staying put."""
    budget = Budget(knobs.nodes)
    legal = LegalCommands(st, player)
    turn = st.turn
    assert turn is not None
    best: tuple[float, str] | None = None
    for fig in figs:
        if best is not None and budget.out():
            break  # out of nodes (or time): the best move found so far
        spots = figure_spots(st, fig, legal, knobs, budget, may_attack=fig.id not in turn.attacked)
        stay = next(s for s in spots if s.move is None)
        top = spots[0]
        if top.move is None or top.score - stay.score < MOVE_MARGIN:
            continue
        gain = top.score - stay.score
        if best is None or gain > best[0]:
            best = (gain, top.move.command)
    return best[1] if best else None


def plan_attack(st: MatchState, player: str, figs: Iterable[Figure], knobs: Knobs | None = None) -> str | None:
    """The attack worth most in points among ``figs`` (normal, special, Cannon Fire; enemies only,
    never one that also hits a friend), or ``None``. With ``knobs.spared`` a normal attack also
    counts the reply it spares: its chance of destroying the target times what the
    target's next attack threatens (:func:`~bot.game.ai.value.threat`)."""
    turn = st.turn
    assert turn is not None
    card = st.cards[turn.card_key].card if turn.card_key else None
    per_turn = card.stat("figures") if card is not None else 0
    legal = LegalCommands(st, player)
    best: tuple[float, str] | None = None
    for fig in figs:
        if fig.id in turn.attacked or (fig.id not in turn.activated and len(turn.activated) >= per_turn):
            continue
        mine = [f for f in st.on_battlefield() if not st.is_enemy(fig, f)]
        cands = []
        for t in targets(st, fig, legal):
            odds = attack_odds(st, fig, t)
            spared = knobs.danger * odds.destroy * value.threat(st, t, mine) if knobs and knobs.spared else 0.0
            cands.append((value.attack_worth(st, fig, t, odds) + spared, f"attack {fig.id} {t.id}"))
        # Special attacks and Cannon Fire: their worth in wounds, a wound a Life of the figures hit.
        scale = max((value.life_worth(st, e) for e in st.on_battlefield() if st.is_enemy(fig, e)), default=1.0)
        cands += [(v * scale, cmd) for v, cmd in special_options(st, fig, legal=legal) if v > 0]
        cands += [(v * scale, cmd) for v, cmd in cannon_options(st, fig, legal) if v > 0]
        for v, cmd in cands:
            if best is None or v > best[0] + 1e-9:
                best = (v, cmd)
    return best[1] if best else None


def turn_command(st: MatchState, player: str, level: str) -> str:
    """The next move, attack or ``end-turn`` of ``player``'s Player Turn at ``level`` (``st``: its view)."""
    knobs = KNOBS[level]
    found = turn_figures(st, player)
    if found is None:
        return "end-turn"
    figs, movers = found
    use = glyph_use(st, figs)
    if use is not None:
        return use
    if movers:
        move = plan_move(st, player, movers, knobs)
        if move is not None:
            return move
    return plan_attack(st, player, figs, knobs) or "end-turn"


# ---- decisions and the evaluation of a position ---------------------------------------------------


def evaluate(st: MatchState, player: str) -> float:
    """Points of ``player``'s position: the worth of its figures on the battlefield less the
    enemies', each figure's objectives, the attacks still open to the active card when it
    is ``player``'s (its figures that have not attacked, each its best attack where it stands),
    and :data:`MARKER_WORTH` for each marker its cards hold to spend on a power."""
    total = 0.0
    for cip in st.cards.values():
        if cip.controller == player:
            # Markers a card spends for an effect (a power of kind ``marker_resource``) are kept for
            # when they help: one spent for nothing (a Range boost with nothing to attack) costs this.
            total += MARKER_WORTH * sum(turn_markers.markers_left(st, cip.key, p) for p in cip.card.powers
                                        if p.kind == turn_markers.KIND)
    me = next((f for f in st.figures.values() if f.controller == player), None)
    for f in st.on_battlefield():
        mine = f.controller == player or (me is not None and not st.is_enemy(me, f))
        v = value.standing_worth(st, f) + value.objective(st, f, f.hexes)
        total += v if mine else -v
    turn = st.turn
    if turn is not None and turn.player == player and turn.card_key in st.cards and turn.stage is not Stage.DONE:
        for fid in st.cards[turn.card_key].figure_ids:
            f = st.figures[fid]
            if f.on_battlefield and f.id not in turn.attacked:
                enemies = [e for e in st.on_battlefield() if st.is_enemy(f, e)]
                total += _best_attack_from(st, f, enemies)[0]
    return total


class _OwnDice:
    """The computer's own dice for trying an option on a copy: fresh randomness of its own, never
    the match's dice to come."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.rolled = 0

    def combat(self, n: int) -> list[str]:
        """``n`` combat dice, each face one of the die's six (DEC-01)."""
        self.rolled += 1
        return [self.rng.choice(COMBAT_DIE_FACES) for _ in range(n)]

    def d20(self) -> int:
        """A d20."""
        self.rolled += 1
        return self.rng.randint(1, 20)

    def pick(self, n: int) -> int:
        """A random pick of ``n``."""
        self.rolled += 1
        return self.rng.randrange(n)


def _try(st: MatchState, player: str, command: str, rng: random.Random, depth: int,
         budget: Budget) -> tuple[float, bool] | None:
    """``evaluate`` after ``command`` on a copy of ``st`` (a decision of ``player``'s that follows
    answered by :func:`decide` ``depth`` more times, else by its first option); whether dice rolled.
    ``None`` when the command is refused."""
    sim = st.clone()
    dice = _OwnDice(rng)
    try:
        Engine(sim, dice).execute(player, command)
        for _ in range(4):
            if not sim.pending or sim.pending[0].player != player:
                break
            nxt = decide(sim, player, rng, depth - 1, budget) if depth > 0 else sim.pending[0].options[0]
            Engine(sim, dice).execute(player, f"choose {quote(nxt)}")
    except Exception:  # noqa: BLE001 - an option the view's copy cannot play out (a face-down marker it
        return None    # would need) is not tried; the decision is still answered
    return evaluate(sim, player), dice.rolled > 0


def decide(st: MatchState, player: str, rng: random.Random | None = None, depth: int = 1,
           budget: Budget | None = None) -> str:
    """The option of ``st``'s pending decision (``player``'s) whose outcome :func:`evaluate` values
    most, each tried on a copy (:data:`SAMPLES` times when it rolls dice: their mean); the first
    option when none can be tried or the ``budget`` (default :data:`DECIDE_NODES` tries; a
    decision that follows an option tried shares it) runs out before the second."""
    pending = st.pending[0]
    options = list(pending.options)
    if len(options) <= 1:
        return options[0]
    rng = rng or random.Random(len(options))
    budget = budget or Budget(DECIDE_NODES)
    best: tuple[float, str] | None = None
    for opt in options:
        if best is not None and budget.out():
            break
        budget.spend()
        first = _try(st, player, f"choose {quote(opt)}", rng, depth, budget)
        if first is None:
            continue
        score, rolled = first
        if rolled:
            budget.spend(SAMPLES - 1)
            more = [_try(st, player, f"choose {quote(opt)}", rng, depth, budget) for _ in range(SAMPLES - 1)]
            got = [score] + [m[0] for m in more if m is not None]
            score = sum(got) / len(got)
        if best is None or score > best[0] + 1e-9:
            best = (score, opt)
    return best[1] if best else options[0]


def quote(text: str) -> str:
    """An option as a ``choose`` argument (quoted when it holds a space)."""
    return f'"{text}"' if " " in text else text


__all__ = ["Spot", "decide", "evaluate", "figure_spots", "plan_attack", "plan_move", "quote", "spot_score",
           "trapped", "turn_command"]
