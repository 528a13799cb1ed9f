"""A simple computer player: given a match state and its seat, the next command text to send.

Used by the demo, the console (``--vs-computer``) and, later, the Discord bot. It plays through
the same text commands as a person (so every move it makes is checked by the engine) and is
deterministic given the state: no randomness, ties broken by figure ids and space order.

Its play, one command per call to :func:`next_command`:

- its army, when armies are chosen and it has none: one it builds from the card library, or it
  leaves the seat when no card fits (:mod:`bot.game.computer_army`);
- its pick in a draft (DEC-13): the most expensive Army Card it may still add (a card's points
  stand for its strength), preferring cards nobody has drafted yet, ties by name; with no points
  limit it stops after :data:`DRAFT_MAX_CARDS` cards;
- a pending decision it owns: the first option;
- Order Markers: spread over its two or three best living cards, valued by the damage each
  could deal next turn plus a bonus for the danger it is in (marker 1 on the best); X as a decoy
  on another card;
- initiative: rolls when every marker is placed (any player may);
- its turn: moves each figure of the active card to the reachable space from which it could make
  the attack with the most expected wounds, counting special attacks (Explosion, Fire Line,
  Grenade: the wounds expected on every enemy affected minus those on friends) and special moves
  (Grapple Gun); leaving engagement costs the expected leaving-engagement wounds plus a margin,
  so a figure leaves only for a clearly better attack. With no attack in reach it moves closest
  to an enemy. Then each figure makes the normal or special attack it expects to wound most,
  then the turn ends.

Every decision is bounded: candidate spaces are ranked by a cheap estimate and only the best
few are checked in full (line of sight, the exact path's leaving-engagement attacks).
"""

from __future__ import annotations

import copy
import dataclasses
import heapq
import shlex
from collections.abc import Iterable
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING

from bot.game.computer_army import army_plan
from bot.rules import draft as drafting
from bot.rules import modifiers
from bot.rules.cards import ArmyCard, Power
from bot.rules.combat import attack_dice, check_target, defense_dice
from bot.rules.commands import MOVE_POWERS
from bot.rules.dice import SeededDice
from bot.rules.engagement import engaged_enemies, height_advantage_dice
from bot.rules.engine import Engine
from bot.rules.errors import RulesError
from bot.rules.hexes import DIRECTIONS, Hex
from bot.rules.movement import leaving, plan, reachable, safest_path
from bot.rules.odds import AttackOdds, attack_odds, dice_odds
from bot.rules.special import SpecialPlan, special_attack
from bot.rules.state import MARKERS, NUMBERED, Figure, MatchState, Phase, Stage

if TYPE_CHECKING:
    from bot.game.session import GameSession

#: Expected wounds of one leaving-engagement attack (one die, a skull on half its faces).
SWIPE_COST = 0.5
#: What losing the figure to leaving-engagement attacks costs beyond the wounds themselves.
DEATH_COST = 2.0
#: Extra price of leaving engagement at all: the gain must be clearly larger to leave.
LEAVE_MARGIN = 1.0
#: Score bonus of any space from which an attack is possible over one that only approaches.
ATTACK_BONUS = 100.0
#: Worth of destroying a figure, beyond its wounds, in expected wounds.
KILL_BONUS = 1.0
#: A wound on a friend (or on itself) counts this much against a special attack.
FRIENDLY_FIRE = 1.0
#: Weight of the danger a card is in, when choosing where the Order Markers go.
DANGER_WEIGHT = 0.5
#: What a card's next turn is worth, as a share of the one before, when it gets another marker.
REPEAT_SHARE = 0.6
#: Special attacks the computer knows how to aim: implemented powers, or the generic shapes.
SPECIAL_SHAPES = ("explosion", "line", "extra_spaces")

#: With no points limit, the computer passes once its drafted army has this many Army Cards.
DRAFT_MAX_CARDS = 5

_NO_DICE = SeededDice(0)  # the AI checks special attacks with an engine; it never rolls


