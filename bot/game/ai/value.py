"""What the planner (levels ``normal`` and ``hard``) thinks things are worth, in points of army.

Every figure is worth its share of its Army Card's points (HS-SCORE-01: points over the Life the
card represents, for each Life left), so a wound, a destroyed figure, a danger and an objective
all weigh in the same unit. The numbers come from the exact odds of :mod:`bot.rules.odds`, the
powers' own data (auras: a card power of kind ``aura``, ``attack_aura`` or ``defensive_aura``
with its distance) and the scenario's data (its victory rules and the plug-ins' parameters:
``hold_zone``'s zone, ``water_survival``'s d20 ranges, the Vial a ``tracker`` race carries); no
card or scenario is named here.

- :func:`worth` and :func:`life_worth` — a figure's value, whole and per Life.
- :func:`attack_worth` — an attack's value from its odds: wounds, the chance of destroying,
  Counter Strike's returns.
- :func:`danger` — what the enemy's next turn threatens a figure standing on given spaces with.
- :func:`objective` — what standing on given spaces is worth for the scenario.
- :func:`formation` — the worth of auras given and received there.
"""

from __future__ import annotations

from bot.rules.engagement import height_advantage_dice
from bot.rules.hexes import Hex
from bot.rules.odds import AttackOdds, dice_odds, life_left
from bot.rules.state import Figure, MatchState

#: Worth of a figure whose card has no points (a stand-in, a summoned figure).
NO_POINTS = 20.0
#: Share of a figure's worth added to the wounds of an attack that destroys it (a destroyed
#: figure never acts again; a wounded one does).
KILL_SHARE = 0.6
#: Points a figure on the zone to hold is worth per round it stands there.
ZONE_WORTH = 40.0
#: Points per space nearer the zone (or the Vial) a figure that should go there comes.
APPROACH = 1.5
#: What carrying the tracker race's prize (the Vial) is worth.
PRIZE_WORTH = 60.0
#: What carrying a Treasure Glyph (or any glyph on the card) is worth.
CARRIED = 8.0
#: Points per die an aura gives to one figure it reaches.
AURA_DIE = 3.0
#: Spaces from the nearest enemy within which an aura counts in full (it fades to nothing at twice that).
FIGHT = 8
#: Power kinds that are auras, and the value keys their size and reach are read from.
AURA_KINDS = ("aura", "attack_aura", "defensive_aura")


def worth(st: MatchState, fig: Figure) -> float:
    """A whole figure's value in points: its card's points over its figures (a hero: the card)."""
    card = st.card_of(fig)
    if card.points is None:
        return NO_POINTS
    return card.points / max(1, card.figures or 1)


def life_worth(st: MatchState, fig: Figure) -> float:
    """One Life of ``fig`` in points (HS-SCORE-01): its worth over its Life."""
    return worth(st, fig) / max(1, st.card_of(fig).life or 1)


def standing_worth(st: MatchState, fig: Figure) -> float:
    """What ``fig`` is worth as it stands: a Life's worth for each Life left."""
    race = prize(st)
    carried = sum(PRIZE_WORTH if g == race else CARRIED for g in fig.carries)
    return life_worth(st, fig) * life_left(st, fig) + carried


def odds_worth(odds: AttackOdds, target_life: float, target_whole: float,
               attacker_life: float = 0.0, attacker_whole: float = 0.0) -> float:
    """Points an attack with ``odds`` is worth: each expected wound a Life's worth of the target,
    the chance of destroying it :data:`KILL_SHARE` of its whole worth more, less the same for
    what Counter Strike returns to the attacker."""
    gain = odds.expected * target_life + KILL_SHARE * odds.destroy * target_whole
    loss = odds.returned_expected * attacker_life + KILL_SHARE * odds.attacker_destroyed * attacker_whole
    return gain - loss


def attack_worth(st: MatchState, attacker: Figure, target: Figure, odds: AttackOdds) -> float:
    """:func:`odds_worth` for ``attacker`` on ``target`` (an enemy carrying the prize weighs more)."""
    whole = worth(st, target) + (PRIZE_WORTH if prize(st) in target.carries else 0.0)
    return odds_worth(odds, life_worth(st, target), whole, life_worth(st, attacker), worth(st, attacker))


# ---- danger --------------------------------------------------------------------------------------


