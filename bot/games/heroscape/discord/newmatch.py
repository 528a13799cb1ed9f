"""Heroscape's options of ``/match new``: a prototype command (never registered) whose parameters
the match cog merges into ``/match new`` (:meth:`bot.discord.face.Face.new_options`), and the
match options made of their values."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.content import formats
from bot.discord.errors import UserError
from bot.game.session import GameSession
from bot.games.heroscape.discord import autocomplete as ac
from bot.games.heroscape.discord import servermaps

Choices = list[app_commands.Choice[str]]
#: The scenario of ``/match new`` when none is named.
DEFAULT_SCENARIO = "last-army-standing"


async def _scenarios(interaction: discord.Interaction, current: str) -> Choices:
    return ac.scenario_ids(current)


async def _formats(interaction: discord.Interaction, current: str) -> Choices:
    return ac.format_ids(current)


async def _maps(interaction: discord.Interaction, current: str) -> Choices:
    return ac.map_ids(current, interaction.guild_id)


@app_commands.command(name="new", description="Heroscape's options of /match new")
@app_commands.describe(scenario="Scenario (default: last army standing)", map="Map (default: the scenario's)",
                       format="Army format: points system, limits and allowed lines (standard, delta, hasbro...)",
                       points="Army points limit", figures="Figures limit", spaces="Spaces limit",
                       rounds="Round limit", draft="Draft armies one Army Card at a time, in turn")
@app_commands.autocomplete(scenario=_scenarios, map=_maps, format=_formats)
async def new_options(interaction: discord.Interaction, scenario: str = DEFAULT_SCENARIO, map: str | None = None,
                      points: app_commands.Range[int, 10, 10000] | None = None,
                      figures: app_commands.Range[int, 1, 200] | None = None,
                      spaces: app_commands.Range[int, 1, 200] | None = None,
                      rounds: app_commands.Range[int, 1, 100] | None = None, draft: bool | None = None,
                      format: str | None = None) -> None:
    """Never run: its parameters are Heroscape's options of ``/match new``."""


def match_options(guild_id: int | None, values: Mapping[str, Any]) -> dict[str, Any]:
    """The match options (``scenario``, ``map``, ``format``) from ``/match new``'s values: the format's
    limits overridden by those given, a server's own map by its name or id.

    :raises UserError: an unknown format, or another server's map.
    """
    fmt: dict[str, Any] = {k: values[o] for k, o in (("points", "points"), ("figures", "figures"), ("spaces", "spaces"),
                                                      ("round_limit", "rounds"), ("draft", "draft"))
                           if values.get(o) is not None}
    try:
        fmt = formats.overrides(values.get("format"), fmt)
    except formats.UnknownFormatError as exc:
        raise UserError(str(exc)) from None
    # A server's own map by its name or id; another server's map is refused.
    return {"scenario": values.get("scenario") or DEFAULT_SCENARIO,
            "map": servermaps.resolve(guild_id, values.get("map")), "format": fmt}


def check_setup(scenario_id: str, map_id: str | None, fmt: dict[str, Any]) -> str:
    """Check the options of ``/match new`` before a thread is opened for them (an unknown scenario
    must not leave an empty thread behind); return the scenario's name.

    :raises UserError: unknown scenario or map, a map without the scenario's start zones, a bad limit.
    """
    try:
        return GameSession.create("check", map_id=map_id, scenario_id=scenario_id, fmt=fmt, seed=0).state.scenario.name
    except (KeyError, ValueError) as exc:
        raise UserError(str(exc.args[0]) if exc.args else str(exc)) from None