def waiting_for(state: MatchState) -> list[str]:
    """Players whose command the match waits for now, in seat order (any one of them may act).

    Setup (joining, armies, ``start``) is left to the adapters; in setup this lists the seated
    players without an army, or the first seat once every army is in (to ``start``). In a draft
    (DEC-13) it is the player whose pick it is; before the draft opens and once it is over, the
    first seat (to ``start``).
    """
    st = state
    if st.phase is Phase.OVER or st.phase is Phase.FREE:
        return []
    if st.pending:
        return [st.pending[0].player]
    active = [p for p in st.players if not p.conceded]
    if st.phase is Phase.SETUP:
        if st.draft is not None and st.draft.next is not None:
            return [st.draft.next]
        if st.scenario.format.draft:
            return [p.id for p in active[:1]]
        missing = [p.id for p in active if not any(c.owner == p.id for c in st.cards.values())]
        return missing or [p.id for p in active[:1]]
    if st.phase is Phase.PLACEMENT:
        return [p.id for p in active if any(f.owner == p.id and not f.hexes and not f.set_aside and not f.destroyed
                                            and not f.reserve for f in st.figures.values())]
    fighting = [p.id for p in active if st.living_cards(p.id)]
    if st.phase is Phase.ORDERS:
        return [p for p in fighting if not st.orders.get(p)]
    if st.phase is Phase.INITIATIVE:
        return fighting
    if st.phase is Phase.TURNS and st.turn is not None:
        return [st.turn.player]
    return []


def next_command(game: GameSession | MatchState, player: str) -> str | None:
    """The command ``player`` should send now, or ``None`` when the match is not waiting for it."""
    st = game if isinstance(game, MatchState) else game.state
    if player not in waiting_for(st):
        return None
    if st.pending:
        return f"choose {_quote(st.pending[0].options[0])}"
    if st.phase is Phase.SETUP:
        drafting_now = st.draft is not None and st.draft.next == player
        if drafting_now:
            return draft_command(st, player)
        has_army = any(c.owner == player for c in st.cards.values())
        if st.draft is None and not st.scenario.format.draft and not has_army:
            return army_plan(st, player).command  # an army it builds, or it leaves the seat
        return None
    if st.phase is Phase.PLACEMENT:
        return "place-rest"
    if st.phase is Phase.ORDERS:
        return orders_command(st, player)
    if st.phase is Phase.INITIATIVE:
        return "initiative"
    if st.phase is Phase.TURNS:
        return turn_command(st, player)
    return None


def _quote(text: str) -> str:
    return f'"{text}"' if " " in text else text


def draft_command(st: MatchState, player: str, pool: Iterable[ArmyCard] | None = None) -> str:
    """The computer's pick in a draft (DEC-13): ``draft CARD-ID`` or ``draft pass``.

    It takes the most expensive card of ``pool`` (default: the shipped card library) that it may
    still add, a card nobody has drafted yet before one already taken (so that two computer
    players do not field the same army), ties by name; it passes when none fits, or, with no
    points limit, once it has :data:`DRAFT_MAX_CARDS` cards (and at least one).
    """
    if pool is None:
        from bot.game.session import cards

        pool = cards()
    have = len(st.draft.picks_of(player)) if st.draft is not None else 0
    if have and st.scenario.format.points is None and have >= DRAFT_MAX_CARDS:
        return "draft pass"
    choices = drafting.pickable(st, player, pool)
    if not choices:
        return "draft pass"
    taken = {card for _who, card in st.draft.picks} if st.draft is not None else set()
    best = max(choices, key=lambda c: (c.id not in taken, c.points or 0, c.name))
    return f"draft {best.id}"


# ---- expected wounds -----------------------------------------------------------------------------


def odds_score(odds: AttackOdds) -> float:
    """What one attack is worth to the computer, from its exact odds (:mod:`bot.rules.odds`): the
    wounds expected plus :data:`KILL_BONUS` times the chance that it destroys the target
    (finishing figures off wins battles), less the same for the wounds Counter Strike returns."""
    return (odds.expected + KILL_BONUS * odds.destroy
            - odds.returned_expected - KILL_BONUS * odds.attacker_destroyed)


@lru_cache(maxsize=4096)
def attack_score(attack_n: int, defense_n: int, life_left: int) -> float:
    """:func:`odds_score` of ``attack_n`` dice against ``defense_n`` when no power changes the count
    (:func:`bot.rules.odds.dice_odds`): the estimate of an attack not yet possible."""
    return odds_score(dice_odds(attack_n, defense_n, life_left))