def danger(st: MatchState, fig: Figure, enemies: list[Figure], friends: list[Figure] | None = None) -> float:
    """Points ``fig`` (where it stands in ``st``) may lose to the enemies' next turn: each enemy
    that could come into range (its Move plus Range, counted on the plane; one adjacent, engaged
    or not, strikes at once) attacks with its Attack against ``fig``'s Defense, height advantage
    counted (:func:`bot.rules.odds.dice_odds`, exact for those numbers); the wounds expected are
    summed, the chance of being destroyed is that of any attack destroying it.

    With ``friends`` (the other figures of ``fig``'s side, where they stand), an enemy that could
    reach several of them attacks ``fig`` only in its share (one attack, one target: 1 over the
    number it could reach), so figures that go in together each risk less than one alone."""
    card = st.card_of(fig)
    life = life_left(st, fig)
    alive = 1.0
    wounds = 0.0
    others = [f for f in friends or () if f.id != fig.id and f.on_battlefield]
    for e in enemies:
        ecard = st.card_of(e)
        reach = (ecard.move or 0) + max(1, ecard.range or 1)
        dist = min(x.distance(y) for x in fig.hexes for y in e.hexes)
        if dist > reach:
            continue
        share = 1.0 / (1 + sum(1 for f in others if min(x.distance(y) for x in f.hexes for y in e.hexes) <= reach))
        a = max(0, (ecard.attack or 0) + height_advantage_dice(st, e, fig))
        d = max(0, (card.defense or 0) + height_advantage_dice(st, fig, e))
        odds = dice_odds(a, d, life)
        wounds += share * odds.expected
        alive *= 1.0 - share * odds.destroy
    return min(wounds, life) * life_worth(st, fig) + KILL_SHARE * (1.0 - alive) * worth(st, fig)


def threat(st: MatchState, enemy: Figure, mine: list[Figure]) -> float:
    """Points ``enemy``'s next attack may take from ``mine``: the most it could do to any one of
    them it could come into range of (its Attack against their Defense, height counted)."""
    ecard = st.card_of(enemy)
    best = 0.0
    for f in mine:
        dist = min(x.distance(y) for x in f.hexes for y in enemy.hexes)
        if dist > (ecard.move or 0) + max(1, ecard.range or 1):
            continue
        a = max(0, (ecard.attack or 0) + height_advantage_dice(st, enemy, f))
        d = max(0, (st.card_of(f).defense or 0) + height_advantage_dice(st, f, enemy))
        odds = dice_odds(a, d, life_left(st, f))
        best = max(best, odds.expected * life_worth(st, f) + KILL_SHARE * odds.destroy * worth(st, f))
    return best


# ---- the scenario's objectives -------------------------------------------------------------------


def prize(st: MatchState) -> str:
    """The glyph a tracker race is fought over (the Vial: the Glyph of Brandar the scenario makes
    a figure pick up), or ``""``."""
    race = any(v.kind == "tracker" for v in st.scenario.victory)
    return "brandar" if race and st.scenario.brandar == "picked_up" else ""


def limit_side(st: MatchState, player: str) -> int:
    """Who the scenario's round limit favours: 1 when ``player``'s side wins when time runs out
    (a ``round_limit_side`` victory naming it: it may play safe), -1 when another side does (it
    must attack), 0 when neither (last army standing, a score)."""
    side = next((p.role for p in st.players if p.id == player), None)
    for v in st.scenario.victory:
        if v.kind == "round_limit_side" and v.side:
            return 1 if v.side == side else -1
    return 0


def zone_spaces(st: MatchState) -> set[Hex]:
    """The spaces of the zone a ``hold_zone`` rule names (its map area; empty without one)."""
    rules = st.scenario.rules_of("hold_zone")
    if not rules:
        return set()
    return set(st.battlefield.start_zones.get(str(getattr(rules[0], "zone", "bridge")), ()))


