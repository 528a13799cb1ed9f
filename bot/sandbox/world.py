"""The sandbox's server: one guild with a few channels and four players, built in the fake Discord."""

from __future__ import annotations

from dataclasses import dataclass

from bot.fakediscord import FakeChannel, FakeDiscord, FakeGuild, FakeUser

#: The players of the sandbox server (user name, display name); one person can play every seat.
PLAYERS = (("alice", "Alice"), ("bob", "Bob"), ("carol", "Carol"), ("dave", "Dave"))
#: Its text channels, in order; matches are played in ``battles`` (or in threads opened from it).
CHANNELS = ("general", "battles", "tavern")


@dataclass(frozen=True)
class SandboxWorld:
    """What :func:`build_world` made: the guild, its channels by name, and the players in order."""

    guild: FakeGuild
    channels: dict[str, FakeChannel]
    players: list[FakeUser]


def build_world(fake: FakeDiscord, *, name: str = "Heroscape Sandbox") -> SandboxWorld:
    """Create the guild ``name`` with the :data:`CHANNELS` and :data:`PLAYERS` in ``fake`` (before
    the bot connects, so its READY carries them)."""
    guild = fake.create_guild(name)
    channels = {c: fake.create_channel(guild, c) for c in CHANNELS}
    players = [fake.create_user(user, global_name=display, guilds=[guild]) for user, display in PLAYERS]
    return SandboxWorld(guild, channels, players)
