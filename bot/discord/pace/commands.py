"""What the play-by-post slash commands do (``/match pace|since|log|replay|undo``, ``/me ...``);
the cogs only translate options and answers. Every refusal is a :class:`UserError` that says what
is accepted, and changes nothing."""

from __future__ import annotations

import asyncio
import io
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.errors import UserError
from bot.discord.face import face, face_of
from bot.discord.pace import catchup, undo
from bot.discord.pace.durations import (
    AWAY_LIMIT,
    Pace,
    PlayerPrefs,
    format_duration,
    pace_from_options,
    parse_duration,
    parse_quiet,
    parse_reminders,
)
from bot.discord.pace.texts import match_link, split_words, summarise, when_words

if TYPE_CHECKING:
    from bot.discord.matches import LiveMatch
    from bot.discord.pace.service import PaceService


def service_of(interaction: discord.Interaction) -> PaceService:
    """The bot's play-by-post service."""
    return interaction.client.pace  # type: ignore[attr-defined,no-any-return]


async def announce_pace(live: LiveMatch, service: PaceService, options: dict[str, str | None]) -> str:
    """Set a new match's pace from ``/match new`` options; the line for the announcement (``""``: live).

    :raises UserError: a bad option (checked before the match is made, by :func:`check_options`).
    """
    names = face_of(live).deadline_names
    pace = pace_from_options(**options, names=names)  # type: ignore[arg-type]
    if pace.post:
        await service.set_pace(live, pace)
        return "\n📮 " + pace.words(names)
    return ""


def check_options(options: dict[str, str | None], game: str | None = None) -> Pace:
    """Read ``/match new``'s pace options for a match of ``game`` without storing them.

    :raises UserError: a bad option.
    """
    return pace_from_options(**options, names=face(game).deadline_names)  # type: ignore[arg-type]


async def change_pace(interaction: discord.Interaction, live: LiveMatch, options: dict[str, str | None]) -> str:
    """``/match pace``: the creator changes the pace before the start.

    :raises UserError: not the creator, the match has started, or a bad option.
    """
    service = service_of(interaction)
    if interaction.user.id != live.meta.creator_id:
        raise UserError("Only the player who created the match can change its pace.")
    if not live.seating_open():
        raise UserError("The pace can be changed only before the match starts; this one has started.")
    if not any(v is not None for v in options.values()):
        return service.pace_of(live).words(face_of(live).deadline_names)
    pace = pace_from_options(service.pace_of(live), **options, names=face_of(live).deadline_names)
    await service.set_pace(live, pace)
    return f"📮 <@{interaction.user.id}> changed the pace. " + pace.words(face_of(live).deadline_names)


async def since(interaction: discord.Interaction, live: LiveMatch) -> None:
    """``/match since``: the public events since the asking player last acted, the maps before and
    after, and what is expected now; ephemeral, within Discord's limits.

    :raises UserError: the asker is not a player of the match.
    """
    service = service_of(interaction)
    pid = str(interaction.user.id)
    if not live.is_player(pid):  # "since you last acted" means nothing to someone who never acts here
        raise UserError("You are not playing in this match, so there is nothing \"since you last acted\". "
                        "`/match log` shows anyone the whole public history.")
    await interaction.response.defer(ephemeral=True, thinking=True)
    last = catchup.last_acted(live, pid)
    lines = await catchup.history(service, live, last)
    head = ("Since you last acted:" if last >= 0 else "Since the match began:") if lines else \
        "Nothing happened since you last acted."
    now = live.game.waiting()
    mine = [e for e in now if e.player == pid]
    expected = ("**Now it is your move.**" if mine else
                "Now: waiting for " + (", ".join(sorted({live.game.name(e.player) for e in now})) or "nobody") + ".")
    rows = [r for r in await service.current(live) if r.player == pid]
    if rows:
        expected += f" {rows[0].expected} — deadline {when_words(rows[0].due)}."
    body = summarise(lines, 3 * 1900, more="`/match log` pages through everything")
    parts = split_words("\n".join([head, *body, expected]), 1900)
    before = after = None
    bot: Any = interaction.client
    if bot.render is not None and last >= 0:
        then = await asyncio.to_thread(live.rebuild, last + 1)
        before = await asyncio.to_thread(live.draw_view, bot.render, live.view_of(then), ())
        after = await asyncio.to_thread(live.draw_view, bot.render, live.view_of(live.game), tuple(live.turn_events()))
    for n, part in enumerate(parts):
        files = []
        if n == len(parts) - 1:
            files = [discord.File(io.BytesIO(b), filename=f) for b, f in ((before, "before.png"), (after, "now.png")) if b]
        await interaction.followup.send(part, files=files, ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())


async def log_page(interaction: discord.Interaction, live: LiveMatch, page: int | None) -> str:
    """``/match log``: one page of the public history."""
    return await catchup.log_page(service_of(interaction), live, page)


async def replay(interaction: discord.Interaction, live: LiveMatch) -> None:
    """``/match replay``: the turn images in order, as one animated image."""
    bot: Any = interaction.client
    if bot.render is None:
        raise UserError("This bot draws no maps, so it cannot replay the match.")
    await interaction.response.defer(thinking=True)
    try:
        gif, count = await asyncio.to_thread(catchup.replay_gif, live, bot.render)
    except UserError as exc:
        await interaction.followup.send(str(exc))
        return
    await interaction.followup.send(f"🎞 The match so far: {count} picture{'s' if count != 1 else ''}, one after "
                                    f"each {live.turn_name}.", file=discord.File(io.BytesIO(gif), filename="replay.gif"))