@lru_cache(maxsize=256)
def swipe_cost(n: int, life_left: int) -> float:
    """What ``n`` leaving-engagement attacks on a figure with ``life_left`` Life cost, in wounds:
    the wounds expected, the chance of losing the figure, and :data:`LEAVE_MARGIN`."""
    if n <= 0:
        return 0.0
    p_dead = sum(comb(n, k) for k in range(max(1, life_left), n + 1)) * 0.5**n
    return SWIPE_COST * n + DEATH_COST * p_dead + LEAVE_MARGIN


def _life_left(st: MatchState, fig: Figure) -> int:
    return max(1, st.card_of(fig).stat("life") - fig.wounds)


def attack_value(st: MatchState, attacker: Figure, target: Figure) -> float:
    """:func:`odds_score` of a normal attack of ``attacker`` on ``target`` where they stand now (exact
    odds: every power that changes the dice or the count)."""
    return odds_score(attack_odds(st, attacker, target))


def _distance(a: Figure, b: Figure) -> int:
    return min(x.distance(y) for x in a.hexes for y in b.hexes)


def _body_distance(body: Iterable[Hex], other: Figure) -> int:
    return min(x.distance(y) for x in body for y in other.hexes)


def _enemies(st: MatchState, fig: Figure) -> list[Figure]:
    return sorted((f for f in st.on_battlefield() if st.is_enemy(fig, f)), key=lambda f: f.id)


# ---- special attacks -----------------------------------------------------------------------------


def special_powers(card: ArmyCard) -> list[Power]:
    """The special attacks of ``card`` the computer may use (``special FIG POWER TARGET``)."""
    return [p for p in card.powers if "range" in p.values and "attack" in p.values
            and (p.kind is not None or any(k in p.values for k in SPECIAL_SHAPES))]


def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").replace("-", " ").split())


def power_word(card: ArmyCard, power: Power) -> str:
    """The shortest name of ``power`` in a ``special`` command (``explosion``, ``fire``)."""
    specials = [p for p in card.powers if "range" in p.values and "attack" in p.values]
    word = _norm(power.name).split(" ")[0]
    # The engine takes the first special attack whose name or kind is or starts with the word.
    first = next((p for p in specials if any(n == word or n.startswith(word)
                                             for n in (_norm(p.name), _norm(p.kind or "")) if n)), None)
    return shlex.quote(word if first is power else power.name)


def _signed_wounds(st: MatchState, attacker: Figure, fig: Figure, power: Power) -> float:
    """Wounds ``power`` is expected to do to ``fig``: positive on an enemy, negative on a friend."""
    ew = odds_score(attack_odds(st, attacker, fig, special=(power.name, power.values["attack"])))
    return ew if st.is_enemy(attacker, fig) else -FRIENDLY_FIRE * ew


def special_value(st: MatchState, attacker: Figure, power: Power, plan_: SpecialPlan) -> float:
    """Wounds expected on the enemies a checked special attack affects, minus those on friends."""
    return sum(_signed_wounds(st, attacker, st.figures[f], power) for f in plan_.affected)


def _line_spaces(start: Hex, direction: tuple[int, int], length: int) -> list[Hex]:
    dq, dr = direction
    return [Hex(start.q + dq * i, start.r + dr * i) for i in range(1, length + 1)]


def _special_aims(st: MatchState, fig: Figure, power: Power) -> list[str]:
    """Targets worth checking for ``power`` from where ``fig`` stands: enemies in range, or for a
    line the neighbouring spaces whose line holds an enemy."""
    v = power.values
    bf = st.battlefield
    enemies = _enemies(st, fig)
    if "line" not in v:
        return [e.id for e in enemies if _distance(fig, e) <= v["range"]]
    foes_at = {h for e in enemies for h in e.hexes}
    aims: list[str] = []
    for start in fig.hexes:
        for d in DIRECTIONS:
            spaces = _line_spaces(start, d, v["line"])
            aim = spaces[0]
            if aim in fig.hexes or aim not in bf or not foes_at.intersection(spaces):
                continue
            label = bf.label(aim)
            if label not in aims:
                aims.append(label)
    return aims


