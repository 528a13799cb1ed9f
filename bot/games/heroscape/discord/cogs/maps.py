"""``/maps``: upload, list, show and area: a server's own map library and map pictures.

(``/map`` stays the battlefield of this channel's match, with reach and targets: Discord lets a
name be either a command or a group of subcommands, so the library is ``/maps``.)

- ``/maps upload file:`` reads an attached Virtualscape ``.hsc`` or Hexoscape / project ``.json``
  map (size-limited, read defensively: a file that cannot be read is refused whole, saying where
  and what was expected), and adds it to this server's maps with who added it (stored in the
  database, :mod:`bot.storage.maps`); a map without start zones gets two proposed ones, said so.
- ``/maps list``: the shipped maps and this server's own, with who added each.
- ``/maps show map:``: the whole map with its name, size, levels and start zones.
- ``/maps area``: a close-up: around a chosen space, or (in a channel with a match) around the
  figures on the battlefield, so a big map reads on a phone.

A server sees and uses only its own maps and the shipped ones (:mod:`bot.games.heroscape.discord.servermaps`).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.errors import UserError
from bot.discord.respond import Responder
from bot.game import mapsource
from bot.game.session import battlefield_for, maps
from bot.games.heroscape.discord import autocomplete as ac
from bot.games.heroscape.discord import servermaps
from bot.games.heroscape.discord.live import heroscape
from bot.rules.battlefield import Battlefield
from bot.rules.hexes import Hex

if TYPE_CHECKING:
    from bot.discord.client import RefereeBot

Choices = list[app_commands.Choice[str]]


async def _maps(interaction: discord.Interaction, current: str) -> Choices:
    return ac.map_ids(current, interaction.guild_id)


def _lookup(guild_id: int | None, typed: str) -> tuple[str, Battlefield]:
    """The map a player named (this server's or a shipped one).

    :raises UserError: no such map here (with the closest names).
    """
    map_id = servermaps.resolve(guild_id, typed)
    assert map_id is not None
    try:
        return map_id, battlefield_for(map_id)
    except KeyError as exc:
        raise UserError(f"{exc.args[0] if exc.args else exc} `/maps list` shows every map here.") from None


def _summary(bf: Battlefield) -> str:
    from bot.render.mapview import facts

    return " · ".join(facts(bf))


def _action_centre(bf: Battlefield, hexes: list[Hex]) -> Hex:
    """The space nearest the middle of ``hexes`` (the figures on the battlefield), or of the map."""
    pool = hexes or list(bf.hexes())
    xs = [h.center()[0] for h in pool]
    ys = [h.center()[1] for h in pool]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return min(bf.hexes(), key=lambda h: ((h.center()[0] - mx) ** 2 + (h.center()[1] - my) ** 2, h.r, h.q))


class MapCog(commands.Cog):
    """A server's own maps and map pictures."""

    map_group = app_commands.Group(name="maps", description="Map library: upload this server's maps, list, show, close-up",
                                   guild_only=True)

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @map_group.command(name="upload", description="Add a map file (.hsc from Virtualscape, .json from Hexoscape) to this server")
    @app_commands.describe(file="The map file (.hsc or .json, at most 1 MB)",
                           name="The map's name here (default: the name in the file)",
                           side="A side file (.json) with start zones and glyph places for the map")
    async def upload(self, interaction: discord.Interaction, file: discord.Attachment,
                     name: app_commands.Range[str, 1, 100] | None = None,
                     side: discord.Attachment | None = None) -> None:
        with self.bot.busy("map"):
            if interaction.guild_id is None:
                raise UserError("Maps are added to a server: run `/maps upload` in a server channel.")
            servermaps.check_upload(file.filename, file.size)
            responder = Responder(self.bot, interaction, interaction.channel_id or 0)
            # Privately first: a refused file is told to the uploader only; an added map is
            # announced in the channel below.
            await responder.defer(ephemeral=True)
            try:
                data = await file.read()
            except (discord.HTTPException, discord.NotFound) as exc:
                raise UserError(f"I could not download `{file.filename[:80]}` from Discord ({exc}); try again.") from None
            servermaps.check_upload(file.filename, len(data))
            extra: tuple[bytes, str] | None = None
            if side is not None:
                servermaps.check_upload(side.filename, side.size)
                extra = (await side.read(), side.filename)
            imp = await asyncio.to_thread(servermaps.read_upload, data, file.filename, name, extra)
            entry, bf = await servermaps.add_upload(self.bot.storage, interaction.guild_id, interaction.user.id,
                                                     imp, file.filename)
            notice = mapsource.with_proposed_zones(imp.battlefield)[1]
            lines = [f"🗺 <@{interaction.user.id}> added **{entry.name}** (`{entry.map_id}`) to this server's maps, "
                     f"from `{file.filename[:80]}`: {_summary(bf)}.",
                     f"Play it with `/match new map:{entry.map_id}`."]
            if notice:
                lines.append(notice)
            if imp.left_out:
                lines.append(f"Left out ({len(imp.left_out)}): " + "; ".join(imp.left_out[:3])
                             + (" …" if len(imp.left_out) > 3 else ""))
            if imp.extras:
                lines.append("Not part of the battlefield: " + ", ".join(f"{n} {w}" for w, n in sorted(imp.extras.items())))
            png = await self._picture(bf)
            await responder.send(f"Added **{entry.name}** (`{entry.map_id}`); the channel sees it below.", ephemeral=True)
            await responder.to_channel("\n".join(lines), png=png, filename="map.png")

    @map_group.command(name="list", description="The shipped maps and this server's own (only you see the answer)")
    async def list_maps(self, interaction: discord.Interaction) -> None:
        with self.bot.busy("map"):
            own = servermaps.known(interaction.guild_id)
            lines = ["**Shipped maps**"]
            lines += [f"• {m.name} — `{m.id}`" for m in maps()]
            lines.append("**This server's maps**" if own else "**This server's maps**: none yet (`/maps upload` adds one)")
            lines += [f"• {k.name} — `{k.map_id}`, added by <@{k.added_by}>" for k in own]
            await Responder(self.bot, interaction, interaction.channel_id or 0).send("\n".join(lines), ephemeral=True)

    @map_group.command(name="show", description="A picture of a map: name, size, levels and start zones")
    @app_commands.describe(map="A shipped map or one of this server's (autocompletes)")
    @app_commands.autocomplete(map=_maps)
    async def show(self, interaction: discord.Interaction, map: str) -> None:
        with self.bot.busy("map"):
            _, bf = _lookup(interaction.guild_id, map)
            responder = Responder(self.bot, interaction, interaction.channel_id or 0)
            await responder.defer()
            png = await self._picture(bf)
            await responder.send(f"🗺 **{bf.name}**: {_summary(bf)}", png=png, filename="map.png")

    @map_group.command(name="area", description="A close-up of a map: around a space, or around the action of this channel's match")
    @app_commands.describe(map="A map (default: this channel's match's map)",
                           around="The space in the middle, such as F7 (default: where the figures are)",
                           radius="How many spaces around it (default 5)")
    @app_commands.autocomplete(map=_maps)
    async def area(self, interaction: discord.Interaction, map: str | None = None, around: str | None = None,
                   radius: app_commands.Range[int, 2, 10] = 5) -> None:
        with self.bot.busy("map"):
            figures: list[Hex] = []
            if map is None:
                found = self.bot.matches.in_channel(interaction.channel_id or 0)
                if found is None:
                    raise UserError("This channel has no match: name a map with `map`.")
                live = heroscape(found)
                bf = live.state.battlefield
                figures = [h for f in live.state.on_battlefield() for h in f.hexes]
            else:
                _, bf = _lookup(interaction.guild_id, map)
            if around:
                try:
                    centre = bf.parse_space(around)
                except ValueError as exc:
                    raise UserError(str(exc)) from None
            else:
                centre = _action_centre(bf, figures)
            from bot.render.mapview import area_picture, png

            responder = Responder(self.bot, interaction, interaction.channel_id or 0)
            await responder.defer()
            data = await asyncio.to_thread(lambda: png(area_picture(bf, centre, radius)))
            where = "the action" if not around and figures else bf.label(centre)
            await responder.send(f"🔎 **{bf.name}** around {where} ({bf.label(centre)}, {radius} spaces)",
                                 png=data, filename="area.png")

    async def _picture(self, bf: Battlefield) -> bytes | None:
        if self.bot.render is None:
            return None
        from bot.render.mapview import map_picture, png

        return await asyncio.to_thread(lambda: png(map_picture(bf)))


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(MapCog(bot))  # type: ignore[arg-type]
