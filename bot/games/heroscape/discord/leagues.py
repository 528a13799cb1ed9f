"""Heroscape's part of ``/league`` (:mod:`bot.discord.league`): its options of ``/league create``
(the army format: a named format with caps and product lines on top, as ``/match new`` takes them),
the league's format made of them and checked against its maps, and ``/league army``'s Army Cards
checked against that format (HS-ARMY-01)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.discord.errors import UserError
from bot.game.session import library_for
from bot.games.heroscape.discord import autocomplete as ac
from bot.games.heroscape.discord.newmatch import DEFAULT_SCENARIO, check_setup
from bot.games.heroscape.league import (
    LeagueArmyError,
    LeagueFormat,
    LeagueFormatError,
    army_points,
    check_league_army,
    league_format,
)

SYSTEMS = [app_commands.Choice(name="Standard points", value="standard"),
           app_commands.Choice(name="Delta points", value="delta")]


async def _formats(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The named army formats (as `/match new format:` offers them)."""
    return ac.format_ids(current)


@app_commands.command(name="create", description="Heroscape's options of /league create")
@app_commands.describe(format="Army format: points system, caps and allowed lines (standard, delta, hasbro...)",
                       points_system="Standard or Delta points (instead of the format's)",
                       points="Army points cap (instead of the format's)", figures="Figure cap", hexes="Hex (space) cap",
                       lines="Allowed product lines, comma-separated (instead of the format's)")
@app_commands.choices(points_system=SYSTEMS)
@app_commands.autocomplete(format=_formats)
async def league_options(interaction: discord.Interaction, format: str | None = None,
                         points_system: str | None = None,
                         points: app_commands.Range[int, 10, 10000] | None = None,
                         figures: app_commands.Range[int, 1, 200] | None = None,
                         hexes: app_commands.Range[int, 1, 200] | None = None, lines: str | None = None) -> None:
    """Never run: its parameters are Heroscape's options of ``/league create``."""


def _split(text: str | None) -> tuple[str, ...]:
    return tuple(p.strip() for p in (text or "").replace(";", ",").split(",") if p.strip())


def league_setup(values: Mapping[str, Any], scenario: str | None, maps: tuple[str, ...],
                 round_limit: int | None) -> LeagueFormat:
    """The league's format from ``/league create``'s values (``format`` names an army format of
    :mod:`bot.content.formats`, default ``standard``; ``points_system``, ``points``, ``figures``,
    ``hexes`` and ``lines`` override its fields, as ``/match new`` does), checked with every map of
    the pool and the scenario.

    :raises UserError: an unknown format, points system or line; a map or scenario that cannot hold it.
    """
    try:
        fmt = league_format(values.get("format"), points_system=values.get("points_system"),
                            points=values.get("points"), figures=values.get("figures"),
                            spaces=values.get("hexes"), lines=_split(values.get("lines")))
    except LeagueFormatError as exc:
        raise UserError(str(exc)) from None
    match_fmt = {**fmt.overrides(), **({"round_limit": round_limit} if round_limit is not None else {})}
    for map_id in maps or ("practice-field",):  # the league's default pool when none is named
        check_setup(scenario or DEFAULT_SCENARIO, map_id, match_fmt)  # unknown map or scenario: its own words
    return fmt


def league_army(cards: str, fmt: Any, guild_id: int | None) -> tuple[str, str]:
    """``(the army as registered, its points in words)`` for ``/league army``.

    :raises UserError: an army the format refuses (what is wrong; nothing registered).
    """
    try:
        picked = check_league_army(cards, fmt, library_for(guild_id))
    except LeagueArmyError as exc:
        raise UserError(f"{exc} Nothing was registered.") from None
    return "; ".join(c.name for c in picked), army_points(picked, fmt)
