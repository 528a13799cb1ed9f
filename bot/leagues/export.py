"""A season's results and standings as CSV and JSON (``/league export``)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any

from bot.leagues.model import Game
from bot.leagues.standings import Row

RESULT_COLUMNS = ("game", "season", "round", "stage", "state", "players", "ranks", "winners", "map", "match")
STANDING_COLUMNS = ("rank", "player", "name", "played", "wins", "draws", "losses", "byes", "points", "h2h",
                    "owr", "sos", "rating", "provisional")


def results_csv(games: Sequence[Game], name: Callable[[str], str] = str) -> str:
    """One line per game; players by name (``name``), separated by ``" vs "``."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(RESULT_COLUMNS)
    for g in games:
        w.writerow((g.id, g.season, g.round, g.stage, g.state, " vs ".join(name(p) for p in g.players),
                    " ".join(map(str, g.ranks)) if g.ranks else "", " ".join(name(p) for p in g.winners()),
                    g.map_id, g.match_id or ""))
    return out.getvalue()


def standings_csv(rows: Sequence[Row], name: Callable[[str], str] = str) -> str:
    """One line per player of the table."""
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(STANDING_COLUMNS)
    for r in rows:
        w.writerow((r.rank, r.player, name(r.player), r.played, r.wins, r.draws, r.losses, r.byes, r.points,
                    r.h2h, round(r.owr, 4), r.sos, round(r.rating, 3), r.provisional))
    return out.getvalue()


def season_json(league: str, season: int, games: Sequence[Game], rows: Sequence[Row],
                name: Callable[[str], str] = str, changes: Sequence[dict[str, Any]] = ()) -> str:
    """``{"league", "season", "results": [...], "standings": [...], "changes": [...]}`` with names
    added; ``changes`` is the league's record of who changed what (pairings, reports,
    confirmations, decisions and corrections with their reasons)."""
    results = []
    for g in games:
        d = asdict(g)
        d["channel_id"] = _id(g.channel_id)
        d["names"] = [name(p) for p in g.players]
        results.append(d)
    table = [{**asdict(r), "name": name(r.player)} for r in rows]
    return json.dumps({"league": league, "season": season, "results": results, "standings": table,
                       "changes": list(changes)}, indent=1)


def _id(value: int | None) -> str | None:
    """A Discord id as a string: ids exceed the 53 bits a JSON number keeps in JavaScript."""
    return None if value is None else str(value)


def settings_json(detail: str) -> Any:
    """The league settings kept with a ``create`` change, as an object (Discord ids as strings);
    text that is not JSON is returned as it is."""
    try:
        d = json.loads(detail)
    except ValueError:
        return detail
    if isinstance(d, dict):
        for key in ("channel_id", "organiser_role"):
            if isinstance(d.get(key), int):
                d[key] = _id(d[key])
    return d
