"""League answers in words: the standings table as text, a player's history, the cards' statistics."""

from __future__ import annotations

from collections.abc import Sequence

from bot.leagues.model import Game
from bot.leagues.standings import CardStats, Row, head_to_head

#: How much of a decision's reason a history line shows (the export keeps it whole).
REASON_SHOWN = 120


def standings_text(title: str, rows: Sequence[Row], names: dict[str, str]) -> str:
    """The table in a code block: rank, name, W-D-L, points, tiebreakers, rating (``?``: provisional)."""
    lines = [f"**{title}**", "```", f"{'#':>2} {'player':<16} {'W-D-L':>7} {'pts':>5} {'h2h':>4} {'owr':>5} "
             f"{'sos':>5} {'rating':>7}"]
    for r in rows:
        mark = "?" if r.provisional else " "
        lines.append(f"{r.rank:>2} {names.get(r.player, r.player)[:16]:<16} {r.wins}-{r.draws}-{r.losses:<3}"
                     f"{r.points:>5g} {r.h2h:>4g} {r.owr:>5.2f} {r.sos:>5g} {r.rating:>6.1f}{mark}")
    lines.append("```")
    lines.append("Tiebreakers: head-to-head (h2h), opponents' win rate (owr), strength of schedule (sos); "
                 "? marks a provisional rating.")
    return "\n".join(lines)


def history_text(player: str, games: Sequence[Game], names: dict[str, str],
                 reasons: dict[int, str] | None = None) -> str:
    """One line per game of ``player``: season, round, opponents, outcome, state; a game an
    organiser decided or corrected ends with the reason given (``reasons``: game id -> reason)."""
    if not games:
        return f"{names.get(player, player)} has no league games yet."
    lines = [f"**{names.get(player, player)}**'s league games:"]
    for g in games:
        if g.is_bye:
            lines.append(f"S{g.season} R{g.round}: bye (win)")
            continue
        opp = ", ".join(names.get(p, p) for p in g.opponents(player))
        outcome = g.outcome(player) if g.final else g.state
        why = (reasons or {}).get(g.id)
        why = why if why is None or len(why) <= REASON_SHOWN else why[:REASON_SHOWN - 1] + "…"
        lines.append(f"S{g.season} R{g.round} #{g.id}: vs {opp} on {g.map_id or 'any map'}: {outcome}"
                     + (f" ({g.state}: {why})" if why else ""))
    return "\n".join(lines)


def h2h_text(a: str, b: str, games: Sequence[Game], names: dict[str, str]) -> str:
    """``Ann 2 – 1 – 0 Bob`` (wins, draws, wins)."""
    w, d, losses = head_to_head(a, b, games)
    return f"Head-to-head: {names.get(a, a)} {w} wins, {d} draws, {losses} losses against {names.get(b, b)}."


def cards_text(most: Sequence[CardStats], best: Sequence[CardStats], noun: str = "cards") -> str:
    """The season's most played and best performing cards (five each); ``noun`` is what the
    league's game calls them (:attr:`bot.leagues.rules.LeagueRules.card_noun`)."""
    if not most:
        return "No refereed league game has recorded its armies yet."
    lines = [f"**Most played {noun}** (top {min(len(most), 5)} of {len(most)}; refereed games only: "
             "a game reported by hand records no armies)"]
    lines += [f"{f.card}: {_games(f.played)}, {f.won} won" for f in most[:5]]
    lines.append("**Best performing** (at least 2 games)")
    lines += [f"{f.card}: {f.win_rate:.0%} of {_games(f.played)}" for f in best[:5]] or ["none yet"]
    return "\n".join(lines)


def _games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"