def special_options(st: MatchState, fig: Figure, any_legal: bool = False) -> list[tuple[float, str]]:
    """Each legal special attack of ``fig`` from where it stands: ``(value, command)``, best
    first (see :func:`special_value`). ``any_legal`` stops at the first legal one."""
    card = st.card_of(fig)
    powers = special_powers(card)
    if not powers or not fig.on_battlefield:
        return []
    eng = Engine(st, _NO_DICE)
    out: list[tuple[float, str]] = []
    for power in powers:
        word = power_word(card, power)
        for aim in _special_aims(st, fig, power):
            try:
                plan_ = special_attack(eng, fig, shlex.split(word)[0], aim)
            except RulesError:
                continue
            if not plan_.affected:
                continue
            out.append((special_value(st, fig, power, plan_), f"special {fig.id} {word} {aim}"))
            if any_legal:
                return out
    out.sort(key=lambda vc: (-vc[0], vc[1]))
    return out


# ---- Order Markers -------------------------------------------------------------------------------


def card_values(st: MatchState, player: str) -> list[tuple[float, str]]:
    """Each living card of ``player`` with a value: expected damage it could deal next turn (normal
    or special attack) plus :data:`DANGER_WEIGHT` times the damage enemies could deal to it;
    best first, ties by card key."""
    out: list[tuple[float, str]] = []
    for key in sorted(st.living_cards(player)):
        cip = st.cards[key]
        card = cip.card
        specials = special_powers(card)
        mine = [st.figures[f] for f in cip.figure_ids if st.figures[f].on_battlefield]
        offence = threat = 0.0
        for fig in mine:
            enemies = _enemies(st, fig)
            reach = card.stat("move") + card.stat("range")
            best = 0.0
            for e in enemies:
                ecard = st.card_of(e)
                dist = _distance(fig, e)
                life = _life_left(st, e)
                if dist <= reach:
                    best = max(best, dice_odds(card.stat("attack"), ecard.stat("defense"), life).expected)
                else:
                    best = max(best, 0.1 * card.stat("attack") / (1 + dist - reach))
                for p in specials:
                    if dist <= card.stat("move") + p.values["range"]:
                        best = max(best, dice_odds(p.values["attack"], ecard.stat("defense"), life).expected)
                if dist <= ecard.stat("move") + ecard.stat("range"):
                    threat += dice_odds(ecard.stat("attack"), card.stat("defense"), _life_left(st, fig)).expected
            offence += best
        out.append((offence + DANGER_WEIGHT * threat, key))
    out.sort(key=lambda vk: (-vk[0], vk[1]))
    return out


def marker_plan(st: MatchState, player: str) -> dict[str, str]:
    """Which card key each Order Marker goes on.

    Markers 1, 2 and 3 go one at a time to the card whose next turn is worth most, a card's
    value shrinking by :data:`REPEAT_SHARE` with each marker it already has (the enemy moves
    away, its targets die); no card gets more than two when the player has two living cards or
    more, so they spread over the two or three best. X, a decoy, goes on a card without a
    numbered marker when there is one, else on the least valuable card.
    """
    ranked = card_values(st, player)
    keys = [k for _, k in ranked]
    value = {k: v for v, k in ranked}
    cap = 2 if len(keys) >= 2 else 3
    numbered: list[str] = []
    for _ in NUMBERED:
        open_keys = [k for k in keys if numbered.count(k) < cap]
        numbered.append(max(open_keys, key=lambda k: (value[k] * REPEAT_SHARE ** numbered.count(k), -keys.index(k))))
    placed = dict(zip(NUMBERED, numbered, strict=True))
    rest = [k for k in keys if k not in numbered]
    placed["X"] = rest[0] if rest else keys[-1]
    return placed


def orders_command(st: MatchState, player: str) -> str:
    """``orders`` as :func:`marker_plan` places them."""
    placed = marker_plan(st, player)
    ids = [st.cards[k].card.id for k in st.cards if st.cards[k].controller == player]

    def name(key: str) -> str:  # the card's id, or its key when the army has two copies
        """The card's ID, or its key when the army has two copies of the card."""
        cid = st.cards[key].card.id
        return cid if ids.count(cid) == 1 else key

    return "orders " + " ".join(f"{m}={name(placed[m])}" for m in MARKERS)


# ---- the Player Turn -----------------------------------------------------------------------------