def objective(st: MatchState, fig: Figure, body: tuple[Hex, ...]) -> float:
    """Points ``fig`` standing on ``body`` earns for the scenario's objectives: standing on the
    zone to hold (:data:`ZONE_WORTH`) or coming nearer it (:data:`APPROACH` a space); coming nearer
    the prize of a tracker race lying on the battlefield; the d20 of a ``water_survival`` rule
    (its destroy and wound ranges, against the figure's worth) when ``body`` is in water."""
    total = 0.0
    zone = zone_spaces(st)
    if zone:
        if any(h in zone for h in body) and fig.level >= _zone_level(st, zone):
            total += ZONE_WORTH
        else:
            total -= APPROACH * min(h.distance(z) for h in body for z in zone) * 0.5
    race = prize(st)
    if race and race not in fig.carries:
        spots = [h for h, (name, _side) in st.glyphs.items() if name == race]
        if spots and not any(race in f.carries for f in st.figures.values() if f.controller == fig.controller):
            total -= APPROACH * min(h.distance(s) for h in body for s in spots)
    for rule in st.scenario.rules_of("water_survival"):
        if not _in_water(st, body):
            continue
        if any(s.casefold() in {i.casefold() for i in (getattr(rule, "immune", None) or ["soulborg"])}
               for s in st.card_of(fig).species):
            continue
        lo, hi = getattr(rule, "destroy", None) or (1, 1)
        wlo, whi = getattr(rule, "wound", None) or (2, 4)
        total -= (int(hi) - int(lo) + 1) / 20 * worth(st, fig) + (int(whi) - int(wlo) + 1) / 20 * life_worth(st, fig)
    return total


def _zone_level(st: MatchState, zone: set[Hex]) -> int:
    tops = [c.top for h in zone if (c := st.battlefield.top_cell(h)) is not None]
    return min(tops, default=0)


def _in_water(st: MatchState, body: tuple[Hex, ...]) -> bool:
    bf = st.battlefield
    for h in body:
        cell = bf.top_cell(h)
        if cell is not None and "water" in cell.terrain.value:
            return True
    return False


def in_water(st: MatchState, body: tuple[Hex, ...]) -> bool:
    """Whether any of ``body``'s spaces is water on top."""
    return _in_water(st, body)


# ---- formation: auras -----------------------------------------------------------------------------


def aura_reach(st: MatchState, fig: Figure) -> list[tuple[int, float]]:
    """The auras ``fig``'s card gives friends: ``(reach in spaces, dice)`` for each power of an
    aura kind (reach 1 when it reaches adjacent figures)."""
    out = []
    for p in st.card_of(fig).powers:
        if p.kind not in AURA_KINDS:
            continue
        v = p.values or {}
        amount = v.get("dice", v.get("amount", 1))
        reach = v.get("spaces", v.get("distance", 1))
        try:
            n = float(amount if not isinstance(amount, dict) else sum(amount.values()))
            r = int(reach) if not isinstance(reach, str) or reach.isdigit() else (99 if reach == "any" else 1)
        except (TypeError, ValueError):
            continue
        if n > 0:
            out.append((r, n))
    return out


def formation(st: MatchState, fig: Figure, body: tuple[Hex, ...], friends: list[Figure],
              enemies: list[Figure] | None = None) -> float:
    """Points of the auras between ``fig`` on ``body`` and its ``friends``: each friend within the
    reach of ``fig``'s auras, and each aura of a friend reaching ``body``, :data:`AURA_DIE` a die.

    With ``enemies``, a die counts only as much as the figure receiving it is near the fight
    (:func:`near_fight`): an aura far from every enemy helps no attack or defense soon, so it
    does not hold figures back in their start zone."""
    total = 0.0
    mine = aura_reach(st, fig)
    here = near_fight(body, enemies)
    for f in friends:
        if f.id == fig.id or not f.on_battlefield:
            continue
        dist = min(x.distance(y) for x in body for y in f.hexes)
        total += sum(AURA_DIE * n for r, n in mine if dist <= r) * near_fight(f.hexes, enemies)
        total += sum(AURA_DIE * n for r, n in aura_reach(st, f) if dist <= r) * here
    return total


def near_fight(body: tuple[Hex, ...], enemies: list[Figure] | None) -> float:
    """How near the fight ``body`` is, from 1 (an enemy within :data:`FIGHT` spaces) down to 0
    (twice as far or more); 1 when ``enemies`` is ``None`` (not asked)."""
    if enemies is None:
        return 1.0
    if not enemies:
        return 0.0
    d = min(x.distance(y) for e in enemies for x in body for y in e.hexes)
    return max(0.0, min(1.0, 2.0 - d / FIGHT))
