"""A simple computer player: given a match state and its seat, the next command text to send.

Used by the demo, the console (``--vs-computer``) and, later, the Discord bot. It plays through
the same text commands as a person (so every move it makes is checked by the engine) and is
deterministic given the state: no randomness, ties broken by figure ids and space order.

Its play, one command per call to :func:`next_command`:

- a pending decision it owns: the first option;
- Order Markers: 1, 2 and 3 on the card with the best mix of expected damage and danger it is in,
  X as a decoy on another card;
- initiative: rolls when every marker is placed (any player may);
- its turn: moves each figure of the active card to the reachable space from which it could make
  the attack with the most expected wounds (or, with no attack in reach, closest to an enemy),
  then attacks with each figure the target it expects to wound most, then ends the turn.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable
from typing import TYPE_CHECKING

from bot.rules import modifiers
from bot.rules.combat import attack_dice, check_target, defense_dice, legal_targets, wound_odds
from bot.rules.engagement import engaged_enemies
from bot.rules.hexes import Hex
from bot.rules.movement import leaving, plan, reachable
from bot.rules.state import MARKERS, NUMBERED, Figure, MatchState, Phase, Stage

if TYPE_CHECKING:
    from bot.game.session import GameSession

#: Expected wounds a leaving-engagement attack costs (one die, a skull on half its faces).
SWIPE_COST = 0.5
#: Score bonus of any space from which an attack is possible over one that only approaches.
ATTACK_BONUS = 100.0


def waiting_for(state: MatchState) -> list[str]:
    """Players whose command the match waits for now, in seat order (any one of them may act).

    Setup (joining, armies) is left to the adapters; in setup this lists the seated players
    without an army, or the first seat once every army is in (to ``start``).
    """
    st = state
    if st.phase is Phase.OVER or st.phase is Phase.FREE:
        return []
    if st.pending:
        return [st.pending[0].player]
    active = [p for p in st.players if not p.conceded]
    if st.phase is Phase.SETUP:
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


# ---- expected wounds -----------------------------------------------------------------------------


def expected_wounds(attack_n: int, defense_n: int, life_left: int) -> float:
    """Expected wounds of one attack, counting no more than the target has Life left."""
    odds = wound_odds(attack_n, defense_n)
    return sum(min(k, life_left) * p for k, p in enumerate(odds))


def _life_left(st: MatchState, fig: Figure) -> int:
    return max(1, st.card_of(fig).stat("life") - fig.wounds)


def attack_value(st: MatchState, attacker: Figure, target: Figure) -> float:
    """Expected wounds of a normal attack of ``attacker`` on ``target`` where they stand now."""
    a, _ = attack_dice(st, attacker, target)
    d, _ = defense_dice(st, attacker, target)
    return expected_wounds(a, d, _life_left(st, target))


def _distance(a: Figure, b: Figure) -> int:
    return min(x.distance(y) for x in a.hexes for y in b.hexes)


def _enemies(st: MatchState, fig: Figure) -> list[Figure]:
    return sorted((f for f in st.on_battlefield() if st.is_enemy(fig, f)), key=lambda f: f.id)


# ---- Order Markers -------------------------------------------------------------------------------


def card_values(st: MatchState, player: str) -> list[tuple[float, str]]:
    """Each living card of ``player`` with a value: expected damage it could deal this round
    plus half the damage enemies could deal to it; best first, ties by card key."""
    out: list[tuple[float, str]] = []
    for key in sorted(st.living_cards(player)):
        cip = st.cards[key]
        card = cip.card
        mine = [st.figures[f] for f in cip.figure_ids if st.figures[f].on_battlefield]
        offence = threat = 0.0
        for fig in mine:
            enemies = _enemies(st, fig)
            reach = card.stat("move") + card.stat("range")
            best = 0.0
            for e in enemies:
                ecard = st.card_of(e)
                dist = _distance(fig, e)
                if dist <= reach:
                    best = max(best, expected_wounds(card.stat("attack"), ecard.stat("defense"), _life_left(st, e)))
                else:
                    best = max(best, 0.1 * card.stat("attack") / (1 + dist - reach))
                if dist <= ecard.stat("move") + ecard.stat("range"):
                    threat += expected_wounds(ecard.stat("attack"), card.stat("defense"), _life_left(st, fig))
            offence += best
        out.append((offence + 0.5 * threat, key))
    out.sort(key=lambda vk: (-vk[0], vk[1]))
    return out


def orders_command(st: MatchState, player: str) -> str:
    """``orders`` with 1, 2 and 3 on the most valuable card and X on the next one."""
    ranked = [k for _, k in card_values(st, player)]
    best = ranked[0]
    decoy = ranked[1] if len(ranked) > 1 else best
    placed = {m: best for m in NUMBERED}
    placed["X"] = decoy
    ids = [st.cards[k].card.id for k in st.cards if st.cards[k].controller == player]

    def name(key: str) -> str:  # the card's id, or its key when the army has two copies
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


def best_attack(st: MatchState, figs: Iterable[Figure], attacked: list[str], activated: list[str],
                per_turn: int) -> str | None:
    """``attack FIG TARGET`` for the pair with the most expected wounds, or ``None``."""
    best: tuple[float, str, str] | None = None
    for fig in figs:
        if fig.id in attacked or (fig.id not in activated and len(activated) >= per_turn):
            continue
        for tgt in legal_targets(st, fig):
            value = attack_value(st, fig, tgt)
            cand = (value, fig.id, tgt.id)
            if best is None or (-cand[0], cand[1], cand[2]) < (-best[0], best[1], best[2]):
                best = cand
    return f"attack {best[1]} {best[2]}" if best else None


def _end_level(st: MatchState, fig: Figure, body: tuple[Hex, ...], path: list[Hex]) -> int:
    bf = st.battlefield
    if len(bf.surfaces(body[0])) > 1:
        return plan(st, fig, path, check_allowance=False).end_level
    cell = bf.top_cell(body[0])
    return cell.top if cell is not None else fig.level


def best_move(st: MatchState, fig: Figure) -> str | None:
    """The move command that puts ``fig`` where it attacks best, or ``None`` to stay put.

    Spaces from which an attack is possible beat the rest, by expected wounds (minus the
    leaving-engagement attacks on the way); otherwise the space nearest an enemy (in Range for a
    ranged figure), then the higher level, then the cheaper move. Stays when that is no better.
    """
    options = reachable(st, fig)
    if not options:
        return None
    enemies = _enemies(st, fig)
    if not enemies:
        return None
    rng = modifiers.range_value(st, fig)
    # A shallow copy in which only this figure is a separate object that can be put anywhere.
    sim = copy.copy(st)
    sim.figures = dict(st.figures)
    me = sim.figures[fig.id] = dataclasses.replace(fig)
    engaged_now = bool(engaged_enemies(st, fig))
    start = (fig.hexes, fig.level)
    # (body, level, cost, path); staying put first so that it wins ties.
    ends: list[tuple[tuple[Hex, ...], int, int, list[Hex]]] = [(fig.hexes, fig.level, 0, [])]
    for body in sorted(options, key=lambda b: (options[b][0], b)):
        cost, path = options[body]
        ends.append((body, _end_level(st, fig, body, path), cost, path))

    def swipes(body: tuple[Hex, ...], level: int) -> float:
        if not engaged_now or (body, level) == start:
            return 0.0
        return SWIPE_COST * len(leaving(st, fig, fig.hexes, fig.level, body, level))

    # Candidate attacks, best expected value first; line of sight is checked lazily in that order.
    candidates: list[tuple[float, int, int]] = []
    approach: list[tuple[float, int]] = []
    for i, (body, level, cost, _path) in enumerate(ends):
        me.hexes, me.level = body, level
        penalty = swipes(body, level)
        nearest = min(_distance(me, e) for e in enemies)
        bf_cell = st.battlefield.top_cell(body[0])
        height = bf_cell.top if bf_cell else 0
        approach.append((-max(0, nearest - rng) - penalty + 0.01 * height - 0.001 * cost, i))
        for j, foe in enumerate(enemies):
            if _distance(me, foe) > max(rng, 1):
                continue
            candidates.append((ATTACK_BONUS + attack_value(sim, me, foe) - penalty, -i, j))
    candidates.sort(key=lambda c: (-c[0], -c[1], c[2]))
    choice: int | None = None
    for _value, neg_i, j in candidates:
        body, level, _cost, _path = ends[-neg_i]
        me.hexes, me.level = body, level
        if check_target(sim, me, enemies[j]):
            choice = -neg_i
            break
    if choice is None:
        approach.sort(key=lambda a: (-a[0], a[1]))
        choice = approach[0][1]
        # Only approach when it gets closer than standing still.
        if approach[0][0] <= next(v for v, i in approach if i == 0) + 1e-9:
            choice = 0
    if choice == 0:
        return None
    # The path form: the engine checks this exact path instead of searching again. A flight
    # may pass beyond the edge of the battlefield, where spaces have no labels.
    body, path = ends[choice][0], ends[choice][3]
    bf = st.battlefield
    if all(h in bf for h in path):
        return f"move {fig.id} path " + " ".join(bf.label(h) for h in path)
    return f"move {fig.id} {bf.label(body[0])}"


class ComputerPlayer:
    """A seat played by the computer: ``next_command(game)`` for its ``player`` id."""

    def __init__(self, player: str) -> None:
        self.player = player

    def next_command(self, game: GameSession | MatchState) -> str | None:
        """The command this seat sends now, or ``None`` when it is not its move."""
        return next_command(game, self.player)
