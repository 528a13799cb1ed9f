"""Victory and scoring (HS-VICTORY-01..05, HS-SCORE-01..05, HS-SCEN-RIFT1-ALL-03/04).

Checked at the end of every Player Turn and again at the end of the round, after end-of-round
effects. Several sides meeting a condition at the same check is a draw (HS-VICTORY-03).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.state import MatchState

#: Scenario victory checks (:mod:`bot.rules.scenarios`): ``check(state, end_of_round)`` returns the
#: winners and a sentence, or ``None``. Asked after "last army standing" and before the round limit.
Check = Callable[[MatchState, bool], "tuple[list[str], str] | None"]
CHECKS: list[Check] = []


def sides_standing(state: MatchState) -> list[str]:
    """Sides (teams, or players without a team) that still have figures on the battlefield."""
    alive: list[str] = []
    for p in state.players:
        if p.conceded:
            continue
        if any(f.controller == p.id and f.on_battlefield for f in state.figures.values()) and p.side not in alive:
            alive.append(p.side)
    return alive


def players_of(state: MatchState, side: str) -> list[str]:
    """The players of a side."""
    return [p.id for p in state.players if p.side == side]


def scores(state: MatchState) -> dict[str, float]:
    """Each player's score: per-Life value of each card times Life left on the battlefield (HS-SCORE-01..03).

    A card's per-Life value is its points divided by the Life the card represents (figures shown
    times Life each); every figure of that card on the battlefield scores it for each Life left.
    """
    out: dict[str, float] = {p.id: 0.0 for p in state.players}
    for cip in state.cards.values():
        card = cip.card
        if card.points is None or not card.life or not card.figures:
            continue
        per_life = card.points / (card.figures * card.life)
        for fid in cip.figure_ids:
            f = state.figures[fid]
            if f.on_battlefield:
                out[cip.controller] = out.get(cip.controller, 0.0) + per_life * max(0, card.life - f.wounds)
    return out


def check_victory(state: MatchState, end_of_round: bool) -> tuple[list[str], str] | None:
    """The winners and a sentence, or ``None`` when the match goes on.

    An empty winners list is a draw with nobody left.
    """
    alive = sides_standing(state)
    sides = []
    for p in state.players:
        if p.side not in sides:
            sides.append(p.side)
    rules = state.scenario.victory
    if any(v.kind == "last_standing" for v in rules) or not rules:
        if len(sides) > 1 and len(alive) == 1:
            return players_of(state, alive[0]), "last army standing"
        if len(sides) > 1 and not alive:
            return [], "draw: no figures are left on the battlefield"
    for check in CHECKS:
        found = check(state, end_of_round)
        if found is not None:
            return found
    for v in rules:
        if v.kind == "tracker" and v.reach is not None:
            full = [p.id for p in state.players if state.trackers.get(p.id, -1) >= v.reach and not p.conceded]
            if full:
                names = " and ".join(state.scenario.trackers.get(state.player(pid).role, "tracker") for pid in full)
                return full, f"the {names} tracker reached {v.reach}"
    if not end_of_round:
        return None
    for v in rules:
        limit = v.round if v.round is not None else state.scenario.format.round_limit
        if limit is None or state.round < limit:
            continue
        if v.kind == "round_limit_side" and v.side:
            winners = [p.id for p in state.players if p.role == v.side]
            return winners, f"the end of round {limit}: {v.side} wins"
        if v.kind == "round_limit_score":
            sc = scores(state)
            by_side: dict[str, float] = {}
            for p in state.players:
                by_side[p.side] = by_side.get(p.side, 0.0) + sc.get(p.id, 0.0)
            best = max(by_side.values(), default=0.0)
            top = [s for s, v2 in by_side.items() if v2 == best]
            if len(top) == 1:
                return players_of(state, top[0]), f"the end of round {limit}: highest score ({best:g})"
            return [pid for s in top for pid in players_of(state, s)], f"the end of round {limit}: a draw on {best:g} points"
    return None