def turn_command(st: MatchState, player: str) -> str:
    """The next move, attack or ``end-turn`` of ``player``'s Player Turn."""
    turn = st.turn
    assert turn is not None and turn.player == player
    if turn.card_key is None:
        return "end-turn"
    card = st.cards[turn.card_key].card
    figs = [st.figures[f] for f in st.cards[turn.card_key].figure_ids]
    figs = [f for f in figs if f.on_battlefield and f.controller == player]
    if turn.stage is Stage.MOVE and len(turn.moved) < card.stat("figures"):
        movers = [f for f in figs if f.id not in turn.moved]
        movers.sort(key=lambda f: (min((_distance(f, e) for e in _enemies(st, f)), default=0), f.id))
        for fig in movers:
            move = best_move(st, fig)
            if move is not None:
                return move
    attack = best_attack(st, figs, turn.attacked, turn.activated, card.stat("figures"))
    return attack or "end-turn"


def actions_left(st: MatchState, player: str) -> bool:
    """Whether ``player`` could still move or attack in the Army Card turn under way.

    ``False`` once every figure of the card that may act has moved (or the attack stage began)
    and none has a legal normal or special attack left: all that is left is ``end-turn``. Also
    ``True`` when it is not ``player``'s turn or a decision is pending (nothing to hint).
    """
    turn = st.turn
    if st.phase is not Phase.TURNS or turn is None or turn.player != player or st.pending:
        return True
    if turn.card_key is None or turn.stage is Stage.DONE:
        return True
    cip = st.cards[turn.card_key]
    per_turn = cip.card.stat("figures")
    activated = turn.activated
    for fid in cip.figure_ids:
        fig = st.figures[fid]
        if not fig.on_battlefield or fig.controller != player:
            continue
        if fig.id not in activated and len(activated) >= per_turn:
            continue
        if turn.stage is Stage.MOVE and fig.id not in turn.moved and len(turn.moved) < per_turn:
            return True
        if fig.id not in turn.attacked and (targets(st, fig) or special_options(st, fig, any_legal=True)):
            return True
    return False


def best_attack(st: MatchState, figs: Iterable[Figure], attacked: list[str], activated: list[str],
                per_turn: int) -> str | None:
    """The normal (``attack FIG TARGET``) or special attack with the most expected wounds, or
    ``None``. A special attack wins only when it beats every normal attack."""
    best: tuple[float, int, str, str] | None = None
    for fig in figs:
        if fig.id in attacked or (fig.id not in activated and len(activated) >= per_turn):
            continue
        cands = [(attack_value(st, fig, tgt), 0, fig.id, f"attack {fig.id} {tgt.id}") for tgt in targets(st, fig)]
        cands += [(v, 1, fig.id, cmd) for v, cmd in special_options(st, fig) if v > 0]
        for cand in cands:
            if best is None or (-cand[0], cand[1], cand[2], cand[3]) < (-best[0], best[1], best[2], best[3]):
                best = cand
    return best[3] if best else None


def targets(st: MatchState, fig: Figure) -> list[Figure]:
    """The enemies ``fig`` could make a normal attack against now: :func:`legal_targets`, asked
    only about the enemies it is engaged with, or else those within its Range."""
    foes = engaged_enemies(st, fig)
    if not foes:
        reach = max(1, modifiers.range_value(st, fig))
        foes = [e for e in _enemies(st, fig) if _distance(fig, e) <= reach]
    return [t for t in sorted(foes, key=lambda f: f.id) if check_target(st, fig, t)]


def _end_level(st: MatchState, fig: Figure, body: tuple[Hex, ...], path: list[Hex], power: str | None = None) -> int:
    bf = st.battlefield
    if len(bf.surfaces(body[0])) > 1:
        return plan(st, fig, path, check_allowance=False, power=power).end_level
    cell = bf.top_cell(body[0])
    return cell.top if cell is not None else fig.level


def _move_powers(st: MatchState, fig: Figure) -> list[str]:
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
    """A place a figure could end its move: body, level, cost, path and special move (or none)."""

    body: tuple[Hex, ...]
    level: int
    cost: int
    path: list[Hex]
    power: str | None = None


