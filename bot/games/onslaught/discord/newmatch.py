"""Onslaught's options of ``/match new``: a prototype command (never registered) whose parameters the
match cog merges into ``/match new`` (:meth:`bot.discord.face.Face.new_options`), and the match options
made of their values: ``scenario`` (an Onslaught scenario fixes its map), ``map`` (accepted when it is
the scenario's) and ``party`` (the creator's: a party's name or five character names, DDO-PARTY-01..04).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.discord.errors import UserError
from bot.games.onslaught.match import DEFAULT_SCENARIO
from bot.games.onslaught.server_cards import library_for
from bot.games.ruleset import MatchSettings

Choices = list[app_commands.Choice[str]]


def _pick(pairs: list[tuple[str, str]], current: str) -> Choices:
    cur = current.lower()
    return [app_commands.Choice(name=n[:100], value=v[:100]) for n, v in pairs if cur in n.lower()][:25]


async def _scenarios(interaction: discord.Interaction, current: str) -> Choices:
    lib = library_for(interaction.guild_id)
    return _pick([(f"{s.name} ({s.id})", s.id) for s in lib.scenarios.values()], current)


async def _maps(interaction: discord.Interaction, current: str) -> Choices:
    lib = library_for(interaction.guild_id)
    return _pick([(f"{m.name} ({m.id})", m.id) for m in lib.maps.values()], current)


async def _parties(interaction: discord.Interaction, current: str) -> Choices:
    lib = library_for(interaction.guild_id)
    return _pick([(f"{p}: {', '.join(c)}", p) for p, c in sorted(lib.parties.items())], current)


@app_commands.command(name="new", description="D&D Onslaught's options of /match new")
@app_commands.describe(scenario="Scenario (default: skirmish)", map="Map (default: the scenario's own)",
                       party="Your party: a party's name or five character names with commas")
@app_commands.autocomplete(scenario=_scenarios, map=_maps, party=_parties)
async def new_options(interaction: discord.Interaction, scenario: str = DEFAULT_SCENARIO, map: str | None = None,
                      party: str | None = None) -> None:
    """Never run: its parameters are Onslaught's options of ``/match new``."""


def match_options(values: Mapping[str, Any]) -> dict[str, Any]:
    """The match options from ``/match new``'s values: an open table (``lobby``), the creator's party."""
    fmt: dict[str, Any] = {"lobby": True}
    if values.get("party"):
        fmt["preset"] = " ".join(str(values["party"]).split())
    return {"scenario": values.get("scenario") or DEFAULT_SCENARIO, "map": values.get("map") or None, "format": fmt}


def check_setup(options: Mapping[str, Any], guild_id: int | None) -> str:
    """The scenario's name, after making a throw-away match of ``options``.

    :raises UserError: an unknown scenario or party, or a map the scenario is not played on.
    """
    from bot import games

    try:
        match = games.get("onslaught").new_match(MatchSettings("check", 1, dict(options), adapter="discord",
                                                               server=guild_id))
    except (KeyError, ValueError) as exc:
        raise UserError(str(exc.args[0]) if exc.args else str(exc)) from None
    scenario: str = match.library.scenarios[match.scenario_id].name  # type: ignore[attr-defined]
    return scenario