async def ask_undo(interaction: discord.Interaction, live: LiveMatch) -> None:
    """``/match undo``."""
    pid = str(interaction.user.id)
    live.require_player(pid)
    await undo.request(service_of(interaction), live, pid)
    await interaction.response.send_message("Asked; the other players answer with the buttons.", ephemeral=True)


# --- /me ------------------------------------------------------------------------------------------


async def quiet_hours(interaction: discord.Interaction, hours: str, timezone: str | None) -> str:
    """``/me quiet-hours``: store the player's quiet hours (``off`` clears them)."""
    service = service_of(interaction)
    pid = str(interaction.user.id)
    prefs = await service.prefs(pid)
    if hours.strip().lower() in ("off", "none"):
        await _store_prefs(service, pid, replace(prefs, quiet=None))
        return "Quiet hours cleared: reminders may come at any hour."
    quiet = parse_quiet(hours, timezone)
    await _store_prefs(service, pid, replace(prefs, quiet=quiet))
    return f"Quiet hours set: {quiet.words()}. No reminder comes then; one due then comes before they begin."


async def reminders(interaction: discord.Interaction, when: str) -> str:
    """``/me reminders``: change or mute the player's reminders."""
    service = service_of(interaction)
    pid = str(interaction.user.id)
    prefs = await service.prefs(pid)
    offsets = parse_reminders(when)
    await _store_prefs(service, pid, replace(prefs, reminders=offsets))
    if not offsets:
        return "Reminders muted. You are still told once when it is your move."
    words = ", ".join("half time" if o == "half" else f"{format_duration(float(o))} before" for o in offsets)
    return f"Reminders: {words} the deadline (never in your quiet hours)."


async def dms(interaction: discord.Interaction, on: bool) -> str:
    """``/me dms``: whether "your move" and reminders also come by DM."""
    service = service_of(interaction)
    pid = str(interaction.user.id)
    prefs = await service.prefs(pid)
    await _store_prefs(service, pid, replace(prefs, dms=on))
    for live in service.matches_of(pid):
        live.dm_closed.discard(pid)  # try again: they may have opened their DMs
    return ("I will DM you when it is your move, with the map and a link." if on else
            "No more DMs about your moves: you are mentioned in the match's channel instead.")


async def _store_prefs(service: PaceService, pid: str, prefs: PlayerPrefs) -> None:
    if service.store is None:
        raise UserError("Play by post needs the bot's database, which this bot does not have.")
    await service.store.set_prefs(pid, prefs)
    await service.replan(pid)


async def away(interaction: discord.Interaction, duration: str, reason: str | None) -> str:
    """``/me away``: pause the player's deadlines everywhere; ``duration:off`` ends an away early.

    :raises UserError: an unreadable duration, or longer than a match of theirs allows.
    """
    service = service_of(interaction)
    if duration.strip().lower() == "off":  # back early
        back = await service.end_away(str(interaction.user.id))
        if back is None:
            return "You are not away, so there is nothing to end. Nothing was changed."
        where = f" The other players of {len(back)} match{'es' if len(back) != 1 else ''} were told." if back else ""
        return f"Welcome back: you are no longer away and your deadlines run again.{where}"
    seconds = parse_duration(duration, what="how long you are away")
    if seconds > AWAY_LIMIT:
        raise UserError("Away can last at most 60 days (`60d`). Nothing was changed.")
    told = await service.set_away(str(interaction.user.id), seconds, " ".join((reason or "").split())[:100])
    until = service.clock.now() + seconds
    where = f" The other players of {len(told)} match{'es' if len(told) != 1 else ''} were told." if told else ""
    return f"You are away until {when_words(until)}: your deadlines are paused until then.{where}"


async def games(interaction: discord.Interaction) -> str:
    """``/me games``: every unfinished match the player is in, in every server, those waiting on them first."""
    service = service_of(interaction)
    pid = str(interaction.user.id)
    bot: Any = interaction.client
    rows = []
    for live in service.matches_of(pid):
        waiting = any(e.player == pid for e in live.game.waiting())
        guild = bot.get_guild(live.meta.guild_id) if live.meta.guild_id else None
        server = guild.name if guild is not None else "a server"
        due = [r.due for r in await service.current(live) if r.player == pid]
        round_no = live.game.round
        when = f"round {round_no}" if round_no else "setup"
        if not waiting:
            mark = "waiting on others"
        elif not round_no and not due:  # setup without a deadline: no "move" to make yet
            mark = "your part of the setup is open"
        else:
            mark = "⏰ **your move**" + (f", deadline {when_words(due[0])}" if due else "")
        rows.append((not waiting, f"• {live.headline()} in {server}, {when} "
                                  f"— {mark}: {match_link(bot, live.meta.guild_id, live.channel_id)}"))
    if not rows:
        return "You are in no match under way. Start one with `/match new`, or join one with `/match join`."
    rows.sort(key=lambda r: r[0])
    lines = [f"Your matches ({len(rows)}):", *(r[1] for r in rows)]
    return "\n".join(summarise(lines, 1900, more="finish some first"))


async def post_text(interaction: discord.Interaction, text: str) -> None:
    """An ephemeral answer split within Discord's limits (never inside a word)."""
    parts = split_words(text, 1900)
    for n, part in enumerate(parts):
        if n == 0 and not interaction.response.is_done():
            await interaction.response.send_message(part, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
        else:
            await interaction.followup.send(part, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


