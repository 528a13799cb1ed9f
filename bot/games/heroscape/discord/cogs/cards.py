"""``/cards``: a server's own Army Card files.

``/cards upload file:`` takes a JSON card file in the documented format (``data/cards/README.md``,
``heroscape-cards/1``), checks it against the shipped cards and the server's other files, and stores
it for this server only (storage migration 8): its cards join the server's matches created from
then on, and a card with the id of an incomplete shipped card completes it (the G.I. JOE cards,
DEC-07). ``/cards list`` names the server's files, ``/cards delete name:`` drops one (not
"remove": a command search for "/move" would offer it). Only members
who may manage the server change its cards; a bad file changes nothing and the answer names the
file, the card and the field at fault.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.content.cards import CardFileError
from bot.content.importers.hexoscape import nesting_depth
from bot.discord.errors import UserError
from bot.discord.face import faces
from bot.discord.outgoing import cap
from bot.game.seam import NAME
from bot.game.session import server_library, set_server_cards

if TYPE_CHECKING:
    from bot.discord.client import RefereeBot

#: The largest card file accepted, in bytes (the whole shipped library is about 600 kB).
MAX_BYTES = 1_000_000
#: How long a file name may be (kept short for messages).
MAX_NAME = 80
#: Deepest nesting of JSON arrays and objects in a card file (the games' formats need 6 at most):
#: deeper is refused before parsing, so a hostile file cannot exhaust the parser's recursion.
MAX_DEPTH = 20


def _guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise UserError("Card files belong to a server: use `/cards` in a server channel.")
    return interaction.guild_id


def _may_manage(interaction: discord.Interaction) -> None:
    perms = interaction.permissions
    if not (perms.manage_guild or perms.administrator):
        raise UserError("Only members with the **Manage Server** permission can change this server's Army Cards.")


class CardsCog(commands.Cog):
    """A server's own Army Card files."""

    cards = app_commands.Group(name="cards", description="This server's own Army Card files", guild_only=True)

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @cards.command(name="upload", description="Add or replace a card file (JSON: heroscape-cards/1, or a D&D Onslaught one)")
    @app_commands.describe(file="A .json card file: data/cards/README.md (Heroscape), data/onslaught/README.md (Onslaught)")
    async def upload(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        guild = _guild(interaction)
        _may_manage(interaction)
        name = file.filename
        if not name.lower().endswith(".json") or len(name) > MAX_NAME:
            raise UserError(f"`{name[:MAX_NAME]}` is not a card file: upload a `.json` file (name up to "
                            f"{MAX_NAME} characters) in the format of data/cards/README.md.")
        if file.size > MAX_BYTES:
            raise UserError(f"`{name}` is {file.size:,} bytes; a card file may have at most {MAX_BYTES:,}.")
        raw = await file.read()
        try:
            body = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise UserError(f"`{name}` is not UTF-8 text; save it as UTF-8 JSON and upload it again.") from None
        depth = nesting_depth(body)
        if depth > MAX_DEPTH:
            raise UserError(f"`{name}` was not stored: its JSON is nested {depth:,} levels deep; a card file "
                            f"needs at most {MAX_DEPTH}.")
        storage = self.bot.matches.storage
        for face in faces():  # another game's card file (it says whose it is) goes to that game
            if face.game != NAME:
                answer = await face.upload_cards(storage, guild, name, body)
                if answer is not None:
                    await interaction.response.send_message(cap(answer), ephemeral=True)
                    return
        files = [(n, b) for n, b in await storage.server_cards(guild) if n != name] + [(name, body)]
        try:
            lib = server_library(files)
        except CardFileError as exc:
            raise UserError(f"This card file was not stored: {exc}") from None
        added = [c for c in lib if (origin := lib.origin(c.id)) is not None and origin.name == name]
        completed = [c.name for c in added if c.complete]
        shown = ", ".join(c.name for c in added[:10]) + (f" and {len(added) - 10} more" if len(added) > 10 else "")
        answer = cap(f"Stored `{name}` for this server: {len(added)} Army Card{'' if len(added) == 1 else 's'} "
                     f"({shown}); {len(completed)} complete. New matches here can field them.")
        # Written before storing: the answer can no longer fail after the file is kept.
        await storage.save_server_cards(guild, name, body, interaction.user.id)
        set_server_cards(guild, files)
        await interaction.response.send_message(answer, ephemeral=True)

    @cards.command(name="list", description="This server's card files")
    async def list_files(self, interaction: discord.Interaction) -> None:
        guild = _guild(interaction)
        storage = self.bot.matches.storage
        files = await storage.server_cards(guild)
        others = [f"`{n}` ({face.game})" for face in faces() for n in await face.card_files(storage, guild)]
        if others:
            files = files + [(n, "") for n in others]
        if not files:
            text = "This server has no card files of its own: it plays with the shipped Army Cards."
        else:
            text = "This server's card files: " + ", ".join(n if n.startswith("`") else f"`{n}`" for n, _ in files) + "."
        await interaction.response.send_message(cap(text), ephemeral=True)

    @cards.command(name="delete", description="Delete one of this server's card files")
    @app_commands.describe(name="The file name, as /cards list shows it")
    async def delete(self, interaction: discord.Interaction, name: str) -> None:
        guild = _guild(interaction)
        _may_manage(interaction)
        storage = self.bot.matches.storage
        for face in faces():
            if await face.delete_cards(storage, guild, name):
                await interaction.response.send_message(cap(f"Removed `{name}` ({face.game})."), ephemeral=True)
                return
        files = await storage.server_cards(guild)
        if name not in {n for n, _ in files}:
            known = ", ".join(f"`{n}`" for n, _ in files) or "none"
            raise UserError(f"This server has no card file `{name}` (its files: {known}).")
        rest = [(n, b) for n, b in files if n != name]
        try:
            set_server_cards(guild, rest)
        except CardFileError as exc:
            raise UserError(f"`{name}` was not removed: the other files need it ({exc}).") from None
        await storage.delete_server_cards(guild, name)
        await interaction.response.send_message(cap(f"Removed `{name}`; new matches here no longer field its cards."),
                                                ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(CardsCog(bot))  # type: ignore[arg-type]