def best_move(st: MatchState, fig: Figure) -> str | None:
    """The move command that puts ``fig`` where it attacks best, or ``None`` to stay put.

    Spaces from which an attack (normal or special) is possible beat the rest, by expected
    wounds minus what leaving engagement costs (:func:`swipe_cost`); otherwise the space nearest
    an enemy (in Range for a ranged figure), then the higher level, then the cheaper move. Stays
    when that is no better. Candidates are checked lazily, best estimate first.
    """
    enemies = _enemies(st, fig)
    if not enemies:
        return None
    ends = [_End(fig.hexes, fig.level, 0, [])]
    seen = {(fig.hexes, fig.level)}
    for move_power in [None, *_move_powers(st, fig)]:
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
    life = _life_left(st, fig)
    # A shallow copy in which only this figure is a separate object that can be put anywhere.
    sim = copy.copy(st)
    sim.figures = dict(st.figures)
    me = sim.figures[fig.id] = dataclasses.replace(fig)
    sim_engine = Engine(sim, _NO_DICE)
    engaged_now = engaged_enemies(st, fig) if rules.takes_swipes else []

    def est_swipes(i: int) -> int:
        """Leaving-engagement attacks expected for ending at ``ends[i]``, judged from the end space only
        (0 for staying put; every engaged enemy when taking off to fly, none with Stealth)."""
        e = ends[i]
        if not engaged_now or i == 0:
            return 0
        if rules.can_fly and e.power is None:  # taking off: every engaged enemy swipes
            return 0 if rules.stealth else len(engaged_now)
        return len(leaving(st, fig, fig.hexes, fig.level, e.body, e.level))

    exact: dict[int, int] = {}

    def exact_swipes(i: int) -> int:
        """Leaving-engagement attacks along the path itself (a walker may pass enemies); takes
        the referee's safest path when the cheapest one passes more."""
        if i in exact:
            return exact[i]
        e = ends[i]
        n = est_swipes(i)
        walking = not (rules.can_fly and e.power is None)
        if i and rules.takes_swipes and walking and any(_distance(fig, foe) <= e.cost + 1 for foe in enemies):
            n = max(n, _path_swipes(st, fig, e.path, e.power))
            if n and e.power is None and len(fig.hexes) == 1:
                safe = safest_path(st, fig, e.body[0])
                if safe is not None and safe != e.path:
                    m = _path_swipes(st, fig, safe, None)
                    if m < n:
                        e.path, n = safe, m
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
        signed[sp.name] = {f.id: _signed_wounds(st, fig, f, sp) for f in [*others, fig]}
    bf = st.battlefield
    # Explosion: the wounds around each possible target, the attacker itself left out.
    blasts: dict[str, dict[str, float]] = {}
    for sp in specials:
        x = sp.values.get("explosion", 0)
        sv = signed[sp.name]
        blasts[sp.name] = {foe.id: sv[foe.id] + (sum(sv[f.id] for f in others if f is not foe
                                                        and _distance(f, foe) <= x) if x else 0.0)
                              for foe in enemies}
    d_base: dict[str, int] = {}  # each target's defense dice without height advantage, when needed
    foe_life = {foe.id: _life_left(st, foe) for foe in enemies}
    for i, e in enumerate(ends):
        place(i)
        penalty = swipe_cost(est_swipes(i), life)
        dists = [_distance(me, foe) for foe in enemies]
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
            v = sp.values
            if "line" in v:
                for start in e.body:
                    for dirn in DIRECTIONS:
                        spaces = _line_spaces(start, dirn, v["line"])
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
                plan_ = special_attack(sim_engine, me, shlex.split(power_word(card, sp_))[0], aim)
                got = ATTACK_BONUS + special_value(sim, me, sp_, plan_)
            except RulesError:
                got = None
        else:
            got = -neg + swipe_cost(est_swipes(end_i), life)  # the estimate without its penalty
        if got is None:
            continue
        got -= swipe_cost(exact_swipes(end_i), life)
        if got < -neg - 1e-9:
            heapq.heappush(heap, (-got, i, rank, k))
            continue
        choice = i
        break
    if choice == 0:
        return None
    # The path form: the engine checks this exact path instead of searching again. A flight
    # may pass beyond the edge of the battlefield, where spaces have no labels.
    e = ends[choice]
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


class ComputerPlayer:
    """A seat played by the computer: ``next_command(game)`` for its ``player`` id."""

    def __init__(self, player: str) -> None:
        self.player = player

    def next_command(self, game: GameSession | MatchState) -> str | None:
        """The command this seat sends now, or ``None`` when it is not its move."""
        return next_command(game, self.player)
