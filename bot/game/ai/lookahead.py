"""Order Markers by looking ahead (levels ``normal`` and ``hard``): what each of the computer's
Army Cards would gain from a turn this round, from where its figures stand.

A card's gain is, for each of its figures, the best spot it could reach and attack from
(:func:`bot.rules.movement.reachable_hexes` from where it stands, scored by
:func:`~bot.game.ai.planner.spot_score`: exact odds of the attack, the danger that follows, the
objectives) less what standing idle is worth (no attack, the same danger). A card whose figures
are threatened gains by moving them out of reach or striking first, so the marker that answers a
threat is counted in the same units. The markers then go as :func:`~bot.game.ai.orders.marker_plan`
places them: 1, 2, 3 to the cards worth most, each further marker on a card worth less (the
enemy moves, its targets die), X as a decoy. In a tracker race the card of the figure holding the
prize (the Vial) gains the prize's worth with every marker (:func:`reveal_worth`): each marker
revealed on it moves the tracker, so all the numbered markers may go there.
"""

from __future__ import annotations

from bot.game.ai import value
from bot.game.ai.budget import Budget
from bot.game.ai.levels import KNOBS
from bot.game.ai.planner import Spot, spot_score
from bot.rules.hexes import Hex
from bot.rules.movement import reachable_hexes
from bot.rules.state import Figure, MatchState

#: Spots per figure scored in full (the nearest to an enemy first; all of them within the level's nodes).
SPOTS = 24


def _near(h: Hex, enemies: list[Figure]) -> int:
    """Spaces from ``h`` to the nearest of ``enemies`` (0 with none)."""
    return min((min(h.distance(x) for x in e.hexes) for e in enemies), default=0)


def card_gains(st: MatchState, player: str, level: str) -> list[tuple[float, str]]:
    """Each living card of ``player`` with its gain from a turn now (points), best first, ties by key."""
    knobs = KNOBS[level]
    budget = Budget(knobs.nodes)
    bf = st.battlefield
    out: list[tuple[float, str]] = []
    for key in sorted(st.living_cards(player)):
        gain = 0.0
        for fid in st.cards[key].figure_ids:
            fig = st.figures[fid]
            if not fig.on_battlefield or budget.cut:
                continue  # (past the clock's cap: the figures left count nothing)
            enemies = [e for e in st.on_battlefield() if st.is_enemy(fig, e)]
            friends = [f for f in st.on_battlefield() if f.controller == fig.controller]
            idle = spot_score(st, fig, Spot(None, fig.hexes, fig.level), enemies, friends, knobs, False).score
            here = spot_score(st, fig, Spot(None, fig.hexes, fig.level), enemies, friends, knobs, True).score
            best = here
            budget.spend(2)
            if len(fig.hexes) == 1 and not budget.out():
                try:
                    reach = reachable_hexes(st, fig)
                except Exception:  # noqa: BLE001 - a power's reach it cannot plan: it plans from where it stands
                    reach = {}
                for h in sorted(reach, key=lambda h: (_near(h, enemies), reach[h], h))[:SPOTS]:
                    cell = bf.top_cell(h)
                    if cell is None or st.occupant(h) is not None:
                        continue
                    budget.spend()
                    s = spot_score(st, fig, Spot(None, (h,), cell.top), enemies, friends, knobs, True)
                    best = max(best, s.score)
            gain += best - idle
        out.append((max(gain, 0.0) + 0.01, key))  # positive: a repeated marker's share shrinks it
    out.sort(key=lambda vk: (-vk[0], vk[1]))
    return out


def reveal_worth(st: MatchState, player: str) -> dict[str, float]:
    """Points each numbered Order Marker revealed on a card of ``player`` earns by itself: in a
    tracker race, :data:`~bot.game.ai.value.PRIZE_WORTH` on the card of a figure holding the
    prize (before each reveal there the tracker moves, HS-SCEN-CRIT2-SEAS-03); empty otherwise."""
    race = value.prize(st)
    if not race:
        return {}
    return {key: value.PRIZE_WORTH for key in st.living_cards(player)
            if any(race in st.figures[f].carries for f in st.cards[key].figure_ids if st.figures[f].on_battlefield)}
